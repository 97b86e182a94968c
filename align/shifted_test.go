package align_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestShiftedMoved deletes the seventh article of real UDHR
// translations whose texts share next to nothing the scorer checks with
// the English (no number, no term) and gives each heading after it the
// one before (ingest reads the page written so): the printed numbers
// pair articles 7 to 29 of the English with the texts of 8 to 30. The
// alignment moves each of those texts to its own article (the text of
// each English article n is the original page's article n), says so
// in a "shift" evidence, and leaves article 7 unmatched; articles 1 to
// 6 keep their labels. On the original pages nothing moves.
func TestShiftedMoved(t *testing.T) {
	en := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	for _, lang := range []string{"ja", "hi", "de", "ru"} {
		t.Run(lang, func(t *testing.T) {
			raw, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-"+lang+".md"))
			if err != nil {
				t.Fatal(err)
			}
			orig := testcorpus.Doc(t, "udhr/udhr-1948-"+lang+".md")
			if n := shifts(align.Options{}.Align(en, orig)); n > 0 {
				t.Errorf("the original: %d pairs moved", n)
			}
			text := map[string]string{} // the original's text of each article
			for _, it := range orig.Items {
				text[it.ID] = it.Text
			}
			md, ok := testcorpus.DeleteArticle(string(raw), 7)
			if !ok {
				t.Fatal("the variant could not be written")
			}
			tr, err := ingest.Options{}.Bytes("udhr-"+lang+"-del7.md", []byte(md))
			if err != nil {
				t.Fatal(err)
			}
			al := align.Options{}.Align(en, tr)
			if n := shifts(al); n < 20 {
				t.Errorf("%d pairs moved, want the 23 from article 7 on", n)
			}
			got := map[string]*corpus.Item{}
			for _, p := range al.Pairs {
				if len(p.Source) == 1 && len(p.Target) == 1 {
					got[en.Items[p.Source[0]].ID] = &tr.Items[p.Target[0]]
				}
			}
			for n := 1; n <= 30; n++ {
				id := "rule:" + strconv.Itoa(n)
				switch t2 := got[id]; {
				case n == 7 && t2 != nil:
					t.Errorf("%s, deleted, paired with the text of %q", id, t2.Text)
				case n != 7 && t2 == nil:
					t.Errorf("%s: unmatched", id)
				case n != 7 && t2.Text != text[id]:
					t.Errorf("%s paired with another article's text (printed %s)", id, t2.Number)
				}
			}
		})
	}
}

// shifts counts the pairs of al that a shift moved.
func shifts(al *align.Alignment) int {
	n := 0
	for _, p := range al.Pairs {
		for _, e := range p.Evidence {
			if e.Signal == "shift" {
				n++
				break
			}
		}
	}
	return n
}
