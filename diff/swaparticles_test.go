package diff_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestSwappedArticlesDiff compares every page of TestSwappedArticles
// (two whole articles, heading and items, exchanged on every UDHR page,
// Markdown and HTML, and on the dev rulebooks whose articles are
// numbered headings) with its original, as an edition that prints two
// articles in each other's places: the diff holds at least one change,
// and every change is an editorial move of an item that kept its id,
// title and text, no more of them than the two articles have items.
// Read by the ids alone the two editions are the same, and the diff
// said "no changes" for all 199. A page whose headings print no number,
// which its places number, reads the swap as texts exchanged between
// numbers, and so does a heading the page misprints: logged, as
// TestSwappedArticles logs them, with the one swap ingest reads with
// other ids than the original's (FIDE's Armenian 1<>12).
func TestSwappedArticlesDiff(t *testing.T) {
	longtest.Skip(t)
	origs := map[string]*corpus.Document{}
	bad, placed := 0, 0
	swaps := testcorpus.ArticleSwaps(t)
	for _, s := range swaps {
		old := origs[s.File]
		if old == nil {
			old = testcorpus.Doc(t, s.File)
			origs[s.File] = old
		}
		cur, err := ingest.Options{}.Bytes(filepath.Base(s.File), []byte(s.Text))
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		c := diff.Options{}.Compare(old, cur)
		msg := moveFault(c)
		switch {
		case msg == "":
		case testcorpus.NumberedByPlace(old):
			placed++
			t.Logf("%s (numbered by place): %s", s.Name(), msg)
		case testcorpus.Misprinted(old, s.A) || testcorpus.Misprinted(old, s.B):
			t.Logf("%s (a misprinted heading): %s", s.Name(), msg)
		default:
			bad++
			t.Logf("%s: %s", s.Name(), msg)
		}
	}
	t.Logf("%d of %d swaps not read as moves (%d more on pages numbered by place)", bad, len(swaps), placed)
	if bad > 1 {
		t.Errorf("%d swaps not read as moves, want 1 at most (FIDE's Armenian 1<>12, which ingest reads with other ids)", bad)
	}
}

// moveFault says how the comparison of a page with the page with two
// articles exchanged is not one of moves alone: "" when every change
// is an editorial move of an item with the same id, title and text, one
// or two of them (an article and its items move as one).
func moveFault(c *diff.Comparison) string {
	if len(c.Changes) == 0 {
		return "no changes"
	}
	for i := range c.Changes {
		ch := &c.Changes[i]
		o, n := c.OldItem(ch), c.NewItem(ch)
		switch {
		case ch.Kind != diff.Moved || ch.Severity != diff.Editorial:
			return fmt.Sprintf("%s %s: %s", ch.Severity, ch.Kind, ch.Reason)
		case o.ID != n.ID || o.Title != n.Title || o.Text != n.Text:
			return fmt.Sprintf("moved %s is %s in the old edition", n.ID, o.ID)
		}
	}
	if len(c.Changes) > 2 {
		return fmt.Sprintf("%d moves, where two articles moved", len(c.Changes))
	}
	return ""
}
