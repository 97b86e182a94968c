package reports_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestSyncUDHRDraftOnce syncs every Markdown translation of the UDHR to
// the English page and writes the Markdown draft on the two texts (the
// translator's case: one article heading a line, its text below). The
// draft must hold each article once, in the translation's words:
//   - read back, it has the source's 30 articles, no more;
//   - every word of the translation's articles is in it (their labels
//     are the source's);
//   - no English article's text is in it (every article is translated).
//
// A heading that prints its number alone was not found in the
// translation's text: the whole translation was kept as the draft's
// front lines, the articles written again after it, and where the
// source had a preamble the English articles came first (61 items read
// back), with exit 0.
func TestSyncUDHRDraftOnce(t *testing.T) {
	longtest.Skip(t)
	_, names := testcorpus.UDHRFiles(t)
	enText, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	articles := func(d *corpus.Document) []*corpus.Item {
		var out []*corpus.Item
		for i := range d.Items {
			if corpus.NumberedKind(d.Items[i].Kind) {
				out = append(out, &d.Items[i])
			}
		}
		return out
	}
	for _, name := range names {
		if !strings.HasSuffix(name, ".md") || name == "udhr-1948-en.md" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			text, tr := testcorpus.TextDoc(t, "udhr/"+name)
			d := gaps.Options{}.Sync(en, tr, nil)
			var b bytes.Buffer
			if _, err := reports.WriteDraft(&b, d, reports.DraftOptions{Format: "md", SourceText: string(enText), TranslationText: string(text), Now: time.Unix(1700000000, 0)}); err != nil {
				t.Fatal(err)
			}
			back, err := ingest.Options{}.Bytes("draft.md", b.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := len(articles(back)), len(articles(en)); got != want {
				t.Errorf("the draft reads back as %d articles, want the source's %d", got, want)
			}
			draft := strings.Join(strings.Fields(corpus.Clean(b.String())), " ")
			for _, it := range articles(tr) {
				for _, w := range strings.FieldsFunc(it.Text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
					if !strings.Contains(draft, w) {
						t.Errorf("%s: the word %q of the translation is not in the draft", it.ID, w)
						break
					}
				}
			}
			for _, it := range articles(en) {
				first, _, _ := strings.Cut(it.Text, "\n")
				if len(first) > 30 && strings.Contains(draft, first) {
					t.Errorf("%s: the English text %.40q is in the draft", it.ID, first)
				}
			}
		})
	}
}
