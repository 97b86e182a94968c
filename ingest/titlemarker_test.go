package ingest_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// TestTitleMarkerIsTheTitle: a heading that holds the title marker
// (corpus.TitleMarker) is the document's title, without the marker, and
// no item, in Markdown (ATX and setext) and plain text, where the
// headings give the structure (every item marked with its id, the
// numbers read as none) and where the numbering does. Without the
// marker, the same heading of the structure read from headings is an
// item of its own (item:1): the layout alone cannot say it is the title.
func TestTitleMarkerIsTheTitle(t *testing.T) {
	body := "## {{rulesync:id pre:1}}\n\nFront words.\n\n" +
		"### 1 Intro {{rulesync:id rule:1}}\n\nBody one.\n\n" +
		"### 2 Second {{rulesync:id rule:2}}\n\nBody two.\n\n" +
		"### 2(1) {{rulesync:id rule:2(1)}}\n\nPart one.\n"
	plain := "### 1 Intro\n\nBody one.\n\n### 2 Second\n\nBody two.\n\n### 3 Third\n\nBody three.\n"
	text := "Front words.\n\n1 Intro\n-------\n\nBody one.\n\n2 Second\n--------\n\nBody two.\n\n3 Third\n-------\n\nBody three.\n"
	for _, c := range []struct{ name, title, rest string }{
		{"headings.md", "# Title of the Book", body},
		{"numbered.md", "# Title of the Book", plain},
		{"setext.md", "Title of the Book\n=================", body},
		{"plain.txt", "Title of the Book\n=================", text},
	} {
		for _, marked := range []bool{true, false} {
			title := c.title
			if marked {
				first, under, _ := strings.Cut(title, "\n")
				title = first + " " + corpus.TitleMarker
				if under != "" {
					title += "\n" + strings.Repeat("=", len(title))
				}
			}
			d, err := ingest.Options{}.Bytes(c.name, []byte(title+"\n\n"+c.rest))
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if d.Title != "Title of the Book" {
				t.Errorf("%s (marked %v): title %q", c.name, marked, d.Title)
			}
			asItem := false
			for _, it := range d.Items {
				if strings.Contains(it.Title+it.Text, "rulesync") {
					t.Errorf("%s (marked %v): %s keeps a marker: %q", c.name, marked, it.ID, it.Title+" | "+it.Text)
				}
				asItem = asItem || strings.Contains(it.Title, "Title of the Book")
			}
			if marked && asItem {
				t.Errorf("%s: the marked title is read as an item: %v", c.name, d.Items)
			}
			if !marked && c.name == "headings.md" && !asItem {
				t.Errorf("%s: the title without the marker is no item: the case the marker is for is gone", c.name)
			}
		}
	}
}
