package ingest_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
)

// TestUDHRShortContents puts a contents list of a page's headings
// before its articles (its title and preamble, each with a page number)
// in front of every udhr Markdown page, at run time from the real file,
// its title heading at the articles' level: a number that starts a line
// of the front matter ("१० दिसम्बर १९४८", a date) that the numbering
// does not place takes no item id, and no article takes "-2". Pages
// whose headings' places number them (ordinal words) are left out: a
// contents list before them is read otherwise (their articles'
// paragraph numbers become the numbering), which this test does not
// hold.
func TestUDHRShortContents(t *testing.T) {
	longtest.Skip(t)
	for _, p := range udhrPages(t) {
		orig, err := ingest.Options{}.Read(p.name, bytes.NewReader(p.data))
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(orig.Notes, func(n string) bool { return strings.Contains(n, "their places number them") }) {
			continue
		}
		var front []string // the headings before the articles'
		out := append([]string(nil), p.lines...)
		for i := 0; i < p.heads[0]; i++ {
			if h, ok := strings.CutPrefix(out[i], "# "); ok {
				out[i] = "## " + h
			}
			if h, ok := strings.CutPrefix(out[i], "## "); ok {
				front = append(front, h)
			}
		}
		if len(front) == 0 {
			continue
		}
		list := []string{"## ☰", ""}
		for k, h := range front {
			list = append(list, h+" ........ "+string(rune('3'+k)))
		}
		d, err := ingest.Options{}.Read(p.name, strings.NewReader(strings.Join(append(append(list, ""), out...), "\n")))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := strings.Join(articleIDs(d), " "), strings.Join(articleIDs(orig), " "); got != want {
			t.Errorf("%s: article ids\n%s\nwant\n%s", p.name, got, want)
		}
		for _, n := range d.Notes {
			if strings.Contains(n, "printed twice") {
				t.Errorf("%s: %s", p.name, n)
			}
		}
	}
}
