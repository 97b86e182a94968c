package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// tableCellsKept is how many of the udhr pages laid out as one table
// (TableCells), of the 36 with five breaks or more, keep every article
// id of the page as written. The others' rows are read otherwise where
// the first cell prints a number the reading of rows does not take as
// the heading's does (Tibetan and Mongolian numerals, "Article premier",
// roman numerals, a heading of words alone) or a cell's own numbered
// paragraphs take the article's place (ja 23).
const tableCellsKept = 27

// TestTableCellBreaks: a Markdown page whose table cells hold <br> line
// breaks is Markdown, however many of them there are (inline HTML is
// Markdown's), and its rows are the articles they print.
func TestTableCellBreaks(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	pages, kept := 0, 0
	var lost []string
	for _, name := range names {
		if filepath.Ext(name) != ".md" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		table, ok := testcorpus.TableCells(string(data))
		if !ok || strings.Count(table, "<br>") < 5 {
			continue
		}
		pages++
		orig, err := ingest.Options{}.Bytes(name, data)
		if err != nil {
			t.Fatal(err)
		}
		d, err := ingest.Options{}.Bytes(name, []byte(table))
		if err != nil {
			t.Fatalf("%s as a table: %v", name, err)
		}
		if d.Source.Format != "markdown" {
			t.Errorf("%s as a table: read as %s, want markdown", name, d.Source.Format)
			continue
		}
		have := map[string]bool{}
		for _, it := range d.Items {
			have[it.ID] = true
		}
		all := true
		for _, it := range orig.Items {
			if strings.HasPrefix(it.ID, "rule:") && !have[it.ID] {
				all = false
			}
		}
		if all {
			kept++
		} else {
			lost = append(lost, name)
		}
	}
	if pages < 30 {
		t.Fatalf("%d udhr pages with <br> in their table; want 30 or more", pages)
	}
	if kept < tableCellsKept {
		t.Errorf("%d of %d pages as tables keep every article id, want %d or more; not: %s", kept, pages, tableCellsKept, strings.Join(lost, " "))
	}
	t.Logf("%d of %d pages as tables keep every article id; not: %s", kept, pages, strings.Join(lost, " "))
}
