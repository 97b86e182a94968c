package reports

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// The documents keep an item's text without its inline markup; the
// interchange files carry it, as po4a does for Markdown: a PO's msgid
// and msgstr are the text with the links, emphasis, code and inline
// HTML of the lines it was read from, XLIFF and TMX the same with the
// markup as native code in inline elements. inlined puts the markup of
// an item's lines back on a field of the item (its text or title): the
// field's characters, white space aside, are found in the lines'
// text, and each mark whose text is there goes back around it. A mark
// whose text is not in the field is left out: the field is never
// changed, only marked.

// inlined returns field with the inline markup of the Markdown lines
// raw around its text, or field itself when raw has none.
func inlined(field string, raw []string) string {
	if field == "" || len(raw) == 0 {
		return field
	}
	// Each line on its own margin: an item's lines are nested in a list
	// the lines alone do not open, where four spaces would make code.
	lines := make([]string, len(raw))
	for i, l := range raw {
		lines[i] = strings.TrimLeft(l, " \t")
	}
	plain, marks := ingest.MarkdownInline(strings.Join(lines, "\n"))
	if len(marks) == 0 {
		return field
	}
	pk, pIdx := squeeze(plain)
	fk, fIdx := squeeze(field)
	if fk == "" {
		return field
	}
	base := strings.Index(pk, fk)
	type insert struct {
		at    int // byte offset in field
		order int
		s     string
	}
	var ins []insert
	// toField maps an offset in plain to one in field, or -1.
	toField := func(off int, end bool) int {
		k := sort.SearchInts(pIdx, off) // first squeezed char at or after off
		if end {
			k = sort.SearchInts(pIdx, off) - 1 // last squeezed char before off
		}
		if base < 0 || k < base || k-base >= len(fIdx) {
			return -1
		}
		if end {
			return fIdx[k-base] + runeLen(field[fIdx[k-base]:])
		}
		return fIdx[k-base]
	}
	for n, m := range marks {
		if m.Start == m.End {
			at := toField(m.Start, false)
			if at < 0 && base >= 0 && sort.SearchInts(pIdx, m.Start)-base == len(fIdx) {
				at = len(field) // at the field's end
			}
			if at >= 0 {
				ins = append(ins, insert{at, 2 * n, m.Open})
			}
			continue
		}
		from, to := toField(m.Start, false), toField(m.End, true)
		if from < 0 || to < from {
			continue
		}
		ins = append(ins, insert{from, 2 * n, m.Open}, insert{to, -2*n - 1, m.Close})
	}
	if len(ins) == 0 {
		return field
	}
	// At one offset, closes come before opens; the inner close (opened
	// later) first, the outer open (opened earlier) first.
	sort.SliceStable(ins, func(i, j int) bool { return insertBefore(ins[i].at, ins[i].order, ins[j].at, ins[j].order) })
	var b strings.Builder
	last := 0
	for _, x := range ins {
		b.WriteString(field[last:x.at])
		b.WriteString(x.s)
		last = x.at
	}
	b.WriteString(field[last:])
	return b.String()
}

// squeeze returns s without white space and the byte offset in s of each
// of its characters' first byte, by the byte of the result.
func squeeze(s string) (string, []int) {
	var b strings.Builder
	var idx []int
	for i, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		n := b.Len()
		b.WriteRune(r)
		for ; n < b.Len(); n++ {
			idx = append(idx, i)
		}
	}
	return b.String(), idx
}

func runeLen(s string) int {
	for i := range s {
		if i > 0 {
			return i
		}
	}
	return len(s)
}

// markup holds the Markdown lines of the items of a draft's documents
// that were read from Markdown, by item.
type markup map[*corpus.Item][]string

// inlineMarkup finds the lines of the items of the documents of d that
// were read from Markdown, in the texts they were read from.
func inlineMarkup(d *gaps.Draft, o DraftOptions) markup {
	mk := markup{}
	for _, dt := range []struct {
		doc  *corpus.Document
		text string
	}{{d.Source, o.SourceText}, {d.Translation, o.TranslationText}} {
		if dt.doc == nil || dt.text == "" || draftFormatOf[dt.doc.Source.Format] != "md" {
			continue
		}
		l := locate(dt.text, dt.doc, true)
		for i := range dt.doc.Items {
			if l.found(i) {
				mk[&dt.doc.Items[i]] = l.lines[l.own[i][0]:l.own[i][1]]
			}
		}
	}
	return mk
}

// field returns the title (title set) or text of it with the inline
// markup of its lines.
func (mk markup) field(it *corpus.Item, title bool) string {
	if title {
		return inlined(it.Title, mk[it])
	}
	return inlined(it.Text, mk[it])
}

// target returns the translation's title or text for the entry as
// d.Title and d.Text do, with the inline markup of its lines.
func (mk markup) target(d *gaps.Draft, e *gaps.Entry, title bool) string {
	if title {
		if e.Target == nil {
			return ""
		}
		return corpus.RenumberCited(mk.field(e.Target, true), e.Target.Refs, d.Renumbered)
	}
	var parts []string
	for _, t := range e.Targets {
		if t.Text != "" {
			parts = append(parts, corpus.RenumberCited(mk.field(t, false), t.Refs, d.Renumbered))
		}
	}
	return strings.Join(parts, "\n")
}

// xmlInline writes s as XML text; when the draft has inline markup (mk
// not empty), the Markdown syntax in s is native code in inline
// elements: <bpt>/<ept> around a marked span, paired by their id
// attribute (attr: "id" in XLIFF 1.2, "i" in TMX), <ph> for a tag that
// stands alone. A text that does not read back as itself (block syntax,
// escapes) stays text.
func xmlInline(s string, mk markup, attr string) string {
	if len(mk) == 0 || s == "" {
		return xmlText(s)
	}
	plain, marks := ingest.MarkdownInline(s)
	if len(marks) == 0 {
		return xmlText(s)
	}
	md := func(k int, open bool) string {
		if open {
			return marks[k].Open
		}
		return marks[k].Close
	}
	if renderMarks(plain, marks, md, func(t string) string { return t }) != s {
		return xmlText(s)
	}
	return renderMarks(plain, marks, func(k int, open bool) string {
		m := marks[k]
		switch {
		case m.Start == m.End && m.Close == "":
			return fmt.Sprintf("<ph %s=\"%d\">%s</ph>", attr, k+1, xmlText(m.Open))
		case open:
			return fmt.Sprintf("<bpt %s=\"%d\">%s</bpt>", attr, k+1, xmlText(m.Open))
		}
		return fmt.Sprintf("<ept %s=\"%d\">%s</ept>", attr, k+1, xmlText(m.Close))
	}, xmlText)
}

// renderMarks writes plain with the marks' opens and closes (as code
// writes them) around their spans, the text between them as text
// writes it.
func renderMarks(plain string, marks []ingest.InlineMark, code func(k int, open bool) string, text func(string) string) string {
	type insert struct{ at, order int }
	var ins []insert
	for k, m := range marks {
		ins = append(ins, insert{m.Start, 2 * k})
		if m.Close != "" || m.End != m.Start {
			ins = append(ins, insert{m.End, -2*k - 1})
		}
	}
	sort.SliceStable(ins, func(i, j int) bool { return insertBefore(ins[i].at, ins[i].order, ins[j].at, ins[j].order) })
	var b strings.Builder
	last := 0
	for _, x := range ins {
		b.WriteString(text(plain[last:x.at]))
		if x.order >= 0 {
			b.WriteString(code(x.order/2, true))
		} else {
			b.WriteString(code((-x.order-1)/2, false))
		}
		last = x.at
	}
	b.WriteString(text(plain[last:]))
	return b.String()
}

// insertBefore orders markup put in at offsets of a text: at one
// offset, closes (order < 0) before opens, the inner close (opened
// later: order further below 0) first, the outer open first.
func insertBefore(at1, o1, at2, o2 int) bool {
	if at1 != at2 {
		return at1 < at2
	}
	if (o1 < 0) != (o2 < 0) {
		return o1 < 0
	}
	if o1 < 0 {
		return o1 < o2
	}
	return o1 < o2
}
