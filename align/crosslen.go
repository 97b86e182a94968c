package align

import (
	"fmt"
	"math"
	"slices"
)

// lenSpread is how a translation's 1-1 pairs spread about their middle
// length ratio, in the logarithm: Gale & Church's (1993) length model
// with its mean and variance learned from the document itself, robustly
// (the median and the interquartile range), so that two texts in each
// other's places are told by how far each falls from the spread where
// it stands and where it would fit. A translation's own spread is far
// tighter than the scorer's length signal, which fits every language
// pair (UDHR French: 0.07, where the scorer allows 0.35).
type lenSpread struct {
	mid, sd float64
}

// lenSpreadMin is the fewest measurable 1-1 pairs a spread is learned
// from; lenSdFloor the least spread taken (a translation whose texts
// keep their ratio closely does not make a hundredth a difference).
const (
	lenSpreadMin = 8
	lenSdFloor   = 0.05
)

// newLenSpread learns the spread of the 1-1 pairs ones (indexes into
// pairs); nil where fewer than lenSpreadMin can be measured.
func (a *aligner) newLenSpread(pairs []Pair, ones []int) *lenSpread {
	ds := make([]float64, 0, len(ones)) // (grown from none, five times over)
	for _, k := range ones {
		s, t := &a.fs[pairs[k].Source[0]], &a.ft[pairs[k].Target[0]]
		if d, ok := logLen(s, t); ok {
			ds = append(ds, d)
		}
	}
	if len(ds) < lenSpreadMin {
		return nil
	}
	slices.Sort(ds)
	q := func(f float64) float64 { return ds[int(f*float64(len(ds)-1)+0.5)] }
	// The interquartile range of a normal law is 1.349 of its deviation.
	return &lenSpread{mid: q(0.5), sd: max(lenSdFloor, (q(0.75)-q(0.25))/1.349)}
}

// logLen is the log of target t's length over source s's; false where
// either is too short to say (as lengthAgreement) or t is cut.
func logLen(s, t *features) (float64, bool) {
	if t.truncated || s.runes < 20 || t.runes < 10 {
		return 0, false
	}
	return logRunes(t.runes) - logRunes(s.runes), true
}

// z2 is the square of how many deviations of the spread t's length is
// from what s's predicts.
func (ls *lenSpread) z2(s, t *features) (float64, bool) {
	d, ok := logLen(s, t)
	if !ok {
		return 0, false
	}
	z := (d - ls.mid) / ls.sd
	return z * z, true
}

// lenCross is what the lengths say of the crossing of two pairs: each
// text's squared deviation where it stands (ownK, ownQ) and where the
// crossing puts it (crossK, crossQ).
type lenCross struct {
	ownK, crossK, ownQ, crossQ float64
}

// sum is what the crossing gains by length: the squared deviations of
// the two pairs as they stand less those crossed.
func (lc lenCross) sum() float64 { return lc.ownK + lc.ownQ - lc.crossK - lc.crossQ }

// each is the least either text gains by the crossing.
func (lc lenCross) each() float64 { return min(lc.ownK-lc.crossK, lc.ownQ-lc.crossQ) }

// cross measures the crossing of pairs (i, j) and (o, l) (source and
// target items); false where one of the four cannot be measured.
func (ls *lenSpread) cross(a *aligner, i, j, o, l int) (lenCross, bool) {
	ij, ok1 := ls.z2(&a.fs[i], &a.ft[j])
	ol, ok2 := ls.z2(&a.fs[o], &a.ft[l])
	oj, ok3 := ls.z2(&a.fs[o], &a.ft[j])
	il, ok4 := ls.z2(&a.fs[i], &a.ft[l])
	return lenCross{ownK: ij, crossK: oj, ownQ: ol, crossQ: il}, ok1 && ok2 && ok3 && ok4
}

// detail says the crossing's lengths for the pair of text K (or, with
// q, of text Q), whose partner is other: "the text's length is 4.1
// deviations of the translation's spread from what its source predicts,
// 0.3 from what rule:8's does, and rule:8's text 3.6 and 0.2 with this
// item".
func (lc lenCross) detail(other string, q bool) string {
	ownA, crossA, ownB, crossB := lc.ownK, lc.crossK, lc.ownQ, lc.crossQ
	if q {
		ownA, crossA, ownB, crossB = ownB, crossB, ownA, crossA
	}
	return fmt.Sprintf("the target text's length is %.1f deviations of the translation's spread from what this item predicts, %.1f from what %s's does, and %s's target text's %.1f and %.1f with this item",
		math.Sqrt(ownA), math.Sqrt(crossA), other, other, math.Sqrt(ownB), math.Sqrt(crossB))
}
