package diff

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// joinFields is strings.Join(strings.Fields(s), " "): s with each run of
// white space (unicode.IsSpace) one space, and none at either end. It is
// s itself when s is so already, as most comparison forms are, and
// otherwise made in one buffer: the words' slice and the joined copy
// were most of what judging the changed items of an edition allocated.
func joinFields(s string) string { return joinFieldsFunc(s, isSpace) }

// joinFieldsFunc is strings.Join(strings.FieldsFunc(s, sep), " "), made
// as joinFields makes its text; sep must hold for ' '.
func joinFieldsFunc(s string, sep func(rune) bool) string {
	if spacedOnce(s, sep) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	forFields(s, sep, func(w string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	})
	return b.String()
}

// countFields is len(strings.Fields(s)), without the slice.
func countFields(s string) int {
	n := 0
	forFields(s, isSpace, func(string) { n++ })
	return n
}

// forFields calls f with each field of s in order, as
// strings.FieldsFunc(s, sep) splits s: around runs of runes sep holds for
// (an invalid byte is U+FFFD to sep).
func forFields(s string, sep func(rune) bool, f func(w string)) {
	start := -1 // the start of the field being read, or -1 between fields
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if sep(r) {
			if start >= 0 {
				f(s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		f(s[start:])
	}
}

// spacedOnce reports whether joinFieldsFunc(s, sep) is s: no separator
// at either end, and none but single spaces between words.
func spacedOnce(s string, sep func(rune) bool) bool {
	prevSpace := true // the start counts as space: none may follow it
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		sp := sep(r)
		if sp && (prevSpace || r != ' ') {
			return false
		}
		prevSpace = sp
		i += size
	}
	return !prevSpace || s == ""
}

// isSpace is the white space of strings.Fields: unicode.IsSpace.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ':
			return true
		}
		return false
	}
	return unicode.IsSpace(r)
}
