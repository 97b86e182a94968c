package langid

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/lazyre"
)

var (
	// links: URLs, mail addresses, and link targets such as
	// "regulations:regulation:4f" that Markdown sources leave in the text.
	linkRe = lazyre.New(`(?i)(?:https?://|www\.)\S+|\S+@\S+\.\S+|\b[a-z]+(?::[a-z0-9_-]+){1,}\b`)
	// quoted and parenthesised Latin terms of up to six words: the English
	// names a translation keeps beside its own ("“Chair”", "(DNF)").
	quotedRe = lazyre.New(quotedExpr)
	// quotedAt is quotedRe anchored at the start of the text: a match
	// that starts at an opener (see replaceQuoted).
	quotedAt = lazyre.New(`\A(?:` + quotedExpr + `)`)
)

// quotedExpr is quotedRe's expression.
const quotedExpr = `["“”„«‹「『(（\[]\s*[A-Za-z][A-Za-z'’\- ]{0,60}\s*["“”»›」』)）\]]`

// Clean returns what of s tells its language: links, ids, numbers,
// acronyms and quoted or parenthesised Latin terms (the English names a
// translation keeps, "“Technical Committee”") removed, white space
// collapsed. The removed pieces are the same in every language, so they
// only ever pull a text towards English or towards nothing.
//
// Each expression runs only on a text that holds what a match cannot
// lack (see mayLink, mayQuote; a digit for an id, a capital before a
// capital or digit for an acronym): the expressions cost far more than
// the look, and most texts lack most. Ids and acronyms are removed by
// hand (removeIDs, removeAcronyms), and a text with no white space to
// collapse is returned as it is: the vote cleans each text twice, the
// second time a text the first cleaning left so.
func Clean(s string) string {
	if mayLink(s) {
		s = replaceLinks(s)
	}
	if mayQuote(s) {
		s = replaceQuoted(s)
	}
	if strings.ContainsAny(s, "0123456789") {
		s = removeIDs(s)
	}
	if hasAcronym(s) {
		s = removeAcronyms(s)
	}
	if collapsed(s) {
		return s
	}
	return collapse(s)
}

// collapse is strings.Join(strings.FieldsFunc(s, cleanSpace), " ") in
// one pass, without the slice of fields.
func collapse(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false // a cleanSpace since the last rune written
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		if cleanSpace(r) {
			space = true
		} else {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// replaceLinks is linkRe.ReplaceAllString(s, " ") run only on the
// words of s that mayLink passes. No match of linkRe holds white space
// as \s reads it (each alternative is of \S, letters, digits and marks),
// and a word's edges are edges of \b as the text's are, so the matches
// in s are those in its words, in order; the expression, which has no
// literal to look for, tried a match at every byte of the text (most of
// Clean's time on the WCA Regulations, whose texts hold link targets).
func replaceLinks(s string) string {
	var b strings.Builder
	last := 0 // the bytes before are written
	for i := 0; i < len(s); {
		if isRESpace(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && !isRESpace(s[j]) {
			j++
		}
		if w := s[i:j]; mayLink(w) {
			if r := linkRe.ReplaceAllString(w, " "); r != w {
				if last == 0 {
					b.Grow(len(s))
				}
				b.WriteString(s[last:i])
				b.WriteString(r)
				last = j
			}
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// replaceQuoted replaces each match of quotedRe in s by a space, but
// one of more than six words, which it keeps: quotedRe's
// ReplaceAllStringFunc, with the expression tried only at the openers
// a match starts with (quotedAt), not at every byte.
func replaceQuoted(s string) string {
	var b strings.Builder
	last := 0 // the bytes before are written; the search goes on from here
	written := false
	for from := 0; ; {
		i := strings.IndexAny(s[from:], quoteOpeners)
		if i < 0 {
			break
		}
		i += from
		m := quotedAt.FindStringIndex(s[i:])
		if m == nil {
			_, n := utf8.DecodeRuneInString(s[i:])
			from = i + n
			continue
		}
		end := i + m[1]
		if len(strings.Fields(s[i:end])) <= 6 {
			b.WriteString(s[last:i])
			b.WriteByte(' ')
			last = end
			written = true
		}
		from = end
	}
	if !written {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// cleanSpace reports whether Clean collapses r: white space, and the
// marks of Markdown and tables that split words ("|", "*", "_", "`").
func cleanSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '|' || r == '*' || r == '_' || r == '`'
}

// collapsed reports whether s is as Clean's collapsing leaves it: no
// cleanSpace but single spaces between other runes.
func collapsed(s string) bool {
	space := true // before the first rune: a space there is collapsed
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == ' ':
				if space {
					return false
				}
				space = true
				continue
			case cleanSpace(rune(c)):
				return false
			}
		} else {
			r, n := utf8.DecodeRuneInString(s[i:])
			i += n
			if unicode.IsSpace(r) {
				return false
			}
		}
		space = false
	}
	return !space || s == ""
}

// mayLink reports whether linkRe may match in s: each of its
// alternatives needs an at sign, "www." in any case, or a colon between
// a letter and a letter, digit, "_", "-" or "/" ("https:/",
// "regulation:4f"). linkRe's letters in any case take in "ſ" and the
// Kelvin sign too, so a byte beyond ASCII beside the colon counts as a
// letter.
func mayLink(s string) bool {
	if strings.IndexByte(s, '@') >= 0 || hasWWW(s) {
		return true
	}
	for i := 1; i+1 < len(s); i++ {
		if s[i] != ':' {
			continue
		}
		a, b := s[i-1], s[i+1]
		if ('a' <= a|0x20 && a|0x20 <= 'z' || a >= utf8.RuneSelf) &&
			('a' <= b|0x20 && b|0x20 <= 'z' || '0' <= b && b <= '9' || b == '_' || b == '-' || b == '/' || b >= utf8.RuneSelf) {
			return true
		}
	}
	return false
}

// mayQuote reports whether quotedRe may match in s: a match is an
// opening quote or bracket, then white space, an ASCII letter, letters,
// apostrophes, hyphens and white space, and a closing quote or bracket.
// It checks that shape from each opener, without quotedRe's bound of 60
// runes.
func mayQuote(s string) bool {
	for {
		i := strings.IndexAny(s, quoteOpeners)
		if i < 0 {
			return false
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		s = s[i+n:]
		j := 0
		for j < len(s) && isRESpace(s[j]) {
			j++
		}
		if j == len(s) || !isASCIILetter(s[j]) {
			continue
		}
		for j < len(s) {
			if c := s[j]; isASCIILetter(c) || c == '\'' || c == '-' || isRESpace(c) {
				j++
			} else if strings.HasPrefix(s[j:], "’") {
				j += len("’")
			} else {
				break
			}
		}
		if r, _ := utf8.DecodeRuneInString(s[j:]); strings.ContainsRune(quoteClosers, r) {
			return true
		}
	}
}

// quoteOpeners and quoteClosers are the characters a match of quotedRe
// starts and ends with.
const (
	quoteOpeners = "\"“”„«‹「『(（["
	quoteClosers = "\"“”»›」』)）]"
)

// isRESpace reports whether c is white space as \s reads it in an
// expression.
func isRESpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWord reports whether c is a word character as \b reads it: an
// ASCII letter, digit or underscore (every rune beyond ASCII is not).
func isWord(c byte) bool { return isASCIILetter(c) || isDigit(c) || c == '_' }

// removeIDs removes ids and numbers, any run of Latin letters, digits
// and the marks that join them ("A3b1", "§4.1(3)", "10.500", "1e2)",
// "9.1(2)") that holds a digit; letters of other scripts beside a digit
// stay ("14-го" keeps "-го", "2021年" keeps "年"). It is
// idRe.ReplaceAllString(s, " ") (idRe is the tests' reference) by hand:
// the expression, which has no literal to look for, tried a match at
// every byte of a text (30-100 µs for one of 600 bytes with a number,
// most of Clean's time on the WCA Regulations). An id starts at the letters before its
// first digit, and at a "§" or "#" before those, and runs on over the
// characters that join ids.
func removeIDs(s string) string { return replaceRuns(s, nextID) }

// nextID returns the first id of s (see removeIDs) that starts at from
// or after, and false when there is none.
func nextID(s string, from int) (start, end int, ok bool) {
	for i := from; i < len(s); i++ {
		if !isDigit(s[i]) {
			continue
		}
		// An id ends at a byte that is not one of its own, so the
		// letters before this digit are not in the id before, which
		// ends at from.
		start := i
		for start > from && isASCIILetter(s[start-1]) {
			start--
		}
		switch {
		case start > from && s[start-1] == '#':
			start--
		case start-1 > from && s[start-2:start] == "§":
			start -= 2
		}
		end := i + 1
		for end < len(s) {
			if c := s[end]; isASCIILetter(c) || isDigit(c) || strings.IndexByte(".,:/()#+-", c) >= 0 {
				end++
			} else if strings.HasPrefix(s[end:], "§") {
				end += len("§")
			} else {
				break
			}
		}
		return start, end, true
	}
	return 0, 0, false
}

// removeAcronyms removes acronyms, two or more capitals ("WCA",
// "DFSG", "GNU"): acronymRe.ReplaceAllString(s, " ") (acronymRe is the
// tests' reference), by hand (the
// expression costs 5-10 µs a text): an acronym is a capital that starts
// a word and one or more capitals or digits after, which end it.
func removeAcronyms(s string) string { return replaceRuns(s, nextAcronym) }

// nextAcronym returns the first acronym of s (see removeAcronyms) that
// starts at from or after, and false when there is none.
func nextAcronym(s string, from int) (start, end int, ok bool) {
	for i := from; i+1 < len(s); i++ {
		if c := s[i]; c < 'A' || c > 'Z' || i > 0 && isWord(s[i-1]) {
			continue
		}
		end := i + 1
		for end < len(s) && ('A' <= s[end] && s[end] <= 'Z' || isDigit(s[end])) {
			end++
		}
		if end == i+1 || end < len(s) && isWord(s[end]) {
			continue
		}
		return i, end, true
	}
	return 0, 0, false
}

// replaceRuns is an expression's ReplaceAllString(s, " ") for the runs
// next finds: next(s, from) is the first run that starts at from (the
// end of the run before, 0 at first) or after. It returns s itself when
// next finds none.
func replaceRuns(s string, next func(s string, from int) (start, end int, ok bool)) string {
	var b strings.Builder
	last := 0 // the end of the last run: the bytes before are written
	for {
		start, end, ok := next(s, last)
		if !ok {
			break
		}
		b.WriteString(s[last:start])
		b.WriteByte(' ')
		last = end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

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
