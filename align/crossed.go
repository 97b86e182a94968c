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
// together say it: each text scores better with the other's source
// item than with its own, by the alignment's own scorer (what the texts
// share and how their lengths fit the ratio learned), each by
// crossEach and both by crossSum or more. Such two pairs are each
// marked a "mismatch", as the review marks a text that matches another item better, where the
// crossing is the only one either pair is part of: a pair that crosses
// more than one other is a stretch of the translation shifted or
// numbered otherwise (FIDE's Armenian I.2 to I.2.4), not a swap, and an
// item that crosses its own sub-item (9.2.2 and 9.2.2.2: a lead-in and
// what it leads to) is no swap either.

// Bounds of crossing, measured on the dev translations and the 45
// translations of the UDHR, each as it is and with two articles' texts
// swapped (3 and 4, 17 and 18): the originals give none (the nearest,
// FIDE's Armenian C.9.1 and C.10.1, gain 0.28 together; at 0.2 FIDE's
// and the Debian Constitution's originals give six), and the swaps of
// 17 and 18 are found in 36 of 39 languages, of 3 and 4 (a line each,
// their lengths all that can be checked) in 31; no other pair is
// marked. Two texts whose lengths fit either place and that share
// nothing checkable (numbers, references, terms, loanwords) are not
// told apart: 15 and 16, two and three numbered paragraphs (whose
// labels are read as part labels, not numbers they share), are found
// in 36 of 39.
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
	for k := range pairs {
		if one(k) {
			pairOf[pairs[k].Source[0]] = int32(k + 1)
		}
	}
	type crossing struct {
		k, q         int // the pairs, k < q
		theirs, mine float64
		sum          float64 // what the two texts gain together
	}
	var found []crossing
	count := map[int]int{} // the crossings of crossOther or more, by pair
	try := func(k, q int) {
		i, j := pairs[k].Source[0], pairs[k].Target[0]
		o, l := pairs[q].Source[0], pairs[q].Target[0]
		if a.src.Items[i].Kind != a.src.Items[o].Kind {
			return
		}
		// Each text must gain something: the second is scored only
		// where the first does.
		theirs, _ := a.sc.score(&a.fs[o], &a.ft[j], false, nil)
		if theirs <= pairs[k].content {
			return
		}
		mine, _ := a.sc.score(&a.fs[i], &a.ft[l], false, nil)
		if mine <= pairs[q].content {
			return
		}
		c := crossing{k: k, q: q, theirs: theirs, mine: mine, sum: theirs - pairs[k].content + mine - pairs[q].content}
		if c.sum >= crossOther {
			count[k]++
			count[q]++
			found = append(found, c)
		}
	}
	var cs candScratch
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
				try(k, q)
				last, n = q, n+1
			}
		}
		for _, o := range a.candidates(pairs[k].Target[0], &cs) {
			if q := int(pairOf[o]) - 1; q > last {
				try(k, q)
			}
		}
	}
	for _, c := range found {
		i, o := pairs[c.k].Source[0], pairs[c.q].Source[0]
		own, other := pairs[c.k].content, pairs[c.q].content
		if c.sum < crossSum || min(c.theirs-own, c.mine-other) < crossEach || count[c.k] > 1 || count[c.q] > 1 ||
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

// nestedNumbers reports whether one printed number is under the other
// in the outline ("9.2.2" and "9.2.2.2", "2" and "2(3)").
func nestedNumbers(x, y string) bool {
	if x == "" || y == "" {
		return false
	}
	kx, ky := numberKey(x), numberKey(y)
	return strings.HasPrefix(ky, kx+".") || strings.HasPrefix(kx, ky+".")
}
