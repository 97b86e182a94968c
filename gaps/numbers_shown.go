package gaps

import (
	"slices"
	"strings"

	"github.com/rulesync/rulesync/align"
)

// printedTimes maps each duration of times (a text's, align.TimesPrinted),
// as align.Times writes it ("1800s", what the checks compare), to the
// words that state it ("30 分").
func printedTimes(times []align.Time) map[string]string {
	var out map[string]string
	for _, t := range times {
		if out == nil {
			out = map[string]string{}
		}
		if _, ok := out[t.Seconds]; !ok {
			out[t.Seconds] = t.Printed
		}
	}
	return out
}

// printedNumber is the number a duration's words begin with ("30" of
// "30 分"), or "" for one in words ("ninety seconds").
func printedNumber(printed string) string {
	i := 0
	for i < len(printed) && '0' <= printed[i] && printed[i] <= '9' {
		i++
	}
	return printed[:i]
}

// shownNumbers lists nums as the text prints them, each once: a duration
// by its words (words, from printedTimes) and left out where the number
// it is printed with is in the list already ("30", "1800s" are "30").
func shownNumbers(nums []string, words map[string]string) []string {
	var out, timed []string
	for _, n := range nums {
		if w, ok := words[n]; ok {
			timed = append(timed, w)
		} else if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, w := range timed {
		if n := printedNumber(w); (n == "" || !slices.Contains(out, n)) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// shownChanges lists the pairs of numbers the translation changes
// ("30 -> 20") as shownNumbers lists numbers: a duration by its words on
// each side, left out where the pair of numbers it is printed with is in
// the list already ("30 -> 20", "1800s -> 1200s" are "30 -> 20").
func shownChanges(pairs [][2]string, sw, tw map[string]string) []string {
	var out, timed []string
	var timedNums []string
	for _, p := range pairs {
		a, aTime := sw[p[0]]
		b, bTime := tw[p[1]]
		if !aTime || !bTime {
			if !aTime {
				a = p[0]
			}
			if !bTime {
				b = p[1]
			}
			if s := a + " -> " + b; !slices.Contains(out, s) {
				out = append(out, s)
			}
			continue
		}
		timed = append(timed, a+" -> "+b)
		timedNums = append(timedNums, printedNumber(a)+" -> "+printedNumber(b))
	}
	for i, s := range timed {
		n := timedNums[i]
		if (strings.HasPrefix(n, " ") || strings.HasSuffix(n, " ") || !slices.Contains(out, n)) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
