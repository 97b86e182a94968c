package gaps_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestRenumberedNotCarried: a translation with one article deleted and
// the headings after it renumbered prints, from that article on, each
// article's text under the number of the one before. Its labels pair
// most source items with the text of another, which states none of
// their numbers and terms (Affinity's median): the deleted article is
// not placed (its heading's number now heads the next article's text),
// and the translation is still put on its source. The languages are
// those whose texts state numbers or terms the source's do (the
// measure has nothing to judge on the others).
func TestRenumberedNotCarried(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	_, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	for _, lang := range []string{"zh"} {
		b, err := os.ReadFile(filepath.Join(dir, "udhr-1948-"+lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{3, 7, 15} {
			t.Run(lang+"/"+strconv.Itoa(k), func(t *testing.T) {
				md, ok := testcorpus.DeleteArticle(string(b), k)
				if !ok {
					t.Fatal("the variant could not be written")
				}
				tr, err := ingest.Options{}.Bytes("udhr-"+lang+"-del.md", []byte(md))
				if err != nil {
					t.Fatal(err)
				}
				r := gaps.Options{}.Gaps(en, tr, nil)
				if err := r.Unplaceable(); err != nil {
					t.Fatalf("refused: %v", err)
				}
				id := "rule:" + strconv.Itoa(k)
				if !slices.ContainsFunc(r.Findings, func(f gaps.Finding) bool {
					return f.SourceID == id && (f.Check == "missing" || f.Check == "review")
				}) {
					t.Errorf("%s, deleted, carries a text with no finding", id)
				}
			})
		}
	}
}
