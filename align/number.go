package align

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// numberKey is a printed number in comparison form: its runs of digits
// and of letters, lower case, joined by dots, with an opening parenthesis
// kept as a run of its own: "A2", "A.2" and "a 2" agree, "2(1)" and "2.1"
// do not.
func numberKey(n string) string {
	if isDigits(n) {
		return n // one run of digits: itself (most numbers of most rulebooks)
	}
	return numberKeyOf(n)
}

// numberKeyOf is numberKey without the shortcut for a run of digits
// (TestNumberKeyDigits holds the two to each other).
func numberKeyOf(n string) string {
	var b strings.Builder
	prev := 0 // 1 digit, 2 letter, 0 a boundary
	for _, r := range strings.ToLower(n) {
		kind := 0
		switch {
		case unicode.IsDigit(r):
			kind = 1
		case unicode.IsLetter(r):
			kind = 2
		case r == '(':
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteByte('(')
			prev = 3
			continue
		}
		if kind == 0 {
			prev = 0
			continue
		}
		if b.Len() > 0 && kind != prev {
			b.WriteByte('.')
		}
		b.WriteRune(r)
		prev = kind
	}
	return wordFirst(b.String())
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for k := 0; k < len(s); k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	return s != ""
}

// wordFirst makes the word a number starts with, where one of more than
// one letter that is no roman numeral is followed by the number proper
// ("appendix.a", "приложение.a", "rp.1"), a "#": the word is the
// language's ("Appendix A" is "Приложение A"), the number after it is
// the numbering's, and "#.1" stays apart from a bare "1".
func wordFirst(k string) string {
	w, rest, ok := strings.Cut(k, ".")
	if !ok || utf8.RuneCountInString(w) < 2 || strings.Trim(w, "ivxlcdm") == "" {
		return k
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return k
		}
	}
	return "#." + rest
}
