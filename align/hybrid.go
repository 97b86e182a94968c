package align

import (
	"github.com/rulesync/rulesync/corpus"
)

// anchored is the projection of the source onto the bad items of tgt
// between the items that keep their item-level reading: each run of
// bad items is aligned block by block with the source items between
// those of the good items around it (the pairs of al; runRange, where
// a block printed out of its place puts them out of order), as sentence
// aligners align between anchors (hunalign's ladder, vecalign's
// recursion), so that lengths alone never move a block past an item
// the alignment placed (a page that lacks its source's first rule
// would otherwise shift every block by one). Its pieces index src and
// bt, the blocks of all tgt, and are made in into's storage where it
// has room (the pieces of the projection of the whole, read no more);
// time and memory linear in the blocks.
func (o Options) anchored(src, tgt *corpus.Document, al *Alignment, bad []bool, bt []block, into []piece) []piece {
	nameOf := make([]int, len(tgt.Items))
	for j := range nameOf {
		nameOf[j] = -1
	}
	for _, p := range al.Pairs {
		if j := p.Target[0]; nameOf[j] < 0 {
			nameOf[j] = p.Source[0]
		}
	}
	first := make([]int, len(tgt.Items)+1) // the first block of each item
	for j := range first {
		first[j] = len(bt)
	}
	for k := len(bt) - 1; k >= 0; k-- {
		first[bt[k].item] = k
	}
	for j := len(tgt.Items) - 1; j >= 0; j-- {
		first[j] = min(first[j], first[j+1])
	}
	// A piece for each block of the bad items, and a few more for the
	// blocks cut in two (made at once, not grown from none).
	nb := 0
	for j, b := range bad {
		if b {
			nb += first[j+1] - first[j]
		}
	}
	out := into[:0]
	if cap(out) < nb+nb/8 {
		out = make([]piece, 0, nb+nb/8)
	}
	next, prev := heldBounds(nameOf, bad, len(src.Items))
	// One scratch for the runs' projections, and one copy of each
	// document whose items are the run's.
	sc := &scratch{reused: true}
	s, t := *src, *tgt
	lo := -1 // the source item of the good item before
	for j := 0; j < len(bad); {
		if !bad[j] {
			if nameOf[j] >= 0 {
				lo = nameOf[j]
			}
			j++
			continue
		}
		end := j
		for end < len(bad) && bad[end] {
			end++
		}
		if a, b := runRange(nameOf, bad, j, end, lo, next, prev); a < b {
			s.Items, t.Items = src.Items[a:b], tgt.Items[j:end]
			ps, _, _ := o.projectIn(&s, &t, sc)
			for _, p := range ps {
				p.src += int32(a)
				p.block += int32(first[j])
				out = append(out, p)
			}
		}
		j = end
	}
	return out
}

// heldBounds marks the source items the good target items (bad false)
// are named after (nameOf) and returns, from each source item on, the
// first of them (n for none; next has n+1 entries), and up to each the
// last (-1 for none).
func heldBounds(nameOf []int, bad []bool, n int) (next, prev []int) {
	held := make([]bool, n)
	for j, b := range bad {
		if !b && nameOf[j] >= 0 {
			held[nameOf[j]] = true
		}
	}
	next, prev = make([]int, n+1), make([]int, n)
	next[n] = n
	for i := n - 1; i >= 0; i-- {
		next[i] = next[i+1]
		if held[i] {
			next[i] = i
		}
	}
	for i := range prev {
		prev[i] = -1
		if i > 0 {
			prev[i] = prev[i-1]
		}
		if held[i] {
			prev[i] = i
		}
	}
	return next, prev
}

// runRange is the source items a run of bad target items (j to end) is
// projected onto: those after lo, the source item of the good item
// before the run, up to the next a good item holds (next). Where the
// good item after the run is of an earlier part of the source than lo
// (a block moved: article 3 printed after 6, the run at either edge of
// it), the run may instead lead up to that good item, from the last
// source item a good item holds before it (prev): the run's own pairs
// (nameOf) choose, more of them inside one range than the other; with
// none, the run goes on from the item before it.
func runRange(nameOf []int, bad []bool, j, end, lo int, next, prev []int) (int, int) {
	a, b := lo+1, next[lo+1]
	ng := -1 // the source item of the good item after the run
	for k := end; k < len(bad); k++ {
		if !bad[k] && nameOf[k] >= 0 {
			ng = nameOf[k]
			break
		}
	}
	if ng < 0 || ng > lo {
		return a, b
	}
	c := 0
	if ng > 0 {
		c = prev[ng-1] + 1
	}
	inA, inC := 0, 0
	for k := j; k < end; k++ {
		switch i := nameOf[k]; {
		case i >= a && i < b:
			inA++
		case i >= c && i < ng:
			inC++
		}
	}
	if inC > inA {
		return c, ng
	}
	return a, b
}

// hybrid is the reading's items, with the index of the source item
// each has the id of (-1 for none): the renamed item of each good target
// item, and in place of each bad one the items the projection makes of
// its pieces, for the source items no good item has. A piece whose
// source item a good item has goes with the piece before it in the same
// target item (or after it); a bad item whose pieces all went to the
// item of a group that started before it is in that item (not kept
// again, where its text would be twice and its own id an orphan), and
// one left with no piece in any group keeps its text under its own id (its kind and id's prefix the source's
// numbering's, as renamed gives them to an item paired with none), and
// one that prints the label of a source
// item none of its pieces went to keeps that id, with no text, before
// them. It also returns the translation's own id of each item, "" for
// those the projection made.
func hybrid(src, tgt *corpus.Document, renamed *naming, al *Alignment, bad []bool, pieces []piece, bt []block) ([]corpus.Item, []int32, []string) {
	// The source item each good target item was named after (renamed:
	// the first pair of each target item).
	taken := make([]bool, len(src.Items))
	named := make([]bool, len(tgt.Items))
	nameOf := make([]int32, len(tgt.Items))
	for _, p := range al.Pairs {
		if j := p.Target[0]; !named[j] {
			named[j], nameOf[j] = true, int32(p.Source[0])
			taken[p.Source[0]] = taken[p.Source[0]] || !bad[j]
		}
	}
	gr := groupPieces(src, bad, taken, pieces, bt)
	starts := gr.starts
	// The items are counted first and made in place (not the items of
	// the groups made apart, then copied into room for them beside
	// every item of the reading: 50 MB at 100k items a side).
	wasNamed := named
	heading := func(j int) bool {
		return wasNamed[j] && renamed.idSource(j) == corpus.IDLabel && starts(j) > 0 && gr.group[nameOf[j]] < 0
	}
	n := 0
	for j := range tgt.Items {
		switch {
		case !bad[j]:
			n++
		case starts(j) == 0:
			if !gr.placed[j] {
				n++
			}
		default:
			n += starts(j)
			if heading(j) {
				n++
			}
		}
	}
	items := make([]corpus.Item, 0, n)
	srcOf := make([]int32, 0, n)
	own := make([]string, 0, n)
	named = make([]bool, 0, n)
	for j := range tgt.Items {
		if !bad[j] {
			items = append(items, renamed.item(j))
			named = append(named, items[len(items)-1].IDSource != "")
			if wasNamed[j] && items[len(items)-1].IDSource != "" {
				srcOf = append(srcOf, nameOf[j])
			} else {
				srcOf = append(srcOf, -1)
			}
			own = append(own, tgt.Items[j].ID)
			continue
		}
		if heading(j) {
			it := renamed.item(j)
			// It prints its source item's label, but the projection gave
			// all its blocks to other source items (its paragraphs,
			// which the source makes items of under a heading of no
			// text): it keeps the label's place, as that heading.
			it.Text, it.Parts = "", nil
			items = append(items, it)
			named = append(named, true)
			srcOf = append(srcOf, nameOf[j])
			own = append(own, tgt.Items[j].ID)
		}
		for g := gr.startHead[j]; g >= 0; g = gr.startNext[g] {
			items = append(items, assemble(src, tgt, gr.of(g), bt))
			named = append(named, true)
			srcOf = append(srcOf, gr.src[g])
			own = append(own, "")
		}
		if starts(j) == 0 && !gr.placed[j] {
			it := tgt.Items[j]
			if r := renamed.item(j); r.IDSource == "" {
				// Paired with none: the kind the source's numbering
				// gives it, as renamed has it.
				it.Kind, it.ID = r.Kind, r.ID
			}
			it.IDSource, it.Confidence = "", 0
			items = append(items, it)
			named = append(named, false)
			srcOf = append(srcOf, -1)
			own = append(own, tgt.Items[j].ID)
		}
	}
	d := corpus.Document{Items: items}
	unique(&d, named)
	return d.Items, srcOf, own
}
