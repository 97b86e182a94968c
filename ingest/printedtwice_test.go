package ingest_test

import (
	"maps"
	"strconv"
	"strings"
	"testing"
)

// TestNumberPrintedTwice: a number printed on two items next to each
// other ("1. 2. 2. 4.") gives two items, the second with a distinct id,
// and a warning that names both places; neither is folded into the item
// before it. In Markdown, in a quote, in plain text and in HTML.
func TestNumberPrintedTwice(t *testing.T) {
	want := map[string]string{"rule:1": "First rule.", "rule:2": "Second rule.", "rule:2-2": "Another second.", "rule:4": "Fourth rule."}
	for _, c := range []struct {
		name, page string
		lines      [2]int // of the two items that print 2; 0 where the reader keeps no lines
	}{
		{"rules.md", "# Rules\n\n1. First rule.\n2. Second rule.\n2. Another second.\n4. Fourth rule.\n", [2]int{4, 5}},
		{"quote.md", "# Rules\n\n> 1. First rule.\n> 2. Second rule.\n> 2. Another second.\n> 4. Fourth rule.\n", [2]int{4, 5}},
		{"rules.txt", "Rules\n\n1. First rule.\n\n2. Second rule.\n\n2. Another second.\n\n4. Fourth rule.\n", [2]int{5, 7}},
		// One line each, every number there: the numbered reader's page.
		{"lines.txt", "Rules\n\n1. First rule.\n2. Second rule.\n2. Another second.\n4. Fourth rule.\n", [2]int{4, 5}},
		{"rules.html", "<html><body><h1>Rules</h1>\n<p>1. First rule.</p>\n<p>2. Second rule.</p>\n<p>2. Another second.</p>\n<p>4. Fourth rule.</p>\n</body></html>\n", [2]int{3, 4}},
		// Read by the tree reader: misnested formatting (the adoption
		// agency), a table whose text the parser moves out of it.
		{"misnested.html", "<html><body><h1>Rules</h1>\n<p><b><i>1.</b></i> First rule.</p>\n<p>2. Second rule.</p>\n<p>\n  2. Another second.</p>\n<p>4. Fourth rule.</p>\n</body></html>\n", [2]int{3, 5}},
		{"table.html", "<html><body><h1>Rules</h1>\n<table>Read these rules.<tr><td>Contents</td></tr></table>\n<p>1. First rule.</p>\n<p>2. Second rule.</p>\n<p>2. Another second.</p>\n<p>4. Fourth rule.</p>\n</body></html>\n", [2]int{4, 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := ingestFile(t, c.name, c.page)
			got := map[string]string{}
			for _, it := range d.Items {
				if it.Number != "" {
					got[it.ID] = it.Text
				}
			}
			if !maps.Equal(got, want) {
				t.Errorf("items %q\nwant %q", got, want)
			}
			named := false
			for _, w := range d.Warnings() {
				named = named || strings.Contains(w, "printed twice") && strings.Contains(w, "rule:2 at") &&
					(c.lines[0] == 0 || strings.Contains(w, "(line "+strconv.Itoa(c.lines[0])+") and") && strings.Contains(w, "(line "+strconv.Itoa(c.lines[1])+")"))
			}
			if !named {
				t.Errorf("no warning names both places (lines %v): %q", c.lines, d.Warnings())
			}
		})
	}
}
