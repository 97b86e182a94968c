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

// TestAlikeHTMLHeadingsListItems: an ordered list under an HTML heading
// named by its place numbers within it ("rule:_3(2)"), with no number,
// as it numbers within a heading that prints one ("rule:3(2)").
func TestAlikeHTMLHeadingsListItems(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>Declaration</title></head><body><h1>Declaration</h1>\n")
	for k := range 6 {
		if k == 2 {
			b.WriteString("<h2>Article</h2><ol><li>Everyone has the right to leave.</li><li>No one shall be exiled.</li></ol>\n")
			continue
		}
		fmt.Fprintf(&b, "<h2>Article</h2><p>Everyone has right number %c.</p>\n", 'a'+k)
	}
	b.WriteString("</body></html>\n")
	d, err := ingest.Options{}.Bytes("bare.html", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range d.Items {
		if corpus.NumberedKind(it.Kind) {
			ids = append(ids, it.ID)
			if it.Number != "" {
				t.Errorf("%s has number %q, want none", it.ID, it.Number)
			}
		}
	}
	want := "rule:_1 rule:_2 rule:_3 rule:_3(1) rule:_3(2) rule:_4 rule:_5 rule:_6"
	if got := strings.Join(ids, " "); got != want {
		t.Errorf("ids %s, want %s", got, want)
	}
}
