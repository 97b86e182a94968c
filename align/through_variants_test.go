package align_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestCutShortAtDivisionEnd: FIDE ru ends its article 3 with the first
// words of 3.9.1 (44 runes for the source's 239) and leaves the rest of
// the article out. With its numbers lost, the fragment is 3.9.1's, cut
// short (the run of items the article ends without starts with it), not
// the end of 3.8.2.2.2's text with 3.9.1 left out; the items before and
// after it keep their texts.
func TestCutShortAtDivisionEnd(t *testing.T) {
	src := testcorpus.Doc(t, "dev/fide-laws/fide-laws-2023-en.md")
	orig := testcorpus.Doc(t, "dev/fide-laws/fide-laws-2023-ru.md")
	want := map[string]string{}
	for _, it := range orig.Items {
		want[it.ID] = testcorpus.Key(it.Title + " " + it.Text)
	}
	for _, v := range []testcorpus.Variant{testcorpus.Bullets, testcorpus.Paragraphs} {
		r := align.Options{}.Through(src, testcorpus.Render(t, orig, v))
		got := map[string]string{}
		for _, it := range r.Doc.Items {
			got[it.ID] += testcorpus.Key(it.Title + " " + it.Text)
		}
		for _, id := range []string{"rule:3.8.2.2.2", "rule:3.9.1", "rule:4.1"} {
			if want[id] == "" || got[id] != want[id] {
				t.Errorf("%s: %s is %q, want the original's %q", v, id, got[id], want[id])
			}
		}
	}
}

// TestKindNoSourceHas: with a table of contents before it, the Social
// Contract zh's front matter stands under the contents' heading, which
// its reading makes a section (no number) where the source prints the
// same text as a preamble. An unnumbered item of a kind no source item
// has is aligned as a preamble: the front matter pairs with the
// source's, as in the original.
func TestKindNoSourceHas(t *testing.T) {
	src := testcorpus.Doc(t, "dev/debian-social-contract/debian-social-contract-1.1-en.wml")
	orig := testcorpus.Doc(t, "dev/debian-social-contract/debian-social-contract-1.1-zh.wml")
	d := testcorpus.Render(t, orig, testcorpus.Contents)
	front := testcorpus.Key(orig.Items[0].Text)
	if orig.Items[0].Kind != corpus.KindPreamble || src.Items[0].Kind != corpus.KindPreamble {
		t.Fatalf("the original and the source do not start with a preamble: %s, %s", orig.Items[0].ID, src.Items[0].ID)
	}
	if d.Items[0].Kind == corpus.KindPreamble {
		t.Fatalf("the variant's front matter is read as a preamble (%s): the test tests nothing", d.Items[0].ID)
	}
	al := align.Options{}.Align(src, d)
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && p.Source[0] == 0 {
			for _, j := range p.Target {
				if strings.Contains(testcorpus.Key(d.Items[j].Text), front) {
					return
				}
			}
		}
	}
	t.Errorf("the source's %s is not paired with the variant's front matter (%s)", src.Items[0].ID, d.Items[0].ID)
}
