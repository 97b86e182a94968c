package testcorpus

import (
	"html"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// A Variant is a layout a test re-writes a real document in, to hold a
// reader to the document's content whatever its layout.
type Variant string

// The variants Render writes.
const (
	// Bullets: numbers lost, as Word's auto-numbering leaves them after
	// conversion: Markdown headings without numbers, each line of an
	// item's text a "- " bullet.
	Bullets Variant = "bullets"
	// List: the same as HTML, headings and <ul> lists.
	List Variant = "ul"
	// Paragraphs: plain text paragraphs, no numbers, no markup.
	Paragraphs Variant = "paragraphs"
	// Rows: an HTML table, a row per line of text, headings in rows too.
	Rows Variant = "rows"
	// WordReplaced: numbers kept, each numbered heading's word replaced
	// by one of another language ("Artikel 4. Title").
	WordReplaced Variant = "word-replaced"
	// WordRemoved: numbers kept, headings with the number alone
	// ("4. Title").
	WordRemoved Variant = "word-removed"
	// Joined: Bullets, with every seventh pair of neighbouring one-line
	// items joined into one bullet.
	Joined Variant = "joined"
	// Split: Bullets, with every seventh one-line item of two sentences
	// or more cut into two bullets.
	Split Variant = "split"
	// ArabicIndic, Devanagari and FullWidth: WordRemoved, the numbers
	// written in Arabic-Indic, Devanagari or full-width digits.
	ArabicIndic Variant = "arabic-indic"
	Devanagari  Variant = "devanagari"
	FullWidth   Variant = "full-width"
	// Contents and ContentsLinked: WordRemoved after a table of contents
	// that lists every heading with its number, as plain list entries or
	// as links to the headings.
	Contents       Variant = "contents"
	ContentsLinked Variant = "contents-linked"
	// HeadingsUnnumbered: WordRemoved with the sections' headings'
	// numbers lost and the rules' kept, as Word's heading numbering
	// leaves them after conversion where the rules' numbers are typed:
	// "## Title" over "**1.1** text".
	HeadingsUnnumbered Variant = "headings-unnumbered"
)

// NumbersLost are the variants that print no numbers.
var NumbersLost = []Variant{Bullets, List, Paragraphs, Rows}

// Variants are the variants every reader is held to, alone and read
// through the source (align.Options.Through). HeadingsUnnumbered is
// held by gaps (TestGapsHeadingsUnnumbered): its headings are items
// only once gaps pairs them through their rules (align.SectionHeadings).
var Variants = []Variant{Bullets, List, Paragraphs, Rows, WordReplaced, WordRemoved, Joined, Split,
	ArabicIndic, Devanagari, FullWidth, Contents, ContentsLinked}

// zeros are the digit zeros of the digit variants.
var zeros = map[Variant]rune{ArabicIndic: '٠', Devanagari: '०', FullWidth: '０'}

// digits writes the ASCII digits of s in the digit set of v.
func digits(v Variant, s string) string {
	zero, ok := zeros[v]
	if !ok {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			r = zero + (r - '0')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Render writes d in the layout v and ingests it again, as a file of
// that layout would be read; name is d's file name, for messages.
func Render(t testing.TB, d *corpus.Document, v Variant) *corpus.Document {
	t.Helper()
	out, _ := RenderChanged(t, d, v)
	return out
}

// RenderChanged is Render, and the ids of d's items whose text the
// variant changed beyond its layout: the items Joined joins and the item
// Split cuts (a reader may rightly read them otherwise).
func RenderChanged(t testing.TB, d *corpus.Document, v Variant) (*corpus.Document, map[string]bool) {
	t.Helper()
	name, src, changed := Write(d, v)
	out, err := ingest.Options{Lang: d.Lang}.Bytes(name, src)
	if err != nil {
		t.Fatalf("ingest the %s variant: %v", v, err)
	}
	return out, changed
}

// Write is the file Render reads: its name (whose extension says its
// layout), its bytes, and the ids RenderChanged returns.
func Write(d *corpus.Document, v Variant) (string, []byte, map[string]bool) {
	changed := map[string]bool{}
	var b strings.Builder
	ext := ".md"
	switch v {
	case List, Rows:
		ext = ".html"
		b.WriteString("<!DOCTYPE html>\n<html lang=\"" + html.EscapeString(d.Lang) + "\"><head><meta charset=\"utf-8\"><title>" +
			html.EscapeString(d.Title) + "</title></head><body>\n")
	case Paragraphs:
		ext = ".txt"
	}
	if v == Contents || v == ContentsLinked {
		contents(&b, d, v)
	}
	k := 0 // one-line items seen, for Joined and Split
	for i := 0; i < len(d.Items); i++ {
		it := &d.Items[i]
		lines := textLines(it.Text)
		if it.Has(corpus.FlagTruncated) && len(lines) > 0 {
			// A cut preview keeps its cut mark, which the reader of the
			// original read as the flag and took out of the text.
			lines[len(lines)-1] += "…"
		}
		if it.Title != "" {
			heading(&b, v, it)
		}
		switch v {
		case Joined:
			if len(lines) == 1 && it.Title == "" && i+1 < len(d.Items) {
				next := &d.Items[i+1]
				if nl := textLines(next.Text); next.Title == "" && len(nl) == 1 && endsSentence(lines[0]) {
					k++
					if k%7 == 0 {
						lines = []string{lines[0] + " " + nl[0]}
						changed[it.ID], changed[next.ID] = true, true
						i++
					}
				}
			}
		case Split:
			if len(lines) == 1 && it.Title == "" {
				if a, rest, ok := twoSentences(lines[0]); ok {
					k++
					if k%7 == 0 {
						lines = []string{a, rest}
						changed[it.ID] = true
					}
				}
			}
		}
		body(&b, v, it, lines)
	}
	if v == List || v == Rows {
		b.WriteString("</body></html>\n")
	}
	return "variant-" + string(v) + ext, []byte(b.String()), changed
}

// contents writes a table of contents of d's headings, each with its
// number: plain list entries, or links to the headings' anchors.
func contents(b *strings.Builder, d *corpus.Document, v Variant) {
	b.WriteString("## " + mdEscape(d.Title) + "\n\n")
	for i := range d.Items {
		it := &d.Items[i]
		if it.Title == "" {
			continue
		}
		entry := mdEscape(strings.TrimSpace(it.Number + " " + it.Title))
		if v == ContentsLinked {
			entry = "[" + entry + "](#h" + strconv.Itoa(i) + ")"
		}
		b.WriteString("- " + entry + "\n")
	}
	b.WriteString("\n")
}

// heading writes the title of it in the layout v.
func heading(b *strings.Builder, v Variant, it *corpus.Item) {
	title := it.Title
	switch v {
	case WordReplaced:
		if it.Number != "" {
			title = "Artikel " + it.Number + ". " + title
		}
	case WordRemoved, ArabicIndic, Devanagari, FullWidth, Contents, ContentsLinked:
		if it.Number != "" {
			title = digits(v, it.Number) + ". " + title
		}
	case HeadingsUnnumbered:
		// A rule's title is its first line, which prints its number.
		if it.Number != "" && it.Kind != corpus.KindSection {
			title = it.Number + ". " + title
		}
	}
	switch v {
	case List:
		b.WriteString("<h2>" + html.EscapeString(title) + "</h2>\n")
	case Rows:
		b.WriteString("<table><tr><th>" + html.EscapeString(title) + "</th></tr></table>\n")
	case Paragraphs:
		b.WriteString(title + "\n\n")
	default:
		b.WriteString("## " + mdEscape(title) + "\n\n")
	}
}

// body writes the lines of it's text in the layout v.
func body(b *strings.Builder, v Variant, it *corpus.Item, lines []string) {
	if len(lines) == 0 {
		return
	}
	switch v {
	case List:
		b.WriteString("<ul>\n")
		for _, l := range lines {
			b.WriteString("<li>" + html.EscapeString(l) + "</li>\n")
		}
		b.WriteString("</ul>\n")
	case Rows:
		b.WriteString("<table>\n")
		for _, l := range lines {
			b.WriteString("<tr><td>" + html.EscapeString(l) + "</td></tr>\n")
		}
		b.WriteString("</table>\n")
	case Paragraphs:
		for _, l := range lines {
			b.WriteString(l + "\n\n")
		}
	case WordReplaced, WordRemoved, ArabicIndic, Devanagari, FullWidth, Contents, ContentsLinked, HeadingsUnnumbered:
		for k, l := range lines {
			l = mdEscape(l)
			if k == 0 && it.Title == "" && it.Number != "" {
				l = "**" + digits(v, it.Number) + "** " + l
			}
			b.WriteString(l + "\n\n")
		}
	default:
		for _, l := range lines {
			b.WriteString("- " + mdEscape(l) + "\n")
		}
		b.WriteString("\n")
	}
}

// textLines are the non-blank lines of a text.
func textLines(text string) []string {
	var out []string
	for l := range strings.SplitSeq(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// mdEscape keeps Markdown from reading a line's own characters as markup
// (emphasis, a heading, a list marker, a table).
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]#|<>", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// endsSentence reports whether s ends with a sentence terminal.
func endsSentence(s string) bool {
	r := []rune(strings.TrimSpace(s))
	return len(r) > 0 && unicode.Is(unicode.Sentence_Terminal, r[len(r)-1])
}

// twoSentences cuts s after its first sentence terminal followed by a
// space, when both sides have text.
func twoSentences(s string) (string, string, bool) {
	for i, r := range s {
		if unicode.Is(unicode.Sentence_Terminal, r) && i+1 < len(s) && s[i+1] == ' ' {
			a, rest := strings.TrimSpace(s[:i+1]), strings.TrimSpace(s[i+1:])
			if len([]rune(a)) >= 10 && len([]rune(rest)) >= 10 {
				return a, rest, true
			}
		}
	}
	return "", "", false
}

// Key is s in comparison form: its letters and digits, lower case; a
// test compares texts a layout may have re-spaced or escaped so.
func Key(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
