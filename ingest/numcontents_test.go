package ingest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// tocEntry is one entry of a generated table of contents: an item's
// number and title as the original reading gives them.
type tocEntry struct{ number, title string }

// tocStyle is how a generated table of contents prints an entry's end:
// nothing, a page number, or dot leaders and a page number.
type tocStyle int

const (
	tocBare tocStyle = iota
	tocPage
	tocLeaders
)

func (s tocStyle) String() string { return [...]string{"bare", "page", "leaders"}[s] }

// line is e as a numbered entry: "3. Title", "3. Title 7", "3. Title
// ........ 7" (the page is k+2: the entries' pages rise).
func (e tocEntry) line(k int, s tocStyle) string {
	l := e.number + ". " + e.title
	switch s {
	case tocPage:
		l += fmt.Sprintf(" %d", k+2)
	case tocLeaders:
		l += fmt.Sprintf(" ........ %d", k+2)
	}
	return l
}

// tocEntries are the items of d with a number and a title, in order (at
// most 60: a table of contents of a document's first headings is one
// too).
func tocEntries(d *corpus.Document) []tocEntry {
	var out []tocEntry
	for i := range d.Items {
		it := &d.Items[i]
		if it.Number != "" && it.Title != "" && !strings.Contains(it.Title, "\n") && len([]rune(it.Title)) <= 70 {
			out = append(out, tocEntry{it.Number, it.Title})
		}
	}
	if len(out) > 60 {
		out = out[:60]
	}
	return out
}

// firstIntegers is the longest first run of es numbered 1, 2, 3, ...:
// the entries an <ol> numbers by their places.
func firstIntegers(es []tocEntry) []tocEntry {
	n := 0
	for n < len(es) && es[n].number == fmt.Sprint(n+1) {
		n++
	}
	return es[:n]
}

var mdTitleRe = regexp.MustCompile(`^# [^\n]*\n`)

// withNumberedContents is src (a file named name) with a numbered table
// of contents of es in style s written where the format puts one: in
// Markdown and plain text after the title line, in HTML after <body>,
// as paragraphs or, ol set, as an <ol> of the titles alone (the list
// numbers them). ok is false where the variant cannot be written.
func withNumberedContents(name, src string, es []tocEntry, s tocStyle, ol bool) (string, bool) {
	var toc strings.Builder
	switch ext := filepath.Ext(name); ext {
	case ".html":
		if ol {
			if es = firstIntegers(es); len(es) < 3 {
				return "", false
			}
			toc.WriteString("\n<ol>\n")
			for k, e := range es {
				// The entry without its number: the list prints it.
				l := strings.TrimPrefix(e.line(k, s), e.number+". ")
				fmt.Fprintf(&toc, "<li>%s</li>\n", htmlEscape(l))
			}
			toc.WriteString("</ol>\n")
		} else {
			toc.WriteString("\n")
			for k, e := range es {
				fmt.Fprintf(&toc, "<p>%s</p>\n", htmlEscape(e.line(k, s)))
			}
		}
		loc := htmlBodyRe.FindStringIndex(src)
		if loc == nil {
			return "", false
		}
		return src[:loc[1]] + toc.String() + src[loc[1]:], true
	case ".md", ".txt", ".rst":
		if ol {
			return "", false
		}
		for k, e := range es {
			toc.WriteString(e.line(k, s) + "\n")
		}
		toc.WriteString("\n")
		at := 0
		if ext == ".md" {
			if loc := mdTitleRe.FindStringIndex(src); loc != nil && loc[0] == 0 {
				at = loc[1]
			}
		} else if i := strings.Index(src, "\n\n"); i >= 0 && i < 200 {
			at = i + 2 // after the title line
		}
		return src[:at] + "\n" + toc.String() + src[at:], true
	}
	return "", false
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// contentIDs are the ids of d's items but its preamble (where a table of
// contents stands).
func contentIDs(d *corpus.Document) []string {
	var out []string
	for i := range d.Items {
		if d.Items[i].Kind != corpus.KindPreamble {
			out = append(out, d.Items[i].ID)
		}
	}
	return out
}

// corpusTexts are the Markdown, HTML and plain text files of the real
// corpus, relative to it.
func corpusTexts(t *testing.T) []string {
	root := testcorpus.Path(t, ".")
	var out []string
	for _, dir := range []string{"dev", "udhr", "wca", "seeds"} {
		es, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			names := []string{e.Name()}
			if e.IsDir() {
				sub, err := os.ReadDir(filepath.Join(root, dir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				names = names[:0]
				for _, s := range sub {
					names = append(names, filepath.Join(e.Name(), s.Name()))
				}
			}
			for _, n := range names {
				switch filepath.Ext(n) {
				case ".md", ".html", ".txt", ".rst":
					if filepath.Base(n) != "README.md" {
						out = append(out, filepath.Join(dir, n))
					}
				}
			}
		}
	}
	return out
}

// TestNumberedContents writes a numbered table of contents, made at run
// time from each real document's own numbered and titled items, at the
// top of the document: "1. Title" lines in Markdown and plain text,
// <p> paragraphs and an <ol> of the titles in HTML; bare, with page
// numbers, and with dot leaders and page numbers. Navigation is not
// content: the ids are the original's, and no id takes a duplicate's
// suffix ("rule:1-2") where the original has none. Each Markdown file
// is read as plain text whose headings print the number first too
// (testcorpus.NumberAfterText), with the table of contents as lines.
// The quick suite reads the files of dev/; the long one all.
func TestNumberedContents(t *testing.T) {
	type source struct {
		rel  string
		data []byte
	}
	var sources []source
	for _, rel := range corpusTexts(t) {
		if !longtest.On() && !strings.HasPrefix(rel, "dev/") {
			continue
		}
		data, err := os.ReadFile(testcorpus.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, source{rel, data})
		// The Markdown as plain text whose headings print the number
		// first ("1-Article. Title", "1-бап."): a numbering the label
		// grammar does not read.
		if strings.HasSuffix(rel, ".md") {
			if text, ok := testcorpus.NumberAfterText(string(data)); ok {
				sources = append(sources, source{strings.TrimSuffix(rel, ".md") + ".txt", []byte(text)})
			}
		}
	}
	tried := 0
	for _, src := range sources {
		rel, data := src.rel, src.data
		orig, err := ingest.Options{}.Bytes(rel, data)
		if err != nil {
			t.Fatal(err)
		}
		es := tocEntries(orig)
		if len(es) < 3 {
			continue
		}
		want := contentIDs(orig)
		for _, ol := range []bool{false, true} {
			for _, s := range []tocStyle{tocBare, tocPage, tocLeaders} {
				variant, ok := withNumberedContents(rel, string(data), es, s, ol)
				if !ok {
					continue
				}
				tried++
				name := fmt.Sprintf("%s (%s, ol=%v)", rel, s, ol)
				d, err := ingest.Options{}.Bytes(rel, []byte(variant))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got := contentIDs(d); !slices.Equal(got, want) {
					t.Errorf("%s: ids %s, want the original's %s", name, clip2(strings.Join(got, " ")), clip2(strings.Join(want, " ")))
				}
				testcorpus.CheckDuplicates(t, name, d)
			}
		}
	}
	t.Logf("%d variants of %d sources", tried, len(sources))
	if tried < 10 {
		t.Errorf("%d variants written; want 10 or more", tried)
	}
}
