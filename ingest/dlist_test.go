package ingest_test

import (
	"html"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

var (
	// headedOLRe is an ordered list right under a heading: a heading's
	// text, as a glossary is.
	headedOLRe = regexp.MustCompile(`(?s)(</h[1-6]>\s*)<ol[^>]*>(.*?)</ol>`)
	liRe       = regexp.MustCompile(`(?s)<li[^>]*>(.*?)</li>`)
)

// asDefinitionList writes each ordered list right under a heading of
// page, whose items hold no list, as a definition list: an item's first
// three words its term (<dt>), the rest its definition (<dd>). n is the
// number of lists written so.
func asDefinitionList(page string) (string, int) {
	n := 0
	out := headedOLRe.ReplaceAllStringFunc(page, func(m string) string {
		sub := headedOLRe.FindStringSubmatch(m)
		body := sub[2]
		if strings.Contains(body, "<ol") || strings.Contains(body, "<ul") {
			return m
		}
		var b strings.Builder
		b.WriteString(sub[1] + "<dl>\n")
		for _, li := range liRe.FindAllStringSubmatch(body, -1) {
			words := strings.Fields(html.UnescapeString(htmlTagRe.ReplaceAllString(li[1], " ")))
			if len(words) < 4 {
				return m
			}
			b.WriteString("<dt>" + html.EscapeString(strings.Join(words[:3], " ")) + "</dt><dd>" + html.EscapeString(strings.Join(words[3:], " ")) + "</dd>\n")
		}
		b.WriteString("</dl>")
		n++
		return b.String()
	})
	return out, n
}

// TestDefinitionListsAsLists writes the ordered lists that are the
// whole text of a heading in real pages (the UDHR's numbered
// paragraphs, the Debian Constitution's) as definition lists, each
// item's first words its term: a definition list is a list of entries,
// and its entries are items numbered by their places ("rule:11(2)"),
// not text of the heading's item. The ids are the original's, a part
// labelled by its place standing for the item that place names: the
// ordered lists' places are items where the lists nest (the Debian
// Constitution's), parts where they do not (the UDHR's: "rule:11" with
// parts 1 and 2), and a definition list's entries are items either way.
func TestDefinitionListsAsLists(t *testing.T) {
	tried := 0
	for _, rel := range []string{
		"udhr/udhr-1948-en.html",
		"udhr/udhr-1948-ar.html",
		"udhr/udhr-1948-hi.html",
		"udhr/udhr-1948-ko.html",
		"udhr/udhr-1948-th.html",
		"dev/debian-constitution/debian-constitution-1.7-en.html",
	} {
		data, err := os.ReadFile(testcorpus.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		orig, err := ingest.Options{}.Bytes(rel, data)
		if err != nil {
			t.Fatal(err)
		}
		page, n := asDefinitionList(string(data))
		if n == 0 {
			t.Errorf("%s: no list written as a definition list", rel)
			continue
		}
		tried++
		d, err := ingest.Options{}.Bytes(rel, []byte(page))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := placeIDs(d), placeIDs(orig); !slices.Equal(got, want) {
			t.Errorf("%s (%d definition lists): ids %s, want the original's %s", rel, n, clip2(strings.Join(got, " ")), clip2(strings.Join(want, " ")))
		}
		testcorpus.CheckDuplicates(t, rel, d)
	}
	if tried < 6 {
		t.Errorf("%d pages written with definition lists; want 6", tried)
	}
}

// placeIDs are contentIDs of d with, after each item that has parts
// labelled by their places (1, 2, ...), the ids those places give the
// entries of a list ("rule:11(2)").
func placeIDs(d *corpus.Document) []string {
	var out []string
	for i := range d.Items {
		it := &d.Items[i]
		if it.Kind == corpus.KindPreamble {
			continue
		}
		out = append(out, it.ID)
		for k, p := range it.Parts {
			if p.Label != strconv.Itoa(k+1) {
				break
			}
			out = append(out, it.ID+"("+p.Label+")")
		}
	}
	return out
}
