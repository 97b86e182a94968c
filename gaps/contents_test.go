package gaps_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// wmlEntryRe is a heading of a Debian WML page's template, its anchor
// and its text.
var wmlEntryRe = regexp.MustCompile(`<toc-add-entry name="([^"]*)">([^<]*)</toc-add-entry>`)

// TestContentsHeadingUntranslated: the Debian Constitution 1.7 ko is
// Korean to its section 4.1 and English after it. A table of contents
// written into it from its own headings, a heading in English over a
// list of links to them, put before its header lines or before its
// first heading, is navigation, and so is its heading: the translation
// is still read as Korean, and gaps gives the original's untranslated
// findings, item for item (where the heading took the title, the page
// read as English and gaps found nothing untranslated).
func TestContentsHeadingUntranslated(t *testing.T) {
	src := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-en.wml")
	text, orig := testcorpus.TextDoc(t, "dev/debian-constitution/debian-constitution-1.7-ko.wml")
	want := untranslatedOf(gaps.Options{}.Gaps(src, orig, nil), nil)
	if len(want) < 50 {
		t.Fatalf("the original has %d untranslated findings: the test tests nothing", len(want))
	}
	var toc strings.Builder
	toc.WriteString("<h2>Table of Contents</h2>\n<ul>\n")
	for _, m := range wmlEntryRe.FindAllStringSubmatch(text, -1) {
		toc.WriteString(`<li><a href="#` + m[1] + `">` + m[2] + "</a></li>\n")
	}
	toc.WriteString("</ul>\n\n")
	for _, at := range []int{0, strings.Index(text, "<h1>")} {
		d, err := ingest.Options{}.Bytes("variant.wml", []byte(text[:at]+toc.String()+text[at:]))
		if err != nil {
			t.Fatal(err)
		}
		if d.Lang != orig.Lang || d.Title != orig.Title {
			t.Errorf("at %d: read as %q in %s, want %q in %s", at, d.Title, d.Lang, orig.Title, orig.Lang)
		}
		got := untranslatedOf(gaps.Options{}.Gaps(src, d, nil), nil)
		lost, more := 0, 0
		for id := range want {
			if !got[id] {
				lost++
			}
		}
		for id := range got {
			if !want[id] {
				more++
			}
		}
		if lost > 0 || more > 0 {
			t.Errorf("at %d: %d untranslated findings, %d of the original's %d lost, %d more", at, len(got), lost, len(want), more)
		}
	}
}
