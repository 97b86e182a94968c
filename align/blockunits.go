package align

// The units a block-level alignment measures: the source's items and the
// translation's blocks, with the anchors they print.

import (
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// blockUnits are the units of a block-level alignment of src and tgt:
// the source's items whole (title and text, with its printed number as
// a token apart), and the target's blocks (bt), each with its item's
// number on its first; and the count of each source item's own blocks
// (its title and lines).
func blockUnits(src *corpus.Document, bt []block, tgt *corpus.Document, sc *scratch) (S, T *units, a *anchorSet, nb []int32) {
	// The anchors' map grows to the translation's tokens the sieve
	// lets through (room for one a block was four times them in
	// ThroughAnchored at 100k items a side, and more bytes than the
	// map grown in all three Through benchmarks).
	a = sc.anchorSet(0)
	S, T = sc.units(len(src.Items), len(bt))
	// The source is sifted first, so that the translation keeps only
	// the tokens the source may share.
	a.sift(src)
	T.cuttable = slices.Grow(T.cuttable[:0], len(bt))
	for k, b := range bt {
		num := ""
		text := b.text
		if first := k == 0 || bt[k-1].item != b.item; first {
			if n := tgt.Items[b.item].Number; n != "" {
				num = n
				text = strings.TrimPrefix(text, n+" ")
			}
		}
		T.toks = extrapolated(T.toks, k, len(bt))
		a.add(T, 1, num, text, b.title)
		_, second := cutAt(b.text, 0.5)
		T.cuttable = append(T.cuttable, second != "")
	}
	nb = sc.counts(len(src.Items))
	S.bare = slices.Grow(S.bare[:0], len(src.Items))
	S.titleLen = slices.Grow(S.titleLen[:0], len(src.Items))
	for i := range src.Items {
		it := &src.Items[i]
		S.toks = extrapolated(S.toks, i, len(src.Items))
		if it.Title != "" {
			nb[i]++
		}
		nb[i] += int32(strings.Count(strings.TrimSpace(it.Text), "\n") + 1)
		S.bare = append(S.bare, it.Title != "" && strings.TrimSpace(it.Text) == "")
		S.titleLen = append(S.titleLen, float32(corpus.Len(strings.TrimSpace(it.Title))))
		if it.Title != "" {
			a.addTitled(S, 0, it.Number, it.Title, it.Text, true) // its title and text, a line apart
		} else {
			a.add(S, 0, it.Number, strings.TrimSpace(it.Text), false)
		}
	}
	a.weigh(S, T)
	setLeads(S, T, src, bt)
	return S, T, a, nb
}

// extrapolated is ids, the anchors of the first k of n units, with
// room for those of all n at the mean of the first unitsSampled (and an
// eighth more) once k is that many: grown by doubling from the room
// newUnits gives them, the anchors of a source of 100k items were
// allocated twice over.
func extrapolated(ids []int32, k, n int) []int32 {
	if k != unitsSampled || n <= 2*unitsSampled {
		return ids
	}
	more := len(ids) * (n - k) / k
	return slices.Grow(ids, more+more/8)
}

// newUnits makes units with room for n.
func newUnits(n int) *units {
	return &units{runes: make([]float32, 0, n), title: make([]bool, 0, n), short: make([]bool, 0, n),
		start: make([]letterCase, 0, n), off: append(make([]int32, 0, n+1), 0),
		toks: make([]int32, 0, 2*min(n, unitsSampled))} // (extrapolated gives the rest)
}
