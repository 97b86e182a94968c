package ingest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// TestAlikeHeadingsArePlaces: headings that print nothing that tells
// them apart ("## Article" six times, whatever the word) name their
// items by their places, with no number, and the summary claims no
// numbering; headings that print words that differ where a number
// would stand (ordinal words) keep the numbers their places give.
func TestAlikeHeadingsArePlaces(t *testing.T) {
	texts := []string{"Everyone has the right to life.", "No one shall be held in slavery.", "No one shall be subjected to torture.",
		"Everyone has the right to recognition.", "All are equal before the law.", "Everyone has the right to a remedy."}
	page := func(head func(k int) string) []byte {
		var b strings.Builder
		b.WriteString("# Declaration\n\n## Preamble\n\nWhereas recognition of dignity.\n\n")
		for k, s := range texts {
			fmt.Fprintf(&b, "## %s\n\n%s\n\n", head(k), s)
		}
		return []byte(b.String())
	}
	for _, word := range []string{"Article", "Artikel", "Статья", "条"} {
		t.Run(word, func(t *testing.T) {
			d, err := ingest.Options{}.Bytes("bare.md", page(func(int) string { return word }))
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, it := range d.Items {
				if !corpus.NumberedKind(it.Kind) {
					continue
				}
				n++
				if want := fmt.Sprintf("rule:_%d", n); it.ID != want || it.Number != "" {
					t.Errorf("%s (number %q), want %s and no number", it.ID, it.Number, want)
				}
			}
			if n != len(texts) {
				t.Errorf("%d items named by their places, want %d", n, len(texts))
			}
			if !strings.Contains(strings.Join(d.Notes, "\n"), "numbering: none") {
				t.Errorf("the summary claims a numbering: %q", d.Notes)
			}
		})
	}
	ordinals := []string{"Нэгдүгээр", "Хоёрдугаар", "Гуравдугаар", "Дөрөвдүгээр", "Тавдугаар", "Зургадугаар"}
	d, err := ingest.Options{}.Bytes("ordinals.md", page(func(k int) string { return ordinals[k] + " зүйл" }))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, it := range d.Items {
		if corpus.NumberedKind(it.Kind) {
			n++
			if want := fmt.Sprintf("rule:%d", n); it.ID != want || it.Number != fmt.Sprint(n) {
				t.Errorf("ordinal words: %s (number %q), want %s", it.ID, it.Number, want)
			}
		}
	}
	if n != len(ordinals) {
		t.Errorf("ordinal words: %d items numbered, want %d", n, len(ordinals))
	}
}
