package ingest_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

var (
	mdHeadingRe   = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t#]*$`)
	htmlHeadingRe = regexp.MustCompile(`(?is)<h([1-6])[^>]*>(.*?)</h[1-6]>`)
	htmlTagRe     = regexp.MustCompile(`<[^>]+>`)
	htmlBodyRe    = regexp.MustCompile(`(?i)<body[^>]*>`)
)

// itemsOf is each item of d as id, title and text, in order.
func itemsOf2(d *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		if it.Kind == corpus.KindPreamble {
			continue // text before the first item: the table of contents' place
		}
		out = append(out, it.ID+"|"+it.Title+"|"+it.Text)
	}
	return out
}

// TestContentsPrepended prepends a table of contents, made at run time
// from a real file's own headings, to the file: as plain lines and as a
// list of links to the headings (Markdown), and as paragraphs and as a
// <ul> of anchor links (HTML). Navigation is not content: every item's
// id, title and text stays what it is without it, and no id takes a
// "-2".
func TestContentsPrepended(t *testing.T) {
	for _, rel := range []string{
		"dev/fide-laws/fide-laws-2023-en.md",
		"dev/fide-laws/fide-laws-2018-en.md",
		"udhr/udhr-1948-en.md",
		"udhr/udhr-1948-ja.md",
		"dev/debian-constitution/debian-constitution-1.7-en.html",
		"udhr/udhr-1948-en.html",
		"udhr/udhr-1948-ko.html",
	} {
		path := testcorpus.Path(t, rel)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		orig, err := ingest.Options{}.Bytes(rel, data)
		if err != nil {
			t.Fatal(err)
		}
		want := itemsOf2(orig)
		for _, linked := range []bool{false, true} {
			name := fmt.Sprintf("%s linked=%v", rel, linked)
			var variant string
			if strings.HasSuffix(rel, ".md") {
				var toc strings.Builder
				for i, m := range mdHeadingRe.FindAllStringSubmatch(src, -1) {
					if linked {
						fmt.Fprintf(&toc, "- [%s](#h%d)\n", m[1], i)
					} else {
						fmt.Fprintf(&toc, "%s\n\n", m[1])
					}
				}
				variant = toc.String() + "\n" + src
			} else {
				var toc strings.Builder
				toc.WriteString("\n<ul>\n")
				for i, m := range htmlHeadingRe.FindAllStringSubmatch(src, -1) {
					title := strings.TrimSpace(htmlTagRe.ReplaceAllString(m[2], ""))
					if linked {
						fmt.Fprintf(&toc, "<li><a href=\"#h%d\">%s</a></li>\n", i, title)
					} else {
						fmt.Fprintf(&toc, "<p>%s</p>\n", title)
					}
				}
				toc.WriteString("</ul>\n")
				loc := htmlBodyRe.FindStringIndex(src)
				if loc == nil {
					t.Fatalf("%s: no <body>", rel)
				}
				variant = src[:loc[1]] + toc.String() + src[loc[1]:]
			}
			d, err := ingest.Options{}.Bytes(rel, []byte(variant))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sameItemLines(t, name, itemsOf2(d), want)
			// The entries are kept in the notes, as contents or as
			// navigation the format knows (a list of links).
			if dropped(d) <= dropped(orig) {
				t.Errorf("%s: the table of contents is not in the notes", name)
			}
		}
	}
}

// sameItemLines reports the first three items of got that are not want's,
// and the counts, where the two differ.
func sameItemLines(t *testing.T, name string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") == strings.Join(want, "\n") {
		return
	}
	n := 0
	for i := 0; i < len(got) && i < len(want) && n < 3; i++ {
		if got[i] != want[i] {
			t.Errorf("%s: item %d is %q, want %q", name, i, clip2(got[i]), clip2(want[i]))
			n++
		}
	}
	t.Errorf("%s: %d items, want %d", name, len(got), len(want))
}

func dropped(d *corpus.Document) int {
	n := 0
	for _, s := range d.Notes {
		if strings.HasPrefix(s, "dropped ") {
			n++
		}
	}
	return n
}

func clip2(s string) string {
	if len(s) > 120 {
		return s[:120]
	}
	return s
}

// TestContentsHeaded puts a table of contents under a heading of its
// own, a level above the headings after it, with dot leaders and page
// numbers ("Title .......... 3", as a publication's contents page
// prints them), into a real Markdown file: right after its title and
// right before its first heading after the title. The heading goes with
// its table: every item's id, title, text and section stays what it is
// without them.
func TestContentsHeaded(t *testing.T) {
	for _, rel := range []string{
		"dev/fide-laws/fide-laws-2023-en.md",
		"dev/fide-laws/fide-laws-2018-en.md",
		"udhr/udhr-1948-en.md",
		"udhr/udhr-1948-ja.md",
	} {
		src, orig := testcorpus.TextDoc(t, rel)
		want := sectionsOf(orig)
		heads := mdHeadingRe.FindAllStringSubmatchIndex(src, -1)
		if len(heads) < 3 {
			t.Fatalf("%s: %d headings", rel, len(heads))
		}
		level := strings.IndexByte(src[heads[1][0]:], ' ')
		var toc strings.Builder
		fmt.Fprintf(&toc, "%s Contents\n\n", strings.Repeat("#", max(1, level-1)))
		for i, m := range heads[1:] {
			fmt.Fprintf(&toc, "%s .......... %d\n\n", src[m[2]:m[3]], i+2)
		}
		titleEnd := strings.IndexByte(src[heads[0][0]:], '\n') + heads[0][0] + 1
		for _, at := range []int{titleEnd, heads[1][0]} {
			variant := src[:at] + "\n" + toc.String() + src[at:]
			d, err := ingest.Options{}.Bytes(rel, []byte(variant))
			if err != nil {
				t.Fatal(err)
			}
			sameItemLines(t, fmt.Sprintf("%s at %d", rel, at), sectionsOf(d), want)
		}
	}
}

// sectionsOf is itemsOf2 with each item's section.
func sectionsOf(d *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		if it.Kind == corpus.KindPreamble {
			continue
		}
		out = append(out, it.ID+"|"+it.Section+"|"+it.Title+"|"+it.Text)
	}
	return out
}
