package ingest

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

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
		if isVersionLine(l, t) || i > 0 && hasVersionWord(lines[i-1]) {
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
	return versionNumberRe.MatchString(rest) || hasVersionWord(rest)
}

// The words for "version" are read by hand, as the expressions
// (?i)(?:^|[^\p{L}])(?:WORDS) (a word at a word's start) and
// (?i)(?:(?:^|[^\p{L}])(?:WORDS)\p{L}*|(?:^|[^\p{L}])v)\s*[:：]?\s*(\d+(?:\.\d+)+)
// (a version number after one, or after a "v") would: compiling the
// second, its words in every case, took 1 to 2 ms, the longest of
// ingest's expressions, in every process that reads a text with a
// dotted number. TestParseVersionNeedsDottedDigits and
// TestVersionWordsAsExpression hold the matchers to the expressions.

// versionWords is the lexicon's words for "version", each as runes
// (a space in a word stands for one or more spaces), in file order.
var versionWords = sync.OnceValue(func() [][]rune {
	var out [][]rune
	for _, w := range lexicon.Words(lexicon.VersionWords, "") {
		out = append(out, []rune(w))
	}
	return out
})

// foldEqual reports whether r is c or in its case-folding orbit, as a
// literal c matches under (?i).
func foldEqual(c, r rune) bool {
	if c == r {
		return true
	}
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		if f == r {
			return true
		}
	}
	return false
}

// isFoldLetter reports whether r is in \p{L} as an expression matches
// it under (?i): the letters and U+0345, which folds with the letter ι.
func isFoldLetter(r rune) bool { return unicode.IsLetter(r) || r == '\u0345' }

// isRegexpSpace reports whether b is in an expression's \s: [\t\n\f\r ].
func isRegexpSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }

// wordEnd returns the end of word w at offset q of s, each rune matched
// by its case folding and a space by one or more spaces; -1 where w is
// not there.
func wordEnd(s string, q int, w []rune) int {
	for _, c := range w {
		if c == ' ' {
			if q >= len(s) || !isRegexpSpace(s[q]) {
				return -1
			}
			for q < len(s) && isRegexpSpace(s[q]) {
				q++
			}
			continue
		}
		if q >= len(s) {
			return -1
		}
		r, size := utf8.DecodeRuneInString(s[q:])
		if !foldEqual(c, r) {
			return -1
		}
		q += size
	}
	return q
}

// wordStarts calls f with each offset of s at which a word starts: the
// start, and each offset after a rune that is not a letter (an invalid
// byte is one such rune); f returns true to stop.
func wordStarts(s string, f func(q int) bool) {
	if f(0) {
		return
	}
	for p := 0; p < len(s); {
		r, size := utf8.DecodeRuneInString(s[p:])
		p += size
		if !isFoldLetter(r) && f(p) {
			return
		}
	}
}

// hasVersionWord reports whether a word for "version" starts a word of
// s, any case.
func hasVersionWord(s string) bool {
	found := false
	wordStarts(s, func(q int) bool {
		for _, w := range versionWords() {
			if wordEnd(s, q, w) >= 0 {
				found = true
				return true
			}
		}
		return false
	})
	return found
}

// dottedNumberAt returns the version number after offset e of s, past
// spaces and one colon (ASCII or full-width) among them: ASCII digits
// with at least one dot and digits after them, as many as there are;
// "" where there is none.
func dottedNumberAt(s string, e int) string {
	for e < len(s) && isRegexpSpace(s[e]) {
		e++
	}
	if strings.HasPrefix(s[e:], ":") {
		e++
	} else if strings.HasPrefix(s[e:], "：") {
		e += len("：")
	}
	for e < len(s) && isRegexpSpace(s[e]) {
		e++
	}
	digits := func(i int) int {
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i
	}
	start := e
	end := digits(e)
	if end == start {
		return ""
	}
	groups := 0
	for end < len(s) && s[end] == '.' {
		next := digits(end + 1)
		if next == end+1 {
			break
		}
		end, groups = next, groups+1
	}
	if groups == 0 {
		return ""
	}
	return s[start:end]
}

// versionAfterWord returns the version number of s that follows a word
// for "version" (and the letters after it: "Версия" for "верси") or a
// "v" at the first word start where one does, "" where none does.
func versionAfterWord(s string) string {
	version := ""
	wordStarts(s, func(q int) bool {
		for _, w := range versionWords() {
			e := wordEnd(s, q, w)
			if e < 0 {
				continue
			}
			for e < len(s) {
				r, size := utf8.DecodeRuneInString(s[e:])
				if !isFoldLetter(r) {
					break
				}
				e += size
			}
			if version = dottedNumberAt(s, e); version != "" {
				return true
			}
		}
		if q < len(s) && (s[q] == 'v' || s[q] == 'V') {
			version = dottedNumberAt(s, q+1)
		}
		return version != ""
	})
	return version
}

// parseVersion finds a version number ("Version 1.0", "バージョン1.0",
// "Версия 1.7", "(v1.7)") in s.
func parseVersion(s string) string {
	f := corpus.Fold(s)
	// Every version versionAfterWord reads has a digit, a dot and a
	// digit ("1.0"): a text without them states none, and its look for
	// the version words is not needed.
	if !hasDottedDigits(f) {
		return ""
	}
	return versionAfterWord(f)
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
