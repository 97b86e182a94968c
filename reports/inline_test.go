package reports

import (
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// TestInlined puts Markdown's inline markup back on plain fields: nested
// marks in order, a tag that stands alone, a label the field does not
// have, a mark whose text the field lacks (left out, the field kept),
// and XML inline elements that give the Markdown back as their text.
func TestInlined(t *testing.T) {
	for _, c := range []struct{ field, raw, want string }{
		{"see Regulation 2k.", "- 1e2) see [Regulation 2k](regulations:regulation:2k).", "see [Regulation 2k](regulations:regulation:2k)."},
		{"a bold link and code", "a **bold [link](x)** and `code`", "a **bold [link](x)** and `code`"},
		{"Title", "## <wca-title>Title", "<wca-title>Title"},
		{"first\nsecond line", "    - first\n      second *line*", "first\nsecond *line*"},
		{"changed words", "some [other](x) words", "changed words"},
		{"x_y and *", `x\_y and \*`, "x_y and *"},
	} {
		if got := inlined(c.field, []string{c.raw}); got != c.want {
			t.Errorf("inlined(%q, %q) = %q, want %q", c.field, c.raw, got, c.want)
		}
	}
	// An inline tag whose start and end stand in paragraphs of their own
	// (a draft writes each line of an HTML item's text as a paragraph):
	// each stays on its own line, the end tag after the text it closes.
	for _, c := range []struct {
		field string
		raw   []string
		want  string
	}{
		{"A,\nB.\nC.", []string{"<cite>A,", "", "B.</cite>", "", "C."}, "<cite>A,\nB.</cite>\nC."},
		{"A\nand B\nC.", []string{"<q>A</q>", "", "and <q>B", "", "</q>C."}, "<q>A</q>\nand <q>B</q>\nC."},
	} {
		if got := inlined(c.field, c.raw); got != c.want {
			t.Errorf("inlined(%q, %q) = %q, want %q", c.field, c.raw, got, c.want)
		}
	}
	mk := markup{nil: {}}
	for _, c := range []struct{ in, want string }{
		{"see [R 2k](reg:2k).", `see <bpt id="1">[</bpt>R 2k<ept id="1">](reg:2k)</ept>.`},
		{"<br>a &", `<ph id="1">&lt;br&gt;</ph>a &amp;`},
		{`x\_y`, `x\_y`},         // an escape: the text stays text
		{"- [a](b)", "- [a](b)"}, // block syntax: the text stays text
	} {
		if got := xmlInline(c.in, mk, "id"); got != c.want {
			t.Errorf("xmlInline(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestHTMLMarkup finds HTML items in their page: a title where it
// stands before its text, not in the table of contents before it; a
// text split around a list, whose items come between; an item whose
// text is not in the page unmarked.
func TestHTMLMarkup(t *testing.T) {
	page := `<ul><li><a href="#a">Alpha</a></li></ul>
<h2 id="a">Alpha</h2><p>one <a href="x">link</a> two</p>
<h2>S</h2><p>intro <q>q</q></p><ol><li>x <b>y</b></li></ol><p>af<i>ter</i></p>`
	doc := &corpus.Document{Items: []corpus.Item{
		{ID: "a", Title: "Alpha", Text: "one link two"},
		{ID: "s", Title: "S", Text: "intro q\nafter"},
		{ID: "c", Text: "x y"},
		{ID: "n", Text: "not there"},
	}}
	mk := markup{}
	htmlMarkup(mk, doc, newMarkedText(ingest.HTMLInline(page)))
	for i, want := range []markedItem{{"Alpha", "one [link](x) two"}, {"S", "intro <q>q</q>\naf*ter*"}, {"", "x **y**"}, {"", "not there"}} {
		if got := mk[&doc.Items[i]]; got != want {
			t.Errorf("%s: %q, want %q", doc.Items[i].ID, got, want)
		}
	}
}

// TestSpanned joins the lines a mark spans into one paragraph, and no
// others.
func TestSpanned(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  []bool
	}{
		{[]string{"a [b", "c](d) e", "f"}, []bool{true, false}},
		{[]string{"a **b", "c", "d** e"}, []bool{true, true}},
		{[]string{"a [b](c)", "d"}, []bool{false}},
		{[]string{"a [b", "", "c](d)"}, []bool{false, false}}, // a blank line ends a paragraph
	} {
		if got := spanned(c.lines, true); !slices.Equal(got, c.want) {
			t.Errorf("spanned(%q) = %v, want %v", c.lines, got, c.want)
		}
	}
}
