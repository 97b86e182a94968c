package reports_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestSyncUntitledHeading: a translation heading that prints its
// article's number without the title ("## 第B条" for "## Article B:
// Blindfolded Solving") is the same section as with its title. The
// Japanese WCA Regulations, with the title of one article heading at a
// time cut, are synced to the 2024 English from 2021: the translation
// items with no place are those of the file as published (the heading
// is no orphan), and the draft keeps the translator's heading line,
// the source's title after the title-untranslated marker, which reads
// back as that section's title untranslated. The quick suite cuts every
// fourth heading; -tags long every one.
func TestSyncUntitledHeading(t *testing.T) {
	en21, _ := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md"))
	en24, en24Text := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2024-01-01-en.md"))
	ja21, ja21Text := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md"))
	d0, _, _ := syncDraft(t, en24, ja21, en21, en24Text, ja21Text, "md")
	srcOf := map[string]*corpus.Item{}
	for i := range en24.Items {
		srcOf[en24.Items[i].ID] = &en24.Items[i]
	}
	lines := strings.Split(ja21Text, "\n")
	n, tried := 0, 0
	for k, l := range lines {
		cut := strings.IndexAny(l, ":：")
		if !strings.HasPrefix(l, "## <article-") || cut < 0 {
			continue
		}
		if n++; !longtest.On() && n%4 != 1 {
			continue
		}
		out := append([]string(nil), lines...)
		out[k] = l[:cut]
		text := strings.Join(out, "\n")
		tr, err := ingest.Options{}.Bytes("ja.md", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		d, md, _ := syncDraft(t, en24, tr, en21, en24Text, text, "md")
		if len(d.Orphans) != len(d0.Orphans) {
			t.Errorf("%s: %d translation items orphaned, want %d", out[k], len(d.Orphans), len(d0.Orphans))
		}
		// The heading's item, as the file with its title reads it: the
		// section of the number its tag names ("<article-B>").
		num, _, _ := strings.Cut(strings.TrimPrefix(l, "## <article-"), ">")
		var id string
		for _, it := range ja21.Items {
			if it.Kind == corpus.KindSection && it.Number == num {
				id = it.ID
			}
		}
		src := srcOf[id]
		if src == nil {
			continue // an article 2024 removed: an orphan either way
		}
		tried++
		want := out[k] + " {{rulesync:title-untranslated}} " + src.Title
		if !strings.Contains(string(md), "\n"+want+" ") && !strings.Contains(string(md), "\n"+want+"\n") {
			t.Errorf("%s: the draft has no heading line %q", out[k], want)
		}
		back, err := ingest.Options{}.Bytes("draft.md", md)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, it := range back.Items {
			if it.ID == id {
				found = true
				if !it.Has(corpus.FlagTitleUntranslated) || it.Title != src.Title {
					t.Errorf("%s: draft read back: %s titled %q, flags %v", out[k], id, it.Title, it.Flags)
				}
			}
		}
		if !found {
			t.Errorf("%s: draft read back has no %s", out[k], id)
		}
	}
	if tried == 0 {
		t.Fatal("no article heading of the Japanese WCA Regulations was tried")
	}
}
