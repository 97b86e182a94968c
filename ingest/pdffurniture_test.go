package ingest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/pdftest"
)

// layoutPDF is a PDF of n numbered lines, 50 to a page, every page of
// one layout, with header (above the lines) and footer (below them)
// when they are not nil: of the page's number, from 1.
func layoutPDF(n int, header, footer func(page int) string) []byte {
	return pdftest.Lines(n, func(i int) string { return fmt.Sprintf("%d. Players act in turn.", i) }, header, footer)
}

// TestPDFFurnitureKeepsNumbering: on pages of one layout, the numbered
// lines in the band a running header takes (the top tenth of the page),
// whose text recurs, numbers aside, on every page, are items the
// numbering's succession places (each follows the line before it and
// the line after follows it): every line is read, and nothing is said
// dropped. A header and a footer that do recur are dropped and said so,
// a header that prints a number ("3. Laws of Play") among them.
func TestPDFFurnitureKeepsNumbering(t *testing.T) {
	text := func(s string) func(int) string { return func(int) string { return s } }
	page := func(f string) func(int) string { return func(p int) string { return fmt.Sprintf(f, p) } }
	for _, c := range []struct {
		name           string
		header, footer func(int) string
		dropped        int
	}{
		{"bare", nil, nil, 0},
		{"header and page number", text("Laws of Play"), page("- %d -"), 40},
		{"numbered header", text("3. Laws of Play"), page("Page %d of 20"), 40},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ingest.Options{}.Bytes("layout.pdf", layoutPDF(1000, c.header, c.footer))
			if err != nil {
				t.Fatal(err)
			}
			rules := 0
			for i, it := range d.Items {
				if want := fmt.Sprintf("rule:%d", rules+1); it.ID == want && it.Text == "Players act in turn." {
					rules++
				} else if rules < 1000 {
					t.Errorf("item %d: %s %q, want %s", i, it.ID, it.Text, want)
					break
				}
			}
			if rules != 1000 || len(d.Items) != 1000 {
				t.Errorf("%d items, %d of the 1000 rules in order", len(d.Items), rules)
			}
			notes := strings.Join(d.Notes, "\n")
			want := ""
			if c.dropped > 0 {
				want = fmt.Sprintf("dropped %d running header, footer and page-number lines", c.dropped)
			}
			if got := strings.Contains(notes, "running header"); got != (want != "") || want != "" && !strings.Contains(notes, want) {
				t.Errorf("notes %q, want %q", d.Notes, want)
			}
			for _, w := range d.Warnings() {
				t.Errorf("warning %q", w)
			}
		})
	}
}
