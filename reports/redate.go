package reports

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/internal/lazyre"
)

// redate rewrites the date in s that is oldISO (as precise as the
// document states it: "2021-05-01", "2021-05") as newISO, in the way s
// writes it: "2021年5月1日" -> "2024年1月1日", "May 1, 2021" -> "January
// 1, 2024", "1 May 2021", "2021-05-01", "01.05.2021", "5/1/2021". It
// reports false when s holds no such date.
func redate(s, oldISO, newISO string) (string, bool) {
	oy, om, od, ok1 := isoParts(oldISO)
	ny, nm, nd, ok2 := isoParts(newISO)
	if !ok1 || !ok2 {
		return "", false
	}
	num := func(new int, printed string) string {
		if len(printed) == 2 && new < 10 {
			return fmt.Sprintf("%02d", new)
		}
		return strconv.Itoa(new)
	}
	is := func(printed string, v int) bool { n, err := strconv.Atoi(printed); return err == nil && n == v }
	// 2021年5月1日, 2021年5月
	if m := redateCJK.FindStringSubmatchIndex(s); m != nil && is(s[m[2]:m[3]], oy) && is(s[m[4]:m[5]], om) && (m[6] < 0 || is(s[m[6]:m[7]], od)) {
		out := s[:m[2]] + strconv.Itoa(ny) + s[m[3]:m[4]] + num(nm, s[m[4]:m[5]]) + s[m[5]:]
		if m[6] >= 0 && nd > 0 {
			d := num(nd, s[m[6]:m[7]])
			off := len(out) - len(s)
			out = out[:m[6]+off] + d + out[m[7]+off:]
		}
		return out, true
	}
	// 2021-05-01
	if i := strings.Index(s, oldISO); i >= 0 {
		return s[:i] + newISO + s[i+len(oldISO):], true
	}
	// May 1, 2021 / 1 May 2021 / May 2021
	for _, re := range []*lazyre.Regexp{redateMDY, redateDMY} {
		for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
			mon, day, year := span(s, m, "month", re), span(s, m, "day", re), span(s, m, "year", re)
			mi := monthIndex(s[mon[0]:mon[1]])
			if mi != om || !is(s[year[0]:year[1]], oy) || day[0] >= 0 && !is(s[day[0]:day[1]], od) {
				continue
			}
			name := monthName(s[mon[0]:mon[1]], nm)
			type rep struct {
				at  [2]int
				new string
			}
			reps := []rep{{mon, name}, {year, strconv.Itoa(ny)}}
			if day[0] >= 0 && nd > 0 {
				reps = append(reps, rep{day, num(nd, s[day[0]:day[1]])})
			}
			// Apply from the end.
			for a := 0; a < len(reps); a++ {
				for b := a + 1; b < len(reps); b++ {
					if reps[b].at[0] > reps[a].at[0] {
						reps[a], reps[b] = reps[b], reps[a]
					}
				}
			}
			out := s
			for _, r := range reps {
				out = out[:r.at[0]] + r.new + out[r.at[1]:]
			}
			return out, true
		}
	}
	// 01.05.2021, 1/5/2021, 5/1/2021: the fields by their values.
	for _, m := range redateNumeric.FindAllStringSubmatchIndex(s, -1) {
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
		return s[:m[2]] + num(first, a) + s[m[3]:m[6]] + num(second, b) + s[m[7]:m[8]] + strconv.Itoa(ny) + s[m[9]:], true
	}
	return "", false
}

var (
	redateCJK     = lazyre.New(`(\d{4})\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?`)
	monthPattern  = `(?P<month>(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?))\.?`
	redateMDY     = lazyre.New(`\b` + monthPattern + `\s+(?:(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+)?(?P<year>\d{4})\b`)
	redateDMY     = lazyre.New(`\b(?P<day>\d{1,2})\.?\s+` + monthPattern + `,?\s+(?P<year>\d{4})\b`)
	redateNumeric = lazyre.New(`\b(\d{1,2})([./])(\d{1,2})[./](\d{4})\b`)
	monthNames    = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// span returns the byte range of a named group of re in match m ([-1,
// -1] when it did not take part).
func span(s string, m []int, name string, re *lazyre.Regexp) [2]int {
	i := re.SubexpIndex(name)
	return [2]int{m[2*i], m[2*i+1]}
}

func monthIndex(s string) int {
	s = strings.ToLower(strings.TrimSuffix(s, "."))
	for i, n := range monthNames {
		if strings.HasPrefix(strings.ToLower(n), s) && len(s) >= 3 {
			return i + 1
		}
	}
	return 0
}

// monthName writes month m as like is written: full or abbreviated, in
// its case.
func monthName(like string, m int) string {
	name := monthNames[m-1]
	if len(like) <= 4 && !strings.EqualFold(like, monthNames[monthIndex(like)-1]) {
		name = name[:3]
	}
	switch {
	case like == strings.ToUpper(like):
		return strings.ToUpper(name)
	case like == strings.ToLower(like):
		return strings.ToLower(name)
	}
	return name
}

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
