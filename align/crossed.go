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
//
// The scorer's length signal fits every language pair (a deviation of
// 0.35 in the log ratio); a translation's own texts keep their ratio far
// more closely (lenSpread). Two texts whose lengths each fit the other's
// place far better by that spread (crossLenSum, crossLenEach), up to
// crossLenWindow pairs apart, where the scorer loses little on either
// and the lexicon nothing on the two together, are a swap too (WCA ja
// 2k and 3a, twenty items apart, one text three times the other's
// length; UDHR French 7 and 8); and so are two whose four gains, by the
// scorer and the lexicon on each text, are all positive and together
// crossAgreeSum (WCA ja 1e2 and 1f2, which differ by a word), where
// they are neighbours (within crossWindow): a text is tried with as many
// far pairs as its tokens and the lexicon propose, and four small gains
// come by chance among them (FIDE ru 12.2.7 and D.2, 0.165). A crossing
// that puts either text far from the spread (crossLenVeto) is none: it
// neither swaps nor makes a shift of another swap. Measured on the 60
// real translations as they are (window and candidates scored both
// ways): by length with nothing against, the most any original gains
// is 5.7 squared deviations together and 1.8 each (FIDE ru I.2.7 and
// I.9); every signal positive, among neighbours, 0.028 (UDHR si 20 and
// 24; FIDE ru 12.2.7 and D.2, far apart, 0.165); the swaps above 21.8
// and 10.8, 28.4 and 13.3, 0.18.
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
	// By length alone (lenSpread), tried over the next crossLenWindow
	// 1-1 pairs: the two crossed must fit the translation's spread
	// better by crossLenSum squared deviations together, each text by
	// crossLenEach, and the scorer lose no more than crossLenSlack on
	// either.
	crossLenWindow = 24
	crossLenSum    = 12.0
	crossLenEach   = 2.0
	crossLenSlack  = 0.05
	// crossLenVeto: a crossing that puts either text crossLenVeto
	// squared deviations further from the spread is none.
	crossLenVeto = 6.0
	// crossAgreeSum is what the two texts must gain together, by the
	// scorer and the lexicon, where each of the four gains something.
	crossAgreeSum = 0.175
)

// crossed marks the 1-1 pairs of pairs whose target texts belong to
// each other's source items (see above). Across languages only: in one
// language the review's margin finds them (a text shares its words
// with its own source item). Three steps: the 1-1 pairs (newCrossSearch),
// each tried with its partners (partners, try), and the crossings
// found marked where they are swaps (markSwaps).
func (a *aligner) crossed(pairs []Pair) {
	if a.sc.sameLang || len(pairs) < 2 || stopped(a.done) {
		return
	}
	s := a.newCrossSearch(pairs)
	for k := range pairs {
		if s.one(k) {
			s.partners(k)
		}
	}
	s.markSwaps()
}

// crossSearch is the state of crossed: the pairs, what reads the
// crossing of two of them (the lexicon, the lengths' spread), and the
// crossings found.
type crossSearch struct {
	a      *aligner
	pairs  []Pair
	pairOf []int32 // the 1-1 pair of each source item, + 1
	ones   []int   // the 1-1 pairs, in order
	cl     *crossLex
	ls     *lenSpread
	// found are the crossings that pass a path's bounds (try); count
	// counts, by pair, the crossings of crossOther or more by the
	// scorer, countAll every crossing found.
	found           []crossCand
	count, countAll map[int]int
	cs              candScratch
	lc              lexCands
}

// crossCand is a crossing of pairs k < q that try found.
type crossCand struct {
	k, q         int
	theirs, mine float64 // the scorer's score of each text with the other's source item
	gainK, gainQ float64 // what each text gains: by the scorer, and the lexicon's part
	scored       bool    // found by the scorer (crossOther)
	byLen, byAll bool    // found by the lengths, nothing against; by every signal
	len          lenCross
}

// newCrossSearch finds the 1-1 pairs of pairs and what reads their
// crossings. A target item the projection made of pieces of the
// translation's lines (corpus.IDProjected) has its source item's number
// and place from the block alignment, not from anything the
// translation prints: two such items crossing are a stretch the
// projection misplaced, not two texts the translation swapped (the TDA
// ja page with two items joined: RP-6 and RP-19, thirteen apart, each a
// cut line of a shifted stretch, sharing a loanword and "TDA" with the
// other's source item); it is no 1-1 pair here.
func (a *aligner) newCrossSearch(pairs []Pair) *crossSearch {
	s := &crossSearch{a: a, pairs: pairs, pairOf: make([]int32, len(a.src.Items)), count: map[int]int{}, countAll: map[int]int{}}
	n := 0
	for k := range pairs {
		if s.one(k) {
			n++
		}
	}
	s.ones = make([]int, 0, n) // made at its size (grown: 3.5 MB at 100k)
	for k := range pairs {
		if s.one(k) {
			s.pairOf[pairs[k].Source[0]] = int32(k + 1)
			s.ones = append(s.ones, k)
		}
	}
	s.cl = a.newCrossLex(pairs, s.ones)
	s.ls = a.newLenSpread(pairs, s.ones)
	if s.cl != nil {
		s.lc.with = make([]int32, len(pairs))
		s.lc.head = make([]int32, len(pairs))
		s.lc.seen = make([]int32, len(a.src.Items))
		s.lc.rank = make([]int32, len(pairs))
		for r, k := range s.ones {
			s.lc.rank[k] = int32(r)
		}
	}
	return s
}

// one reports whether pair k is a 1-1 pair crossed looks at.
func (s *crossSearch) one(k int) bool {
	p := &s.pairs[k]
	return len(p.Source) == 1 && len(p.Target) == 1 && s.a.tgt.Items[p.Target[0]].IDSource != corpus.IDProjected
}

// partners tries 1-1 pair k with the next crossWindow 1-1 pairs (by
// length alone up to crossLenWindow), then the pairs after them whose
// source items share the target's most telling tokens (a pair before k
// was tried from its own side, where k is among its candidates or in
// its window), and, with a lexicon, the pairs before or after k whose
// source items hold the source tokens that explain the target's
// heaviest tokens best: a text far from its place, that shares nothing
// the scorer checks with its own source item. Each two pairs once.
func (s *crossSearch) partners(k int) {
	pairs := s.pairs
	last := k
	if s.cl != nil {
		s.lc.begin(k)
	}
	for q, n := k+1, 0; q < len(pairs) && n < crossLenWindow; q++ {
		if s.one(q) {
			r := nearby
			if n >= crossWindow {
				r = farther // (lexCands.window)
			}
			s.try(k, q, r)
			last, n = q, n+1
		}
	}
	for _, o := range s.a.candidates(pairs[k].Target[0], &s.cs) {
		if q := int(s.pairOf[o]) - 1; q > last {
			s.try(k, q, sharing)
			if s.cl != nil {
				s.lc.mark(k, q)
			}
		}
	}
	if s.cl == nil {
		return
	}
	for _, o := range s.lc.of(s.cl, pairs[k].Target[0]) {
		q := int(s.pairOf[o]) - 1
		if q < 0 || q == k {
			continue
		}
		x, y := min(k, q), max(k, q)
		if !s.lc.tried(k, q) && !s.lc.window(x, y) {
			s.lc.mark(k, q)
			s.try(x, y, lexical)
		}
	}
}

// route is how partners came to try two pairs.
type route int

const (
	// nearby: q is among the next crossWindow 1-1 pairs after k.
	nearby route = iota
	// farther: q is beyond them, among the next crossLenWindow: only
	// the lengths may find the crossing.
	farther
	// sharing: q's source item shares k's target's most telling tokens.
	sharing
	// lexical: the lexicon proposed them (crossLex.candidates): they
	// are scored only where what it says of the two texts together
	// gains.
	lexical
)

// try tries pairs k and q crossed, and keeps the crossing where a path
// finds it: the scorer's (with the lexicon's part), the lengths' with
// nothing against, or every signal's, this last for nearby pairs alone
// (r): each of its four gains may be small, and the pairs a text is
// tried with beyond its window are as many as the tokens and the
// lexicon propose, where small gains come by chance (FIDE ru 12.2.7 and
// D.2, a hundred items apart, every signal positive, 0.165 together in
// the original).
func (s *crossSearch) try(k, q int, r route) {
	a, pairs := s.a, s.pairs
	byLex, far := r == lexical, r == farther
	i, j := pairs[k].Source[0], pairs[k].Target[0]
	o, l := pairs[q].Source[0], pairs[q].Target[0]
	if a.src.Items[i].Kind != a.src.Items[o].Kind {
		return
	}
	c := crossCand{k: k, q: q}
	var lenOK bool
	if s.ls != nil {
		c.len, lenOK = s.ls.cross(a, i, j, o, l)
	}
	byLen := lenOK && c.len.sum() >= crossLenSum && c.len.each() >= crossLenEach
	if lenOK && c.len.each() <= -crossLenVeto {
		// One text would fit far worse crossed: no swap, nor
		// a crossing that makes the two pairs a shift.
		return
	}
	if far && !byLen {
		return
	}
	// Each text must gain something: the second is scored only
	// where the first does.
	out := [2][2]int{{i, j}, {o, l}} // left out of the lexicon's counts
	var lexK, lexQ float64
	if s.cl != nil {
		oj, ij := s.cl.explains2(o, i, j, out)
		il, ol := s.cl.explains2(i, o, l, out)
		lexK, lexQ = crossLexWeight*(oj-ij), crossLexWeight*(il-ol)
		c.gainK, c.gainQ = lexK, lexQ
		if byLex && c.gainK+c.gainQ <= 0 && !byLen {
			return
		}
	}
	c.theirs, _ = a.sc.score(&a.fs[o], &a.ft[j], false, nil)
	c.gainK += c.theirs - pairs[k].content
	if c.gainK <= 0 && !byLen {
		return
	}
	c.mine, _ = a.sc.score(&a.fs[i], &a.ft[l], false, nil)
	c.gainQ += c.mine - pairs[q].content
	scK, scQ := c.theirs-pairs[k].content, c.mine-pairs[q].content
	// The lengths say the crossing, and nothing the texts share
	// says otherwise; or every signal says it.
	c.byLen = byLen && min(scK, scQ) >= -crossLenSlack && lexK+lexQ >= 0
	c.byAll = s.cl != nil && r == nearby && min(scK, scQ, lexK, lexQ) > 0 && scK+scQ+lexK+lexQ >= crossAgreeSum
	other := crossOther
	if s.cl != nil {
		other = crossLexOther
	}
	byScore := !far && c.gainK > 0 && c.gainQ > 0 && c.gainK+c.gainQ >= other &&
		(s.cl == nil || min(scK, scQ) >= -crossLexSlack)
	if byScore {
		s.count[k]++
		s.count[q]++
	}
	if c.scored = byScore; byScore || c.byLen || c.byAll {
		s.countAll[k]++
		s.countAll[q]++
		s.found = append(s.found, c)
	}
}

// markSwaps marks the two pairs of each crossing found that is a swap
// a "mismatch": one by the scorer where neither pair crosses another by
// the scorer; one by the lengths or every signal where neither crosses
// another at all; never an item and its own sub-item (nestedNumbers).
func (s *crossSearch) markSwaps() {
	pairs := s.pairs
	for _, c := range s.found {
		i, o := pairs[c.k].Source[0], pairs[c.q].Source[0]
		own, other := pairs[c.k].content, pairs[c.q].content
		sum, each := crossSum, crossEach
		if s.cl != nil {
			sum, each = crossLexSum, crossLexEach
		}
		byScore := c.scored && c.gainK+c.gainQ >= sum && min(c.gainK, c.gainQ) >= each && s.count[c.k] <= 1 && s.count[c.q] <= 1
		c.byLen = c.byLen && !byScore
		c.byAll = c.byAll && !byScore
		byOther := (c.byLen || c.byAll) && s.countAll[c.k] <= 1 && s.countAll[c.q] <= 1
		if !byScore && !byOther || nestedNumbers(s.a.src.Items[i].Number, s.a.src.Items[o].Number) {
			continue
		}
		src, tgt := s.a.src.Items[i].ID, s.a.src.Items[o].ID
		c.mark(&pairs[c.k], false, tgt, c.theirs, own, c.mine, other)
		c.mark(&pairs[c.q], true, src, c.mine, other, c.theirs, own)
	}
}

// mark marks pair p (the crossing's second, q set, or its first) a
// "mismatch" with the other pair's source item, by the scores of its
// text with the other's source item and its own (better, own) and of
// the other's text with this source item and its own (back, theirs),
// or by the lengths where they found it.
func (c *crossCand) mark(p *Pair, q bool, other string, better, own, back, theirs float64) {
	d := fmt.Sprintf("the target text matches %s better (%.2f against %.2f), and %s's target text this item (%.2f against %.2f): the two texts swapped", other, better, own, other, back, theirs)
	if c.byLen {
		d = c.len.detail(other, q) + ", nothing they share against it: the two texts swapped"
	}
	p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "mismatch", Agrees: false, Detail: d})
	p.Score = math.Min(p.Score, own)
	p.Low = true
}

// lexCands is crossed's scratch for the candidates of the lexicon.
type lexCands struct {
	// The pairs of pairs tried beyond the window (those in it are
	// tried whatever the candidates, and not kept), for the 1-1 pair k
	// in hand, which partners takes in order: with[q] is k+1 where k
	// and q were tried together. Those tried with a later pair y are
	// kept until y is in hand, as a list of y's (head[y], the first
	// node + 1; nodes, free the first node of none + 1): a map of
	// every pair of pairs tried was 17 MB at 100k items a side.
	with, head []int32
	nodes      []triedNode
	free       int32
	rank       []int32 // the place of each 1-1 pair among them
	seen       []int32 // by source item, stamp when a candidate of this call
	stamp      int32
	ids        []int32
	out        []int
}

// triedNode is an earlier pair x tried with a later one, in that
// one's list, with the next node of the list + 1.
type triedNode struct{ x, next int32 }

// begin takes 1-1 pair k in hand: the pairs tried with it before are
// marked, and its list's nodes freed.
func (lc *lexCands) begin(k int) {
	for n := lc.head[k]; n != 0; {
		nd := &lc.nodes[n-1]
		lc.with[nd.x] = int32(k + 1)
		next := nd.next
		nd.next, lc.free = lc.free, n
		n = next
	}
	lc.head[k] = 0
}

// tried reports whether 1-1 pairs k (in hand) and q were tried
// together beyond the window.
func (lc *lexCands) tried(k, q int) bool { return lc.with[q] == int32(k+1) }

// mark marks 1-1 pairs k (in hand) and q tried together, kept in q's
// list where q comes later.
func (lc *lexCands) mark(k, q int) {
	lc.with[q] = int32(k + 1)
	if q < k {
		return
	}
	n := lc.free
	if n == 0 {
		lc.nodes = append(lc.nodes, triedNode{})
		n = int32(len(lc.nodes))
	} else {
		lc.free = lc.nodes[n-1].next
	}
	lc.nodes[n-1] = triedNode{x: int32(k), next: lc.head[q]}
	lc.head[q] = n
}

// window reports whether 1-1 pairs x < y were tried as neighbours: y is
// among the crossLenWindow 1-1 pairs after x.
func (lc *lexCands) window(x, y int) bool { return lc.rank[y]-lc.rank[x] <= crossLenWindow }

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
