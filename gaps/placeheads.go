package gaps

import (
	"slices"
	"sort"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// placedHeadings pairs the translation's headings that print no number
// and that al leaves unpaired with the source's by their place between
// numbered items: where two pairs follow one another on both sides
// (the items between them unpaired), and the items between them are as
// many headings on one side as on the other (items with a title; the
// translation's print no number), they pair in order. A translation
// whose subheadings lost their numbers ("### Title" where the source
// prints "## II.2 Title") keeps them so, whatever their words. Each
// heading paired takes its source item's id, as an item aligned whole.
// It returns translation and al themselves when none is paired, else
// a copy of the translation and of al made the copy's.
func placedHeadings(translation *corpus.Document, al *align.Alignment) (*corpus.Document, *align.Alignment) {
	src := al.Source
	srcUsed, tgtUsed := make([]bool, len(src.Items)), make([]bool, len(translation.Items))
	var one []align.Pair // the pairs one to one, by target
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			srcUsed[i] = true
		}
		for _, j := range p.Target {
			tgtUsed[j] = true
		}
		if len(p.Source) == 1 && len(p.Target) == 1 {
			one = append(one, p)
		}
	}
	sort.Slice(one, func(a, b int) bool { return one[a].Target[0] < one[b].Target[0] })
	var added []align.Pair
	for k := 1; k < len(one); k++ {
		i0, j0, i1, j1 := one[k-1].Source[0], one[k-1].Target[0], one[k].Source[0], one[k].Target[0]
		if i1-i0 < 2 || j1-j0 < 2 {
			continue
		}
		ss, ts := between(srcUsed, i0, i1), between(tgtUsed, j0, j1)
		if len(ss) != len(ts) || len(ss) != i1-i0-1 || len(ts) != j1-j0-1 {
			continue
		}
		heads := true
		for n := range ss {
			s, t := &src.Items[ss[n]], &translation.Items[ts[n]]
			heads = heads && s.Title != "" && t.Title != "" && t.Number == "" && s.Kind != corpus.KindPreamble
		}
		if !heads {
			continue
		}
		for n := range ss {
			added = append(added, align.Pair{Source: []int{ss[n]}, Target: []int{ts[n]}, Score: min(one[k-1].Score, one[k].Score)})
		}
	}
	if len(added) == 0 {
		return translation, al
	}
	t := *translation
	t.Items = slices.Clone(translation.Items)
	a := *al
	a.Target = &t
	a.Pairs = append(slices.Clone(al.Pairs), added...)
	sort.SliceStable(a.Pairs, func(x, y int) bool { return a.Pairs[x].Source[0] < a.Pairs[y].Source[0] })
	addedS, addedT := make([]bool, len(src.Items)), make([]bool, len(t.Items))
	for _, p := range added {
		it := &t.Items[p.Target[0]]
		it.ID, it.IDSource = src.Items[p.Source[0]].ID, corpus.IDAligned
		addedS[p.Source[0]], addedT[p.Target[0]] = true, true
	}
	a.UnmatchedSource = slices.DeleteFunc(slices.Clone(al.UnmatchedSource), func(i int) bool { return addedS[i] })
	a.UnmatchedTarget = slices.DeleteFunc(slices.Clone(al.UnmatchedTarget), func(j int) bool { return addedT[j] })
	return &t, &a
}

// between lists the indexes after lo and before hi that used leaves
// unset.
func between(used []bool, lo, hi int) []int {
	var out []int
	for k := lo + 1; k < hi; k++ {
		if !used[k] {
			out = append(out, k)
		}
	}
	return out
}
