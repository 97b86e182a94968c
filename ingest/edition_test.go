package ingest

import (
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lexicon"
	"github.com/rulesync/rulesync/internal/testgen"
)

// dateCase is a line of testdata/dates.txt.
type dateCase struct {
	lang, line, want string
	corpus           bool
}

func dateCases(t *testing.T) []dateCase {
	t.Helper()
	data, err := os.ReadFile("testdata/dates.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []dateCase
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		fs := strings.Split(l, "\t")
		if len(fs) < 3 {
			t.Fatalf("testdata/dates.txt: %q: want lang, line and date", l)
		}
		out = append(out, dateCase{fs[0], fs[1], fs[2], len(fs) > 3 && fs[3] == "corpus"})
	}
	return out
}

// TestReadDate reads every version line of testdata/dates.txt: the date
// with the day where the line states one, and the text it was read from
// a part of the line.
func TestReadDate(t *testing.T) {
	for _, c := range dateCases(t) {
		t.Run(c.lang+"/"+c.want, func(t *testing.T) {
			got, text := versionDate(c.line, c.lang, -1)
			if got != c.want {
				t.Errorf("versionDate(%q, %s) = %q (from %q), want %q", c.line, c.lang, got, text, c.want)
			}
			if got != "" && !strings.Contains(c.line, text) {
				t.Errorf("versionDate(%q): text %q is not the line's", c.line, text)
			}
		})
	}
}

// TestParseDateNoLanguage: without a language, every line of the table
// but the Croatian October ("listopada" is November in Polish) reads the
// same.
func TestParseDateNoLanguage(t *testing.T) {
	for _, c := range dateCases(t) {
		if got := parseDate(c.line); got != c.want && c.line != "Verzija: 1. listopada 2023." {
			t.Errorf("parseDate(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

// TestTitleYear checks the edition a title that names no known rulebook
// gives by the year or season it states, and that a title with no year,
// two years, or a number that only contains one gives none.
func TestTitleYear(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Club Rules, Edition 2024", "2024"},
		{"2024-2025 Official Rules of Ultimate", "2024-2025"},
		{"Règlement 2023/24", "2023-24"},
		{"Reglamento de la liga – temporada 2019 – 2020", "2019-2020"},
		{"Google C++ Style Guide", ""},
		{"Rules 2019, amended 2021", ""},
		{"Form 120245 instructions", ""},
		{"", ""},
	} {
		if got := titleYear(c.in); got != c.want {
			t.Errorf("titleYear(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTitleYearSeason checks that only two years in a row make a season.
func TestTitleYearSeason(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Rules 2024-01", ""},
		{"Rules 2019-2021", ""},
		{"Liga 2099/00", ""},
		{"Liga 2024/25", "2024-25"},
	} {
		if got := titleYear(c.in); got != c.want {
			t.Errorf("titleYear(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// versionAlt is the alternation of the lexicon's words for "version",
// each the start of a word.
func versionAlt() string { return lexicon.Alternation(lexicon.Words(lexicon.VersionWords, "")) }

var (
	// versionWordRe is a word for "version" at a word's start, as
	// hasVersionWord reads it.
	versionWordRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:` + versionAlt() + `)`)
	// versionRe is a version number after a version word ("Version 1.0",
	// "バージョン1.0", "Версия 1.7") or a "v" ("(v1.7)", "v 1.0"), as
	// versionAfterWord reads it.
	versionRe = regexp.MustCompile(`(?i)(?:(?:^|[^\p{L}])(?:` + versionAlt() + `)\p{L}*|(?:^|[^\p{L}])v)\s*[:：]?\s*(\d+(?:\.\d+)+)`)
)

// TestVersionWordsAsExpression holds hasVersionWord and
// versionAfterWord to the expressions they stand for, on random texts of
// version words in other cases, letters, marks (U+0345, which folds with
// a letter), digits, dots, colons and spaces, without the shortcut of
// parseVersion.
func TestVersionWordsAsExpression(t *testing.T) {
	pieces := []string{"V", "v", "Version", "VERSÃO", "VERSIONE", "Версия", "ВЕРСІЯ", "ΈΚΔΟΣΗ", "PHIÊN  BẢN", "phiên\tbản", "\u0345", "\u0301", "K", "\u212a", "1", "12", "0", "1.0", "2.1.3", ".5", ".", "..", ":", "：", " ", "\n", "\f", "\u00a0", "-", "(", "a", "é", "ß", "\xff"}
	pieces = append(pieces, lexicon.Words(lexicon.VersionWords, "")...)
	words, versions := 0, 0
	r := rand.New(rand.NewPCG(29, 3))
	for range 30000 {
		s := testgen.Text(r, pieces, 8)
		want := versionWordRe.MatchString(s)
		if got := hasVersionWord(s); got != want {
			t.Fatalf("hasVersionWord(%q) = %v, want %v", s, got, want)
		}
		wantV := ""
		if m := versionRe.FindStringSubmatch(s); m != nil {
			wantV = m[1]
		}
		if got := versionAfterWord(s); got != wantV {
			t.Fatalf("versionAfterWord(%q) = %q, want %q", s, got, wantV)
		}
		if want {
			words++
		}
		if wantV != "" {
			versions++
		}
	}
	if words < 3000 || versions < 1000 {
		t.Fatalf("%d texts with a version word, %d with a version: the test reads too few", words, versions)
	}
}

// TestParseVersionNeedsDottedDigits holds parseVersion's shortcut (a
// text without a digit, a dot and a digit in a row states no version) to
// versionRe itself, on random texts of version words, "v", digits, dots
// (ASCII, full-width, ideographic), colons and spaces, and checks the
// versions it does read.
func TestParseVersionNeedsDottedDigits(t *testing.T) {
	pieces := []string{"V", "v", "Version", "VERSÃO", "versión", "Версия", "バージョン", "1", "12", "0", "9", "７", "1.0", "2.1.3", ".5", "19.9", ".", "．", "。", "..", ":", "：", " ", " ", " ", "\u00a0", "-", "(", ")", "a", "é"}
	pieces = append(pieces, lexicon.Words(lexicon.VersionWords, "")...)
	read := 0
	r := rand.New(rand.NewPCG(23, 5))
	for range 30000 {
		s := testgen.Text(r, pieces, 9)
		want := ""
		if m := versionRe.FindStringSubmatch(corpus.Fold(s)); m != nil {
			want = m[1]
		}
		if got := parseVersion(s); got != want {
			t.Fatalf("parseVersion(%q) = %q, want %q", s, got, want)
		}
		if want != "" {
			read++
		}
	}
	if read < 1000 {
		t.Fatalf("only %d of the random texts state a version: the test reads too few", read)
	}
	for s, want := range map[string]string{"Version 1.7": "1.7", "(v2.0.1)": "2.0.1", "Версия 1.0": "1.0", "Version 2024": "", "1.7": "", "v.": ""} {
		if got := parseVersion(s); got != want {
			t.Errorf("parseVersion(%q) = %q, want %q", s, got, want)
		}
	}
}
