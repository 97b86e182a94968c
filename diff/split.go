package diff

import (
	"slices"
	"unicode"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// A rule divided in two keeps its number for the first part and gives
// the rest a new one (4.1 becomes 4.1 and a new 4.2); two rules joined
// keep the first's number. The aligner pairs by numbers, so it pairs 4.1
// with 4.1 and leaves the new 4.2 (or the old second rule) without a
// partner: a modified item and an added (removed) one. splits reads such
// a pair with its unpartnered neighbour by conservation of text: the
// words of the old side are found again, in order, in the new side, the
// neighbour's included. No word of the text counts, only how much of it
// is kept.
//
// A pair (old O, new A) and a new item B next to A without a partner are
// a split of O into A and B (in their order) when
//
//  1. the redline of O against A and B read one after the other keeps at
//     least splitMinKept of O's letters: O's text is all there;
//  2. at least half of B's letters are kept text of O: B is made of O,
//     and they are at least splitMinShare of O's letters: B holds a part
//     of O, not a word or two;
//  3. B is needed: the redline of O against A and B keeps more of O's
//     letters than that of O against A alone, by at least half of B's
//     letters.
//
// A merge is the same read the other way: a pair (O1, N) and an old item
// O2 next to O1 without a partner are a merge of O1 and O2 into N when
// the letters of O1 and O2 read one after the other are kept at least
// splitMinKept in N's, O2's at least half and splitMinShare of the old
// text, and N against O1 and O2 keeps more of its letters than against
// O1 alone by at least half of O2's.

// splitMinKept is the share of letters a redline must keep for one text
// to be held by another: the old text of a split or merge is found
// again, with room for a few words reworded as the rule was divided.
const splitMinKept = 0.8

// splitMinShare is the least share of the old text the item without a
// partner must hold.
const splitMinShare = 0.1

// splitMinLetters is the fewest kept letters the item without a partner
// must hold: a heading of a word or two is found anywhere.
const splitMinLetters = 12

// splits turns into 1-2 (split) and 2-1 (merged) pairs the 1-1 pairs of
// al that, with an unpartnered neighbour of the same kind, conserve the
// old text (see above), and updates al's unmatched lists.
func splits(old, new *corpus.Document, al *align.Alignment) {
	if len(al.UnmatchedSource) == 0 && len(al.UnmatchedTarget) == 0 {
		return
	}
	freeOld, freeNew := make([]bool, len(old.Items)), make([]bool, len(new.Items))
	for _, i := range al.UnmatchedSource {
		freeOld[i] = true
	}
	for _, j := range al.UnmatchedTarget {
		freeNew[j] = true
	}
	changed := false
	for k := range al.Pairs {
		p := &al.Pairs[k]
		if len(p.Source) != 1 || len(p.Target) != 1 {
			continue
		}
		i, j := p.Source[0], p.Target[0]
		o, n := &old.Items[i], &new.Items[j]
		if o.Text == n.Text && o.Title == n.Title {
			continue // unchanged: nothing left it, nothing joined it
		}
		// The items' forms, made once and only where a free neighbour
		// may be a piece.
		var formO, formN string
		formed := false
		forms := func() (string, string) {
			if !formed {
				formO, formN, formed = itemForm(o), itemForm(n), true
			}
			return formO, formN
		}
		if mayPiece(new, j, o.Kind, freeNew) {
			fo, fn := forms()
			if y, ok := bestPiece(fo, fn, new, j, o.Kind, freeNew, false); ok {
				p.Target = sortedPair(j, y)
				freeNew[y] = false
				changed = true
				continue
			}
		}
		if !mayPiece(old, i, n.Kind, freeOld) {
			continue
		}
		fo, fn := forms()
		if y, ok := bestPiece(fn, fo, old, i, n.Kind, freeOld, true); ok {
			p.Source = sortedPair(i, y)
			freeOld[y] = false
			changed = true
		}
	}
	if changed {
		al.UnmatchedSource = slices.DeleteFunc(al.UnmatchedSource, func(i int) bool { return !freeOld[i] })
		al.UnmatchedTarget = slices.DeleteFunc(al.UnmatchedTarget, func(j int) bool { return !freeNew[j] })
	}
}

// sortedPair returns a and b in order.
func sortedPair(a, b int) []int {
	if b < a {
		return []int{b, a}
	}
	return []int{a, b}
}

// mayPiece reports whether item x of d has a neighbour that bestPiece
// would weigh: free and of kind kind.
func mayPiece(d *corpus.Document, x int, kind corpus.Kind, free []bool) bool {
	for _, y := range []int{x - 1, x + 1} {
		if y >= 0 && y < len(d.Items) && free[y] && d.Items[y].Kind == kind {
			return true
		}
	}
	return false
}

// bestPiece returns the neighbour y of item x of d (x-1 or x+1, free and
// of kind kind) that with x holds one's text as a split (merge false:
// one is the old text, x and y its pieces) or a merge (merge true: x and
// y are the old texts, one the new text that joins them), the one whose
// redline keeps the most when both do.
func bestPiece(one, xs string, d *corpus.Document, x int, kind corpus.Kind, free []bool, merge bool) (int, bool) {
	best, bestKept := -1, 0.0
	alone := -1 // the letters of one kept against x alone, once counted
	for _, y := range []int{x - 1, x + 1} {
		if y < 0 || y >= len(d.Items) || !free[y] || d.Items[y].Kind != kind {
			continue
		}
		ys := itemForm(&d.Items[y])
		a, b, yFirst := xs, ys, false
		if y < x {
			a, b, yFirst = ys, xs, true
		}
		c, ok := conserves(one, a, b, yFirst, merge)
		if !ok || c.kept <= bestKept {
			continue
		}
		if alone < 0 {
			alone = keptLetters(one, xs)
		}
		// y must be needed: it holds what x alone does not.
		if 2*(c.keptOne-alone) < c.lettersY {
			continue
		}
		best, bestKept = y, c.kept
	}
	return best, best >= 0
}

// conservation is what conserves measured.
type conservation struct {
	kept     float64 // the share of the old text's letters kept
	keptOne  int     // the letters of the one text kept
	lettersY int     // the letters of the piece without a partner
}

// conserves reports whether a and b, read one after the other, hold one
// as a split or a merge does, its first two conditions (see splits); the
// piece without a partner is a when yFirst, else b.
func conserves(one, a, b string, yFirst, merge bool) (conservation, bool) {
	two := a + "\n" + b
	cut := len(a) + 1 // where b starts in two
	var keptOne, keptA, keptB int
	at := 0 // bytes of two read
	for _, s := range redlineSpans(one, two) {
		switch s.Op {
		case Equal:
			n := letters(s.Text)
			keptOne += n
			// The span may straddle the cut (the line break between
			// them is a segment of its own, so rarely).
			if at+len(s.Text) <= cut {
				keptA += n
			} else if at >= cut {
				keptB += n
			} else {
				keptA += letters(two[at:cut])
				keptB += letters(two[cut : at+len(s.Text)])
			}
			at += len(s.Text)
		case Insert:
			at += len(s.Text)
		}
	}
	lOne, lA, lB := letters(one), letters(a), letters(b)
	keptY, lY := keptB, lB
	if yFirst {
		keptY, lY = keptA, lA
	}
	oldKept, oldAll := keptOne, lOne // a split: the old text is one
	if merge {
		oldKept, oldAll = keptA+keptB, lA+lB // a merge: the old texts are a and b
	}
	if oldAll == 0 || lY == 0 {
		return conservation{}, false
	}
	c := conservation{kept: float64(oldKept) / float64(oldAll), keptOne: keptOne, lettersY: lY}
	ok := c.kept >= splitMinKept && 2*keptY >= lY && keptY >= splitMinLetters && float64(keptY) >= splitMinShare*float64(oldAll)
	return c, ok
}

// keptLetters returns the letters of a that the redline of a against b
// keeps.
func keptLetters(a, b string) int {
	kept := 0
	for _, s := range redlineSpans(a, b) {
		if s.Op == Equal {
			kept += letters(s.Text)
		}
	}
	return kept
}

// letters counts the letters, digits and combining marks of s: what a
// text says, without its spaces and punctuation.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) {
			n++
		}
	}
	return n
}
