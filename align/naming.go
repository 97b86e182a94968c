package align

import (
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// naming is the item-level reading of an alignment (renamed) before its
// document is made: each target item's source item, how it found it and
// how sure, and the ids of the items named after none. Through reads
// it, and makes the reading's document only where it returns it (a
// copy of every target item, where the projection's reading replaces
// it, was a twentieth of what reading through the source allocated).
type naming struct {
	al *Alignment
	// of is the source item each target item is named after, -1 for
	// none; label marks those that print its label, and conf is how
	// sure each is.
	of    []int32
	label []bool
	conf  []float64
	// kinds is the kind of each target item that the source items that
	// print its number have (labelKinds), nil where none has another
	// than its own: an item named after none takes it, and the prefix
	// of its id with it.
	kinds []corpus.Kind
	// ids are the ids of the items named after none that unique changed.
	ids map[int]string
	// placed marks the source items named.
	placed []bool
	// made is the reading, once made.
	made *Reading
}

// newNaming is the naming of al: each target item is named after the
// source item of its first pair.
func newNaming(al *Alignment) *naming { return newNamingBy(al, numberKinds(al.Source)) }

// newNamingBy is newNaming given the numberKinds of al's source (those
// the alignments made, not made again: 4 MB at 100k items).
func newNamingBy(al *Alignment, nks []numberKind) *naming {
	src, tgt := al.Source, al.Target
	n := &naming{al: al, of: make([]int32, len(tgt.Items)), label: make([]bool, len(tgt.Items)),
		conf: make([]float64, len(tgt.Items)), placed: make([]bool, len(src.Items))}
	for j := range n.of {
		n.of[j] = -1
	}
	for _, p := range al.Pairs {
		i, j := p.Source[0], p.Target[0]
		if n.of[j] >= 0 {
			continue
		}
		s, t := &src.Items[i], &tgt.Items[j]
		conf := round2(p.Score)
		if t.Number != "" && numberKey(t.Number) == numberKey(s.Number) {
			n.label[j], conf = true, 1
		}
		n.of[j], n.conf[j] = int32(i), max(conf, 0.01)
		n.placed[i] = true
	}
	n.kinds = labelKinds(nks, tgt, nil)
	n.ids = uniqueIDs(len(tgt.Items), func(j int) string { return n.id(j) }, func(j int) bool { return n.of[j] >= 0 })
	return n
}

// id is target item j's id before unique: its source item's, or its own
// (with the prefix of its kind: kind).
func (n *naming) id(j int) string {
	if i := n.of[j]; i >= 0 {
		return n.al.Source.Items[i].ID
	}
	t := &n.al.Target.Items[j]
	if k := n.kind(j); k != t.Kind {
		return corpus.WithKind(t.ID, k)
	}
	return t.ID
}

// kind is the kind of target item j named after none: that of the
// source items that print its number, where that is another.
func (n *naming) kind(j int) corpus.Kind {
	if n.kinds != nil {
		return n.kinds[j]
	}
	return n.al.Target.Items[j].Kind
}

// idSource is the IDSource of target item j in the reading.
func (n *naming) idSource(j int) string {
	switch {
	case n.of[j] < 0:
		return n.al.Target.Items[j].IDSource
	case n.label[j]:
		return corpus.IDLabel
	}
	return corpus.IDAligned
}

// item is target item j of the reading.
func (n *naming) item(j int) corpus.Item {
	t := n.al.Target.Items[j]
	if i := n.of[j]; i >= 0 {
		s := &n.al.Source.Items[i]
		t.ID, t.Kind, t.Number = s.ID, s.Kind, s.Number
		t.IDSource, t.Confidence = n.idSource(j), n.conf[j]
	} else {
		t.Kind, t.ID = n.kind(j), n.id(j)
		if id, ok := n.ids[j]; ok {
			t.ID = id
		}
	}
	return t
}

// labelled counts the items of the reading that print their source
// item's label.
func (n *naming) labelled() int {
	k := 0
	for j := range n.of {
		if n.idSource(j) == corpus.IDLabel {
			k++
		}
	}
	return k
}

// reading is the reading named (renamed), made once.
func (n *naming) reading() *Reading {
	if n.made != nil {
		return n.made
	}
	al, tgt := n.al, n.al.Target
	d := *tgt
	d.Items = make([]corpus.Item, len(tgt.Items))
	for j := range d.Items {
		d.Items[j] = n.item(j)
	}
	r := &Reading{Doc: &d}
	out := *al
	out.Target = &d
	out.lazy = nil // its pairs are al's, whose evidence al makes
	out.own = make([]string, len(tgt.Items))
	for j := range tgt.Items {
		out.own[j] = tgt.Items[j].ID
	}
	r.Alignment = &out
	r.count(al.Source, n.placed)
	n.made = r
	return r
}

// count is the Placed, Items and Unplaced of the reading named, with no
// document.
func (n *naming) count() *Reading {
	r := &Reading{}
	r.count(n.al.Source, n.placed)
	return r
}

// unique gives each item of d not named by the source an id no other
// item has: its own, else its own with a "_" and a count ("rule:3_2"),
// which no printed label makes.
func unique(d *corpus.Document, named []bool) {
	ids := uniqueIDs(len(d.Items), func(j int) string { return d.Items[j].ID }, func(j int) bool { return named[j] })
	for j, id := range ids {
		d.Items[j].ID = id
	}
}

// uniqueIDs is unique of n items with ids id(j), named(j) those named by
// the source: the ids it changes, by item.
func uniqueIDs(n int, id func(int) string, named func(int) bool) map[int]string {
	// Only the ids an unnamed item could take are looked up: its own,
	// and its own with a count (the last "_" of such an id ends its
	// own), not every id (a map of them all was made for the few items
	// not named).
	own := map[string]bool{}
	for j := range n {
		if !named(j) {
			own[id(j)] = true
		}
	}
	if len(own) == 0 {
		return nil
	}
	used := make(map[string]bool, 2*len(own))
	for j := range n {
		if !named(j) {
			continue
		}
		x := id(j)
		if k := strings.LastIndexByte(x, '_'); own[x] || k >= 0 && own[x[:k]] {
			used[x] = true
		}
	}
	var out map[int]string
	for j := range n {
		if named(j) {
			continue
		}
		x := id(j)
		for k := 2; used[x]; k++ {
			x = id(j) + "_" + strconv.Itoa(k)
		}
		if x != id(j) {
			if out == nil {
				out = map[int]string{}
			}
			out[j] = x
		}
		used[x] = true
	}
	return out
}
