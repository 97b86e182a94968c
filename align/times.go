package align

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// Times returns the durations text states, in seconds ("90s", "120s").
func Times(text string) []string {
	f := corpus.Fold(text)
	return times(asciiDigits(f), strings.ToLower(f))
}

// Time is a duration a text states: Seconds as Times writes it ("1800s")
// and Printed, the words that state it, in comparison form with ASCII
// digits ("30 分", "30 minutes", "ninety seconds").
type Time struct{ Seconds, Printed string }

// TimesPrinted is Times with the words of each duration: what a message
// quotes, where Times' seconds are what checks compare.
func TimesPrinted(text string) []Time {
	f := corpus.Fold(text)
	return timesPrinted(asciiDigits(f), f)
}

// TimesAndRanges returns TimesPrinted(text) and Ranges(text, lang), the
// text's comparison form and its ASCII digits made once for both (a
// check that reads both of a text made each twice).
func TimesAndRanges(text, lang string) ([]Time, []string) {
	f := corpus.Fold(text)
	d := asciiDigits(f)
	return timesPrinted(d, f), ranges(d, lang)
}

// timesPrinted is TimesPrinted on folded text f, d being f with its
// numerals in ASCII digits (asciiDigits).
func timesPrinted(d, f string) []Time {
	var out []Time
	eachTime(d, strings.ToLower(f), func(sec int, printed string) {
		out = append(out, Time{strconv.Itoa(sec) + "s", printed})
	})
	return out
}

// times is Times on folded text f, its numerals in ASCII digits
// (asciiDigits), low being f in lower case.
func times(f, low string) []string {
	var out []string
	eachTime(f, low, func(sec int, _ string) { out = append(out, strconv.Itoa(sec)+"s") })
	return out
}

// eachTime calls yield with each duration f states, in seconds, and the
// words that state it (a slice of low or f: nothing is copied); f is
// folded text with ASCII digits, low f in lower case.
func eachTime(f, low string, yield func(sec int, printed string)) {
	// "one minute", "ninety seconds": small numbers written as words.
	if !unitAfterWord(low) {
		low = "" // no unit of time after a word: the expression has nothing to find
	}
	tw := timeWords()
	for _, m := range findTimeWords(low) {
		if n, ok := tw.counts[m[0]]; ok {
			if unit, ok := timeUnit(m[1]); ok && tw.words[m[1]] {
				yield(n*unit, m[0]+" "+m[1])
			}
		}
	}
	for i := 0; i < len(f); i++ {
		// A decimal part ("x.49 seconds") is no duration of its own.
		if f[i] < '0' || f[i] > '9' || i > 0 && (f[i-1] >= '0' && f[i-1] <= '9' || f[i-1] == '.' || f[i-1] == ',') {
			continue
		}
		j := i
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(f[i:j])
		rest := strings.TrimLeft(f[j:], " ")
		if err != nil || rest == "" {
			continue
		}
		if unit, ok := timeUnit(rest); ok {
			yield(n*unit, f[i:len(f)-len(rest)]+unitWord(rest))
		}
	}
}

// unitWord is the word of a unit of time that starts rest, whole
// (timeUnit matches its start: "min" of "minutes"): a run of letters, or
// one letter of a script written without spaces ("分" of "30分以内").
func unitWord(rest string) string {
	for i, r := range rest {
		switch {
		case corpus.IsCJK(r) && unicode.IsLetter(r):
			if i == 0 {
				return rest[:utf8.RuneLen(r)]
			}
			return rest[:i]
		case !unicode.IsLetter(r):
			return rest[:i]
		}
	}
	return rest
}
