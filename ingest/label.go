package ingest

import (
	"strconv"
	"strings"

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
	// place is set on a label no heading prints: the place of a heading
	// in a run of headings that print nothing that tells them apart
	// (numberRuns: "Article" thirty times). Its item's id names the place
	// ("rule:_3"), and it has no number.
	place bool
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
func (l *label) place() bool     { return l.r().place }

// comp is one component of a label.
type comp struct {
	kind compKind
	// inserted marks the sub-number of an article inserted after another
	// (之二 of 第三条之二, の二, 의2): the first such article after an
	// article prints 1 or 2 (the article itself standing for the one
	// before it), so 2 starts the level as 1 does.
	inserted bool
	n        int    // value: the number, the letter's place (a = 1), the roman value
	s        string // as normalized: "12", "a", "B", "II"
}

type compKind uint8

const (
	compNum compKind = iota + 1
	compLower
	compUpper
	compRoman // upper-case roman numeral of two or more letters, or I V X
	// compSuffix is a run of lower-case letters glued to a number ("bis"
	// of "3bis": insertedSuffix), an article inserted after it; it has
	// no value, and starts its level as a first one does.
	compSuffix
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

// first reports whether c is the first value of its kind of component: 1,
// 0, a, A, or I (the first roman numeral), which a new level of numbering
// starts with.
func (c comp) first() bool {
	return c.n == 1 || c.kind == compNum && c.n == 0 || c.kind == compUpper && c.s == "I" || c.inserted && c.n == 2 || c.kind == compSuffix
}

const (
	lowerLetters = "abcdefghijklmnopqrstuvwxyz"
	upperLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
)

// appendPrevs appends to out the components that may precede c among
// its siblings, nearest first: for 4, 3 then 2 and 1 (holes in the
// numbering); for "c", "b" and "a". A letter that is also a roman numeral
// ("I", "V", "X", "C") gives both readings. The callers, in loops, give
// a buffer of their own (2*(1+holes) components hold all). A number's s
// is left "": its key is strconv.Itoa(n), which keyIs and appendKey
// read without making it (a string for each number above 99 was most of
// the cost).
func (c comp) appendPrevs(out []comp, holes int) []comp {
	add := func(kind compKind, n int) {
		if n < 0 || (n == 0 && kind != compNum) {
			return
		}
		var s string
		switch kind {
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
		out = append(out, comp{kind: kind, n: n, s: s})
	}
	for h := 1; h <= 1+holes; h++ {
		add(c.kind, c.n-h)
		if c.kind == compUpper && romanValue(c.s) > 0 {
			add(compRoman, romanValue(c.s)-h)
		}
	}
	return out
}

// keyIs reports whether key is c's key: its s, or for a number of
// appendPrevs (s "") strconv.Itoa(n).
func (c comp) keyIs(key string) bool {
	if c.s != "" || c.kind != compNum {
		return c.s == key
	}
	var buf [20]byte
	return string(strconv.AppendInt(buf[:0], int64(c.n), 10)) == key
}

// appendKey appends c's key (keyIs) to b.
func (c comp) appendKey(b []byte) []byte {
	if c.s != "" || c.kind != compNum {
		return append(b, c.s...)
	}
	return strconv.AppendInt(b, int64(c.n), 10)
}
