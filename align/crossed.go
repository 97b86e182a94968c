package align

import (
	"fmt"
	"math"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Two texts swapped between their places: a translation that prints
// its source's numbers, but under number 3 the text of 4 and under 4
// the text of 3 (or, where its headings print no number, two items in
// each other's places). The printed numbers agree, or the order
// vouches for each pair, and across languages the review finds no
// source item a text matches better by its margin (a short text says
// little that can be checked across languages). The two pairs taken
// together say it: each text is explained better by the other's source
// item than by its own, each by an each-bound and both by a sum-bound.
// Such two pairs are each marked a "mismatch", as the review marks a
// text that matches another item better, where the crossing is the
// only one either pair is part of: a pair that crosses more than one
// other is a stretch of the translation shifted or numbered otherwise
// (FIDE's Armenian I.2 to I.2.4), not a swap, and an item that crosses
// its own sub-item (9.2.2 and 9.2.2.2: a lead-in and what it leads to)
// is no swap either.
//
// How well a text is explained by a source item is, first, the
// alignment's own scorer (what the texts share, numbers, references,
// terms, loanwords, and how their lengths fit the ratio learned), and,
// where the alignment's 1-1 pairs teach one, a lexicon of the pair
// (crossLex: which tokens of the translation come with which of the
// source, counted without the two pairs tried), at half the scorer's
// weight: what two texts that share nothing the scorer checks say
// (UDHR articles 1 and 4 in Japanese, three apart, found by their
// lengths and the lexicon together), and what vetoes a crossing the
// scorer alone would make of two texts whose words belong where they
// stand (FIDE's Armenian C.9.1 and C.10.1). The partners tried are the
// next crossWindow pairs, the source items that share the text's most
// telling tokens, and the source items that hold the source tokens
// that explain its heaviest tokens best (crossLex.candidates): a
// bounded number a pair, whatever the document's length.

// Bounds of crossing. The lexicon's were chosen on 55 translations
// (the 39 UDHR Markdown pages, FIDE's Armenian and Russian, the Debian
// Constitution's and Social Contract's, WCA's Japanese, the TDA pages)
// as they are, and 52 of them (those read by their own items) with two
// items' texts swapped five ways (neighbours, three apart, and a fifth,
// a third and half the document apart: 260 swaps), each crossing the
// aligner tried scored both ways: by the scorer alone (sum 0.3, each
// 0.05) 81 swaps were found; with the lexicon (sum 0.25, each 0.08,
// the scorer losing no more than 0.05 on either text) 98, and no
// original gave a crossing (at sum 0.22 UDHR's Nepali 13 and 18 cross;
// at a lexicon's weight of 1, FIDE's Russian 12.2.7 and D.2). Held by
// the tests on the real files: neighbours swapped are found in 12 of
// 12 translations (10 by the scorer alone), texts a fifth and three
// fifths of the way through in 5 (2), UDHR Japanese articles 1 and 4,
// and the originals of the dev, wca, seeds and udhr pairs give no
// crossing. Two texts whose lengths fit either place and that share
// nothing checkable or learned are not told apart: UDHR articles 7 and
// 19, or 15 and 16 in 3 of 39 languages.
const (
	// crossWindow is how many 1-1 pairs after a pair are tried as its
	// partner in a swap, beside the source items that share its
	// target's most telling tokens (candidates).
	crossWindow = 4
	// crossSum is the least the two texts must gain together, by the
	// scorer, each with the other's source item over its own; crossEach
	// the least each must.
	crossSum  = 0.3
	crossEach = 0.05
	// crossOther is what another crossing of either pair must gain
	// together (each text something) to make the two a shift, not a
	// swap.
	crossOther = 0.7 * crossSum
	// With a lexicon of the pair (crossLex), what each text gains is
	// the scorer's gain and crossLexWeight times the lexicon's
	// (crossLex.explains); the two together must gain crossLexSum, each
	// crossLexEach, and the scorer may lose no more than crossLexSlack
	// on either (numbers or references that speak against a swap
	// overrule what the lexicon says). A crossing of crossLexOther or
	// more makes a shift.
	crossLexWeight = 0.5
	crossLexSum    = 0.25
	crossLexEach   = 0.08
	crossLexSlack  = 0.05
	crossLexOther  = 0.7 * crossLexSum
)

// crossed marks the 1-1 pairs of pairs whose target texts belong to
// each other's source items (see above). Across languages only: in one
// language the review's margin finds them (a text shares its words
// with its own source item).
func (a *aligner) crossed(pairs []Pair) {
	if a.sc.sameLang || len(pairs) < 2 || stopped(a.done) {
		return
	}
	// A target item the projection made of pieces of the translation's
	// lines (corpus.IDProjected) has its source item's number and place
	// from the block alignment, not from anything the translation
	// prints: two such items crossing are a stretch the projection
	// misplaced, not two texts the translation swapped (the TDA ja
	// page with two items joined: RP-6 and RP-19, thirteen apart, each
	// a cut line of a shifted stretch, sharing a loanword and "TDA"
	// with the other's source item).
	one := func(k int) bool {
		return len(pairs[k].Source) == 1 && len(pairs[k].Target) == 1 && a.tgt.Items[pairs[k].Target[0]].IDSource != corpus.IDProjected
	}
	pairOf := make([]int32, len(a.src.Items)) // the 1-1 pair of each source item, + 1
	n := 0
	for k := range pairs {
		if one(k) {
			n++
		}
	}
	ones := make([]int, 0, n) // made at its size (grown: 3.5 MB at 100k)
	for k := range pairs {
		if one(k) {
			pairOf[pairs[k].Source[0]] = int32(k + 1)
			ones = append(ones, k)
		}
	}
	cl := a.newCrossLex(pairs, ones)
	type crossing struct {
		k, q         int // the pairs, k < q
		theirs, mine float64
		gainK, gainQ float64 // what each text gains: by the scorer, and the lexicon's part
	}
	var found []crossing
	count := map[int]int{} // the crossings of crossOther or more, by pair
	// try tries pairs k and q; byLex says that the lexicon proposed
	// them (crossLex.candidates): they are scored only where what it
	// says of the two texts together gains.
	try := func(k, q int, byLex bool) {
		i, j := pairs[k].Source[0], pairs[k].Target[0]
		o, l := pairs[q].Source[0], pairs[q].Target[0]
		if a.src.Items[i].Kind != a.src.Items[o].Kind {
			return
		}
		// Each text must gain something: the second is scored only
		// where the first does.
		out := [2][2]int{{i, j}, {o, l}} // left out of the lexicon's counts
		c := crossing{k: k, q: q}
		if cl != nil {
			oj, ij := cl.explains2(o, i, j, out)
			il, ol := cl.explains2(i, o, l, out)
			c.gainK = crossLexWeight * (oj - ij)
			c.gainQ = crossLexWeight * (il - ol)
			if byLex && c.gainK+c.gainQ <= 0 {
				return
			}
		}
		c.theirs, _ = a.sc.score(&a.fs[o], &a.ft[j], false, nil)
		c.gainK += c.theirs - pairs[k].content
		if c.gainK <= 0 {
			return
		}
		c.mine, _ = a.sc.score(&a.fs[i], &a.ft[l], false, nil)
		c.gainQ += c.mine - pairs[q].content
		if c.gainQ <= 0 {
			return
		}
		other := crossOther
		if cl != nil {
			other = crossLexOther
			if min(c.theirs-pairs[k].content, c.mine-pairs[q].content) < -crossLexSlack {
				return
			}
		}
		if c.gainK+c.gainQ >= other {
			count[k]++
			count[q]++
			found = append(found, c)
		}
	}
	var cs candScratch
	var lc lexCands
	if cl != nil {
		lc.tried = map[[2]int]bool{}
		lc.seen = make([]int32, len(a.src.Items))
	}
	for k := range pairs {
		if !one(k) {
			continue
		}
		// The next crossWindow 1-1 pairs, then the pairs after them
		// whose source items share the target's most telling tokens
		// (a pair before k was tried from its own side, where k is
		// among its candidates or in its window).
		last := k
		for q, n := k+1, 0; q < len(pairs) && n < crossWindow; q++ {
			if one(q) {
				try(k, q, false)
				if cl != nil {
					lc.tried[[2]int{k, q}] = true
				}
				last, n = q, n+1
			}
		}
		for _, o := range a.candidates(pairs[k].Target[0], &cs) {
			if q := int(pairOf[o]) - 1; q > last {
				try(k, q, false)
				if cl != nil {
					lc.tried[[2]int{k, q}] = true
				}
			}
		}
		if cl == nil {
			continue
		}
		// And the pairs, before k or after it, whose source items hold
		// the source tokens that explain the target's heaviest tokens
		// best: a text far from its place, that shares nothing the
		// scorer checks with its own source item. Each two pairs once.
		for _, o := range lc.of(cl, pairs[k].Target[0]) {
			q := int(pairOf[o]) - 1
			if q < 0 || q == k {
				continue
			}
			x, y := min(k, q), max(k, q)
			if !lc.tried[[2]int{x, y}] {
				lc.tried[[2]int{x, y}] = true
				try(x, y, true)
			}
		}
	}
	for _, c := range found {
		i, o := pairs[c.k].Source[0], pairs[c.q].Source[0]
		own, other := pairs[c.k].content, pairs[c.q].content
		sum, each := crossSum, crossEach
		if cl != nil {
			sum, each = crossLexSum, crossLexEach
		}
		if c.gainK+c.gainQ < sum || min(c.gainK, c.gainQ) < each || count[c.k] > 1 || count[c.q] > 1 ||
			nestedNumbers(a.src.Items[i].Number, a.src.Items[o].Number) {
			continue
		}
		s, t := a.src.Items[i].ID, a.src.Items[o].ID
		mark := func(p *Pair, other string, better, own, back, theirs float64) {
			p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "mismatch", Agrees: false,
				Detail: fmt.Sprintf("the target text matches %s better (%.2f against %.2f), and %s's target text this item (%.2f against %.2f): the two texts swapped", other, better, own, other, back, theirs)})
			p.Score = math.Min(p.Score, own)
			p.Low = true
		}
		mark(&pairs[c.k], t, c.theirs, own, c.mine, other)
		mark(&pairs[c.q], s, c.mine, other, c.theirs, own)
	}
}

// lexCands is crossed's scratch for the candidates of the lexicon.
type lexCands struct {
	tried map[[2]int]bool // the pairs of pairs tried, lesser index first
	seen  []int32         // by source item, stamp when a candidate of this call
	stamp int32
	ids   []int32
	out   []int
}

// of is crossLex.candidates for target item j, in lc's scratch.
func (lc *lexCands) of(cl *crossLex, j int) []int {
	lc.stamp++
	lc.out, lc.ids = cl.candidates(j, lc.out[:0], lc.seen, lc.stamp, lc.ids)
	return lc.out
}

// nestedNumbers reports whether one printed number is under the other
// in the outline ("9.2.2" and "9.2.2.2", "2" and "2(3)").
func nestedNumbers(x, y string) bool {
	if x == "" || y == "" {
		return false
	}
	kx, ky := numberKey(x), numberKey(y)
	return strings.HasPrefix(ky, kx+".") || strings.HasPrefix(kx, ky+".")
}
