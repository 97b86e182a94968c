package diff

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
)

// A change's Reason is written for the editor who publishes the
// changelog: what the text does now ("now cites Rule 71-B", "one
// sentence added", "“must” became “should”"), items and references by
// their printed numbers, quotations in curly quotes. A reason never
// holds an id ("rule:71#B") or a character that a Markdown or JSON
// writer would escape with a backslash.

// quote puts text in curly quotes, as a reason cites it.
func quote(s string) string { return "“" + s + "”" }

// quoted quotes each of xs.
func quoted(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = quote(x)
	}
	return out
}

// and joins items as a sentence does: "A", "A and B", "A, B and C".
func and(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

var smallNumbers = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// counted spells a count with its noun: "one sentence", "two sentences",
// "12 words".
func counted(n int, noun string) string {
	s := fmt.Sprint(n)
	if n >= 0 && n < len(smallNumbers) {
		s = smallNumbers[n]
	}
	if n != 1 {
		noun += "s"
	}
	return s + " " + noun
}

// plural picks the singular or the plural form for a list of n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// delta returns what left a and what came in b, each once, in order of
// appearance; repeats count, so that a word said twice instead of once
// has come.
func delta(a, b []string) (gone, came []string) {
	ca, cb := map[string]int{}, map[string]int{}
	for _, w := range a {
		ca[w]++
	}
	for _, w := range b {
		cb[w]++
	}
	seen := map[string]bool{}
	for _, w := range a {
		if ca[w] > cb[w] && !seen[w] {
			seen[w] = true
			gone = append(gone, w)
		}
	}
	for _, w := range b {
		if cb[w] > ca[w] && !seen[w] {
			seen[w] = true
			came = append(came, w)
		}
	}
	return gone, came
}

// setDelta is delta without repeats: what is in one set only.
func setDelta(a, b []string) (gone, came []string) {
	in := func(xs []string, x string) bool {
		for _, y := range xs {
			if y == x {
				return true
			}
		}
		return false
	}
	for _, x := range a {
		if !in(b, x) && !in(gone, x) {
			gone = append(gone, x)
		}
	}
	for _, x := range b {
		if !in(a, x) && !in(came, x) {
			came = append(came, x)
		}
	}
	return gone, came
}

// numbersReason says how the numbers a text states changed.
func numbersReason(a, b []string) string {
	gone, came := setDelta(a, b)
	switch {
	case len(gone) > 0 && len(came) > 0:
		return "numbers changed: " + and(gone) + " became " + and(came)
	case len(came) > 0:
		return plural(len(came), "new number: ", "new numbers: ") + and(came)
	case len(gone) > 0:
		return plural(len(gone), "number removed: ", "numbers removed: ") + and(gone)
	}
	return "numbers reordered"
}

// refsReason says how the citations of an item changed, by the numbers
// the rulebook prints: "now cites Rule 71-B".
func refsReason(a, b []string) string {
	gone, came := setDelta(a, b)
	label := func(refs []string) string {
		out := make([]string, len(refs))
		for i, r := range refs {
			out[i] = corpus.RefLabel(r)
		}
		return and(out)
	}
	switch {
	case len(gone) > 0 && len(came) > 0:
		return "now cites " + label(came) + " instead of " + label(gone)
	case len(came) > 0:
		return "now cites " + label(came)
	case len(gone) > 0:
		return "no longer cites " + label(gone)
	}
	return "citations reordered"
}

// partsReason says how the labelled parts of an item changed.
func partsReason(a, b []string) string {
	gone, came := setDelta(a, b)
	switch {
	case len(gone) > 0 && len(came) > 0:
		return plural(len(gone), "part ", "parts ") + and(gone) + " replaced by " + and(came)
	case len(came) > 0:
		return plural(len(came), "part ", "parts ") + and(came) + " added"
	case len(gone) > 0:
		return plural(len(gone), "part ", "parts ") + and(gone) + " removed"
	}
	return "parts reordered"
}

// wordsReason says how the words of a class (negations, modal verbs)
// changed: "“must” became “should”", "modal verb added: “may”".
func wordsReason(class, classes string, a, b []string) string {
	gone, came := delta(a, b)
	switch {
	case len(gone) > 0 && len(came) > 0:
		return plural(max(len(gone), len(came)), class, classes) + " changed: " + and(quoted(gone)) + " became " + and(quoted(came))
	case len(came) > 0:
		return plural(len(came), class, classes) + " added: " + and(quoted(came))
	case len(gone) > 0:
		return plural(len(gone), class, classes) + " removed: " + and(quoted(gone))
	}
	return classes + " changed"
}

// sentencesReason says how many sentences came or went.
func sentencesReason(x, y int) string {
	if y > x {
		return counted(y-x, "sentence") + " added"
	}
	return counted(x-y, "sentence") + " removed"
}

// editPhrase says what one edit did: "“x” became “y”", "“x” deleted",
// "“y” added".
func editPhrase(d, n string) string {
	return editWords(strings.TrimSpace(d), strings.TrimSpace(n))
}

// editWords says what became of d: "“d” became “n”", "“n” added" when d
// is "", "“d” deleted" when n is "".
func editWords(d, n string) string {
	switch {
	case d == "":
		return quote(n) + " added"
	case n == "":
		return quote(d) + " deleted"
	}
	return quote(d) + " became " + quote(n)
}

// lowerTitle writes a title's words as running text: "New Players" ->
// "new players"; words in capitals ("TD", "RP") stay.
func lowerTitle(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		rs := []rune(w)
		if len(rs) > 1 && unicode.IsUpper(rs[0]) && strings.ToLower(string(rs[1:])) == string(rs[1:]) {
			ws[i] = strings.ToLower(w)
		}
	}
	return strings.Join(ws, " ")
}
