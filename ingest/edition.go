package ingest

import (
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/dates"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// rulebooks are the rulebooks rulesync recognises by name, with the slug
// that starts their edition names. Names are matched in the comparison
// form, case-insensitively, longest first.
var rulebooks = []struct {
	slug  string
	names []string
}{
	{"tda", []string{"Poker Tournament Directors Association", "POKER TOURNAMENT DIRECTORS ASSN", "Tournament Directors Association", "Poker TDA", "TDA"}},
	{"wsop", []string{"World Series of Poker", "ワールドシリーズオブポーカー", "ワールドシリーズポーカー", "WSOP"}},
	{"wca", []string{"WCA Regulations", "WCA 大会規則", "World Cube Association", "WCA"}},
	{"rrop", []string{"Robert's Rules of Poker"}},
}

var yearRe = lazyre.New(`(?:^|[^0-9])((?:19|20)[0-9]{2})(?:[^0-9]|$)`)

// detectEdition finds a rulebook name in head (the first lines of a
// source) and the year printed nearest to it. It returns "" when no name
// is found, and the bare slug when no year is.
func detectEdition(head string) string {
	f := strings.ToLower(corpus.Fold(head))
	best, at := "", -1
	for _, rb := range rulebooks {
		for _, n := range rb.names {
			i := indexWord(f, strings.ToLower(corpus.Fold(n)))
			if i >= 0 && (at < 0 || i < at) {
				best, at = rb.slug, i
			}
		}
	}
	if best == "" {
		return ""
	}
	nearest, dist := "", -1
	for _, m := range yearRe.FindAllStringSubmatchIndex(f, -1) {
		d := m[2] - at
		if d < 0 {
			d = -d
		}
		if dist < 0 || d < dist {
			nearest, dist = f[m[2]:m[3]], d
		}
	}
	if nearest == "" {
		return best
	}
	return best + "-" + nearest
}

// indexWord finds w in s where it is not part of a longer ASCII word.
func indexWord(s, w string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return -1
		}
		i += off
		end := i + len(w)
		if (i == 0 || !isASCIIAlnum(s[i-1])) && (end == len(s) || !isASCIIAlnum(s[end])) {
			return i
		}
		off = i + 1
	}
}

func isASCIIAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// readDate finds the first date in s, with the text that states it
// (dates.Read: the one date reader, which reports rewrites dates with).
func readDate(s, lang string) (iso, text string) { return dates.Read(s, lang) }

// sameLang reports whether two BCP 47 tags name one language.
func sameLang(a, b string) bool { return lexicon.SameLang(a, b) }

// versionNumberRe is a version number: "1.7", "v1.0", "4.1.2.0".
var versionNumberRe = lazyre.New(`(?:^|[^\d.])v?(\d{1,3}(?:\.\d{1,3})+)(?:[^\d.]|\.(?:\s|$)|$)`)

// parseDate finds the date of the version line of s and returns it in
// ISO 8601, only as precise as s states it: "Oct 9, 2024" ->
// "2024-10-09", "2024年10月" -> "2024-10", "1 de julho de 2015" ->
// "2015-07-01". The version line is the first line that states a date and
// a version number ("Version 1.7 ratified on August 14th, 2016"), else the
// first line that states a date. It returns "" when s states no date.
func parseDate(s string) string {
	iso, _ := versionDate(s, "", -1)
	return iso
}

// versionDate is parseDate with the text of the date and a language for
// the month names (see readDate). The version line is the first line that
// states a date and either a version number or a word for "version"
// ("coming into force on 1 January 2018" in "the authentic version of the
// Laws", on this line or the one before); failing that, a line among the first firstLines (all with -1)
// that states a date.
func versionDate(s, lang string, firstLines int) (iso, text string) {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		d, t := readDate(l, lang)
		if d == "" {
			continue
		}
		// A hard-wrapped sentence may say "version" on the line before.
		if isVersionLine(l, t) || i > 0 && versionWordRe.MatchString(lines[i-1]) {
			return d, t
		}
		if iso == "" && (firstLines < 0 || i < firstLines) {
			iso, text = d, t
		}
	}
	return iso, text
}

// isVersionLine reports whether line states a version number outside the
// date it states, or a word for "version".
func isVersionLine(line, date string) bool {
	rest := strings.Replace(line, date, " ", 1)
	return versionNumberRe.MatchString(rest) || versionWordRe.MatchString(rest)
}

// versionAlt is the alternation of the lexicon's words for "version",
// each the start of a word (inflected forms follow: Russian "Версия",
// "версией"; Hungarian "Verzió").
func versionAlt() string { return lexicon.Alternation(lexicon.Words(lexicon.VersionWords, "")) }

var (
	versionWordRe = lazyre.NewFunc(func() string { return `(?i)(?:^|[^\p{L}])(?:` + versionAlt() + `)` })
	// versionRe is a version number after a version word ("Version 1.0",
	// "バージョン1.0", "Версия 1.7") or a "v" ("(v1.7)", "v 1.0").
	versionRe = lazyre.NewFunc(func() string {
		return `(?i)(?:(?:^|[^\p{L}])(?:` + versionAlt() + `)\p{L}*|(?:^|[^\p{L}])v)\s*[:：]?\s*(\d+(?:\.\d+)+)`
	})
)

// parseVersion finds a version number ("Version 1.0", "バージョン1.0",
// "Версия 1.7", "(v1.7)") in s.
func parseVersion(s string) string {
	f := corpus.Fold(s)
	// Every version versionRe reads has a digit, a dot and a digit
	// ("1.0"): a text without them states none, and the expression (its
	// version words in every case, the longest to compile of ingest's) is
	// not needed.
	if !hasDottedDigits(f) {
		return ""
	}
	if m := versionRe.FindStringSubmatch(f); m != nil {
		return m[1]
	}
	return ""
}

// hasDottedDigits reports whether s holds an ASCII digit, a dot and an
// ASCII digit in a row.
func hasDottedDigits(s string) bool {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == '.' && '0' <= s[i-1] && s[i-1] <= '9' && '0' <= s[i+1] && s[i+1] <= '9' {
			return true
		}
	}
	return false
}
