package corpusjson

import (
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Share gives each string of d's items that a string of like's items
// equals that string of like's, and every other a copy of its own:
// d is then equal to what it was. Decode cuts the strings of many items
// from one block (itemDecoder.keep), so a block stays as long as any of
// its strings does: once d's strings are like's or their own, the blocks
// of d's items are let go. Two editions of a rulebook read from JSON,
// most of whose items say the same (under other numbers, too), are then
// held in the bytes of one and of what changed. d and like must not be
// read while Share runs; like is not changed.
func Share(d, like *corpus.Document) {
	if d == nil || like == nil || d == like {
		return
	}
	held := make(map[string]string, 4*len(like.Items))
	keep := func(s *string) { held[*s] = *s }
	for k := range like.Items {
		shareItem(&like.Items[k], keep)
	}
	s := func(dst *string) {
		if v, ok := held[*dst]; ok {
			*dst = v
		} else {
			*dst = strings.Clone(*dst)
		}
	}
	for i := range d.Items {
		shareItem(&d.Items[i], s)
	}
}

// shareItem calls s on each string of it (it is left as it was when s
// sets each to a string equal to it).
func shareItem(it *corpus.Item, s func(*string)) {
	s(&it.ID)
	kind := string(it.Kind)
	s(&kind)
	it.Kind = corpus.Kind(kind)
	s(&it.Number)
	s(&it.Printed)
	s(&it.Title)
	s(&it.Text)
	s(&it.Section)
	s(&it.IDSource)
	s(&it.PreviousTitle)
	s(&it.PreviousText)
	for j := range it.Parts {
		p := &it.Parts[j]
		s(&p.Label)
		s(&p.Marker)
		s(&p.Title)
		s(&p.Text)
	}
	for j := range it.Refs {
		s(&it.Refs[j])
	}
	for j := range it.Flags {
		f := string(it.Flags[j])
		s(&f)
		it.Flags[j] = corpus.Flag(f)
	}
	for j := range it.Marks {
		s(&it.Marks[j].Kind)
	}
	for j := range it.Inline {
		f := &it.Inline[j]
		s(&f.Segment)
		s(&f.Fault)
		s(&f.Markup)
	}
}
