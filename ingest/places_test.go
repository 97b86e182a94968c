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
// named by its place is that item's parts ("rule:_3" with parts 1 and
// 2), as it is under a heading that prints a number, and as the same
// page written in Markdown ("1." items) reads; the items have no number.
func TestAlikeHTMLHeadingsListItems(t *testing.T) {
	var h, m strings.Builder
	h.WriteString("<!DOCTYPE html><html><head><title>Declaration</title></head><body><h1>Declaration</h1>\n")
	m.WriteString("# Declaration\n\n")
	for k := range 6 {
		if k == 2 {
			h.WriteString("<h2>Article</h2><ol><li>Everyone has the right to leave.</li><li>No one shall be exiled.</li></ol>\n")
			m.WriteString("## Article\n\n1. Everyone has the right to leave.\n2. No one shall be exiled.\n\n")
			continue
		}
		fmt.Fprintf(&h, "<h2>Article</h2><p>Everyone has right number %c.</p>\n", 'a'+k)
		fmt.Fprintf(&m, "## Article\n\nEveryone has right number %c.\n\n", 'a'+k)
	}
	h.WriteString("</body></html>\n")
	want := "rule:_1 rule:_2 rule:_3[1 2] rule:_4 rule:_5 rule:_6"
	for _, page := range []struct{ name, text string }{{"bare.html", h.String()}, {"bare.md", m.String()}} {
		d, err := ingest.Options{}.Bytes(page.name, []byte(page.text))
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, it := range d.Items {
			if corpus.NumberedKind(it.Kind) {
				id := it.ID
				if len(it.Parts) > 0 {
					var labels []string
					for _, p := range it.Parts {
						labels = append(labels, p.Label)
					}
					id += "[" + strings.Join(labels, " ") + "]"
				}
				ids = append(ids, id)
				if it.Number != "" {
					t.Errorf("%s: %s has number %q, want none", page.name, it.ID, it.Number)
				}
			}
		}
		if got := strings.Join(ids, " "); got != want {
			t.Errorf("%s: ids %s, want %s", page.name, got, want)
		}
	}
}
