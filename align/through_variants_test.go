package align_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

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
