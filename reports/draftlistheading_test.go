package reports

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// TestDraftHeadingAboveList: an HTML translation's heading that prints
// the article's number alone keeps its words in the sync draft where the
// article's text is an <ol>, whose places the reader writes into the
// text ("1. ...") and the page does not print, as where the text is a
// paragraph; the list written on one line with its first item, on lines
// of its own, or starting at another place (<ol start>) alike.
func TestDraftHeadingAboveList(t *testing.T) {
	for _, list := range []struct{ name, open, sep string }{
		{"lines", "<ol>\n", "\n"},
		{"one line", "<ol>", ""},
		{"start", "<ol start=\"3\">\n", "\n"},
	} {
		var src, tr strings.Builder
		src.WriteString("# Declaration\n\n")
		tr.WriteString("<!DOCTYPE html><html><head><title>Deklaro</title></head><body><h1>Deklaro</h1>\n")
		var heads []string
		for n := 1; n <= 6; n++ {
			fmt.Fprintf(&src, "## Article %d\n\n", n)
			h := fmt.Sprintf("Artikolo %d", n)
			heads = append(heads, "## "+h)
			fmt.Fprintf(&tr, "<h2>%s</h2>\n", h)
			if n%2 == 0 {
				fmt.Fprintf(&src, "Everyone has the right number %d.\n\n", n)
				fmt.Fprintf(&tr, "<p>Ĉiu havas la rajton numero %d.</p>\n", n)
				continue
			}
			first := 1
			if list.name == "start" {
				first = 3
			}
			fmt.Fprintf(&src, "%d. Everyone has the first right of %d.\n%d. No one shall lose the second right of %d.\n\n", first, n, first+1, n)
			fmt.Fprintf(&tr, "%s<li>Ĉiu havas la unuan rajton de %d.</li>%s<li>Neniu perdu la duan rajton de %d.</li>\n</ol>\n", list.open, n, list.sep, n)
		}
		tr.WriteString("</body></html>\n")
		s, err := ingest.Options{}.Bytes("src.md", []byte(src.String()))
		if err != nil {
			t.Fatal(err)
		}
		d, err := ingest.Options{}.Bytes("tr.html", []byte(tr.String()))
		if err != nil {
			t.Fatal(err)
		}
		draft := writeInterchange(t, gaps.Options{}.Sync(s, d, nil), DraftOptions{Format: "md", SourceText: src.String(), TranslationText: tr.String(), Now: time.Unix(1700000000, 0)})
		lines := map[string]bool{}
		for _, l := range strings.Split(draft, "\n") {
			lines[strings.TrimSpace(l)] = true
		}
		for _, h := range heads {
			if !lines[h] {
				t.Errorf("%s: the draft has no heading line %q:\n%s", list.name, h, draft)
				break
			}
		}
	}
}
