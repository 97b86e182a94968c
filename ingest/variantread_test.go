package ingest_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestVariantHeadingsRead: a real file written again as Markdown, each
// titled item a "## " heading with its number or without one (the
// word-removed and word-replaced variants), is read as Markdown: a text
// that prints headings is no text whose headings were lost, however many
// of its paragraphs open with an example's label ("例1:"). Where the
// file prints no numbers (a reader page's cards), each heading is an
// item with a title, or the document's title (95% of them). The quick
// suite reads 24 of the files (longtest.Sample), the long one all.
func TestVariantHeadingsRead(t *testing.T) {
	all, files := realTextFiles(t), map[string]string{}
	for _, name := range longtest.Sample(slices.Sorted(maps.Keys(all)), 24) {
		files[name] = all[name]
	}
	eachRead(t, files, func(t *testing.T, k int, name string, data []byte, orig *corpus.Document) {
		want := titles(orig)
		if len(want) < 2 {
			t.Skip("fewer than two titled items")
		}
		for _, v := range []testcorpus.Variant{testcorpus.WordRemoved, testcorpus.WordReplaced} {
			file, src, _ := testcorpus.Write(orig, v)
			d, err := ingest.Options{Lang: orig.Lang}.Bytes(file, src)
			if err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			if d.Source.Format != "markdown" {
				t.Errorf("%s: read as %s, want markdown", v, d.Source.Format)
			}
			if numbered(orig) {
				continue
			}
			// One heading may be the document's title. (Counted, not
			// compared, and 95% of them: a reader may read a title's
			// markup otherwise, "``Checksums-Sha1`` and ..." of the
			// Debian Policy.)
			got := titles(d)
			got[testcorpus.Key(d.Title)] = true
			if len(got)*100 < len(want)*95 {
				t.Errorf("%s: %d titles of items and of the document, want the %d headings", v, len(got), len(want))
			}
		}
	})
}

// numbered reports whether an item of d prints a number.
func numbered(d *corpus.Document) bool {
	for _, it := range d.Items {
		if it.Number != "" {
			return true
		}
	}
	return false
}

// titles are the titles of d's items, in comparison form
// (testcorpus.Key).
func titles(d *corpus.Document) map[string]bool {
	out := map[string]bool{}
	for _, it := range d.Items {
		if it.Title != "" {
			out[testcorpus.Key(it.Title)] = true
		}
	}
	return out
}
