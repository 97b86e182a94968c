package reports

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// TestMadeDraftKeepsHeadings: a draft made from the documents (an HTML
// source, whose lines a draft does not take) heads each item with the
// translator's heading line, from a Markdown and an HTML translation
// alike, whether the heading prints its number framed by words
// ("Artikolo 3", "٣ مادة") or before its title ("2.1. Reguloj"), in
// ASCII or Arabic-Indic digits (the source's heading untitled where the
// translation's is: a title the translation lacks is written after the
// source's number, as ever); and the draft reads back with the source's
// ids and the translation's titles (a label's words are no title).
func TestMadeDraftKeepsHeadings(t *testing.T) {
	digits := func(n int, zero rune) string {
		return strings.Map(func(r rune) rune { return zero + r - '0' }, fmt.Sprint(n))
	}
	for _, c := range []struct {
		name  string
		head  func(n int) string // the translation's heading of article n
		title func(n int) string // the translation's title of article n
	}{
		{"framed", func(n int) string { return fmt.Sprintf("Artikolo %d", n) }, func(int) string { return "" }},
		{"framed arabic-indic", func(n int) string { return digits(n, '٠') + " مادة" }, func(int) string { return "" }},
		{"titled", func(n int) string { return fmt.Sprintf("%d. Reguloj de %d", n, n) }, func(n int) string { return fmt.Sprintf("Reguloj de %d", n) }},
		{"titled arabic-indic", func(n int) string { return digits(n, '٠') + ". Reguloj de " + digits(n, '٠') }, func(n int) string { return "Reguloj de " + digits(n, '٠') }},
	} {
		var src, md, page strings.Builder
		src.WriteString("<!DOCTYPE html><html><head><title>Rules</title></head><body><h1>Rules</h1>\n")
		md.WriteString("# Reguloj\n\n")
		page.WriteString("<!DOCTYPE html><html><head><title>Reguloj</title></head><body><h1>Reguloj</h1>\n")
		for n := 1; n <= 6; n++ {
			if c.title(n) == "" {
				fmt.Fprintf(&src, "<h2>Article %d</h2>\n<p>Everyone has the right number %d.</p>\n", n, n)
			} else {
				fmt.Fprintf(&src, "<h2>%d. Rules of %d</h2>\n<p>Everyone has the right number %d.</p>\n", n, n, n)
			}
			fmt.Fprintf(&md, "## %s\n\nĈiu havas la rajton numero %d.\n\n", c.head(n), n)
			fmt.Fprintf(&page, "<h2>%s</h2>\n<p>Ĉiu havas la rajton numero %d.</p>\n", c.head(n), n)
		}
		src.WriteString("</body></html>\n")
		page.WriteString("</body></html>\n")
		s, err := ingest.Options{}.Bytes("src.html", []byte(src.String()))
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range []struct{ name, text string }{{"tr.md", md.String()}, {"tr.html", page.String()}} {
			d, err := ingest.Options{}.Bytes(tr.name, []byte(tr.text))
			if err != nil {
				t.Fatal(err)
			}
			draft := writeInterchange(t, gaps.Options{}.Sync(s, d, nil), DraftOptions{Format: "md", SourceText: src.String(), TranslationText: tr.text, Now: time.Unix(1700000000, 0)})
			heads := map[string]bool{}
			for _, l := range strings.Split(draft, "\n") {
				if strings.HasPrefix(l, "#") {
					l, _ = corpus.StripMarkers(l)
					heads[strings.TrimSpace(madeIDMarkerRe.ReplaceAllString(strings.TrimLeft(l, "# "), ""))] = true
				}
			}
			back, err := ingest.Options{}.Bytes("draft.md", []byte(draft))
			if err != nil {
				t.Fatal(err)
			}
			at := map[string]*corpus.Item{}
			for i := range back.Items {
				at[back.Items[i].ID] = &back.Items[i]
			}
			for n := 1; n <= 6; n++ {
				if !heads[c.head(n)] {
					t.Errorf("%s, %s: no heading %q in the draft:\n%s", c.name, tr.name, c.head(n), draft)
					break
				}
				id := fmt.Sprintf("rule:%d", n)
				if b := at[id]; b == nil || b.Title != c.title(n) {
					t.Errorf("%s, %s: %s read back as %+v, want the title %q:\n%s", c.name, tr.name, id, b, c.title(n), draft)
					break
				}
			}
		}
	}
}

// madeIDMarkerRe is an id marker (corpus.IDMarker).
var madeIDMarkerRe = regexp.MustCompile(`\s*\{\{rulesync:id [^{}]+\}\}`)
