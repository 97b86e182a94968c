package ingest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
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

var yearRe = regexp.MustCompile(`(?:^|[^0-9])((?:19|20)[0-9]{2})(?:[^0-9]|$)`)

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

var months = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
	"fev": 2, "abr": 4, "mai": 5, "ago": 8, "set": 9, "out": 10, "dez": 12,
}

var (
	dateJaRe = regexp.MustCompile(`((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?`)
	dateEnRe = regexp.MustCompile(`(?i)\b([a-z]{3})[a-z]*\.?\s+(?:(\d{1,2})(?:st|nd|rd|th)?,?\s+)?,?\s*((?:19|20)\d{2})\b`)
	dateISO  = regexp.MustCompile(`\b((?:19|20)\d{2})-(\d{2})(?:-(\d{2}))?\b`)
)

// parseDate finds the first date in s and returns it in ISO 8601, only as
// precise as s states it: "Oct 9, 2024" -> "2024-10-09", "2024年10月" ->
// "2024-10", "January 1, 2024" -> "2024-01-01". It returns "" when s
// states no date.
func parseDate(s string) string {
	s = corpus.Fold(s)
	type cand struct {
		at  int
		iso string
	}
	var found []cand
	if m := dateJaRe.FindStringSubmatchIndex(s); m != nil {
		found = append(found, cand{m[0], isoDate(s[m[2]:m[3]], s[m[4]:m[5]], sub(s, m, 6))})
	}
	for _, m := range dateEnRe.FindAllStringSubmatchIndex(s, -1) {
		mon, ok := months[strings.ToLower(s[m[2]:m[3]])]
		if !ok {
			continue
		}
		found = append(found, cand{m[0], isoDate(s[m[6]:m[7]], strconv.Itoa(mon), sub(s, m, 4))})
		break
	}
	if m := dateISO.FindStringSubmatchIndex(s); m != nil {
		found = append(found, cand{m[0], isoDate(s[m[2]:m[3]], s[m[4]:m[5]], sub(s, m, 6))})
	}
	best := ""
	at := -1
	for _, c := range found {
		if c.iso != "" && (at < 0 || c.at < at) {
			best, at = c.iso, c.at
		}
	}
	return best
}

func sub(s string, m []int, i int) string {
	if m[i] < 0 {
		return ""
	}
	return s[m[i]:m[i+1]]
}

func isoDate(y, m, d string) string {
	mon, _ := strconv.Atoi(m)
	if mon < 1 || mon > 12 {
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

var versionRe = regexp.MustCompile(`(?i)(?:version|versão|versión|バージョン|版本)\s*[:：]?\s*(\d+(?:\.\d+)+)`)

// parseVersion finds a version number ("Version 1.0", "バージョン1.0") in s.
func parseVersion(s string) string {
	if m := versionRe.FindStringSubmatch(corpus.Fold(s)); m != nil {
		return m[1]
	}
	return ""
}
