package ingest_test

import (
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestParagraphHeadings writes every dev file as plain paragraphs, a
// line of its text a paragraph, no numbers and no markup (the
// paragraphs variant: hard-wrapped lines become paragraphs of their
// own, as a page copied from a browser gives them), and reads it. A
// heading needs evidence beyond being short and unpunctuated (guide.go,
// wrapped): where the reading finds headings, fewer of them may be lines
// the original does not head an item with than the original has titles
// (the Debian Constitution in Japanese took 88 lines of wrapped
// paragraphs for headings beside its 34 titles), and two thirds of the
// original's titles short enough for a heading line stay headings (the
// fewest kept: 69%, of the Flesh and Blood keywords chapter's).
func TestParagraphHeadings(t *testing.T) {
	longtest.Skip(t)
	eachDevDoc(t, func(t *testing.T, name, path string, d *corpus.Document) {
		v := testcorpus.Render(t, d, testcorpus.Paragraphs)
		// The original's titles, and how many are short enough for a
		// line of their own to be read as a heading (the guide reader
		// takes up to 40 runes).
		titles := map[string]bool{}
		n, short := 0, 0
		for _, it := range d.Items {
			if it.Title != "" {
				titles[it.Title] = true
				n++
				if utf8.RuneCountInString(it.Title) <= 40 {
					short++
				}
			}
		}
		found, kept := 0, 0
		for _, it := range v.Items {
			if it.Title != "" {
				found++
				if titles[it.Title] {
					kept++
				}
			}
		}
		t.Logf("read as %s: %d headings, %d of them titles of the original's (%d titles, %d short)", v.Source.Format, found, kept, n, short)
		if found-kept > n {
			t.Errorf("%d lines read as headings that head no item of the original, beside its %d titles", found-kept, n)
		}
		if v.Source.Format == "guide" && 3*kept < 2*short {
			t.Errorf("%d of the original's %d short titles read as headings, want two thirds", kept, short)
		}
	})
}
