package ingest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
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

// Dates written with digits only, first match first: ISO 8601; Japanese,
// Chinese and Korean year-month-day; year first with dots or slashes
// (Korean and Hungarian "2016.8.14.", "2015. 12. 13."); day first with
// dots (German, Russian "01.01.2024"); Vietnamese "ngày 1 tháng 1 năm
// 2024". Each names its groups' order.
var numericDates = []struct {
	re    *lazyre.Regexp
	order string // the groups: y, m, d
}{
	{lazyre.New(`\b((?:19|20)\d\d)-(\d\d)(?:-(\d\d))?\b`), "ymd"},
	{lazyre.New(`((?:19|20)\d\d)\s*[年년]\s*(\d{1,2})\s*[月월](?:\s*(\d{1,2})\s*[日일])?`), "ymd"},
	{lazyre.New(`\b((?:19|20)\d\d)\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{1,2})\b\.?`), "ymd"},
	{lazyre.New(`\b(\d{1,2})\.\s?(\d{1,2})\.\s?((?:19|20)\d\d)\b`), "dmy"},
	{lazyre.New(`(?i)ngày\s*(\d{1,2})\s*tháng\s*(\d{1,2})\s*(?:năm|,)?\s*((?:19|20)\d\d)\b`), "dmy"},
}

// dateJoiners are the words that may stand between a day and its month
// ("1 de julho", "14-го августа", "1er janvier", "1-a de januaro") or
// follow a day ("14th").
var dateJoiners = map[string]bool{"de": true, "del": true, "го": true, "er": true, "re": true, "a": true, "st": true, "nd": true, "rd": true, "th": true, "e": true, "o": true, "d": true, "ից": true}

// token is a word or a number of a line, in runes of the line.
type token struct {
	start, end int // rune offsets
	word       string
	number     int // -1 for a word
	digits     int
}

// tokenize splits s into words (letters and marks, lower case) and
// numbers (ASCII or full-width digits).
func tokenize(rs []rune) []token {
	var out []token
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case digit(r) >= 0:
			j, n := i, 0
			for j < len(rs) && digit(rs[j]) >= 0 && j-i < 9 {
				n = n*10 + digit(rs[j])
				j++
			}
			out = append(out, token{start: i, end: j, number: n, digits: j - i})
			i = j
		case unicode.IsLetter(r) || unicode.IsMark(r):
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsMark(rs[j])) {
				j++
			}
			out = append(out, token{start: i, end: j, word: strings.ToLower(string(rs[i:j])), number: -1})
			i = j
		default:
			i++
		}
	}
	return out
}

// narrow turns full-width ASCII ("２０２４") and the ideographic space
// into ASCII, rune for rune, so that rune offsets into the result are
// offsets into s.
func narrow(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '！' && r <= '～':
			return r - '！' + '!'
		case r == '\u3000':
			return ' '
		}
		return r
	}, s)
}

// digit is the value of an ASCII or full-width digit, else -1.
func digit(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= '０' && r <= '９':
		return int(r - '０')
	}
	return -1
}

// aDate is a date found in a line: ISO 8601 as precise as the line
// states it, and the line's own text for it, in runes of the line.
type aDate struct {
	iso        string
	start, end int
}

// readDate finds the first date in s and returns it in ISO 8601, only as
// precise as s states it, with the text of s that states it: "Oct 9,
// 2024" -> "2024-10-09", "14-го августа 2016 года" -> "2016-08-14",
// "2024年10月" -> "2024-10". Month names are those of the lexicon; lang
// (a BCP 47 tag, or "") chooses between languages that name months
// alike. It returns "" when s states no date with a year.
func readDate(s, lang string) (iso, text string) {
	// Every date has a year from 1900 to 2099 in digits, ASCII once
	// narrow has made full-width ones so: "19" or "20" in every
	// expression, and a number token of four digits for isYear. A line
	// without either states none.
	if n := narrow(s); !strings.Contains(n, "19") && !strings.Contains(n, "20") {
		return "", ""
	}
	return readDateAll(s, lang)
}

// readDateAll is readDate without the test for a year.
func readDateAll(s, lang string) (iso, text string) {
	rs := []rune(s)
	s = narrow(s)
	var found []aDate
	for _, nd := range numericDates {
		for _, m := range nd.re.FindAllStringSubmatchIndex(s, -1) {
			g := map[byte]string{}
			for k := 0; k < 3; k++ {
				if m[2+2*k] >= 0 {
					g[nd.order[k]] = s[m[2+2*k]:m[3+2*k]]
				}
			}
			if iso := isoDate(g['y'], g['m'], g['d']); iso != "" {
				found = append(found, aDate{iso, utf8.RuneCountInString(s[:m[0]]), utf8.RuneCountInString(s[:m[1]])})
				break
			}
		}
	}
	if d, ok := namedDate([]rune(s), lang); ok {
		found = append(found, d)
	}
	best := -1
	for i, d := range found {
		if best < 0 || d.start < found[best].start || d.start == found[best].start && len(d.iso) > len(found[best].iso) {
			best = i
		}
	}
	if best < 0 {
		return "", ""
	}
	d := found[best]
	return d.iso, strings.TrimSpace(string(rs[d.start:d.end]))
}

// namedDate finds the first date whose month is named: a month word with
// a year (19xx or 20xx) at most four tokens away, after it or else before
// it, and a day (1 to 31) just before the month (past joining words:
// "1 de julho", "ב-26 לאפריל") or else just after it ("May 1", "január
// 1.", "հունվարի 1-ից").
func namedDate(rs []rune, lang string) (aDate, bool) {
	ts := tokenize(rs)
	words := lexicon.MonthNames()
	// between is what separates tokens a and b: a day before its month
	// is separated from it by spaces, dots and hyphens only ("1. Januar",
	// "14-го"), never by a comma ("Version 2, March 4").
	between := func(a, b int) string { return string(rs[ts[a].end:ts[b].start]) }
	// partOfNumber: "2.1" is a version, not a day 1.
	partOfNumber := func(j int) bool {
		st := ts[j].start
		return st >= 2 && (rs[st-1] == '.' || rs[st-1] == ',') && digit(rs[st-2]) >= 0
	}
	for i, t := range ts {
		if t.number >= 0 {
			continue
		}
		names, ok := words[t.word]
		if !ok {
			continue
		}
		month := names[0].Month
		for _, n := range names {
			if lang != "" && sameLang(n.Lang, lang) {
				month = n.Month
				break
			}
		}
		year := -1
		for j := i + 1; j < len(ts) && j <= i+4; j++ {
			if isYear(ts[j]) {
				year = j
				break
			}
		}
		for j := i - 1; year < 0 && j >= 0 && j >= i-4; j-- {
			if isYear(ts[j]) {
				year = j
			}
		}
		if year < 0 {
			continue
		}
		day := -1
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if strings.Trim(between(j, j+1), " .-°º") != "" {
				break
			}
			if isDay(ts[j]) && j != year && !partOfNumber(j) {
				day = j
				break
			}
			if ts[j].number >= 0 || !dateJoiners[ts[j].word] {
				break
			}
		}
		if day < 0 && i+1 < len(ts) && isDay(ts[i+1]) && i+1 != year {
			day = i + 1
		}
		first, last := min(i, year), max(i, year)
		d := ""
		if day >= 0 {
			first, last = min(first, day), max(last, day)
			d = strconv.Itoa(ts[day].number)
		}
		// "14th", "1er": the ordinal ending belongs to the date.
		if last+1 < len(ts) && ts[last+1].start == ts[last].end && dateJoiners[ts[last+1].word] {
			last++
		}
		iso := isoDate(strconv.Itoa(ts[year].number), strconv.Itoa(month), d)
		if iso == "" {
			continue
		}
		return aDate{iso, ts[first].start, ts[last].end}, true
	}
	return aDate{}, false
}

func isYear(t token) bool { return t.digits == 4 && t.number >= 1900 && t.number < 2100 }

func isDay(t token) bool { return t.digits <= 2 && t.number >= 1 && t.number <= 31 }

// sameLang reports whether two BCP 47 tags name one language.
func sameLang(a, b string) bool {
	base := func(t string) string {
		t = strings.ToLower(t)
		if i := strings.IndexAny(t, "-_"); i >= 0 {
			t = t[:i]
		}
		if t == "no" || t == "nn" {
			return "nb"
		}
		return t
	}
	return base(a) == base(b)
}

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

func isoDate(y, m, d string) string {
	mon, _ := strconv.Atoi(m)
	if y == "" || mon < 1 || mon > 12 {
		return ""
	}
	if d == "" {
		return fmt.Sprintf("%s-%02d", y, mon)
	}
	day, _ := strconv.Atoi(d)
	if day < 1 || day > 31 {
		return fmt.Sprintf("%s-%02d", y, mon)
	}
	return fmt.Sprintf("%s-%02d-%02d", y, mon, day)
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
