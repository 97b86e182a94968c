package ingest_test

import (
	"os"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// markdownRows writes d as a Markdown file whose sections are "##"
// headings and whose items are the rows of one-column tables, numbers
// lost, as a translator's table layout gives them; with ellipses > 0,
// that many rows get an ellipsis in the middle of their text, as in
// "第四優先…と降りていきながら".
func markdownRows(d *corpus.Document, ellipses int) string {
	var b strings.Builder
	inTable := false
	for _, it := range d.Items {
		if it.Kind == "section" || it.Kind == "preamble" && it.Text == "" {
			b.WriteString("\n## " + it.Title + "\n\n")
			inTable = false
			continue
		}
		text := strings.Join(strings.Fields(strings.ReplaceAll(it.Text, "|", "/")), " ")
		if text == "" {
			continue
		}
		if !inTable {
			b.WriteString("| — |\n| --- |\n")
			inTable = true
		}
		if rs := []rune(text); ellipses > 0 && len(rs) > 40 {
			text = string(rs[:len(rs)/2]) + "…" + string(rs[len(rs)/2:])
			ellipses--
		}
		b.WriteString("| " + text + " |\n")
	}
	return b.String()
}

// TestEllipsisInTableRows: an ellipsis or two inside the sentences of a
// Markdown file's table rows leave it a Markdown file, read like the same
// rows without them; a reader page is a run of previews cut with an
// ellipsis again and again (the real TDA page stays one).
func TestEllipsisInTableRows(t *testing.T) {
	for _, rel := range []string{"dev/debian-constitution/debian-constitution-1.0-ja.wml",
		"wca/wca-regulations-2021-05-01-ja.md", "udhr/udhr-1948-zh.md", "dev/fide-laws/fide-laws-2023-ru.md"} {
		d := testcorpus.Doc(t, rel)
		plain := markdownRows(d, 0)
		if strings.Contains(plain, "…") {
			plain = strings.ReplaceAll(plain, "…", "...")
		}
		base, err := ingest.Options{Lang: d.Lang}.Bytes("rows.md", []byte(plain))
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		for _, n := range []int{1, 2} {
			text := markdownRows(d, n)
			if f := ingest.Detect(text); f == "reader" {
				t.Errorf("%s with %d ellipses in its rows: detected as %q", rel, n, f)
			}
			got, err := ingest.Options{Lang: d.Lang}.Bytes("rows.md", []byte(text))
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			if len(got.Items) != len(base.Items) {
				t.Errorf("%s with %d ellipses in its rows: %d items, %d without", rel, n, len(got.Items), len(base.Items))
			}
			for _, note := range got.Notes {
				if strings.Contains(note, "page furniture") {
					t.Errorf("%s with %d ellipses in its rows: %s", rel, n, note)
				}
			}
		}
	}
	page, err := os.ReadFile(testcorpus.Path(t, "seeds/tda-2024-ja-reader-page.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if f := ingest.Detect(string(page)); f != "reader" {
		t.Errorf("the TDA reader page detected as %q", f)
	}
}
