package reports

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The comparison forms of lines (lineKey, conserveKey) and the pieces of
// the check of conservation are made for every line of a draft and every
// sentence of a translation: at 100k items a side, the expressions
// below, run on every line, were 17% of a sync's processor time, on
// lines most of which hold none of what they match. Each function here
// gives exactly what its expression gives (TestKeyScans holds them to
// the expressions): it runs the expression only where the text can
// match it, or scans it by hand.

// withoutTags is mdTagRe.ReplaceAllString(s, " "): a tag opens with '<'.
func withoutTags(s string) string {
	if strings.IndexByte(s, '<') < 0 {
		return s
	}
	return mdTagRe.ReplaceAllString(s, " ")
}

// withoutLinks is mdLinkRe.ReplaceAllString(s, "$1"): a link holds "](".
func withoutLinks(s string) string {
	if !strings.Contains(s, "](") {
		return s
	}
	return mdLinkRe.ReplaceAllString(s, "$1")
}

// withoutLineStart is mdLineStartRe.ReplaceAllString(s, ""): the markup
// it takes out opens with a blank (\s), '#', '>' or a bullet.
func withoutLineStart(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case ' ', '\t', '\n', '\f', '\r', '#', '>', '-', '*', '+':
		return mdLineStartRe.ReplaceAllString(s, "")
	}
	return s
}

// isASCIILetter reports whether c is one of [A-Za-z].
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// ndAt reports whether s[i:] opens with a decimal digit of any script
// (\p{Nd}) and its width in bytes.
func ndAt(s string, i int) (bool, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return c >= '0' && c <= '9', 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	return unicode.Is(unicode.Nd, r), n
}

// withoutNumberTokens is numberTokenRe.ReplaceAllString(s, " "): each
// run of ASCII letters, digits of any script among them, from the
// letters just before its first digit, is one blank.
func withoutNumberTokens(s string) string {
	var b strings.Builder
	from := 0 // s[from:] is not written yet
	for i := 0; i < len(s); {
		start := i
		for i < len(s) && isASCIILetter(s[i]) {
			i++
		}
		if i == len(s) {
			break
		}
		nd, n := ndAt(s, i)
		if !nd {
			if i == start {
				i += n // a rune neither letter nor digit
			}
			continue
		}
		for i += n; i < len(s); i += n {
			if isASCIILetter(s[i]) {
				n = 1
				continue
			}
			if nd, n = ndAt(s, i); !nd {
				break
			}
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[from:start])
		b.WriteByte(' ')
		from = i
	}
	if from == 0 {
		return s
	}
	b.WriteString(s[from:])
	return b.String()
}

// sentenceEnds are the ends of sentenceEndRe's matches in s, in order
// (FindAllStringIndex's second offsets): after a CJK full stop,
// question or exclamation mark, or after the blank (\s) that follows
// '.', '!' or '?'.
func sentenceEnds(s string) []int {
	var ends []int
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			if (c == '.' || c == '!' || c == '?') && i < len(s) {
				switch s[i] {
				case ' ', '\t', '\n', '\f', '\r':
					i++
					ends = append(ends, i)
				}
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r == '。' || r == '！' || r == '？' {
			ends = append(ends, i)
		}
	}
	return ends
}
