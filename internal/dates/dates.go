// Package dates reads the dates of a text and writes them anew in the
// way the text writes them: the one date reader of rulesync, which ingest
// reads version lines with and reports rewrites a translation's version
// with. Month names and the words of dates are the lexicon's
// (internal/lexicon: months.txt, dates.txt).
package dates

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// A Date is a date found in a text. Offsets are rune offsets into the
// text.
type Date struct {
	// ISO is the date in ISO 8601, only as precise as the text states
	// it: "2024-10-09", "2024-10".
	ISO string
	// Start and End are the span of the words that state the date.
	Start, End int
	// Year, Month and Day are the spans of the date's parts; Day is
	// {-1, -1} where ISO has no day.
	Year, Month, Day [2]int
	// Name is the month's name where the text names it (Name.Month > 0),
	// the zero MonthName where it writes the month in digits.
	Name lexicon.MonthName
}

// Read finds the first date in s and returns it in ISO 8601, only as
// precise as s states it, with the text of s that states it: "Oct 9,
// 2024" -> "2024-10-09", "14-го августа 2016 года" -> "2016-08-14",
// "2024年10月" -> "2024-10". Month names are those of the lexicon; lang
// (a BCP 47 tag, or "") chooses between languages that name months
// alike. It returns "" when s states no date with a year.
func Read(s, lang string) (iso, text string) {
	// Every date has a year from 1900 to 2099 in digits, ASCII once
	// narrow has made full-width ones so: "19" or "20" in every
	// expression, and a number token of four digits for isYear. A line
	// without either states none.
	if n := narrow(s); !strings.Contains(n, "19") && !strings.Contains(n, "20") {
		return "", ""
	}
	return readAll(s, lang)
}

// readAll is Read without the test for a year.
func readAll(s, lang string) (iso, text string) {
	d, ok := find(s, lang)
	if !ok {
		return "", ""
	}
	rs := []rune(s)
	return d.ISO, strings.TrimSpace(string(rs[d.Start:d.End]))
}

// Find is Read's date with the spans of its parts, and false where s
// states no date.
func Find(s, lang string) (Date, bool) {
	if n := narrow(s); !strings.Contains(n, "19") && !strings.Contains(n, "20") {
		return Date{}, false
	}
	return find(s, lang)
}

// find is Find without the test for a year.
func find(s, lang string) (Date, bool) {
	s = narrow(s)
	var found []Date
	runes := func(i int) int { return utf8.RuneCountInString(s[:i]) }
	for _, nd := range numericDates() {
		for _, m := range nd.re.FindAllStringSubmatchIndex(s, -1) {
			g := map[byte]string{}
			at := map[byte][2]int{}
			for k := 0; k < 3; k++ {
				if m[2+2*k] >= 0 {
					g[nd.order[k]] = s[m[2+2*k]:m[3+2*k]]
					at[nd.order[k]] = [2]int{runes(m[2+2*k]), runes(m[3+2*k])}
				}
			}
			if iso := isoDate(g['y'], g['m'], g['d']); iso != "" {
				d := Date{ISO: iso, Start: runes(m[0]), End: runes(m[1]), Year: at['y'], Month: at['m'], Day: [2]int{-1, -1}}
				if len(iso) == len("2024-01-01") {
					d.Day = at['d']
				}
				found = append(found, d)
				break
			}
		}
	}
	if d, ok := namedDate([]rune(s), lang); ok {
		found = append(found, d)
	}
	best := -1
	for i, d := range found {
		if best < 0 || d.Start < found[best].Start || d.Start == found[best].Start && len(d.ISO) > len(found[best].ISO) {
			best = i
		}
	}
	if best < 0 {
		return Date{}, false
	}
	return found[best], true
}

// numericDate is a date written with digits only and the order of its
// expression's three groups (y, m, d).
type numericDate struct {
	re    *lazyre.Regexp
	order string
}

// numericDates are the dates written with digits only, first match
// first: ISO 8601; year, month and day each followed by its sign
// ("2024年10月9日", the lexicon's "after" words); year first with dots or
// slashes (Korean and Hungarian "2016.8.14.", "2015. 12. 13."); day
// first with dots (German, Russian "01.01.2024"); day, month and year
// each after its word ("ngày 1 tháng 1 năm 2024", the lexicon's "before"
// words).
var numericDates = sync.OnceValue(func() []numericDate {
	after, before := dateWords("after"), dateWords("before")
	return []numericDate{
		{lazyre.New(`\b((?:19|20)\d\d)-(\d\d)(?:-(\d\d))?\b`), "ymd"},
		{lazyre.New(`((?:19|20)\d\d)\s*(?:` + after[0] + `)\s*(\d{1,2})\s*(?:` + after[1] + `)(?:\s*(\d{1,2})\s*(?:` + after[2] + `))?`), "ymd"},
		{lazyre.New(`\b((?:19|20)\d\d)\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{1,2})\b\.?`), "ymd"},
		{lazyre.New(`\b(\d{1,2})\.\s?(\d{1,2})\.\s?((?:19|20)\d\d)\b`), "dmy"},
		{lazyre.New(`(?i)(?:` + before[0] + `)\s*(\d{1,2})\s*(?:` + before[1] + `)\s*(\d{1,2})\s*(?:` + before[2] + `|,)?\s*((?:19|20)\d\d)\b`), "dmy"},
	}
})

// dateWords returns the lexicon's date words of a form ("after",
// "before") as three alternations: the words of the year, the month and
// the day ("after") or of the day, the month and the year ("before").
func dateWords(form string) [3]string {
	var ws [3][]string
	for _, e := range lexicon.Entries(lexicon.DateWords) {
		if e.Key != form {
			continue
		}
		for i := range ws {
			ws[i] = append(ws[i], e.Words[i])
		}
	}
	var out [3]string
	for i := range ws {
		out[i] = lexicon.Alternation(uniq(ws[i]))
	}
	return out
}

func uniq(ws []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// joiners are the words that may stand between a day and its month
// ("1 de julho", "14-го августа", "1er janvier", "1-a de januaro") or
// follow a day ("14th"): the lexicon's "joiner" date words.
var joiners = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range lexicon.KeyWords(lexicon.DateWords, "joiner") {
		m[w] = true
	}
	return m
})

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

// namedDate finds the first date whose month is named: a month word with
// a year (19xx or 20xx) at most four tokens away, after it or else before
// it, and a day (1 to 31) just before the month (past joining words:
// "1 de julho", "ב-26 לאפריל") or else just after it ("May 1", "január
// 1.", "հունվարի 1-ից").
func namedDate(rs []rune, lang string) (Date, bool) {
	ts := tokenize(rs)
	words := lexicon.MonthNames()
	sc := dateScan{rs: rs, ts: ts, join: joiners()}
	for i, t := range ts {
		if t.number >= 0 {
			continue
		}
		names, ok := words[t.word]
		if !ok {
			continue
		}
		name := names[0]
		for _, n := range names {
			if lang != "" && lexicon.SameLang(n.Lang, lang) {
				name = n
				break
			}
		}
		year := sc.year(i)
		if year < 0 {
			continue
		}
		if out, ok := sc.date(i, year, sc.day(i, year), name); ok {
			return out, true
		}
	}
	return Date{}, false
}

// dateScan is the tokens of a text that namedDate reads.
type dateScan struct {
	rs   []rune
	ts   []token
	join map[string]bool
}

// year is the token of the year nearest the month at i, at most four
// tokens after it or else before it, or -1.
func (sc dateScan) year(i int) int {
	ts := sc.ts
	for j := i + 1; j < len(ts) && j <= i+4; j++ {
		if isYear(ts[j]) {
			return j
		}
	}
	year := -1
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		if isYear(ts[j]) {
			year = j
		}
	}
	return year
}

// day is the token of the day of the month at i, or -1: just before it,
// past joining words, separated by spaces, dots and hyphens only ("1.
// Januar", "14-го", never "Version 2, March 4") and not part of a
// number ("2.1" is a version, not a day 1); or else just after it.
func (sc dateScan) day(i, year int) int {
	rs, ts := sc.rs, sc.ts
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if strings.Trim(string(rs[ts[j].end:ts[j+1].start]), " .-°º") != "" {
			break
		}
		st := ts[j].start
		partOfNumber := st >= 2 && (rs[st-1] == '.' || rs[st-1] == ',') && digit(rs[st-2]) >= 0
		if isDay(ts[j]) && j != year && !partOfNumber {
			return j
		}
		if ts[j].number >= 0 || !sc.join[ts[j].word] {
			break
		}
	}
	if i+1 < len(ts) && isDay(ts[i+1]) && i+1 != year {
		return i + 1
	}
	return -1
}

// date is the date of the month at i, its year and its day (or -1),
// with its span: an ordinal ending joined to its last token ("14th",
// "1er") belongs to it.
func (sc dateScan) date(i, year, day int, name lexicon.MonthName) (Date, bool) {
	ts := sc.ts
	first, last := min(i, year), max(i, year)
	d := ""
	if day >= 0 {
		first, last = min(first, day), max(last, day)
		d = strconv.Itoa(ts[day].number)
	}
	if last+1 < len(ts) && ts[last+1].start == ts[last].end && sc.join[ts[last+1].word] {
		last++
	}
	iso := isoDate(strconv.Itoa(ts[year].number), strconv.Itoa(name.Month), d)
	if iso == "" {
		return Date{}, false
	}
	out := Date{ISO: iso, Start: ts[first].start, End: ts[last].end, Name: name,
		Year: [2]int{ts[year].start, ts[year].end}, Month: [2]int{ts[i].start, ts[i].end}, Day: [2]int{-1, -1}}
	if day >= 0 && len(iso) == len("2024-01-01") {
		out.Day = [2]int{ts[day].start, ts[day].end}
	}
	return out, true
}

func isYear(t token) bool { return t.digits == 4 && t.number >= 1900 && t.number < 2100 }

func isDay(t token) bool { return t.digits <= 2 && t.number >= 1 && t.number <= 31 }

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
