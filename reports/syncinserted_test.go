package reports_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestSyncInsertedArticleRelabels: a source edition that inserts an
// article renumbers the articles after it, and the draft carries each
// translation's article under its new number in the translator's own
// lines, their number relabelled in the numerals the heading prints
// them in (digits of any script, CJK numerals: "## 第七条" -> "## 第八条").
// Every Markdown udhr translation, as published and with its headings'
// numbers written in CJK numerals, is synced to the English with an
// article inserted before the seventh (testcorpus.InsertArticle), from
// the English as published; each item of the draft synced to the
// English as published must read back, under the id the insert gave it
// (Draft.Renumbered), with the same text. The quick suite takes a
// quarter of the pages; -tags long all.
func TestSyncInsertedArticleRelabels(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	enText, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	srcText, ok := testcorpus.InsertArticle(enText, 7)
	if !ok {
		t.Fatal("no article inserted in the English udhr page")
	}
	src, err := ingest.Options{}.Bytes("udhr-1948-en-inserted.md", []byte(srcText))
	if err != nil {
		t.Fatal(err)
	}
	tried, moved := 0, 0
	for k, name := range names {
		if !strings.HasSuffix(name, ".md") || name == "udhr-1948-en.md" || !longtest.On() && k%4 != 0 {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		cjk, _ := rewriteHeadings(string(raw), func(s string) string {
			n := 0
			for _, r := range s {
				n = n*10 + int(r-'0')
			}
			if n <= 0 || n >= 100 {
				return s
			}
			return cjkNumber(n)
		})
		for _, text := range []string{string(raw), cjk} {
			label := name
			if text == cjk {
				label += " (CJK numerals)"
			}
			tr, err := ingest.Options{}.Bytes(name, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			d0 := gaps.Options{}.Sync(en, tr, nil)
			back0 := draftBack(t, d0, enText, text)
			d1 := gaps.Options{}.Sync(src, tr, en)
			back1 := draftBack(t, d1, srcText, text)
			tried++
			byID := map[string]*corpus.Item{}
			for i := range back1.Items {
				byID[back1.Items[i].ID] = &back1.Items[i]
			}
			missed := 0
			for _, it := range back0.Items {
				id := it.ID
				if to, ok := d1.Renumbered[id]; ok {
					id = to
					moved++
				}
				got := byID[id]
				if got != nil && plainText(got.Text) == plainText(it.Text) {
					continue
				}
				if missed++; missed <= 2 {
					g := "(none)"
					if got != nil {
						g = got.Text
					}
					t.Errorf("%s: %s (%s before the insert) reads back %.60q, want %.60q", label, id, it.ID, g, it.Text)
				}
			}
			if missed > 2 {
				t.Errorf("%s: %d items more read back with another text", label, missed-2)
			}
		}
	}
	if tried == 0 || moved == 0 {
		t.Fatalf("%d drafts, %d items renumbered: nothing tried", tried, moved)
	}
}

// draftBack writes d as a Markdown draft on the source's and the
// translation's texts and reads it back.
func draftBack(t *testing.T, d *gaps.Draft, srcText, trText string) *corpus.Document {
	t.Helper()
	var b bytes.Buffer
	if _, err := reports.WriteDraft(&b, d, reports.DraftOptions{Format: "md", SourceText: srcText, TranslationText: trText, Now: time.Unix(1700000000, 0)}); err != nil {
		t.Fatal(err)
	}
	back, err := ingest.Options{}.Bytes("draft.md", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// plainText is a read-back text without notes and markers, its white
// space closed up.
func plainText(s string) string {
	s, _ = corpus.StripMarkers(corpus.DropNotes(s))
	return strings.Join(strings.Fields(s), " ")
}
