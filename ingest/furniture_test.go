package ingest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// TestFurnitureContinuesNumbering: an element the page marks as
// furniture (<footer>, <aside>) that holds the label the document's
// numbering needs next is read as text, not dropped: the real udhr
// pages, their last article wrapped in a <footer> and a middle one in an
// <aside>, give the ids and texts of the pages as they are, with no
// warning. Moved after the last article, where its number does not go on
// from the one before, the wrapped article is dropped with the warning.
func TestFurnitureContinuesNumbering(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "udhr")
	files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	if len(files) == 0 {
		t.Skipf("the real corpus is not at %s", dir)
	}
	read := func(t *testing.T, name, page string) *corpus.Document {
		t.Helper()
		d, err := ingest.Options{}.Bytes(name, []byte(page))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	items := func(d *corpus.Document) []string {
		var out []string
		for _, it := range d.Items {
			out = append(out, it.ID+" "+it.Title+" | "+it.Text)
		}
		return out
	}
	furniture := func(d *corpus.Document) string {
		for _, w := range d.Warnings() {
			if strings.Contains(w, "dropped as page furniture") {
				return w
			}
		}
		return ""
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			page := string(data)
			want := read(t, f, page)
			// The articles' headings, by their element: the sections
			// from one <h2> to the next (the last to </body>).
			var at []int
			for i := 0; ; {
				k := strings.Index(page[i:], "<h2")
				if k < 0 {
					break
				}
				at = append(at, i+k)
				i += k + 1
			}
			end := strings.LastIndex(page, "</body>")
			if len(at) < 4 || end < at[len(at)-1] {
				t.Fatalf("%d <h2> headings", len(at))
			}
			mid := len(at) / 2
			wrap := func(from, to int, elem string) string {
				return page[:from] + "<" + elem + ">" + page[from:to] + "</" + elem + ">\n" + page[to:]
			}
			for _, c := range []struct{ name, page string }{
				{"last in <footer>", wrap(at[len(at)-1], end, "footer")},
				{"middle in <aside>", wrap(at[mid], at[mid+1], "aside")},
				{"two in <aside>", wrap(at[mid], at[mid+2], "aside")},
			} {
				d := read(t, f, c.page)
				if got := items(d); !slices.Equal(got, items(want)) {
					t.Errorf("%s: %d items, want %d as in the page:\n%s", c.name, len(got), len(want.Items), diffLines(got, items(want)))
				}
				if w := furniture(d); w != "" {
					t.Errorf("%s: %s", c.name, w)
				}
			}
			// The middle article after the last: its number does not
			// go on from the last's.
			moved := page[:at[mid]] + page[at[mid+1]:end] + "<aside>" + page[at[mid]:at[mid+1]] + "</aside>\n" + page[end:]
			d := read(t, f, moved)
			if w := furniture(d); w == "" || !strings.Contains(w, "<aside>") {
				t.Errorf("moved: no warning on the aside dropped; notes:\n%s", strings.Join(d.Notes, "\n"))
			}
			if len(d.Items) >= len(want.Items) {
				t.Errorf("moved: %d items, want fewer than %d (the aside dropped)", len(d.Items), len(want.Items))
			}
		})
	}
}

// diffLines lists the first lines where got and want differ.
func diffLines(got, want []string) string {
	var b strings.Builder
	for i := range max(len(got), len(want)) {
		g, w := "", ""
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			fmt.Fprintf(&b, "%d: %.100q\n   want %.100q\n", i, g, w)
			if b.Len() > 2000 {
				break
			}
		}
	}
	return b.String()
}
