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
//
// Each expression runs only on a text that holds what it cannot match
// without (a colon, an at sign or "www." for a link; an opening quote or
// bracket; a digit; a capital before a capital or digit): the
// expressions cost far more than the look, and most texts lack most.
func Clean(s string) string {
	if strings.ContainsAny(s, ":@") || hasWWW(s) {
		s = linkRe.ReplaceAllString(s, " ")
	}
	if strings.ContainsAny(s, quoteOpeners) {
		s = quotedRe.ReplaceAllStringFunc(s, func(m string) string {
			if len(strings.Fields(m)) > 6 {
				return m
			}
			return " "
		})
	}
	if strings.ContainsAny(s, "0123456789") {
		s = idRe.ReplaceAllString(s, " ")
	}
	if hasAcronym(s) {
		s = acronymRe.ReplaceAllString(s, " ")
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '|' || r == '*' || r == '_' || r == '`'
	}), " ")
}

// quoteOpeners are the characters a match of quotedRe starts with.
const quoteOpeners = "\"“”„«‹「『(（["

// hasWWW reports whether s holds "www." in any case, as linkRe reads it.
func hasWWW(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i]|0x20 == 'w' && s[i+1]|0x20 == 'w' && s[i+2]|0x20 == 'w' && s[i+3] == '.' {
			return true
		}
	}
	return false
}

// hasAcronym reports whether s holds a capital followed by a capital or
// a digit, which every match of acronymRe starts with.
func hasAcronym(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' && ('A' <= s[i+1] && s[i+1] <= 'Z' || '0' <= s[i+1] && s[i+1] <= '9') {
			return true
		}
	}
	return false
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
