package ingest_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestMaxBlocks: an input of more blocks than Options.MaxBlocks is an
// ErrTooManyBlocks naming the input, the count and the limit; a text
// or Markdown of more lines that are not blank is refused before it is
// read, an HTML page by its start tags (not its lines), whatever its layout;
// at the limit each reads.
func TestMaxBlocks(t *testing.T) {
	numbered := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%d. Players act in turn.\n\n", i)
		}
		return b.String()
	}
	paragraphs := func(n int, sep string) string {
		var b strings.Builder
		b.WriteString("<html><body>")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "<p>%s%d. Players%sact in turn.%s</p>%s", sep, i, sep, sep, sep)
		}
		return b.String() + "</body></html>\n"
	}
	for _, c := range []struct {
		name, text string
		max        int
		want       string // "" reads
	}{
		{"rules.txt", numbered(10), 10, ""},
		{"rules.txt", numbered(11), 10, "11 lines that are not blank"},
		{"rules.md", numbered(10), 10, ""},
		{"rules.md", "# Rules\n\n" + numbered(10), 10, "11 lines that are not blank"},
		{"list.md", strings.Repeat("- a rule\n", 11), 10, "11 lines"},
		{"rules.txt", strings.ReplaceAll(numbered(11), "\n", "\r"), 10, "11 lines"},
		{"rules.txt", strings.ReplaceAll(numbered(10), "\n", "\r\n"), 10, ""},
		{"rules.html", paragraphs(10, ""), 10, ""},
		{"rules.html", paragraphs(11, ""), 10, "11 start tags"},
		// Four lines a paragraph: 40 lines, 10 blocks.
		{"rules.html", paragraphs(10, "\n"), 10, ""},
		{"rules.html", paragraphs(11, "\n"), 10, "11 start tags"},
	} {
		d, err := ingest.Options{MaxBlocks: c.max}.Bytes(c.name, []byte(c.text))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s of %d lines, limit %d: %v", c.name, strings.Count(c.text, "\n"), c.max, err)
		case c.want == "" && len(d.Items) < 10:
			t.Errorf("%s, limit %d: %d items, want 10 or more", c.name, c.max, len(d.Items))
		case c.want != "" && (!errors.Is(err, ingest.ErrTooManyBlocks) || !strings.HasPrefix(err.Error(), c.name+": ") ||
			!strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "limit of 10 blocks") && !strings.Contains(err.Error(), "limit of 10 ")):
			t.Errorf("%s, limit %d: %v, want ErrTooManyBlocks naming it, %q and the limit", c.name, c.max, err, c.want)
		}
	}
	// The default limit, refused before the text is read (at once).
	over := strings.Repeat("1. a\n", ingest.DefaultMaxBlocks+1)
	if _, err := (ingest.Options{}).Bytes("big.txt", []byte(over)); !errors.Is(err, ingest.ErrTooManyBlocks) {
		t.Errorf("%d lines at the default limit: %v, want ErrTooManyBlocks", ingest.DefaultMaxBlocks+1, err)
	}
}
