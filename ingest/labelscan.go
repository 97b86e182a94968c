package ingest

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A labelScan reads the components of a label (readCore) one step at a
// time, then what ends it.
type labelScan struct {
	s        string
	j        int     // where the next step reads
	buf      [9]comp // the components read: buf[:n]
	n        int
	prevDot  bool // the last thing read is a dot, or nothing is read yet
	dotAt    int  // where the last dot read stands, or -1
	glued    bool // a word starts right after the label
	ethiopic bool // the label is an Ethiopic numeral
}

// comps are the components read.
func (sc *labelScan) comps() []comp { return sc.buf[:sc.n] }

// push adds a component; false where the buffer is full (more than a
// label's eight, and the part a hyphen joins).
func (sc *labelScan) push(c comp) bool {
	if sc.n == len(sc.buf) {
		return false
	}
	sc.buf[sc.n] = c
	sc.n++
	return true
}

// last is the kind of the last component read (0 for none).
func (sc *labelScan) last() compKind {
	if sc.n == 0 {
		return 0
	}
	return sc.buf[sc.n-1].kind
}

// components reads components up to the label's end; false where
// s holds no label at the scan's start.
func (sc *labelScan) components() bool {
	for sc.j < len(sc.s) {
		more, ok := sc.step()
		if !ok {
			return false
		}
		if !more {
			break
		}
	}
	return true
}

// step reads what stands at sc.j: a component, a dot between two, or
// the end of the components (more false). ok is false where that makes
// the whole no label.
func (sc *labelScan) step() (more, ok bool) {
	r, n := utf8.DecodeRuneInString(sc.s[sc.j:])
	if sc.n == 0 && isEthiopicNumeral(r) {
		sc.ethiopicNumber()
		return false, true
	}
	c := labelRune(r)
	switch {
	case c == 0:
		// A capital that is no label letter, of any script, glued to a
		// dotted number starts the text's word ("5․1․2Ȕber"), as a Latin
		// one does below.
		sc.glued = unicode.IsUpper(r) && sc.dotAt >= 0 && sc.n >= 2 && !sc.prevDot
		return false, true
	case c == '.':
		return sc.dot(n), true
	case c >= '0' && c <= '9':
		return sc.digits()
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		if m := insertedSuffix(sc.s, sc.j); m > sc.j && !sc.prevDot && sc.n > 0 && sc.last() == compNum {
			// "3bis": an article inserted after 3 (insertedSuffix).
			c := comp{kind: compSuffix, inserted: true, s: sc.s[sc.j:m]}
			sc.j = m
			return true, sc.push(c)
		}
		return sc.alpha(r, c, n)
	}
	return false, true
}

// ethiopicNumber reads an Ethiopic numeral ("፲፩"), whose digits add up
// to one component.
func (sc *labelScan) ethiopicNumber() {
	k := sc.j
	for k < len(sc.s) {
		r, n := utf8.DecodeRuneInString(sc.s[k:])
		if !isEthiopicNumeral(r) {
			break
		}
		k += n
	}
	v := ethiopicValue(sc.s[sc.j:k])
	sc.push(comp{kind: compNum, n: v, s: strconv.Itoa(v)}) // the first
	sc.j, sc.prevDot, sc.ethiopic = k, false, true
}

// dot reads a dot of n bytes at sc.j, which ends the label unless
// another component follows it.
func (sc *labelScan) dot(n int) bool {
	if sc.prevDot || sc.n == 0 {
		return false
	}
	r2, _ := utf8.DecodeRuneInString(sc.s[sc.j+n:])
	if c2 := labelRune(r2); c2 == 0 || c2 == '.' {
		return false
	}
	sc.prevDot = true
	sc.dotAt = sc.j
	sc.j += n
	return true
}

// digits reads a component of digits. Its runes normalized are ASCII;
// where they are the runes printed (same), the component is s[j:k] and
// needs no copy.
func (sc *labelScan) digits() (more, ok bool) {
	var buf [8]byte
	cs, same, k := buf[:0], true, sc.j
	for k < len(sc.s) {
		r, n := utf8.DecodeRuneInString(sc.s[k:])
		c := labelRune(r)
		if c < '0' || c > '9' {
			break
		}
		cs = append(cs, byte(c))
		same = same && c == r
		k += n
	}
	if len(cs) > maxLabelDigits {
		// A number int cannot hold is no label: plain text.
		return false, false
	}
	return sc.add(compNum, k, cs, same)
}

// alpha reads a component of letters, r of n bytes first (c, its label
// rune): one letter, or a roman numeral of capitals.
func (sc *labelScan) alpha(r, c1 rune, n int) (more, ok bool) {
	var buf [8]byte
	cs, same, k := append(buf[:0], byte(c1)), c1 == r, sc.j+n
	kind := compLower
	if c1 >= 'A' && c1 <= 'Z' {
		kind = compUpper
	}
	for k < len(sc.s) {
		r, n := utf8.DecodeRuneInString(sc.s[k:])
		c := labelRune(r)
		if c == 0 || c == '.' || c >= '0' && c <= '9' {
			break
		}
		if !strings.ContainsRune("IVXLC", c1) || !strings.ContainsRune("IVXLC", c) {
			// Two letters in a row are a word, not a label: after a
			// dot, the label ended at the dot ("5.1.1.The game"); glued
			// to a dotted number, before the word ("5․1․2The game").
			if sc.dotAt >= 0 && sc.prevDot {
				sc.j = sc.dotAt
				return false, true
			}
			if sc.dotAt >= 0 && sc.n >= 2 && c1 >= 'A' && c1 <= 'Z' {
				sc.glued = true
				return false, true
			}
			return false, false
		}
		cs = append(cs, byte(c))
		same = same && c == r
		k += n
		kind = compRoman
	}
	// A letter run into a word of another script ("1.4.1.Считается"
	// reads С as a look-alike C) is the word's first letter; a counter
	// after a number's letter ends the label ("1.0.1a조").
	if r, _ := utf8.DecodeRuneInString(sc.s[k:]); k < len(sc.s) && unicode.IsLetter(r) && labelRune(r) == 0 && !(sc.n > 0 && strings.ContainsRune(cjkCounters, r)) {
		if sc.dotAt >= 0 && sc.prevDot {
			sc.j = sc.dotAt
			return false, true
		}
		return false, false
	}
	if kind == compRoman && romanValue(string(cs)) == 0 {
		return false, false
	}
	return sc.add(kind, k, cs, same)
}

// add adds the component of kind that ends at k, its runes normalized
// cs (s[j:k] where same).
func (sc *labelScan) add(kind compKind, k int, cs []byte, same bool) (more, ok bool) {
	// Adjacent components change kind ("1e1a", "B2"); a dot separates
	// the rest.
	if !sc.prevDot && sc.n > 0 && (kind == compNum) == (sc.last() == compNum) {
		return false, false
	}
	v := sc.s[sc.j:k]
	if !same {
		v = string(cs)
	}
	sc.prevDot = false
	sc.j = k
	return true, sc.push(newComp(kind, v))
}

// ordinal reads an ordinal indicator after a number ("Art. 1º",
// "Artículo 2.º", "3ª"): how it is printed, not another component.
func (sc *labelScan) ordinal() {
	if sc.last() != compNum {
		return
	}
	k := sc.j
	if strings.HasPrefix(sc.s[k:], ".") {
		k++
	}
	if r, n := utf8.DecodeRuneInString(sc.s[k:]); r == 'º' || r == 'ª' || r == '°' {
		sc.j = k + n
	}
}

// closed ends a label opened by a parenthesis: "(2)".
func (sc *labelScan) closed(l label) (label, bool) {
	if !strings.HasPrefix(sc.s[sc.j:], ")") && !strings.HasPrefix(sc.s[sc.j:], "）") {
		return label{}, false
	}
	_, n := utf8.DecodeRuneInString(sc.s[sc.j:])
	sc.j += n
	l.comps = slices.Clone(sc.comps())
	l.paren = true
	l.term = ")"
	l.end = skipSpace(sc.s, sc.j)
	return l, sc.n == 1
}

// suffix reads a suffix of pluses ("1a+)"), which needs its terminator.
func (sc *labelScan) suffix(l *label, start int) bool {
	s, j := sc.s, sc.j
	k := j + len(s[j:]) - len(strings.TrimLeft(s[j:], "+"))
	if k == j {
		return true
	}
	if r, _ := utf8.DecodeRuneInString(s[k:]); !strings.ContainsRune(".．:：)）", r) {
		return false
	}
	l.edit().suffix = s[j:k]
	sc.j = k
	l.printed = s[start:k]
	return true
}

// initial reports whether a letter label ending in "." is followed by a
// lower-case word: an initial, not a label ("A. smith").
func (sc *labelScan) initial(l *label) bool {
	if l.term != "." {
		return false
	}
	rest := strings.TrimLeftFunc(sc.s[sc.j:], unicode.IsSpace)
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsLower(r)
}

// terminator reads what ends the label at sc.j: its punctuation, a
// space, a part joined by a hyphen, a CJK counter, or the word a glued
// label runs into. letters says the label is one letter or roman
// numeral. It returns false where what follows makes it no label.
func (sc *labelScan) terminator(l *label, start int, letters bool) bool {
	s, j := sc.s, sc.j
	last := sc.last()
	r, n := utf8.DecodeRuneInString(s[j:])
	switch {
	case sc.glued:
		// The word is the text; the label ends where it begins.
		return true
	case j == len(s):
		return !letters
	case r == '/' && j+1 < len(s) && s[j+1] >= 0x80 && isTermRune(firstRune(s[j+1:])):
		// "፩/፡": a slash and the script's word separator.
		_, n2 := utf8.DecodeRuneInString(s[j+1:])
		l.term = s[j : j+1+n2]
		sc.j = j + 1 + n2
		return sc.j == len(s) || unicode.IsSpace(firstRune(s[sc.j:]))
	case strings.ContainsRune(".．:：)）、。", r) || r >= 0x80 && isTermRune(r):
		return sc.punctuation(l, r, n, letters)
	case unicode.IsSpace(r):
		if letters {
			return false
		}
		// "71 。 text": a terminator set apart by a space.
		k := skipSpace(s, j)
		if r2, n2 := utf8.DecodeRuneInString(s[k:]); strings.ContainsRune("。．:：)）", r2) || r2 >= 0x80 && isTermRune(r2) && r2 != '、' {
			if k+n2 == len(s) || unicode.IsSpace(rune(s[k+n2])) {
				l.term = s[k : k+n2]
				sc.j = k + n2
			}
		}
		return true
	case r == '-' && last == compNum && hyphenLetter(s[j+1:]):
		// "40-A:", "Rule 11-D.": a part letter joined to the number by a
		// hyphen, then the label's punctuation.
		sc.push(newComp(compUpper, s[j+1:j+2])) // a ninth at the most: room for it
		l.printed, l.hyphen = s[start:j+2], true
		l.term = s[j+2 : j+3]
		sc.j = j + 3
		return true
	case r == '-' && last == compNum && hyphenInserted(s[j+1:]) > 0:
		sc.hyphenInserted(l, start)
		return true
	case r == '-' || r == '–':
		// "Rule 12 - Title" is read by the space case; a hyphen glued to
		// a number is not a label end ("2-motion", "1000-2000").
		return false
	case (last == compNum || sc.n > 1) && strings.ContainsRune(cjkCounters, r):
		// "1조", "2.1조", "A.1条", "1.0.1a条": a number, dotted or not,
		// and its counter.
		return sc.counter(l, n)
	}
	return false
}

// punctuation reads the label's punctuation r, of n bytes, at sc.j.
func (sc *labelScan) punctuation(l *label, r rune, n int, letters bool) bool {
	s, j := sc.s, sc.j
	l.term = s[j : j+n] // string(r), without a copy
	k := j + n
	// "5.1.1.The game": a dotted label may run into its text; so may
	// any label into a script that writes no spaces between words
	// ("1．プレイヤー", "2)ข้อ"), where no space is printed after it.
	if k < len(s) {
		r2, _ := utf8.DecodeRuneInString(s[k:])
		if !unicode.IsSpace(r2) && !(sc.n >= 2 && r == '.' && unicode.IsLetter(r2)) && !strings.ContainsRune("*_", r2) && !(unspaced(r2) && !letters) {
			return false
		}
	}
	sc.j = k
	return true
}

// hyphenInserted reads "3-2", "3-A": an article inserted after 3, its
// sub-number joined by a hyphen (hyphenInserted).
func (sc *labelScan) hyphenInserted(l *label, start int) {
	s, j := sc.s, sc.j
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
	sc.push(c) // a ninth at the most: room for it
	l.printed, l.hyphen = s[start:m], true
	sc.j = m
	if r2, n2 := utf8.DecodeRuneInString(s[m:]); n2 > 0 && isTermRune(r2) {
		l.term = s[m : m+n2]
		sc.j = m + n2
	}
}

// counter reads "1조", "12条": a number and its counter (of n bytes, at
// sc.j), without the ordinal mark.
func (sc *labelScan) counter(l *label, n int) bool {
	l.counter = sc.s[sc.j : sc.j+n]
	var ok bool
	l.term, sc.j, ok = counterEnd(sc.s, sc.j, n)
	return ok
}

// counterEnd reads past the counter of n bytes at s[j:] and the
// punctuation that may follow it (term), to end; ok reports whether the
// label ends there: the end of s, white space, a dash or an opening
// bracket after it, never a word the counter begins ("条件").
func counterEnd(s string, j, n int) (term string, end int, ok bool) {
	end = j + n
	if r2, n2 := utf8.DecodeRuneInString(s[end:]); strings.ContainsRune(":：.．、", r2) && n2 > 0 {
		term = s[end : end+n2]
		end += n2
	}
	return term, end, end == len(s) || unicode.IsSpace(firstRune(s[end:])) || strings.ContainsRune("-–—(（", firstRune(s[end:]))
}
