package ingest

import (
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// List parts: in a document without a numbering, the items are its
// headings, and what the layout sets apart under a heading without
// numbering it (the items of an unordered list, a paragraph with a title
// of its own: a step, a question and its answer) is the parts of the
// heading's item, as an enumeration is of a numbered rule. Two or more
// make parts; one alone is the item's text.
//
// Only where the format has no lists of its own (plain text, nest 0:
// the bullets are characters of the text). Where it has (HTML,
// Markdown), a list inside a heading's item stays its text, as the page
// renders it and as an ordered list does in a document of headings
// (listsInText): measured on the dev corpus, the general rule made 427
// parts in the two Google C++ Style Guides and 17 in two Flesh and Blood
// chapters, most of them a rule's pros and cons lists run together into
// one series 1..n, or a rule's sentence split at its first item; no
// page prints those as the rule's numbered parts.

// listPart notes bl, a block of text, as a part of the item open when
// that item is an unnumbered heading's in a document without a
// numbering and bl is a top-level item of an unordered list or a titled
// paragraph, in a format without lists of its own (nest 0). The block
// stays the item's text as well.
func (b *builder) listPart(bl block) {
	if b.numbered || len(b.stack) == 0 || bl.nest != 0 {
		return
	}
	top := b.stack[len(b.stack)-1]
	if top.level == 0 || top.key != "" || top.depth != 0 {
		return
	}
	if !(bl.kind == blockItem && bl.depth == 1 && bl.ordinal == 0 || bl.kind == blockPara && bl.title() != "") {
		return
	}
	if b.listParts == nil {
		b.listParts = map[int][]block{}
	}
	b.listParts[top.item] = append(b.listParts[top.item], bl)
}

// makeListParts gives each item its list parts where it has two or more
// and no parts of its own. A part's label is the number its marker
// prints ("01"), else "Q" and its place among the item's questions for a
// title that asks one, else its place; its title is the block's.
func (b *builder) makeListParts() {
	for i, bls := range b.listParts {
		it := &b.d.Items[i]
		if len(bls) < 2 || len(it.Parts) > 0 {
			continue
		}
		questions := 0
		for _, bl := range bls {
			p := corpus.Part{Title: bl.title(), Text: bl.body()}
			if p.Text == "" {
				p.Text = bl.text
			}
			switch {
			case bl.marker() != "" && strings.Trim(bl.marker(), "0123456789") == "":
				p.Label = bl.marker()
			case question(bl.title()):
				questions++
				p.Label = "Q" + strconv.Itoa(questions)
			default:
				p.Label = strconv.Itoa(len(it.Parts) + 1)
			}
			if bl.marker() != p.Label {
				p.Marker = bl.marker()
			}
			it.Parts = append(it.Parts, p)
		}
		b.st.parts += len(bls)
	}
}

// question reports whether s asks a question: it ends with a question
// mark.
func question(s string) bool {
	return strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？")
}
