package ingest

import (
	"fmt"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Entries are the items of a layout that sets them apart without
// numbering them (blockEntry): the cards of a reader page, each a title
// and a preview, or the entries of a list that prints no numbers. The
// builder makes each an item under the heading in force, and checks the
// counts the layout prints of them.

// entry opens the item of an entry the layout sets apart without a
// number (blockEntry): a sibling of the entries before it, under the
// heading in force and of the kind that heading names (else a rule),
// with the title the layout gives it, flagged truncated where the layout
// cut it. It has no number: its id is its place.
func (b *builder) entry(bl block) {
	for len(b.stack) > 0 && b.stack[len(b.stack)-1].level == 0 {
		b.stack = b.stack[:len(b.stack)-1]
	}
	it := corpus.Item{Kind: corpus.KindRule, Title: corpus.CleanLine(bl.title), Text: bl.text, Section: b.section(0)}
	if k := b.kind(); k != "" {
		it.Kind = k
	}
	// A title that prints a number ("Rule 12: Title", "第12項 題") numbers
	// the entry.
	scheme := "unnumbered entry"
	if l, ok := readLabel(it.Title); ok && !l.paren && (l.term != "" || l.prefix != "" || l.counter != "") && l.end < len(it.Title) {
		it.Number, it.Title = labelNumber(l), strings.TrimLeft(it.Title[l.end:], "-–—:： ")
		if k := namedKind(l.prefix); k != "" {
			it.Kind = k
		}
		scheme = l.shape()
	}
	if bl.cut {
		it.SetFlag(corpus.FlagTruncated)
	}
	b.add(it, open{entry: true})
	b.st.entries++
	b.st.schemes[scheme]++
	if b.counted != nil {
		b.counted.found++
	}
}

// divisionText reports whether bl is text of a division of entries
// that no entry holds: in a document of entries, text outside them
// (nest 1) after a heading or after the division's entries. It is kept
// where it stands, as a preamble under the heading in force (a list's
// introduction, printed before or after the list), and the text after it
// outside the entries joins it.
func (b *builder) divisionText(bl block) bool {
	if !b.entries || bl.nest != 1 || len(b.stack) == 0 {
		return false
	}
	switch top := b.stack[len(b.stack)-1]; {
	case top.preamble:
		b.text(bl.text)
		return true
	case !top.entry && top.level == 0:
		return false
	}
	for len(b.stack) > 0 && b.stack[len(b.stack)-1].entry {
		b.stack = b.stack[:len(b.stack)-1]
	}
	b.add(corpus.Item{Kind: corpus.KindPreamble, Text: bl.text, Section: b.section(0)}, open{preamble: true})
	return true
}

// countClaim is a count a heading prints of the entries under it, and
// the entries found there.
type countClaim struct {
	title       string
	want, found int
}

// checkCounts adds to the structure's warnings the counts the layout
// prints that the items found disagree with: a heading's count of its
// entries, and a page's count of its rules far above the rules found.
func (b *builder) checkCounts() {
	for _, c := range b.claims {
		if c.found != c.want {
			b.st.counts = append(b.st.counts, fmt.Sprintf("%q says %d entries; %d found", c.title, c.want, c.found))
		}
	}
	if n := b.d.Count(corpus.KindRule); b.pageCount > 0 && n*10 < b.pageCount*9 {
		b.st.counts = append(b.st.counts, fmt.Sprintf("the page says the document has %d rules; %d found", b.pageCount, n))
	}
}
