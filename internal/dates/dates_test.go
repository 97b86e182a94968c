package dates

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/lexicon"
	"github.com/rulesync/rulesync/internal/longtest"
)

// TestReadNeedsYear holds Read's shortcut (a line without "19"
// or "20" in ASCII or full-width digits states no date) to the whole
// reader, on random lines of month names, joining words, numbers, years,
// numerals that are not ASCII or full-width digits (Arabic-Indic,
// Devanagari, kanji, superscripts, Roman) and punctuation: readDate
// reads each as readDateAll does, which finds no date in a line without
// digits.
func TestReadNeedsYear(t *testing.T) {
	longtest.Skip(t)
	var months []string
	for w := range lexicon.MonthNames() {
		months = append(months, w)
	}
	sort.Strings(months)
	pieces := append(months, "de", "го", "er", "th", "年", "月", "日", "년", "월", "일", "ngày", "tháng", "năm",
		"٢٠٢٤", "२०२४", "二〇二四", "²⁰²⁴", "MMXXIV", "Version", "v", ".", ",", "-", "/", " ", "　", "\u00a0", "：")
	digits := []string{"1", "2024", "１", "２０２４", "１９９９", "31", "2019-05-01", "2024年1月", "01.05.2021", "2", "0", "21", "3.1.", "2 0", "1 9", "7.", "12-05", "２１"}
	dated := 0
	r := rand.New(rand.NewPCG(16, 3))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(10) {
			b.WriteString(pieces[r.IntN(len(pieces))])
			if r.IntN(2) == 0 {
				b.WriteByte(' ')
			}
		}
		s := b.String()
		if iso, text := readAll(s, ""); iso != "" {
			t.Fatalf("readAll(%q) = %q (%q), a date without digits", s, iso, text)
		}
		if iso, _ := Read(s, ""); iso != "" {
			t.Fatalf("Read(%q) = %q", s, iso)
		}
		at := r.IntN(len(s) + 1)
		for at < len(s) && !utf8.RuneStart(s[at]) {
			at++
		}
		s = s[:at] + digits[r.IntN(len(digits))] + " " + s[at:]
		for _, lang := range []string{"", "en", "ja"} {
			iso, text := Read(s, lang)
			iso2, text2 := readAll(s, lang)
			if iso != iso2 || text != text2 {
				t.Fatalf("Read(%q, %q) = %q %q, readDateAll %q %q", s, lang, iso, text, iso2, text2)
			}
			if iso != "" {
				dated++
			}
		}
	}
	if dated < 5000 {
		t.Fatalf("only %d of the random lines state a date: the test is too weak", dated)
	}
}

// TestRewrite rewrites a date in the forms and languages the reader
// reads, keeping how the text writes it.
func TestRewrite(t *testing.T) {
	for _, c := range []struct{ name, in, lang, old, new, want string }{
		{"cjk", "バージョン：2021年5月1日", "ja", "2021-05-01", "2024-01-01", "バージョン：2024年1月1日"},
		{"cjk-full-width", "２０２１年５月１日版", "ja", "2021-05-01", "2024-01-09", "２０２４年１月９日版"},
		{"korean", "2021년 5월 1일", "ko", "2021-05-01", "2024-12-31", "2024년 12월 31일"},
		{"mdy", "Version: May 1, 2021", "en", "2021-05-01", "2024-01-01", "Version: January 1, 2024"},
		{"dmy", "1 May 2021", "", "2021-05-01", "2024-01-01", "1 January 2024"},
		{"abbreviation", "Sept 2021", "en", "2021-09", "2024-01", "Jan 2024"},
		{"upper", "1 MAY 2021", "en", "2021-05-01", "2024-03-02", "2 MARCH 2024"},
		{"ordinal", "August 14th, 2016", "en", "2016-08-14", "2024-01-04", "January 4th, 2024"},
		{"zero", "2021年05月01日", "ja", "2021-05-01", "2024-12-09", "2024年12月09日"},
		{"portuguese", "versão de 1 de maio de 2021", "pt", "2021-05-01", "2024-01-01", "versão de 1 de janeiro de 2024"},
		{"russian-genitive", "Версия от 14-го августа 2016 года", "ru", "2016-08-14", "2024-03-01", "Версия от 1-го марта 2024 года"},
		{"croatian", "Verzija: 1. listopada 2023.", "hr", "2023-10-01", "2024-11-05", "Verzija: 5. studenoga 2024."},
		{"hebrew-prefix", "גרסה מ-26 לאפריל 2020", "he", "2020-04-26", "2024-05-03", "גרסה מ-3 למאי 2024"},
		{"dots", "version du 01.05.2021", "fr", "2021-05-01", "2024-01-09", "version du 09.01.2024"},
		{"slashes", "5/1/2021", "", "2021-05-01", "2024-01-09", "1/9/2024"},
		{"iso", "edition 2021-05-01", "", "2021-05-01", "2024-01-01", "edition 2024-01-01"},
		{"vietnamese", "ngày 1 tháng 5 năm 2021", "vi", "2021-05-01", "2024-01-09", "ngày 9 tháng 1 năm 2024"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Rewrite(c.in, c.lang, c.old, c.new)
			if !ok || got != c.want {
				t.Errorf("Rewrite(%q, %s, %s -> %s) = %q %v, want %q", c.in, c.lang, c.old, c.new, got, ok, c.want)
			}
		})
	}
	for _, c := range []struct{ name, in, old string }{
		{"unknown-language", "1 Bealtaine 2021", "2021-05-01"},
		{"other-date", "Version: May 1, 2021", "2021-06-01"},
		{"no-date", "Version 2", "2021-05-01"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, ok := Rewrite(c.in, "", c.old, "2024-01-01"); ok {
				t.Errorf("Rewrite(%q, %s) = %q, want none", c.in, c.old, got)
			}
		})
	}
}
