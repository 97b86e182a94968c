package reports

import "testing"

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
