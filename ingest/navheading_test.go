package ingest_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// wmlEntryRe is a heading of a Debian WML page's template
// ("<toc-add-entry name=\"item-1\">1. Introduction</toc-add-entry>").
var wmlEntryRe = regexp.MustCompile(`(?s)<toc-add-entry[^>]*>(.*?)</toc-add-entry>`)

// navHeadings are the headings TestContentsHeadingGoes puts over a
// table of contents: one in English, one in Korean, one of no word.
var navHeadings = []string{"Table of Contents", "목차", "§"}

// TestContentsHeadingGoes puts a table of contents, a heading over a
// list of links to the page's own headings (made at run time from the
// real file's headings), at the start of a real page (before its
// header lines) and right before its first heading, in HTML pages and
// in Markdown (a Markdown rendering of a WML page with its title as a
// first heading, and real Markdown files). The Debian Constitution ko
// is Korean to its section 4.1 and English after it: a heading in
// English over the links took the title and turned the page's language
// to English. Navigation is not content, nor is its heading: the
// document's title, language, items (id, section, title, text) stay
// what they are without them, and the heading is in the notes.
func TestContentsHeadingGoes(t *testing.T) {
	type page struct {
		name, text string
		md         bool
	}
	var pages []page
	for _, rel := range []string{
		"dev/debian-constitution/debian-constitution-1.7-ko.wml",
		"dev/debian-constitution/debian-constitution-1.7-ja.wml",
		"dev/debian-constitution/debian-constitution-1.7-en.html",
		"udhr/udhr-1948-ko.html",
		"udhr/udhr-1948-ko.md",
		"dev/fide-laws/fide-laws-2023-ru.md",
	} {
		text, _ := testcorpus.TextDoc(t, rel)
		pages = append(pages, page{rel, text, strings.HasSuffix(rel, ".md")})
	}
	// The WML page as Markdown: its title as a first heading, its items
	// under headings that print their numbers.
	ko := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-ko.wml")
	_, body, _ := testcorpus.Write(ko, testcorpus.WordRemoved)
	pages = append(pages, page{"debian-constitution-1.7-ko.md", "# " + ko.Title + "\n\n" + string(body), true})
	for _, p := range pages {
		orig, err := ingest.Options{}.Bytes(p.name, []byte(p.text))
		if err != nil {
			t.Fatal(err)
		}
		want := sectionsOf(orig)
		for _, head := range navHeadings {
			toc, starts := navContents(p.text, p.md, head)
			for k, at := range starts {
				name := fmt.Sprintf("%s %q at %d", p.name, head, k)
				d, err := ingest.Options{}.Bytes(p.name, []byte(p.text[:at]+toc+p.text[at:]))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if d.Title != orig.Title || d.Lang != orig.Lang {
					t.Errorf("%s: title %q in %s, want %q in %s", name, d.Title, d.Lang, orig.Title, orig.Lang)
				}
				sameItemLines(t, name, sectionsOf(d), want)
				if !noted(d, head) {
					t.Errorf("%s: the contents' heading is in no note", name)
				}
			}
		}
	}
}

// navContents is a table of contents of text's headings under the
// heading head, as HTML or Markdown, and the places to put it: the
// start of the page (after <body> in a page that has one) and the
// first heading.
func navContents(text string, md bool, head string) (string, []int) {
	var b strings.Builder
	var first int
	if md {
		ms := mdHeadingRe.FindAllStringSubmatchIndex(text, -1)
		b.WriteString("## " + head + "\n\n")
		for i, m := range ms {
			fmt.Fprintf(&b, "- [%s](#h%d)\n", text[m[2]:m[3]], i)
		}
		b.WriteString("\n")
		first = ms[0][0]
		return b.String(), []int{0, first}
	}
	b.WriteString("<h2>" + head + "</h2>\n<ul>\n")
	ms := htmlHeadingRe.FindAllStringSubmatchIndex(text, -1)
	first = ms[0][0]
	titles := []string{}
	for _, m := range ms {
		titles = append(titles, text[m[4]:m[5]])
	}
	for _, m := range wmlEntryRe.FindAllStringSubmatch(text, -1) {
		titles = append(titles, m[1])
	}
	for i, title := range titles {
		title = strings.TrimSpace(htmlTagRe.ReplaceAllString(title, ""))
		fmt.Fprintf(&b, "<li><a href=\"#h%d\">%s</a></li>\n", i, title)
	}
	b.WriteString("</ul>\n")
	start := 0
	if loc := htmlBodyRe.FindStringIndex(text); loc != nil {
		start = loc[1]
	}
	return b.String(), []int{start, first}
}

// noted reports whether a note of d holds s.
func noted(d *corpus.Document, s string) bool {
	for _, n := range d.Notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}
