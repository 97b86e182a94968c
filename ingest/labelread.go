package ingest

import (
	"github.com/rulesync/rulesync/internal/numerals"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lookalike folds Cyrillic and Greek capitals that publishers type for
// Latin appendix letters ("В.1" for "B.1") to the Latin letter.
var lookalike = map[rune]rune{
	'А': 'A', 'В': 'B', 'С': 'C', 'Е': 'E', 'Н': 'H', 'К': 'K', 'М': 'M', 'О': 'O', 'Р': 'P', 'Т': 'T', 'Х': 'X',
	'а': 'a', 'в': 'b', 'с': 'c', 'е': 'e', 'о': 'o', 'р': 'p', 'х': 'x',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Χ': 'X',
}

// labelRune normalizes one rune of a label: full-width digits and letters
// to ASCII, look-alike capitals to Latin, the one-dot leader to a full
// stop. It returns 0 for a rune that cannot be part of a label.
func labelRune(r rune) rune {
	switch {
	case r >= '0' && r <= '9', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		return r
	case r >= '０' && r <= '９':
		return '0' + (r - '０')
	case r >= 'Ａ' && r <= 'Ｚ':
		return 'A' + (r - 'Ａ')
	case r >= 'ａ' && r <= 'ｚ':
		return 'a' + (r - 'ａ')
	case r == '.', r == '．', r == '․':
		return '.'
	case r < 0x80:
		return 0
	}
	if d := numerals.Digit(r); d >= 0 {
		return '0' + rune(d) // "٣", "३", "๓": a digit of another script
	}
	if l, ok := lookalike[r]; ok {
		return l
	}
	return 0
}

// readLabel reads a label at the start of s (leading white space
// skipped). ok is false when s does not start with one. A label of
// letters alone needs punctuation after it ("A.", "b)"), so that a word
// is never a label; a number needs punctuation, white space or the end of
// s after it.
func readLabel(s string) (l label, ok bool) {
	i := len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
	if i == len(s) {
		return l, false
	}
	if l, ok = readCJKLabel(s, i); ok {
		return l, true
	}
	if r, n := utf8.DecodeRuneInString(s[i:]); enclosedValue(r) > 0 {
		// "⑫", "⑴", "㈠": a number and its brackets in one rune.
		v := enclosedValue(r)
		return label{comps: []comp{{kind: compNum, n: v, s: strconv.Itoa(v)}}, printed: s[i : i+n], end: skipSpace(s, i+n)}, true
	}
	if l, ok = readCJKNumeralLabel(s, i); ok {
		return l, true
	}
	if l, ok = readCore(s, i); ok {
		return l, true
	}
	// A prefix word: one word of letters (or "§"), then the number.
	j := i
	if strings.HasPrefix(s[j:], "§") {
		j += len("§")
	} else {
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r) && !unicode.IsMark(r) || r == '第' {
				break
			}
			j += n
		}
		if j-i < 2 {
			return l, false
		}
		if j < len(s) && s[j] == '.' {
			j++
		} else if j+1 < len(s) && s[j] == '-' && s[j+1] >= '0' && s[j+1] <= '9' {
			// "RP-7": a word joined to its number by a hyphen.
			l, ok = readCore(s, j+1)
			if !ok {
				return label{}, false
			}
			l.prefix, l.joined = s[i:j], true
			return l, true
		}
	}
	k := skipSpace(s, j)
	// "ルール第12項": a CJK label needs no space after its prefix.
	if l, ok = readCJKLabel(s, k); ok {
		l.prefix = strings.TrimSpace(s[i:j])
		return l, true
	}
	if k == j && !strings.HasPrefix(s[i:], "§") {
		return l, false
	}
	l, ok = readCore(s, k)
	if !ok {
		l, ok = lineEndLetters(s, k)
	}
	if !ok || l.comps[0].kind == compLower {
		return label{}, false
	}
	l.prefix = strings.TrimSpace(s[i:j])
	return l, true
}

// lineEndLetters reads the capital letter or roman numeral after a prefix
// word that needs no punctuation of its own because the word makes it a
// label: at the end of the line ("CAPÍTULO II", "Appendix B"), before a
// dash or colon and the title ("Chapter II - Play", "TITOLO II:
// Svolgimento"), or, for a roman numeral, before a capitalized title
// ("Titolo II Svolgimento").
func lineEndLetters(s string, k int) (label, bool) {
	end := k
	for end < len(s) && s[end] >= 'A' && s[end] <= 'Z' {
		end++
	}
	if end == k {
		return label{}, false
	}
	l, ok := readCore(s[:end]+".", k)
	if !ok || len(l.comps) != 1 {
		return label{}, false
	}
	l.term, l.end = "", skipSpace(s, end)
	if end == len(s) || s[end] == '\n' || s[end] == '\r' {
		return l, true
	}
	if s[end] != ' ' && s[end] != '\t' {
		return label{}, false
	}
	next := skipSpace(s, end)
	r, n := utf8.DecodeRuneInString(s[next:])
	switch {
	case strings.ContainsRune("-–—:", r):
		if after := next + n; after < len(s) && (s[after] == ' ' || s[after] == '\t') {
			l.term, l.end = string(r), skipSpace(s, after)
			return l, true
		}
	case unicode.IsUpper(r) && l.comps[0].kind == compRoman || l.comps[0].kind == compUpper && strings.ContainsRune("IVX", rune(l.comps[0].s[0])) && unicode.IsUpper(r):
		return l, true
	}
	return label{}, false
}

// reSpace is white space as \s reads it in an expression: ASCII's
// space, tab, newline, form feed and carriage return (not \v).
const reSpace = " \t\n\f\r"

func skipSpace(s string, i int) int {
	return len(s) - len(strings.TrimLeftFunc(s[i:], unicode.IsSpace))
}

// readCore reads the components of a label at s[i:], with its optional
// parentheses and terminator.
func readCore(s string, i int) (l label, ok bool) {
	open := false
	if strings.HasPrefix(s[i:], "(") || strings.HasPrefix(s[i:], "（") {
		open = true
		_, n := utf8.DecodeRuneInString(s[i:])
		i = skipSpace(s, i+n) // "( ۱)"
	}
	start := i
	// The components are read into a buffer of the call's and copied
	// into the label once, at its end: most calls read no label, and a
	// label grown a component at a time was copied as many times.
	var cbuf [8]comp
	comps := cbuf[:0]
	j := i
	prevDot := true
	dotAt := -1    // where the last dot read stands
	glued := false // a word starts right after the label
	ethiopic := false
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if len(comps) == 0 && isEthiopicNumeral(r) {
			// "፲፩": Ethiopic numerals add up; one component.
			k := j
			for k < len(s) {
				r, n := utf8.DecodeRuneInString(s[k:])
				if !isEthiopicNumeral(r) {
					break
				}
				k += n
			}
			v := ethiopicValue(s[j:k])
			comps = append(comps, comp{kind: compNum, n: v, s: strconv.Itoa(v)})
			j, prevDot, ethiopic = k, false, true
			break
		}
		c := labelRune(r)
		if c == 0 {
			// A capital that is no label letter, of any script, glued
			// to a dotted number starts the text's word ("5․1․2Ȕber"),
			// as a Latin one does below.
			glued = unicode.IsUpper(r) && dotAt >= 0 && len(comps) >= 2 && !prevDot
			break
		}
		if c == '.' {
			if prevDot || len(comps) == 0 {
				break
			}
			// A dot ends the label unless another component follows it.
			r2, _ := utf8.DecodeRuneInString(s[j+n:])
			if c2 := labelRune(r2); c2 == 0 || c2 == '.' {
				break
			}
			prevDot = true
			dotAt = j
			j += n
			continue
		}
		// Read one component: digits, or one letter, or a roman numeral.
		// Its runes normalized are ASCII; where they are the runes
		// printed (same), the component is s[j:k] and needs no copy.
		k := j
		var vbuf [8]byte
		cs := vbuf[:0]
		same := true
		kind := compKind(0)
		for k < len(s) {
			r, n := utf8.DecodeRuneInString(s[k:])
			c := labelRune(r)
			if c >= '0' && c <= '9' && (kind == 0 || kind == compNum) {
				kind = compNum
				cs = append(cs, byte(c))
				same = same && c == r
				k += n
				continue
			}
			break
		}
		if kind == 0 {
			c1 := labelRune(r)
			if !(c1 >= 'a' && c1 <= 'z' || c1 >= 'A' && c1 <= 'Z') {
				break
			}
			if m := insertedSuffix(s, j); m > j && !prevDot && len(comps) > 0 && comps[len(comps)-1].kind == compNum {
				// "3bis": an article inserted after 3 (insertedSuffix).
				comps = append(comps, comp{kind: compSuffix, inserted: true, s: s[j:m]})
				j = m
				continue
			}
			// Letters: one letter, or a roman numeral of capitals.
			k = j + n
			cs = append(cs, byte(c1))
			same = same && c1 == r
			kind = compLower
			if c1 >= 'A' && c1 <= 'Z' {
				kind = compUpper
			}
			for k < len(s) {
				r, n := utf8.DecodeRuneInString(s[k:])
				c := labelRune(r)
				if c == 0 || c == '.' || c >= '0' && c <= '9' {
					break
				}
				if !strings.ContainsRune("IVXLC", c1) || !strings.ContainsRune("IVXLC", c) {
					// Two letters in a row are a word, not a label: after
					// a dot, the label ended at the dot ("5.1.1.The game");
					// glued to a dotted number, before the word
					// ("5․1․2The game").
					if dotAt >= 0 && prevDot {
						j = dotAt
						kind = 0
						break
					}
					if dotAt >= 0 && len(comps) >= 2 && c1 >= 'A' && c1 <= 'Z' {
						kind = 0
						glued = true
						break
					}
					return l, false
				}
				cs = append(cs, byte(c))
				same = same && c == r
				k += n
				kind = compRoman
			}
			if kind == 0 {
				break
			}
			// A letter run into a word of another script ("1.4.1.Считается"
			// reads С as a look-alike C) is the word's first letter.
			if r, _ := utf8.DecodeRuneInString(s[k:]); k < len(s) && unicode.IsLetter(r) && labelRune(r) == 0 {
				if dotAt >= 0 && prevDot {
					j = dotAt
					kind = 0
					break
				}
				return l, false
			}
			if kind == compRoman && romanValue(string(cs)) == 0 {
				return l, false
			}
		}
		if kind == compNum && len(cs) > maxLabelDigits {
			// A number int cannot hold is no label: plain text.
			return l, false
		}
		// Adjacent components change kind ("1e1a", "B2"); a dot separates
		// the rest.
		if !prevDot && len(comps) > 0 && (kind == compNum) == (comps[len(comps)-1].kind == compNum) {
			return l, false
		}
		v := s[j:k]
		if !same {
			v = string(cs)
		}
		comps = append(comps, newComp(kind, v))
		prevDot = false
		j = k
	}
	if len(comps) == 0 || len(comps) > 8 {
		return l, false
	}
	l = label{printed: s[start:j]}
	if ethiopic {
		l.printed = comps[0].s // its value, as for "第十二条"
	}
	// "Art. 1º", "Artículo 2.º", "3ª": an ordinal indicator after a number
	// is how it is printed, not another component.
	if comps[len(comps)-1].kind == compNum {
		k := j
		if strings.HasPrefix(s[k:], ".") {
			k++
		}
		if r, n := utf8.DecodeRuneInString(s[k:]); r == 'º' || r == 'ª' || r == '°' {
			j = k + n
		}
	}
	if open {
		if strings.HasPrefix(s[j:], ")") || strings.HasPrefix(s[j:], "）") {
			_, n := utf8.DecodeRuneInString(s[j:])
			j += n
			l.comps = slices.Clone(comps)
			l.paren = true
			l.term = ")"
			l.end = skipSpace(s, j)
			return l, len(comps) == 1
		}
		return label{}, false
	}
	// "1a+)": a suffix needs its terminator.
	if k := j + len(s[j:]) - len(strings.TrimLeft(s[j:], "+")); k > j {
		if r, _ := utf8.DecodeRuneInString(s[k:]); !strings.ContainsRune(".．:：)）", r) {
			return label{}, false
		}
		l.edit().suffix = s[j:k]
		j = k
		l.printed = s[start:j]
	}
	letters := comps[0].kind != compNum && len(comps) == 1
	r, n := utf8.DecodeRuneInString(s[j:])
	switch {
	case glued:
		// The word is the text; the label ends where it begins.
	case j == len(s):
		if letters {
			return label{}, false
		}
	case r == '/' && j+1 < len(s) && s[j+1] >= 0x80 && isTermRune(firstRune(s[j+1:])):
		// "፩/፡": a slash and the script's word separator.
		_, n2 := utf8.DecodeRuneInString(s[j+1:])
		l.term = s[j : j+1+n2]
		j += 1 + n2
		if j < len(s) && !unicode.IsSpace(firstRune(s[j:])) {
			return label{}, false
		}
	case strings.ContainsRune(".．:：)）、。", r) || r >= 0x80 && isTermRune(r):
		l.term = s[j : j+n] // string(r), without a copy
		k := j + n
		// "5.1.1.The game": a dotted label may run into its text; so may
		// any label into a script that writes no spaces between words
		// ("1．プレイヤー", "2)ข้อ"), where no space is printed after it.
		if k < len(s) {
			r2, _ := utf8.DecodeRuneInString(s[k:])
			if !unicode.IsSpace(r2) && !(len(comps) >= 2 && r == '.' && unicode.IsLetter(r2)) && !strings.ContainsRune("*_", r2) && !(unspaced(r2) && !letters) {
				return label{}, false
			}
		}
		j = k
	case unicode.IsSpace(r):
		if letters {
			return label{}, false
		}
		// "71 。 text": a terminator set apart by a space.
		k := skipSpace(s, j)
		if r2, n2 := utf8.DecodeRuneInString(s[k:]); strings.ContainsRune("。．:：)）", r2) || r2 >= 0x80 && isTermRune(r2) && r2 != '、' {
			if k+n2 == len(s) || unicode.IsSpace(rune(s[k+n2])) {
				l.term = s[k : k+n2]
				j = k + n2
			}
		}
	case r == '-' && comps[len(comps)-1].kind == compNum && hyphenLetter(s[j+1:]):
		// "40-A:", "Rule 11-D.": a part letter joined to the number by a
		// hyphen, then the label's punctuation.
		comps = append(comps, newComp(compUpper, s[j+1:j+2]))
		l.printed, l.hyphen = s[start:j+2], true
		l.term = s[j+2 : j+3]
		j += 3
	case r == '-' && comps[len(comps)-1].kind == compNum && hyphenInserted(s[j+1:]) > 0:
		// "3-2", "3-A": an article inserted after 3, its sub-number
		// joined by a hyphen (hyphenInserted).
		m := j + 1 + hyphenInserted(s[j+1:])
		v := s[j+1 : m]
		c := newComp(compNum, v)
		switch {
		case v[0] >= 'a' && v[0] <= 'z':
			c = newComp(compLower, v)
		case v[0] >= 'A' && v[0] <= 'Z':
			c = newComp(compUpper, v)
		}
		c.inserted = true
		comps = append(comps, c)
		l.printed, l.hyphen = s[start:m], true
		j = m
		if r2, n2 := utf8.DecodeRuneInString(s[j:]); n2 > 0 && isTermRune(r2) {
			l.term = s[j : j+n2]
			j += n2
		}
	case r == '-' || r == '–':
		// "Rule 12 - Title" is read by the space case; a hyphen glued to
		// a number is not a label end ("2-motion", "1000-2000").
		return label{}, false
	case comps[len(comps)-1].kind == compNum && len(comps) == 1 && strings.ContainsRune(cjkCounters, r):
		// "1조", "12条": a number and its counter, without the ordinal mark.
		l.counter = s[j : j+n]
		j += n
		if r2, n2 := utf8.DecodeRuneInString(s[j:]); strings.ContainsRune(":：.．、", r2) && n2 > 0 {
			l.term = s[j : j+n2]
			j += n2
		}
		if j < len(s) && !unicode.IsSpace(firstRune(s[j:])) && !strings.ContainsRune("-–—(（", firstRune(s[j:])) {
			return label{}, false
		}
	default:
		return label{}, false
	}
	// "A." followed by a lower-case word is an initial, not a label.
	if letters && l.term == "." {
		rest := strings.TrimLeftFunc(s[j:], unicode.IsSpace)
		if r, _ := utf8.DecodeRuneInString(rest); unicode.IsLower(r) {
			return label{}, false
		}
	}
	l.comps = slices.Clone(comps)
	l.end = skipSpace(s, j)
	return l, true
}

// maxLabelDigits is the longest run of digits read as a label's
// number: every number of 18 digits fits an int (of 64 bits; 19 may
// not). Which numbers are labels the succession decides ("1000000."
// after "999999."), not their length.
const maxLabelDigits = 18

// listNumber reads the number an HTML list's start or an item's value
// attribute gives: one of at most maxLabelDigits digits, as a label's,
// so that counting the items on from it cannot overflow. ok is false
// for any other (the attribute is ignored, as a browser ignores one it
// cannot read).
func listNumber(attr string) (int, bool) {
	if len(strings.TrimLeft(attr, "+-")) > maxLabelDigits {
		return 0, false
	}
	n, err := strconv.Atoi(attr)
	return n, err == nil
}

func newComp(kind compKind, v string) comp {
	c := comp{kind: kind, s: v}
	switch kind {
	case compNum:
		var err error
		c.n, err = strconv.Atoi(v)
		// A number printed as strconv.Itoa writes it is its own s (most
		// are), without the copy Itoa makes of one above 99.
		if err != nil || v[0] < '1' && len(v) > 1 || v[0] == '+' || v[0] == '-' {
			c.s = strconv.Itoa(c.n)
		}
	case compLower:
		c.n = int(v[0]-'a') + 1
	case compUpper:
		c.n = int(v[0]-'A') + 1
	case compRoman:
		c.n = romanValue(v)
	}
	return c
}

// hyphenLetter reports whether s starts with one capital letter, a
// label's punctuation and white space or the end: "A: text" of "40-A: text".
func hyphenLetter(s string) bool {
	return len(s) >= 2 && s[0] >= 'A' && s[0] <= 'Z' && strings.ContainsRune(".:)", rune(s[1])) &&
		(len(s) == 2 || s[2] == ' ' || s[2] == '\t' || s[2] == '\n')
}

// ReadsAsLabel reports whether a line of text starts with what the
// structure reader takes for an item's label (a printed number, with
// the words labels have around it: "Version 1.0 ...", "Article 5",
// "3.2"), a parenthesized one aside. A draft escapes such a line of an
// item's text where it would start an item of its own.
func ReadsAsLabel(line string) bool {
	l, ok := readLabel(line)
	return ok && !l.paren
}

// insertedSuffix returns the end of a suffix of two to nine lower-case
// Latin letters at s[j:] that ends a label ("bis" of "3bis", "ter",
// "quater"), or j where there is none: white space, a label's
// punctuation or the end of s must follow it. The grammar reads it by
// its shape alone; whether it numbers an article inserted after the
// number it is glued to, the succession decides (the chain takes "3bis"
// only after 3, as the child of 3 it reads as, and 4 after it), as it
// does for every label, so no word list says which suffixes are.
func insertedSuffix(s string, j int) int {
	k := j
	for k < len(s) && s[k] >= 'a' && s[k] <= 'z' {
		k++
	}
	if k-j < 2 || k-j > 9 {
		return j
	}
	if k < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[k:]); !unicode.IsSpace(r) && !isTermRune(r) {
			return j
		}
	}
	return k
}

// hyphenInserted returns the length of the sub-number after the hyphen
// of "3-2" or "3-A" at the start of s: one to three digits (the first
// not 0) or one Latin letter, then a label's punctuation (a space
// before it or not) followed by white space, the end of the line, or
// (after digits) white space; 0
// where s starts with none ("2-motion", "1000-2000 players" read as
// text, where the succession would not take them anyway). A letter
// before a word ("40-A text") is the word's, as TDA's addendum prints.
func hyphenInserted(s string) int {
	k := 0
	for k < len(s) && k < 4 && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	switch {
	case k > 3 || k > 0 && s[0] == '0':
		// No sub-number is 0 or printed with a leading 0: "0-0" is
		// chess's castling (FIDE ru), no article inserted after 0.
		return 0
	case k == 0 && len(s) > 0 && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z'):
		k = 1
	case k == 0:
		return 0
	}
	rest := s[k:]
	if r, n := utf8.DecodeRuneInString(rest); n > 0 && isTermRune(r) {
		rest = rest[n:]
		if rest != "" && rest[0] != ' ' && rest[0] != '\t' && rest[0] != '\n' {
			return 0
		}
		return k
	}
	if rest == "" || rest[0] == '\n' || rest[0] == '\r' || s[0] <= '9' && (rest[0] == ' ' || rest[0] == '\t') {
		return k
	}
	// "कलम ३-A :": the terminator set apart by a space.
	if t := strings.TrimLeft(rest, " \t"); len(t) < len(rest) {
		if r, n := utf8.DecodeRuneInString(t); n > 0 && isTermRune(r) && (len(t) == n || t[n] == ' ' || t[n] == '\n') {
			return k
		}
	}
	return 0
}
