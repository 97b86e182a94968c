package align_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestShiftedMarked deletes the seventh article of real UDHR
// translations whose texts share next to nothing the scorer checks with
// the English (no number, no term) and gives each heading after it the
// one before (ingest reads the page written so): the printed numbers
// pair articles 7 to 29 of the English with the texts of 8 to 30. Each
// of those pairs is marked low with a mismatch that says the run
// shifted; the pairs before it are not, and the original pages give no
// such mark.
func TestShiftedMarked(t *testing.T) {
	en := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	shift := func(al *align.Alignment) map[string]bool {
		out := map[string]bool{}
		for _, p := range al.Pairs {
			for _, e := range p.Evidence {
				if e.Signal == "mismatch" && strings.Contains(e.Detail, "the translation shifted") {
					out[al.Source.Items[p.Source[0]].ID] = p.Low
				}
			}
		}
		return out
	}
	for _, lang := range []string{"ja", "hi", "de", "ru"} {
		t.Run(lang, func(t *testing.T) {
			raw, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-"+lang+".md"))
			if err != nil {
				t.Fatal(err)
			}
			if got := shift(align.Options{}.Align(en, testcorpus.Doc(t, "udhr/udhr-1948-"+lang+".md"))); len(got) > 0 {
				t.Errorf("the original: marked shifted %v", got)
			}
			md, ok := testcorpus.DeleteArticle(string(raw), 7)
			if !ok {
				t.Fatal("the variant could not be written")
			}
			tr, err := ingest.Options{}.Bytes("udhr-"+lang+"-del7.md", []byte(md))
			if err != nil {
				t.Fatal(err)
			}
			got := shift(align.Options{}.Align(en, tr))
			for n := 1; n <= 29; n++ {
				id := "rule:" + strconv.Itoa(n)
				low, marked := got[id]
				switch {
				case n < 7 && marked:
					t.Errorf("%s, before the deleted article: marked shifted", id)
				case n >= 7 && !(marked && low):
					t.Errorf("%s carries the text of article %d: not marked shifted and low", id, n+1)
				}
			}
		})
	}
}
