package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestMadeDraftTitleMarked syncs each Debian Constitution translation to
// its English edition (HTML: the draft is made from the documents, every
// item with an id marker, so that the draft's structure comes from its
// headings), as it is and with its title changed: the Markdown and text
// drafts read back with the translation's title as the document's title
// and with no item no entry wrote, the title line carrying the title
// marker. Before, the title heading read back as an item of its own
// (item:1) in all 12 drafts.
func TestMadeDraftTitleMarked(t *testing.T) {
	longtest.Skip(t)
	const dir = "dev/debian-constitution/"
	pairs := [][2]string{{"1.0-en", "1.0-ja"}, {"1.7-en", "1.7-ja"}, {"1.7-en", "1.7-ko"}, {"1.7-en", "1.7-ru"}}
	for _, p := range pairs {
		src := testcorpus.Doc(t, dir+"debian-constitution-"+p[0]+".wml")
		tr := testcorpus.Doc(t, dir+"debian-constitution-"+p[1]+".wml")
		for _, retitled := range []bool{false, true} {
			tr := *tr
			if retitled {
				tr.Title = "Перевод " + tr.Title
			}
			for _, format := range []string{"md", "text"} {
				d := gaps.Options{}.Sync(src, &tr, nil)
				var b bytes.Buffer
				st, err := WriteDraft(&b, d, DraftOptions{Format: format, Now: time.Unix(1700000000, 0)})
				if err != nil {
					t.Fatal(err)
				}
				what := p[1] + " " + format
				if retitled {
					what += " retitled"
				}
				first, _, _ := strings.Cut(b.String(), "\n")
				if !strings.HasSuffix(first, " "+corpus.TitleMarker) {
					t.Errorf("%s: first line %q, want the title marked", what, first)
				}
				back, err := ingest.Options{}.Bytes("draft."+draftExt[format], b.Bytes())
				if err != nil {
					t.Fatalf("%s: read back: %v", what, err)
				}
				if back.Title != tr.Title {
					t.Errorf("%s: read back with the title %q, want %q", what, back.Title, tr.Title)
				}
				if len(st.Unwritten) > 0 || len(unwritten(back, d)) > 0 {
					t.Errorf("%s: read back with items no entry wrote: %q %q", what, st.Unwritten, unwritten(back, d))
				}
			}
		}
	}
}
