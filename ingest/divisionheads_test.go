package ingest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// divisionText is a plain text of n articles whose headings print no
// number, each line head before the article's rules "k.1", "k.2".
func divisionText(n int, head func(k int) string) string {
	var b strings.Builder
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%s\n\n", head(k))
		for r := 1; r <= 2; r++ {
			fmt.Fprintf(&b, "%d.%d The player must do thing %d of part %d at the board.\n\n", k, r, r, k)
		}
	}
	return b.String()
}

// TestDivisionLines: a line of its own just before the first rule of
// each new division (k.1 after (k-1).2) is the division's heading, in
// plain text and in Markdown, whatever its words; the rule before it
// keeps only its own text. Lines that go on with a sentence, a
// document that heads its divisions with headings of its own, and a
// line here and there are not read so.
func TestDivisionLines(t *testing.T) {
	titles := []string{"MOVES OF PIECES", "THE CLOCK", "DRAWN GAMES", "SCORING", "CONDUCT OF PLAYERS"}
	heads := func(k int) string { return titles[k-1] }
	for _, name := range []string{"rules.txt", "rules.md"} {
		d, err := Options{}.Bytes(name, []byte(divisionText(5, heads)))
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range d.Items {
			k, _, _ := strings.Cut(it.Number, ".")
			if strings.Contains(it.Text, "\n") {
				t.Errorf("%s: %s holds a heading: %q", name, it.ID, it.Text)
			}
			if n, err := strconv.Atoi(k); err != nil || it.Section != titles[n-1] {
				t.Errorf("%s: %s is under %q, want its division's heading", name, it.ID, it.Section)
			}
		}
		if !notedPrefix(d, divisionLinesNote) {
			t.Errorf("%s: no note says lines were read as headings: %q", name, d.Notes)
		}
	}
	for _, c := range []struct {
		name string
		text string
	}{
		{"wrapped", divisionText(5, func(k int) string { return "goes on in lower case" })},
		{"colon", divisionText(5, func(k int) string { return "As follows:" })},
		{"two", divisionText(2, heads)},
		{"headed", divisionText(5, func(k int) string {
			if k <= 2 {
				return heads(k)
			}
			return "# " + heads(k)
		})},
	} {
		bs := textBlocks(c.text)
		if strings.Contains(c.text, "# ") {
			bs, _ = markdownBlocks(c.text)
		}
		if div := divisionLines(bs); div != nil {
			t.Errorf("%s: division lines found where none are", c.name)
		}
	}
}

// notedPrefix reports whether a note of d starts with p.
func notedPrefix(d *corpus.Document, p string) bool {
	for _, n := range d.Notes {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}
