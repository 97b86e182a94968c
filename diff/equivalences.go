package diff

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// Equivalence says that replacing Old with New (or New with Old) in a
// text is editorial. Both are lower-case comparison forms of whole words.
type Equivalence struct {
	Old, New string
}

//go:embed equivalences.txt
var defaultEquivalences string

var (
	defaultOnce sync.Once
	defaultEqs  []Equivalence
)

// DefaultEquivalences returns the equivalences shipped with rulesync
// (diff/equivalences.txt): "&" and "and", "he or she" and "they", "see"
// and "see also", and the like.
func DefaultEquivalences() []Equivalence {
	defaultOnce.Do(func() {
		eqs, err := ParseEquivalences(strings.NewReader(defaultEquivalences))
		if err != nil {
			panic("diff: the embedded equivalences are broken: " + err.Error())
		}
		defaultEqs = eqs
	})
	return defaultEqs
}

// ParseEquivalences reads "old => new" lines; blank lines and lines
// starting with # are skipped. A line without "=>" or with an empty side
// is an error that begins with its line number ("3: want ..."), for the
// caller to put the file name before.
func ParseEquivalences(r io.Reader) ([]Equivalence, error) {
	var out []Equivalence
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		a, b, ok := strings.Cut(l, "=>")
		a, b = normalize(a), normalize(b)
		if !ok || a == "" || b == "" {
			return nil, fmt.Errorf("%d: want \"old => new\", got %q", n, l)
		}
		out = append(out, Equivalence{a, b})
	}
	return out, sc.Err()
}

// normalize is the form texts are compared in for severity: comparison
// form, lower case, punctuation around words as single spaces kept only
// where it is part of a word ("all-in", "e.g.").
func normalize(s string) string {
	return joinFields(strings.ToLower(corpus.Fold(s)))
}

// equivalences are Equivalences prepared for rewrite, spell and
// canonical: both forms of each sorted longest first, and the old forms
// longest first, sorted once for a comparison rather than on every call
// (the sort was a quarter of diffing the WCA regulations).
type equivalences struct {
	list  []Equivalence
	forms []eqForm      // both forms of each, longest first
	byOld []Equivalence // longest old form first
}

// eqForm is one form of an equivalence, with the marker rewrite puts in
// its place.
type eqForm struct {
	text string
	eq   int    // index into list
	repl string // "\x00<eq>\x00"
}

// prepare sorts the equivalences for use; nil gives an empty set.
func prepare(eqs []Equivalence) *equivalences {
	e := &equivalences{list: eqs}
	for i, q := range eqs {
		repl := fmt.Sprintf("\x00%d\x00", i)
		e.forms = append(e.forms, eqForm{q.Old, i, repl}, eqForm{q.New, i, repl})
	}
	sort.SliceStable(e.forms, func(i, j int) bool { return len(e.forms[i].text) > len(e.forms[j].text) })
	e.byOld = slices.Clone(eqs)
	sort.SliceStable(e.byOld, func(i, j int) bool { return len(e.byOld[i].Old) > len(e.byOld[j].Old) })
	return e
}

// noEquivalences compares up to typography alone.
var noEquivalences = prepare(nil)

// defaultPrepared is DefaultEquivalences prepared, once for the process.
var defaultPrepared = sync.OnceValue(func() *equivalences { return prepare(DefaultEquivalences()) })

// rewrite applies the equivalences to normalized text: both forms of each
// are replaced by one marker, whole words only, longest forms first, so
// that "see" and "see also" meet whichever way the edit went. Deletion
// notes go, and digit groups lose their thousands separators. It returns
// the text and the equivalences that matched.
func rewrite(s string, eqs *equivalences) (string, []Equivalence) {
	var used []Equivalence
	if mayNote(s) && deletionNoteRe.MatchString(s) {
		used = append(used, Equivalence{"deletion note", ""})
		s = deletionNoteRe.ReplaceAllString(s, " ")
	}
	if mayGroupDigits(s) {
		s = thousandsRe.ReplaceAllString(s, "$1$2")
	}
	s = " " + s + " "
	var hit map[int]bool
	pairs := newBytePairs()
	defer pairs.release()
	pairs.reset(s)
	for _, f := range eqs.forms {
		if !pairs.mayHold(f.text) || !strings.Contains(s, f.text) {
			continue // the common case
		}
		if r, ok := (wordFinder{form: f.text}).replace(s, f.repl); ok {
			if hit == nil {
				hit = map[int]bool{}
			}
			hit[f.eq] = true
			s = r
			pairs.reset(s)
		}
	}
	for i, e := range eqs.list {
		if hit[i] {
			used = append(used, e)
		}
	}
	// Punctuation and spacing are typography once the words agree.
	return joinFieldsFunc(s, typographic), used
}

// typographic reports whether r is white space or punctuation other than
// a hyphen or an apostrophe: what rewrite drops once the words agree.
func typographic(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '-' && r != '\''
}

// markerRe finds the markers rewrite leaves.
var markerRe = lazyre.New("\x00([0-9]+)\x00")

// spell turns the markers of rewritten text back into words: each into
// the new form of its equivalence.
func spell(s string, eqs *equivalences) string {
	if strings.IndexByte(s, 0) < 0 {
		return s // no marker: most texts
	}
	return markerRe.ReplaceAllStringFunc(s, func(m string) string {
		var i int
		fmt.Sscan(strings.Trim(m, "\x00"), &i)
		if i < len(eqs.list) {
			return eqs.list[i].New
		}
		return m
	})
}

// thousandsRe finds a thousands separator between digits.
var thousandsRe = lazyre.New(`(\d)[,.\x{2009}](\d{3})\b`)

// mayGroupDigits reports whether s may hold a match of thousandsRe: a
// digit, a separator and three digits (the boundary after them aside).
// Most texts that have digits have no such group, and the look costs far
// less than the expression (3% of comparing the WCA regulations).
func mayGroupDigits(s string) bool {
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	for i := 0; i+4 < len(s); i++ {
		if !digit(s[i]) {
			continue
		}
		j := i + 1
		switch {
		case s[j] == ',' || s[j] == '.':
			j++
		case strings.HasPrefix(s[j:], "\u2009"):
			j += len("\u2009")
		default:
			continue
		}
		if j+3 <= len(s) && digit(s[j]) && digit(s[j+1]) && digit(s[j+2]) {
			return true
		}
	}
	return false
}

// canonical is s in comparison form, without deletion notes, with each
// equivalence's old form written as its new one (whole words, any case,
// longest first), punctuation kept: two texts that differ only by
// equivalences become one.
func canonical(s string, eqs *equivalences) string {
	s = corpus.Fold(stripNotes(s))
	// Longest forms first: "he or she has" before "he or she".
	low := strings.ToLower(s)
	pairs := newBytePairs()
	defer pairs.release()
	pairs.reset(low)
	for _, e := range eqs.byOld {
		// The finder runs only where the form may be (the forms are in
		// lower case): most texts have none, and the look costs far
		// less.
		if !pairs.mayHold(e.Old) || !strings.Contains(low, e.Old) {
			continue
		}
		if r, ok := (wordFinder{form: e.Old, fold: true, edges: true}).replace(s, e.New); ok {
			s = r
			low = strings.ToLower(s)
			pairs.reset(low)
		}
	}
	return s
}

// bytePairs is the set of the bytes and of the pairs of adjacent bytes of
// a text: a form with a byte or pair the text lacks is not in it, which
// a few bit tests tell where strings.Contains reads the text (for each
// of 88 forms, that was half of rewrite's time). The set of pairs is 8
// KB, and a text has few: reset clears only the words of it that the
// text before set (touched), and the sets are kept in a pool
// (newBytePairs), not made anew, cleared whole, for every text.
type bytePairs struct {
	bytes   [256 / 64]uint64
	pairs   [65536 / 64]uint64
	touched []uint16 // the words of pairs that are not zero
}

var bytePairsPool = sync.Pool{New: func() any { return new(bytePairs) }}

// newBytePairs returns an empty set from the pool; release gives it back.
func newBytePairs() *bytePairs { return bytePairsPool.Get().(*bytePairs) }

// release empties the set and gives it back to the pool.
func (p *bytePairs) release() {
	p.reset("")
	bytePairsPool.Put(p)
}

// reset makes the set that of s.
func (p *bytePairs) reset(s string) {
	clear(p.bytes[:])
	for _, w := range p.touched {
		p.pairs[w] = 0
	}
	p.touched = p.touched[:0]
	for i := 0; i < len(s); i++ {
		p.bytes[s[i]>>6] |= 1 << (s[i] & 63)
		if i > 0 {
			k := uint16(s[i-1])<<8 | uint16(s[i])
			if p.pairs[k>>6] == 0 {
				p.touched = append(p.touched, k>>6)
			}
			p.pairs[k>>6] |= 1 << (k & 63)
		}
	}
}

// mayHold reports whether the text may contain f: false only when it
// cannot.
func (p *bytePairs) mayHold(f string) bool {
	for i := 0; i < len(f); i++ {
		if p.bytes[f[i]>>6]&(1<<(f[i]&63)) == 0 {
			return false
		}
		if i > 0 {
			if k := uint16(f[i-1])<<8 | uint16(f[i]); p.pairs[k>>6]&(1<<(k&63)) == 0 {
				return false
			}
		}
	}
	return true
}

// equivalent reports whether two short texts (titles, section names) say
// the same up to typography and the equivalences.
func equivalent(a, b string, eqs *equivalences) bool {
	if a == b {
		return true // rewrite is a function of its text
	}
	na, _ := rewrite(normalize(a), eqs)
	nb, _ := rewrite(normalize(b), eqs)
	return na == nb
}

// telling keeps the equivalences the edit used: those whose forms occur
// differently often in the two texts (deletion notes always count).
func telling(a, b string, used []Equivalence) []Equivalence {
	var out []Equivalence
	n := func(s, w string) int {
		if !strings.Contains(s, w) {
			return 0
		}
		return wordFinder{form: w}.count(" " + s + " ")
	}
	for _, e := range used {
		if e.New == "" || n(a, e.Old) != n(b, e.Old) || n(a, e.New) != n(b, e.New) {
			out = append(out, e)
		}
	}
	return out
}

// describeEqs says which equivalences an edit from a to b used (both
// normalized), each in the direction the edit went: "“his or her”
// written as “their”", "a deletion note".
func describeEqs(a, b string, eqs []Equivalence) string {
	n := func(s, w string) int {
		if !strings.Contains(s, w) {
			return 0
		}
		return wordFinder{form: w}.count(" " + s + " ")
	}
	var out []string
	for _, e := range eqs {
		s := quote(e.Old) + " written as " + quote(e.New)
		switch {
		case e.New == "":
			s = "a deletion note"
		case n(a, e.New) > n(b, e.New), n(a, e.New) == n(b, e.New) && n(a, e.Old) < n(b, e.Old):
			s = quote(e.New) + " written as " + quote(e.Old)
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return and(out)
}
