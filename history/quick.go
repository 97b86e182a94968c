package history

import (
	"slices"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// quickMargin is how many unchanged items quickStep keeps on each side
// of the changed run, so that the aligner sees the numbering around it.
const quickMargin = 3

// quickStep compares two editions that share all but a run of items (a
// commit that edits a few rules) without aligning the whole documents:
// the items before and after the run are the same items, in the same
// places, and only the run and a margin of unchanged items around it are
// compared. It returns nil, and the caller compares the whole
// documents, unless what it found is what the whole comparison finds by
// construction: every changed item keeps its id (no renumbering, so no
// reference elsewhere can have gone stale), both editions have the same
// kinds of item (so no scope note), and the margins pair with
// themselves.
func quickStep(o diff.Options, old, new *corpus.Document) *Step {
	a, b := old.Items, new.Items
	pre := 0
	for pre < len(a) && pre < len(b) && sameItem(&a[pre], &b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && sameItem(&a[len(a)-1-suf], &b[len(b)-1-suf]) {
		suf++
	}
	midA, midB := len(a)-pre-suf, len(b)-pre-suf
	// Worth it only when the run is a small part of the editions.
	if max(midA, midB) > max(8, len(a)/8) || old.Lang != new.Lang || !sameKinds(a, b) {
		return nil
	}
	lo := max(0, pre-quickMargin)
	hiA, hiB := min(len(a), pre+midA+quickMargin), min(len(b), pre+midB+quickMargin)
	subA, subB := *old, *new
	subA.Items, subB.Items = a[lo:hiA], b[lo:hiB]
	c := o.Compare(&subA, &subB)
	if o.Context != nil && o.Context.Err() != nil {
		return nil
	}
	if len(c.Scope) > 0 || len(c.StaleRefs) > 0 {
		return nil
	}
	s := &Step{Moves: c.Moves}
	// The pairs of the whole editions: the same items before and after
	// the run, and the sub-comparison's pairs, checked, within it.
	for i := range lo {
		s.Pairs = append(s.Pairs, Pair{Old: []int{i}, New: []int{i}})
	}
	margins := 0 // margin items the sub-comparison paired
	for _, p := range c.Alignment.Pairs {
		if len(p.Source) != 1 || len(p.Target) != 1 {
			return nil
		}
		i, j := p.Source[0]+lo, p.Target[0]+lo
		if a[i].ID != b[j].ID {
			return nil
		}
		// A margin item pairs with itself.
		if (i < pre || i >= pre+midA) != (j < pre || j >= pre+midB) {
			return nil
		}
		if i < pre && i != j || i >= pre+midA && i-len(a) != j-len(b) {
			return nil
		}
		if i < pre || i >= pre+midA {
			margins++
		}
		s.Pairs = append(s.Pairs, Pair{Old: []int{i}, New: []int{j}})
	}
	for i := hiA; i < len(a); i++ {
		s.Pairs = append(s.Pairs, Pair{Old: []int{i}, New: []int{i - len(a) + len(b)}})
	}
	for _, ch := range c.Changes {
		if ch.Renumbered || ch.Kind == diff.Split || ch.Kind == diff.Merged {
			return nil
		}
		ch.Old, ch.New = shifted(ch.Old, lo), shifted(ch.New, lo)
		s.Changes = append(s.Changes, ch)
	}
	// Every margin item must be paired: one the sub-comparison left
	// alone would be added and removed in the whole one.
	if margins != pre-lo+hiA-pre-midA {
		return nil
	}
	return s
}

// shifted returns the indexes moved by lo.
func shifted(idx []int, lo int) []int {
	if len(idx) == 0 {
		return idx
	}
	out := make([]int, len(idx))
	for k, i := range idx {
		out[k] = i + lo
	}
	return out
}

// sameItem reports whether two items are the same in everything a
// comparison reads.
func sameItem(x, y *corpus.Item) bool {
	return x.ID == y.ID && x.Kind == y.Kind && x.Number == y.Number && x.Title == y.Title && x.Text == y.Text &&
		x.Section == y.Section && slices.Equal(x.Refs, y.Refs) && slices.EqualFunc(x.Parts, y.Parts, func(p, q corpus.Part) bool { return p == q })
}

// sameKinds reports whether the two editions have the same kinds of item.
func sameKinds(a, b []corpus.Item) bool {
	ka, kb := map[corpus.Kind]bool{}, map[corpus.Kind]bool{}
	for i := range a {
		ka[a[i].Kind] = true
	}
	for i := range b {
		kb[b[i].Kind] = true
	}
	if len(ka) != len(kb) {
		return false
	}
	for k := range ka {
		if !kb[k] {
			return false
		}
	}
	return true
}
