package ingest_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// Conservation of order: the text of a document's items, read in the
// items' order, is the text of the page in the page's order. A block
// the reader gives to an item before the place it stands at (the
// paragraph after a list put in the heading's item, ahead of the list)
// is kept, but where no pairing by order can find it.

// pageLines are the lines of text of the Markdown page md, in
// comparison form (testcorpus.Key), their markup aside (list and quote
// markers, link targets and comments): paragraphs and list items, the
// blocks the reader gives to the items. A heading opens its item in its
// place, and is no text line: its label and anchor are not its title's.
func pageLines(md string) []string {
	var out []string
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") || i+1 < len(lines) && setextLine(lines[i+1]) {
			continue
		}
		l = mdLinkTarget.ReplaceAllString(l, " ")
		l = strings.TrimLeft(l, ">*-+ \t")
		if n := strings.TrimLeft(l, "0123456789"); len(n) < len(l) && (strings.HasPrefix(n, ". ") || strings.HasPrefix(n, ") ")) {
			l = n
		}
		if k := testcorpus.Key(l); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// setextLine reports whether l underlines the line above it as a
// heading: "=" or "-" alone, two or more.
func setextLine(l string) bool {
	l = strings.TrimSpace(l)
	return len(l) >= 2 && (strings.Trim(l, "=") == "" || strings.Trim(l, "-") == "")
}

// itemStream is the text of d's items, in comparison form, in the
// items' order: each item's title (which may be its text's first
// sentence), then its text.
func itemStream(d *corpus.Document) string {
	var b strings.Builder
	for _, it := range d.Items {
		b.WriteString(testcorpus.Key(it.Title))
		b.WriteString(testcorpus.Key(it.Text))
	}
	return b.String()
}

// orderBreak returns the first of lines that stream holds, but not
// after the lines before it (each found at its first place after the
// one before, so that none is passed over); ok when stream holds them in
// order. A line shorter than ten runes, which text elsewhere may hold,
// or one stream does not hold whole (a heading whose label words are
// the numbering's: conserve_test's to check) is passed over.
func orderBreak(lines []string, stream string) (line string, ok bool) {
	at := 0
	for _, l := range lines {
		if utf8.RuneCountInString(l) < 10 || !strings.Contains(stream, l) {
			continue
		}
		k := strings.Index(stream[at:], l)
		if k < 0 {
			return l, false
		}
		at += k + len(l)
	}
	return "", true
}

// withoutHeadings is the Markdown page md with its headings of level two
// and below removed but the first: its paragraphs and lists alone under
// the first (a translation that prints its articles without headings).
func withoutHeadings(md string) string {
	var out []string
	seen := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "##") {
			if seen {
				continue
			}
			seen = true
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestTextOrderKept reads every Markdown udhr page, as it is and with
// its headings removed, and checks that the items' text, in the items'
// order, holds every line of the page in the page's order. Without the
// headings, the longest numbered list of a udhr page is the numbering
// (article 23's four paragraphs), and every other block is text before
// or after it: the paragraphs after the list stay after it.
func TestTextOrderKept(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	for _, n := range names {
		if strings.HasSuffix(n, ".md") {
			checkTextOrder(t, filepath.Join(dir, n))
		}
	}
}

// TestTextOrderKeptRulebooks is TestTextOrderKept on the other Markdown
// files of the corpus (rulebooks whose lists have paragraphs after
// them, inside their rules and between them).
func TestTextOrderKeptRulebooks(t *testing.T) {
	longtest.Skip(t)
	n := 0
	root := testcorpus.Dir()
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && e.Name() == "udhr" {
			return filepath.SkipDir
		}
		if !e.IsDir() && strings.HasSuffix(path, ".md") && !strings.EqualFold(e.Name(), "README.md") {
			checkTextOrder(t, path)
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("found %d Markdown rulebooks in %s; want the corpus's 18", n, root)
	}
}

// checkTextOrder reads the Markdown file at path as it is and with its
// headings removed (withoutHeadings), and reports where the items' text,
// in the items' order, does not hold the page's lines in order.
func checkTextOrder(t *testing.T, path string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"as printed", "no headings"} {
		md := string(raw)
		if v == "no headings" {
			md = withoutHeadings(md)
		}
		d, err := ingest.Options{}.Bytes(filepath.Base(path), []byte(md))
		if err != nil {
			t.Fatalf("%s (%s): %v", path, v, err)
		}
		if l, ok := orderBreak(pageLines(md), itemStream(d)); !ok {
			t.Errorf("%s (%s): %q is in an item before the text above it", filepath.Base(path), v, clipKey(l))
		}
	}
}

// clipKey is the start of a line in comparison form, for a message.
func clipKey(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "…"
}
