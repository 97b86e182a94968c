package dates

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// Rewrite rewrites the date in s that is oldISO (as precise as s states
// it: "2021-05-01", "2021-05") as newISO, in the way s writes it:
// "2021年5月1日" -> "2024年1月1日", "May 1, 2021" -> "January 1, 2024",
// "1 de maio de 2021" -> "1 de janeiro de 2024", "01.05.2021",
// "2021-05-01", and "5/1/2021" or "1/5/2021", whose order the values
// tell. The date is the one Read finds (lang as for Read); a month's name
// is written in the month's form at the same place in the lexicon's list
// (the last where the new month has fewer: "Sept" -> "Jan"), in the case
// of the old. It reports false when s holds no such date.
func Rewrite(s, lang, oldISO, newISO string) (string, bool) {
	oy, om, od, ok1 := isoParts(oldISO)
	ny, nm, nd, ok2 := isoParts(newISO)
	if !ok1 || !ok2 {
		return "", false
	}
	if d, ok := Find(s, lang); ok && d.ISO == oldISO {
		rs := []rune(s)
		type rep struct {
			at  [2]int
			new string
		}
		reps := []rep{{d.Year, widen(strconv.Itoa(ny), string(rs[d.Year[0]:d.Year[1]]))}}
		if d.Name.Month > 0 {
			at, name := monthName(rs, d, nm)
			if name == "" {
				return "", false
			}
			reps = append(reps, rep{at, name})
		} else {
			reps = append(reps, rep{d.Month, number(nm, string(rs[d.Month[0]:d.Month[1]]))})
		}
		if d.Day[0] >= 0 && nd > 0 {
			reps = append(reps, rep{d.Day, number(nd, string(rs[d.Day[0]:d.Day[1]]))})
		}
		// Apply from the end.
		slices.SortFunc(reps, func(a, b rep) int { return b.at[0] - a.at[0] })
		for _, r := range reps {
			rs = slices.Concat(rs[:r.at[0]], []rune(r.new), rs[r.at[1]:])
		}
		return string(rs), true
	}
	if i := strings.Index(s, oldISO); i >= 0 {
		return s[:i] + newISO + s[i+len(oldISO):], true
	}
	// 01.05.2021, 1/5/2021, 5/1/2021: the fields by their values.
	is := func(printed string, v int) bool { n, err := strconv.Atoi(printed); return err == nil && n == v }
	for _, m := range slashedRe.FindAllStringSubmatchIndex(s, -1) {
		a, b, y := s[m[2]:m[3]], s[m[6]:m[7]], s[m[8]:m[9]]
		if !is(y, oy) {
			continue
		}
		var first, second int
		switch {
		case is(a, od) && is(b, om):
			first, second = nd, nm
		case is(a, om) && is(b, od):
			first, second = nm, nd
		default:
			continue
		}
		return s[:m[2]] + number(first, a) + s[m[3]:m[6]] + number(second, b) + s[m[7]:m[8]] + strconv.Itoa(ny) + s[m[9]:], true
	}
	return "", false
}

// slashedRe is a date of numbers whose order is not known: day and
// month, or month and day, then the year.
var slashedRe = lazyre.New(`\b(\d{1,2})([./])(\d{1,2})[./](\d{4})\b`)

// monthName returns the span of d's month name in rs (after a prefix
// joined to it: "ל" of "לאפריל") and month m's name written as that one
// is, or "" where the lexicon has no such month.
func monthName(rs []rune, d Date, m int) ([2]int, string) {
	old := lexicon.MonthForms(d.Name.Lang, d.Name.Month)
	forms := lexicon.MonthForms(d.Name.Lang, m)
	if d.Name.Form >= len(old) || len(forms) == 0 {
		return [2]int{}, ""
	}
	at := d.Month
	at[0] = max(at[0], at[1]-utf8.RuneCountInString(old[d.Name.Form]))
	like := string(rs[at[0]:at[1]])
	name := forms[min(d.Name.Form, len(forms)-1)]
	switch {
	case like == strings.ToUpper(like):
		name = strings.ToUpper(name)
	case like != strings.ToLower(like):
		r, n := utf8.DecodeRuneInString(name)
		name = string(unicode.ToTitle(r)) + name[n:]
	}
	return at, name
}

// number writes n as printed writes its number: with a leading zero
// where it has one ("05"), full-width where it is ("５").
func number(n int, printed string) string {
	s := strconv.Itoa(n)
	if r, _ := utf8.DecodeRuneInString(printed); (r == '0' || r == '０') && utf8.RuneCountInString(printed) == 2 && n < 10 {
		s = fmt.Sprintf("%02d", n)
	}
	return widen(s, printed)
}

// widen writes the ASCII digits of s full-width where printed starts
// with a full-width digit.
func widen(s, printed string) string {
	if r, _ := utf8.DecodeRuneInString(printed); r < '０' || r > '９' {
		return s
	}
	return strings.Map(func(r rune) rune { return r - '0' + '０' }, s)
}

// isoParts reads the year, month and day of an ISO 8601 date (day 0
// where it has none).
func isoParts(iso string) (y, m, d int, ok bool) {
	parts := strings.Split(iso, "-")
	if len(parts) < 2 {
		return 0, 0, 0, false
	}
	var err error
	if y, err = strconv.Atoi(parts[0]); err != nil {
		return 0, 0, 0, false
	}
	if m, err = strconv.Atoi(parts[1]); err != nil {
		return 0, 0, 0, false
	}
	if len(parts) > 2 {
		if d, err = strconv.Atoi(parts[2]); err != nil {
			return 0, 0, 0, false
		}
	}
	return y, m, d, true
}
