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
	out, _, _ := newMarkedText(ingest.MarkdownInline(strings.Join(lines, "\n"))).mark(field, 0, -1, false)
	return out
}

// markedText is a text with its inline marks (as ingest reads them),
// and the text without white space (squeeze), where fields are found.
type markedText struct {
	plain string
	marks []ingest.InlineMark
	pk    string
	pIdx  []int
}

func newMarkedText(plain string, marks []ingest.InlineMark) *markedText {
	t := &markedText{plain: plain, marks: marks}
	t.pk, t.pIdx = squeeze(plain)
	return t
}

// find returns where field's characters, white space aside, stand in
// the text from squeezed offset from on (before limit, unless it is
// -1; the last place there when last is set), as squeezed offsets, or
// -1, -1.
func (t *markedText) find(field string, from, limit int, last bool) (int, int) {
	fk, _ := squeeze(field)
	if fk == "" || from > len(t.pk) {
		return -1, -1
	}
	hay := t.pk[from:]
	if limit >= from {
		hay = t.pk[from:limit]
	}
	k := strings.Index(hay, fk)
	if last {
		k = strings.LastIndex(hay, fk)
	}
	if k < 0 {
		return -1, -1
	}
	return from + k, from + k + len(fk)
}

// mark returns field with the marks whose text lies in it put back
// around that text, the field found as find finds it, and the
// squeezed offsets it was found at (-1, -1 when it was not: field is
// returned as it is).
func (t *markedText) mark(field string, from, limit int, last bool) (string, int, int) {
	base, end := t.find(field, from, limit, last)
	if base < 0 || len(t.marks) == 0 {
		return field, base, end
	}
	_, fIdx := squeeze(field)
	pIdx := t.pIdx
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
			k-- // last squeezed char before off
		}
		if k < base || k-base >= len(fIdx) {
			return -1
		}
		if end {
			return fIdx[k-base] + runeLen(field[fIdx[k-base]:])
		}
		return fIdx[k-base]
	}
	for n, m := range t.marks {
		if m.Start == m.End {
			at := toField(m.Start, false)
			if strings.HasPrefix(m.Open, "</") && m.Close == "" {
				// An end tag alone (its start in another paragraph)
				// closes the text before it: it stays on that text's
				// line, not at the start of the next.
				if end := toField(m.Start, true); end >= 0 {
					at = end
				}
			}
			if at < 0 && sort.SearchInts(pIdx, m.Start)-base == len(fIdx) {
				at = len(field) // at the field's end
			}
			if at >= 0 {
				// An empty span ("[](dest)") is its open and close.
				ins = append(ins, insert{at, 2 * n, m.Open + m.Close})
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
		return field, base, end
	}
	// At one offset, closes come before opens; the inner close (opened
	// later) first, the outer open (opened earlier) first.
	sort.SliceStable(ins, func(i, j int) bool { return insertBefore(ins[i].at, ins[i].order, ins[j].at, ins[j].order) })
	var b strings.Builder
	prev := 0
	for _, x := range ins {
		b.WriteString(field[prev:x.at])
		b.WriteString(x.s)
		prev = x.at
	}
	b.WriteString(field[prev:])
	return b.String(), base, end
}

// markLines is mark for a field whose lines may stand apart in the
// text (an HTML item's paragraph before a list and the one after it):
// each run of its lines that stands together is found after the run
// before it and marked as a field of its own; a line not found stays
// as it is. It returns the squeezed offsets of the first run found and
// of the end of the last, or -1, -1.
func (t *markedText) markLines(field string, from, limit int, last bool) (string, int, int) {
	if out, at, end := t.mark(field, from, limit, last); at >= 0 || !strings.Contains(field, "\n") {
		return out, at, end
	}
	lines := strings.Split(field, "\n")
	var out []string
	first, pos := -1, from
	for i := 0; i < len(lines); {
		at, _ := t.find(lines[i], pos, limit, false)
		if at < 0 {
			out = append(out, lines[i])
			i++
			continue
		}
		// The longest run of lines from i that stands at at.
		j, run := i+1, lines[i]
		for j < len(lines) {
			k, _ := squeeze(run + "\n" + lines[j])
			if !strings.HasPrefix(t.pk[at:], k) {
				break
			}
			run += "\n" + lines[j]
			j++
		}
		marked, a, end := t.mark(run, at, -1, false)
		out = append(out, marked)
		if first < 0 {
			first = a
		}
		pos, i = end, j
	}
	if first < 0 {
		return field, -1, -1
	}
	return strings.Join(out, "\n"), first, pos
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

// markup holds the title and text with their inline markup of the
// items of a draft's documents read from Markdown or HTML, by item.
type markup map[*corpus.Item]markedItem

// markedItem is an item's title and text with their inline markup.
type markedItem struct{ title, text string }

// inlineMarkup finds the inline markup of the items of the documents of
// d that were read from Markdown (in the lines of each item) or HTML
// (the whole page, each item found after the one before it).
func inlineMarkup(d *gaps.Draft, o DraftOptions) markup {
	mk := markup{}
	for _, dt := range []struct {
		doc  *corpus.Document
		text string
	}{{d.Source, o.SourceText}, {d.Translation, o.TranslationText}} {
		if dt.doc == nil || dt.text == "" {
			continue
		}
		switch {
		case draftFormatOf[dt.doc.Source.Format] == "md":
			l := o.layouts.locate(dt.text, dt.doc, true)
			for i := range dt.doc.Items {
				if it := &dt.doc.Items[i]; l.found(i) {
					lines := l.lines[l.own[i][0]:l.own[i][1]]
					mk[it] = markedItem{inlined(it.Title, lines), inlined(it.Text, lines)}
				}
			}
		case dt.doc.Source.Format == "html":
			htmlMarkup(mk, dt.doc, newMarkedText(ingest.HTMLInline(dt.text)))
		}
	}
	return mk
}

// htmlMarkup finds the items of doc in the text of its page and puts
// the page's marks on them: an item's text where it first stands after
// the item before it (failing that, after the place where that item
// starts, since a section's text may follow its items' on the page;
// failing that, anywhere), its title the last place before its text (a
// table of contents before the rules repeats their titles). An item
// not found keeps its fields unmarked.
func htmlMarkup(mk markup, doc *corpus.Document, page *markedText) {
	at, anchor := 0, 0
	for i := range doc.Items {
		it := &doc.Items[i]
		m := markedItem{it.Title, it.Text}
		textAt, textEnd := -1, -1
		from := at
		if strings.TrimSpace(it.Text) != "" {
			for _, f := range []int{at, anchor, 0} {
				if m.text, textAt, textEnd = page.markLines(it.Text, f, -1, false); textAt >= 0 {
					from = f
					break
				}
			}
		}
		start := textAt
		if strings.TrimSpace(it.Title) != "" {
			var titleAt, end int
			if textAt >= 0 {
				m.title, titleAt, _ = page.mark(it.Title, from, textAt, true)
			} else {
				m.title, titleAt, end = page.mark(it.Title, at, -1, false)
				textEnd = end
			}
			if titleAt >= 0 {
				start = titleAt
			}
		}
		if textEnd >= 0 {
			at, anchor = textEnd, start
		}
		mk[it] = m
	}
}

// field returns the title (title set) or text of it with its inline
// markup.
func (mk markup) field(it *corpus.Item, title bool) string {
	m, ok := mk[it]
	switch {
	case !ok && title:
		return it.Title
	case !ok:
		return it.Text
	case title:
		return m.title
	}
	return m.text
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
