package diff

import (
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/internal/lexicon"
)

// An edit is one change of a redline: the words deleted (d) and those
// put in their place (n), either of them empty.
type edit struct{ d, n string }

// light reports whether an edit of a few words leaves what a rule says
// as it was, so that a change made of such edits is editorial: the same
// letters and digits written otherwise ("d8" -> "d(8)"), a word of
// letters changed into an inflection or a misspelling of itself
// ("thinks" -> "think", "Chairman" -> "Chair", "am" -> "an"), or
// function words added, removed or swapped (lexicon.FunctionWords: "the"
// added, ";" -> "or"). A word of content added or removed ("intentionally"
// added, "new" deleted), one word of content for another ("continuous"
// -> "discrete") and any number word changed ("three" -> "two") are not
// light: the rule may say something else.
func light(e edit) bool {
	if alnum(e.d) == alnum(e.n) {
		return true
	}
	dw, nw := strings.Fields(e.d), strings.Fields(e.n)
	if len(dw) == 1 && len(nw) == 1 && sameWord(dw[0], nw[0]) {
		return true
	}
	fw := lexicon.Set(lexicon.FunctionWords)
	for _, w := range append(dw, nw...) {
		if w = strings.ToLower(w); !fw[w] && alnum(w) != "" {
			return false
		}
	}
	return true
}

// alnum is s's letters and digits, in lower case.
func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// sameWord reports whether a and b, words of letters only and no number
// words, are one word inflected or misspelt: one starts with at least
// three letters and two thirds of the shorter of the other's ("thinks",
// "think"), or they differ by one letter ("am", "an"; "обсчета",
// "обсчёта").
func sameWord(a, b string) bool {
	x, y := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	if !onlyLetters(x) || !onlyLetters(y) || numberWord(string(x)) || numberWord(string(y)) {
		return false
	}
	short := min(len(x), len(y))
	p := 0
	for p < short && x[p] == y[p] {
		p++
	}
	if p >= 3 && 3*p >= 2*short {
		return true
	}
	return short >= 2 && oneApart(x, y)
}

// onlyLetters reports whether w is letters only.
func onlyLetters(w []rune) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return len(w) > 0
}

// numberWord reports whether w is a number word of some language
// (lexicon.NumberWords).
func numberWord(w string) bool {
	for _, t := range lexicon.NumberTables() {
		if _, ok := t.Value(w); ok {
			return true
		}
	}
	return false
}

// oneApart reports whether x and y differ by one rune substituted, put in
// or left out (Levenshtein distance 1).
func oneApart(x, y []rune) bool {
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(y)-len(x) > 1 {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if len(x) == len(y) {
		return i < len(x) && string(x[i+1:]) == string(y[i+1:])
	}
	return string(x[i:]) == string(y[i+1:])
}

// heavy is not light.
func heavy(e edit) bool { return !light(e) }
