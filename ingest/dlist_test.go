package ingest_test

import (
	"html"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

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
// and its entries are items as the ordered list's were ("rule:11(2)"),
// not text of the heading's item. The ids are the original's.
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
		if got, want := contentIDs(d), contentIDs(orig); !slices.Equal(got, want) {
			t.Errorf("%s (%d definition lists): ids %s, want the original's %s", rel, n, clip2(strings.Join(got, " ")), clip2(strings.Join(want, " ")))
		}
		testcorpus.CheckDuplicates(t, rel, d)
	}
	if tried < 6 {
		t.Errorf("%d pages written with definition lists; want 6", tried)
	}
}
