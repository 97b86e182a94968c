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
	if !oneWord(s[i:j]) {
		return label{}, false
	}
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
func readCore(s string, i int) (label, bool) {
	open := false
	if strings.HasPrefix(s[i:], "(") || strings.HasPrefix(s[i:], "（") {
		open = true
		_, n := utf8.DecodeRuneInString(s[i:])
		i = skipSpace(s, i+n) // "( ۱)"
	}
	// The components are read into a buffer of the call's and copied
	// into the label once, at its end: most calls read no label, and a
	// label grown a component at a time was copied as many times.
	sc := labelScan{s: s, j: i, prevDot: true, dotAt: -1}
	if !sc.components() || sc.n == 0 || sc.n > 8 {
		return label{}, false
	}
	l := label{printed: s[i:sc.j]}
	if sc.ethiopic {
		l.printed = sc.buf[0].s // its value, as for "第十二条"
	}
	sc.ordinal()
	if open {
		return sc.closed(l)
	}
	letters := sc.buf[0].kind != compNum && sc.n == 1
	if !sc.suffix(&l, i) || !sc.terminator(&l, i, letters) || letters && sc.initial(&l) {
		return label{}, false
	}
	l.comps = slices.Clone(sc.comps())
	l.end = skipSpace(s, sc.j)
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

// oneWord reports whether the run of letters w, read as a label's prefix
// word, is one word: its letters are of one script (marks and letters
// of no script's own, as "ー", join any). A script written without
// spaces between words runs a whole clause up to a number as one run of
// letters ("スクランブラは第4条", "その他の操作は…左辺の 3"); where its
// words change script, as a clause's do, the run is no label's word.
// A prefix of one script ("ルール第12項", "Article 3") stays one.
func oneWord(w string) bool {
	var script *unicode.RangeTable
	for _, r := range w {
		if r < utf8.RuneSelf || unicode.In(r, unicode.Common, unicode.Inherited) || unicode.IsMark(r) {
			continue
		}
		if script == nil {
			script = scriptTable(r)
			continue
		}
		if script != nil && !unicode.Is(script, r) {
			return false
		}
	}
	return true
}

// scriptTable is the table of the script of the letter r, or nil.
func scriptTable(r rune) *unicode.RangeTable {
	for _, t := range unicode.Scripts {
		if t != unicode.Common && t != unicode.Inherited && unicode.Is(t, r) {
			return t
		}
	}
	return nil
}
