package testcorpus

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// NumberAfterText writes a Markdown document as plain text whose
// numbered headings print their number first, a hyphen and the word of
// the heading after it ("## Article 1: Scope" -> "1-Article. Scope",
// "## 1 бап" -> "1-бап."), as Kazakh, Hungarian or Uzbek texts print
// articles ("1-бап.", "1-cikk", "1-modda"); the number keeps its digits
// (any script), the word is the heading's own. Other headings become
// lines of their text; the rest is kept. ok is false when fewer than
// three headings print one number and a word, or the first of them
// prints no 1.
func NumberAfterText(md string) (string, bool) {
	lines := strings.Split(md, "\n")
	n, first := 0, -1
	for i, l := range lines {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(l, "#"))
		if s, ok := numberAfter(h); ok {
			if first < 0 {
				r, _ := utf8.DecodeRuneInString(s)
				first = digitValue(r)
			}
			lines[i] = s
			n++
		} else {
			lines[i] = h
		}
	}
	// Numbers that start at 1: where the first heading prints its
	// number in words ("Article premier"), the text starts at 2.
	return strings.Join(lines, "\n"), n >= 3 && first == 1
}

// digitValue is the value of a decimal digit of any script: each run
// of them in Unicode is of ten, from zero.
func digitValue(r rune) int {
	for _, rg := range unicode.Nd.R16 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if r >= rune(rg.Lo) && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	return -1
}

// numberAfter writes a heading that prints one decimal number and a word
// with the number first (see NumberAfterText).
func numberAfter(h string) (string, bool) {
	isDigit := func(r rune) bool { return unicode.Is(unicode.Nd, r) }
	from := strings.IndexFunc(h, isDigit)
	if from < 0 {
		return "", false
	}
	to := from + strings.IndexFunc(h[from:]+"x", func(r rune) bool { return !isDigit(r) })
	if strings.IndexFunc(h[to:], isDigit) >= 0 {
		return "", false // two numbers
	}
	if r, _ := utf8.DecodeRuneInString(h[to:]); unicode.IsLetter(r) {
		return "", false // words around the number: "第14条"
	}
	num := h[from:to]
	word := strings.Join(strings.FieldsFunc(h[:from], notLetter), " ")
	rest := strings.TrimLeftFunc(h[to:], notLetter)
	if word == "" {
		// The word after the number: "1 бап", "1. cikk".
		word, rest = firstField(rest)
	}
	if word == "" {
		return "", false
	}
	return strings.TrimSpace(num + "-" + word + ". " + rest), true
}

func notLetter(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }

// firstField is s's first run of letters and what follows it, trimmed.
func firstField(s string) (string, string) {
	end := strings.IndexFunc(s, notLetter)
	if end < 0 {
		return s, ""
	}
	return s[:end], strings.TrimLeftFunc(s[end:], notLetter)
}
