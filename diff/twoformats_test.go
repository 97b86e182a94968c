package diff_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// twoFormatPairs are the corpus's documents present in two formats: every
// udhr language with both a Markdown and an HTML page, and the TDA rules
// as PDF and as DOCX. (The Flesh and Blood chapter's Markdown prints no
// numbers, which its HTML prints: its ids differ by design, and devtruth
// scores it through alignment.)
func twoFormatPairs(t *testing.T) [][2]string {
	t.Helper()
	dir := testcorpus.Path(t, "udhr")
	names, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	var pairs [][2]string
	for _, h := range names {
		md := strings.TrimSuffix(h, ".html") + ".md"
		if _, err := os.Stat(md); err == nil {
			pairs = append(pairs, [2]string{"udhr/" + filepath.Base(md), "udhr/" + filepath.Base(h)})
		}
	}
	if len(pairs) == 0 {
		t.Fatal("no udhr language with both a Markdown and an HTML page")
	}
	return append(pairs,
		[2]string{"tda/tda-2022-shortform-en.pdf", "tda/tda-2022-shortform-en.docx"},
		[2]string{"tda/tda-2024-longform-en.pdf", "tda/tda-2024-longform-en.docx"})
}

// shape is a document's items as ids, kinds and part labels, one line an
// item.
func shape(d *corpus.Document) []string {
	out := make([]string, 0, len(d.Items))
	for _, it := range d.Items {
		var labels []string
		for _, p := range it.Parts {
			labels = append(labels, p.Label)
		}
		out = append(out, it.ID+" "+string(it.Kind)+" ["+strings.Join(labels, " ")+"]")
	}
	return out
}

// TestSameDocumentTwoFormats reads each document the corpus has in two
// formats both ways: the two readings give the same items (ids, kinds,
// part labels, in order), diff finds no substantive change from one
// to the other, and their languages agree (Hindi read as "hi" from one
// page and as the script alone, "und-Deva", from the other, is one
// language).
func TestSameDocumentTwoFormats(t *testing.T) {
	for _, p := range twoFormatPairs(t) {
		t.Run(filepath.Base(p[1]), func(t *testing.T) {
			a, b := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
			sa, sb := shape(a), shape(b)
			for i := 0; i < len(sa) || i < len(sb); i++ {
				if i >= len(sa) || i >= len(sb) || sa[i] != sb[i] {
					t.Errorf("%d and %d items; first apart at %d: %q vs %q", len(sa), len(sb), i, at(sa, i), at(sb, i))
					break
				}
			}
			if msg := diff.LanguageMismatch(a.Lang, b.Lang, p[0], p[1]); msg != "" {
				t.Error(msg)
			}
			c := diff.Options{}.Compare(a, b)
			if n := c.Count(diff.Substantive); n > 0 {
				t.Errorf("%d substantive changes from %s to %s, want none", n, p[0], p[1])
			}
		})
	}
}

// at is s[i], or "(none)" past its end.
func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(none)"
}
