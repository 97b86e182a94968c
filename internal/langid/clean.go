package langid

import (
	"regexp"
	"strings"
	"unicode"
)

var (
	// links: URLs, mail addresses, and link targets such as
	// "regulations:regulation:4f" that Markdown sources leave in the text.
	linkRe = regexp.MustCompile(`(?i)(?:https?://|www\.)\S+|\S+@\S+\.\S+|\b[a-z]+(?::[a-z0-9_-]+){1,}\b`)
	// ids and numbers: any run of Latin letters, digits and the marks that
	// join them ("A3b1", "§4.1(3)", "10.500", "1e2)", "9.1(2)") that
	// holds a digit. Letters of other scripts beside a digit stay
	// ("14-го" keeps "-го", "2021年" keeps "年").
	idRe = regexp.MustCompile(`[§#]?[A-Za-z]*[0-9][0-9A-Za-z.,:/()§#+\-]*`)
	// quoted and parenthesised Latin terms of up to six words: the English
	// names a translation keeps beside its own ("“Chair”", "(DNF)").
	quotedRe = regexp.MustCompile(`["“”„«‹「『(（\[]\s*[A-Za-z][A-Za-z'’\- ]{0,60}\s*["“”»›」』)）\]]`)
	// acronyms: two or more capitals ("WCA", "DFSG", "GNU").
	acronymRe = regexp.MustCompile(`\b[A-Z][A-Z0-9]+\b`)
)

// Clean returns what of s tells its language: links, ids, numbers,
// acronyms and quoted or parenthesised Latin terms (the English names a
// translation keeps, "“Technical Committee”") removed, white space
// collapsed. The removed pieces are the same in every language, so they
// only ever pull a text towards English or towards nothing.
func Clean(s string) string {
	s = linkRe.ReplaceAllString(s, " ")
	s = quotedRe.ReplaceAllStringFunc(s, func(m string) string {
		if len(strings.Fields(m)) > 6 {
			return m
		}
		return " "
	})
	s = idRe.ReplaceAllString(s, " ")
	s = acronymRe.ReplaceAllString(s, " ")
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '|' || r == '*' || r == '_' || r == '`'
	}), " ")
}

// letters counts the letters of s: what Detect needs enough of.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}
