package ingest

import (
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// The items of ordered lists whose items print no numbers (an HTML
// <ol>): numbered by their places under the item the list is in
// ("2.1(3)"), or, where the lists do not nest, that item's text, as a
// list that prints its numbers is.

// nestedLists reports whether an ordered list's item (a place, not a
// printed number) lies inside another list's item.
func nestedLists(bs []block) bool {
	for _, bl := range bs {
		if bl.ordinal > 0 && bl.depth > 1 && bl.chrome == "" && !bl.term {
			return true
		}
	}
	return false
}

// ordinalText is a list place as the list shows it: 3 as "3", "c", "C",
// "iii" or "III" (typ as block.ordinalType); letters past z, and places
// below 1, as digits.
func ordinalText(n int, typ byte) string {
	switch {
	case (typ == 'a' || typ == 'A') && n >= 1 && n <= 26:
		return string(rune(typ + byte(n-1)))
	case typ == 'I' && n >= 1:
		return toRoman(n)
	case typ == 'i' && n >= 1:
		return strings.ToLower(toRoman(n))
	}
	return strconv.Itoa(n)
}

// endLists closes the items opened by list items that text lying
// outside their list (nest, as block.nest) follows: the paragraph after a
// list belongs to the item or section the list is in, not to the list's
// last item. The document's first item stays open, so that no text moves
// before it; nest 0 (the format does not say) closes nothing. Where the
// list's items were all that was open, under a heading whose item is
// before them, the text is not moved back into that item, ahead of the
// list: it opens an unnumbered item of its own after the list, a
// preamble under the heading in force, which the text after it outside
// a list joins (the page's order is the items' order).
func (b *builder) endLists(nest int) {
	if nest == 0 {
		return
	}
	for len(b.stack) > 0 {
		top := b.stack[len(b.stack)-1]
		if top.depth == 0 || top.depth < nest {
			return
		}
		if len(b.stack) == 1 {
			if b.headItem >= 0 && b.headItem < top.item {
				b.stack = b.stack[:0]
				b.add(corpus.Item{Kind: corpus.KindPreamble, Section: b.section(0)}, open{preamble: true})
			}
			return
		}
		b.stack = b.stack[:len(b.stack)-1]
	}
}

// listItem opens the item of an ordered list's item that prints no
// number: numbered by its place, under the item the list belongs to
// ("2.1(3)").
func (b *builder) listItem(bl block) {
	if b.listsInText && len(b.stack) > 0 {
		b.text(strings.Repeat("  ", bl.depth-1) + strconv.Itoa(bl.ordinal) + ". " + bl.text)
		return
	}
	for len(b.stack) > 0 && b.stack[len(b.stack)-1].depth >= bl.depth {
		b.stack = b.stack[:len(b.stack)-1]
	}
	parent, place := "", ""
	if len(b.stack) > 0 {
		p := &b.d.Items[b.stack[len(b.stack)-1].item]
		parent = p.Number
		if parent == "" && corpus.NumberedKind(p.Kind) && corpus.PlaceID(p.ID) {
			place = p.ID // an item named by its place ("rule:_11")
		}
	}
	num := ordinalText(bl.ordinal, bl.ordinalType)
	if (parent != "" || place != "") && b.listsParts && !bl.term && (bl.ordinalType == 0 || bl.ordinalType == '1') {
		// Numbers a Markdown list prints ("1."): the item's text, whose
		// enumeration gives its parts. Letters and roman numerals (an
		// <ol type="a">), which no Markdown list prints, keep their
		// places.
		b.text(num + ". " + bl.text)
		return
	}
	if parent != "" {
		num = parent + "(" + num + ")"
	}
	it := corpus.Item{Kind: corpus.KindRule, Number: num, Section: b.section(0)}
	if place != "" {
		// Under an item named by its place: the list's places in it
		// ("rule:_11(2)"), and no number, as the item has none.
		it.ID, it.Number = place+"("+num+")", ""
	}
	if k := b.kind(); k != "" {
		it.Kind = k
	}
	if bl.term {
		it.Title = corpus.CleanLine(bl.text) // a definition list's term (termPlaces)
	} else if t, body, ok := leadTitle(bl, bl.text); ok {
		it.Title, it.Text = t, body
	} else {
		it.Text = bl.text
	}
	if parent == "" && place == "" {
		// A list under a heading that prints no number: numbered by its
		// places, which start again under the next such heading.
		b.giveID(&it, "", bl.ordinal == 1, false, false)
	}
	b.add(it, open{key: "\x00", depth: bl.depth})
}
