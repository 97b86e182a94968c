package ingest

import (
	"slices"
	"strconv"

	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// A label is an item number as a block prints it at its start: "12",
// "1.0.1a", "3.A.1.a", "B2.A.1.1", "II.3.2", "1e1a", "(2)", "第12条",
// "Rule 12", "§ 4". Its components are what numbering succession works
// on: "1.0.1a" is 1, 0, 1, a.
//
// The grammar knows no words: a prefix is any one word before the number
// ("Rule", "Regla", "Статья", "Appendix"), and whether it belongs to the
// numbering is decided by succession, not by a word list.
type label struct {
	comps   []comp
	printed string // the label as printed, prefix and terminator excluded ("1.0.1a", "B.2")
	prefix  string // a word printed before the number ("Article"), or ""
	counter string // the CJK counter after the number ("条" of "第12条"), or ""
	term    string // the punctuation after the label (".", ")", ":"), or ""
	// kind is the kind of item the label numbers where its word or the
	// division heading in force names one (namedKind): "rp" for "RP-1"
	// or for "1." under "Recommended Procedures"; "" for a rule. It
	// labels the item for display, and decides nothing of its id.
	kind corpus.Kind
	// keyed is key() made beforehand (keyLabels), or "" where it was not.
	keyed string
	// div is 1 + the block index of the heading the label's numbering
	// starts again under (restartedDivisions), or 0 for the document's
	// numbering. Each such division is a numbering of its own: two lists
	// under two headings are two numberings, not one with a restart.
	div int
	end int // byte offset in the block text where the rest begins
	// rare holds what few labels print; nil when the label prints none
	// of it. Read it through the methods of the same names; set it with
	// edit. (A document holds a label for each block that prints one: a
	// million labels of 200 bytes where they were all the label's own.)
	rare   *labelRare
	joined bool // the prefix is joined to the number by a hyphen ("RP-7")
	paren  bool // printed in parentheses: "(2)"
	// hyphen is set when the last component is a letter joined to the
	// number by a hyphen ("40-A": rule 40, part A).
	hyphen bool
}

// labelRare is what few labels print, beside a label (label.rare).
type labelRare struct {
	ordinal string // the CJK mark before the number ("第", "제") when counter is set
	// after is a word every heading of the numbering prints after its
	// number ("1 бап", "11 조"): the label's, not a title (wordsAfter).
	after string
	// suffix is a run of "+" printed between the number and its
	// terminator ("1a+)"): a scheme of its own beside the bare labels',
	// one that comments on the items they number (WCA guidelines).
	suffix string
}

// noLabelRare is what a label without rare fields reads.
var noLabelRare labelRare

// r is l's rare fields, for reading: noLabelRare when it has none.
func (l *label) r() *labelRare {
	if l.rare == nil {
		return &noLabelRare
	}
	return l.rare
}

// edit returns l's rare fields for writing: a copy of its own, made for
// each call, so that a copy of the label made before (labels are
// values, copied freely) keeps what it had.
func (l *label) edit() *labelRare {
	m := new(labelRare)
	if l.rare != nil {
		*m = *l.rare
	}
	l.rare = m
	return m
}

func (l *label) ordinal() string { return l.r().ordinal }
func (l *label) after() string   { return l.r().after }
func (l *label) suffix() string  { return l.r().suffix }

// comp is one component of a label.
type comp struct {
	kind compKind
	n    int    // value: the number, the letter's place (a = 1), the roman value
	s    string // as normalized: "12", "a", "B", "II"
}

type compKind uint8

const (
	compNum compKind = iota + 1
	compLower
	compUpper
	compRoman // upper-case roman numeral of two or more letters, or I V X
)

// form is what a label prints besides its number: the word before it
// and the counter after it. One numbering prints one form at one level
// ("第3条" does not follow "第2章").
func (l label) form() string {
	return l.prefix + "\x00" + l.counter + "\x00" + l.after() + "\x00" + strconv.Itoa(l.div)
}

// key is the normalized form of the label's components, for lookups:
// "1.0.1.a".
func (l label) key() string {
	if l.keyed != "" {
		return l.keyed
	}
	return joinComps(l.comps)
}

// keyLabels makes the keys of the candidates' labels of two components
// or more (a key of one is its component, no copy) in one string, each
// label's keyed a slice of it: the chain, unglueLists and numberedItem
// asked each label for its key, and made it each time (a tenth of a
// Markdown ingest's allocations).
func keyLabels(cands []candidate) {
	n := 0
	for _, c := range cands {
		if len(c.lab.comps) > 1 {
			n += keyLen(c.lab.comps)
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, c := range cands {
		if len(c.lab.comps) > 1 {
			writeComps(&b, c.lab.comps)
		}
	}
	all := b.String()
	for j := range cands {
		if l := &cands[j].lab; len(l.comps) > 1 {
			n := keyLen(l.comps)
			l.keyed, all = all[:n], all[n:]
		}
	}
}

// keyLen is the length of joinComps(cs), for cs of one component or more.
func keyLen(cs []comp) int {
	n := len(cs) - 1
	for _, c := range cs {
		n += len(c.s)
	}
	return n
}

// writeComps writes cs's values joined by dots (joinComps) to b.
func writeComps(b *strings.Builder, cs []comp) {
	for i, c := range cs {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(c.s)
	}
}

func joinComps(cs []comp) string {
	switch len(cs) {
	case 0:
		return ""
	case 1:
		return cs[0].s // no copy
	}
	var b strings.Builder
	writeComps(&b, cs)
	return b.String()
}

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
	if d := digitValue(r); d >= 0 {
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
		return label{comps: []comp{{compNum, v, strconv.Itoa(v)}}, printed: s[i : i+n], end: skipSpace(s, i+n)}, true
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
			comps = append(comps, comp{compNum, v, strconv.Itoa(v)})
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
		if kind == compNum && len(cs) > 6 {
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
		// "5.1.1.The game": a dotted label may run into its text.
		if k < len(s) {
			r2, _ := utf8.DecodeRuneInString(s[k:])
			if !unicode.IsSpace(r2) && !(len(comps) >= 2 && r == '.' && unicode.IsLetter(r2)) && !strings.ContainsRune("*_", r2) {
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

func newComp(kind compKind, v string) comp {
	c := comp{kind: kind, s: v}
	switch kind {
	case compNum:
		c.n, _ = strconv.Atoi(v)
		c.s = strconv.Itoa(c.n)
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

// romanValue is the value of an upper-case roman numeral, or 0 when s is
// not one written in the usual way.
func romanValue(s string) int {
	total := 0
	for i := 0; i < len(s); i++ {
		v := romanDigit(s[i])
		if v == 0 {
			return 0
		}
		if i+1 < len(s) && romanDigit(s[i+1]) > v {
			total -= v
		} else {
			total += v
		}
	}
	// The usual way is toRoman's, written on the stack for the comparison
	// (a string per call was most of the cost of reading "I" or "V").
	var buf [16]byte
	if total <= 0 || string(appendRoman(buf[:0], total)) != s {
		return 0
	}
	return total
}

// romanDigit is the value of one roman numeral letter, or 0.
func romanDigit(b byte) int {
	switch b {
	case 'I':
		return 1
	case 'V':
		return 5
	case 'X':
		return 10
	case 'L':
		return 50
	case 'C':
		return 100
	}
	return 0
}

// romanParts are the letters of roman numerals, greatest first.
var romanParts = [...]struct {
	v int
	s string
}{{100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}}

func toRoman(n int) string { return string(appendRoman(nil, n)) }

// appendRoman appends n as a roman numeral to b; nothing for n < 1.
func appendRoman(b []byte, n int) []byte {
	for _, p := range romanParts {
		for n >= p.v {
			b = append(b, p.s...)
			n -= p.v
		}
	}
	return b
}

// cjkDigits are the values of the CJK numerals, with the financial
// forms (大写) and 两.
var cjkDigits = map[rune]int{'〇': 0, '零': 0, '一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9,
	'壹': 1, '贰': 2, '貳': 2, '两': 2, '兩': 2, '叁': 3, '參': 3, '肆': 4, '伍': 5, '陆': 6, '陸': 6, '柒': 7, '捌': 8, '玖': 9}

// cjkUnits are the CJK numerals that multiply: ten, hundred, thousand.
var cjkUnits = map[rune]int{'十': 10, '拾': 10, '百': 100, '佰': 100, '千': 1000, '仟': 1000}

// cjkCounters are the counters a CJK or Korean label prints after its
// number: 条 (article), 項 (paragraph), 章 (chapter), 조, 항, 장, ...
const cjkCounters = "条條項项章節节款部編编回조장항절편관"

// firstRune is the first rune of s (utf8.RuneError for "").
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// readCJKLabel reads "第12条", "第十二條", "第71項", "第三章" at s[i:]: 第, a
// number in digits or CJK numerals, and one counter character.
func readCJKLabel(s string, i int) (l label, ok bool) {
	// "第12条" in Chinese and Japanese, "제12조" in Korean: the ordinal
	// prefix, the number, a counter.
	mark := "第"
	if strings.HasPrefix(s[i:], "제") {
		mark = "제"
	} else if !strings.HasPrefix(s[i:], mark) {
		return l, false
	}
	j := skipSpace(s, i+len(mark))
	k := j
	for k < len(s) {
		r, n := utf8.DecodeRuneInString(s[k:])
		if labelRune(r) >= '0' && labelRune(r) <= '9' || cjkDigits[r] > 0 || r == '〇' || cjkUnits[r] > 0 {
			k += n
			continue
		}
		break
	}
	if k == j {
		// "第A条": an appendix article lettered in Latin capitals.
		if r, n := utf8.DecodeRuneInString(s[j:]); labelRune(r) >= 'A' && labelRune(r) <= 'Z' {
			c := string(labelRune(r))
			k = skipSpace(s, j+n)
			if r2, n2 := utf8.DecodeRuneInString(s[k:]); strings.ContainsRune("条條", r2) {
				end := k + n2
				if r3, n3 := utf8.DecodeRuneInString(s[end:]); strings.ContainsRune(":：.．、", r3) {
					end += n3
				}
				return label{comps: []comp{newComp(compUpper, c)}, printed: c, counter: string(r2), rare: &labelRare{ordinal: mark}, end: skipSpace(s, end)}, true
			}
		}
		return l, false
	}
	v := cjkNumber(s[j:k])
	k = skipSpace(s, k)
	r, n := utf8.DecodeRuneInString(s[k:])
	if !strings.ContainsRune(cjkCounters, r) || v <= 0 {
		return l, false
	}
	k += n
	end := k
	if r2, n2 := utf8.DecodeRuneInString(s[end:]); strings.ContainsRune(":：.．、", r2) {
		end += n2
	}
	// The number is what ids and citations use ("第12条" is cited as 12).
	return label{comps: []comp{{compNum, v, strconv.Itoa(v)}}, printed: strconv.Itoa(v), counter: string(r), rare: &labelRare{ordinal: mark}, end: skipSpace(s, end)}, true
}

// cjkNumber is the value of a number written in digits or CJK numerals
// ("12", "十二", "百三"), or 0.
func cjkNumber(s string) int {
	digits := true
	for _, r := range s {
		if d := labelRune(r); d < '0' || d > '9' {
			digits = false
		}
	}
	if digits {
		n := 0
		for _, r := range s {
			n = n*10 + int(labelRune(r)-'0')
		}
		return n
	}
	total, cur := 0, 0
	for _, r := range s {
		switch mul := cjkUnits[r]; {
		case mul > 0:
			if cur == 0 {
				cur = 1
			}
			total += cur * mul
			cur = 0
		default:
			cur = cur*10 + cjkDigits[r]
		}
	}
	return total + cur
}

// first reports whether c is the first value of its kind of component: 1,
// 0, a, A, or I (the first roman numeral), which a new level of numbering
// starts with.
func (c comp) first() bool {
	return c.n == 1 || c.kind == compNum && c.n == 0 || c.kind == compUpper && c.s == "I"
}

const (
	lowerLetters = "abcdefghijklmnopqrstuvwxyz"
	upperLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
)

// appendPrevs appends to out the components that may precede c among
// its siblings, nearest first: for 4, 3 then 2 and 1 (holes in the
// numbering); for "c", "b" and "a". A letter that is also a roman numeral
// ("I", "V", "X", "C") gives both readings. The callers, in loops, give
// a buffer of their own (2*(1+holes) components hold all).
func (c comp) appendPrevs(out []comp, holes int) []comp {
	add := func(kind compKind, n int) {
		if n < 0 || (n == 0 && kind != compNum) {
			return
		}
		var s string
		switch kind {
		case compNum:
			s = strconv.Itoa(n)
		case compLower:
			if n > 26 {
				return
			}
			s = lowerLetters[n-1 : n] // string(rune('a'+n-1)), without a copy
		case compUpper:
			if n > 26 {
				return
			}
			s = upperLetters[n-1 : n]
		case compRoman:
			s = toRoman(n)
			if len(s) == 1 {
				kind = compUpper
			}
		}
		out = append(out, comp{kind, n, s})
	}
	for h := 1; h <= 1+holes; h++ {
		add(c.kind, c.n-h)
		if c.kind == compUpper && romanValue(c.s) > 0 {
			add(compRoman, romanValue(c.s)-h)
		}
	}
	return out
}
