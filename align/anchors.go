package align

import (
	"bytes"
	"hash/maphash"
	"slices"
	"unicode"
	"unicode/utf8"
)

// units are the compact features of the units of one side of a
// block-level alignment (the source's items, the translation's blocks),
// held in flat arrays: each unit's length in runes, whether it is a
// heading, and its anchors, the ids of the tokens both sides have
// (toks[off[u]:off[u+1]], sorted). Where a language's words differ,
// what survives a translation is what no language translates: numbers
// in any script, names and citations in the source's letters.
type units struct {
	runes []float32
	title []bool
	short []bool // ends in a letter or digit: a heading's end, if it is short
	start []letterCase // the case of its first letter
	off   []int32
	toks  []int32
}

// letterCase is the case of a unit's first rune.
type letterCase uint8

const (
	uncased letterCase = iota // not a letter of a script with case
	upperCase
	lowerCase
)

func (u *units) len() int { return len(u.runes) }

func (u *units) anchors(k int) []int32 { return u.toks[u.off[k]:u.off[k+1]] }

// anchorSet interns the tokens of both sides and weighs them: a token
// found on one side only is dropped; one found in few units on each side
// weighs 1 over the larger count (the inverse document frequency of
// Salton & Buckley 1988), and one found in more than maxDF units on
// either side, which places nothing, is dropped.
type anchorSet struct {
	seed    maphash.Seed
	id      map[uint64]int32
	df      [2][]int32
	weights []float32
}

const maxDF = 64

func newAnchorSet() *anchorSet {
	return &anchorSet{seed: maphash.MakeSeed(), id: map[uint64]int32{}}
}

// add appends to u a unit of the text of side (0 the source, 1 the
// translation), with its printed number (as one token, apart from the
// text's), interning its tokens.
//
// The translation's units are added first: a token of the source's
// that the translation does not have is dropped then (not interned),
// which keeps the interning to the tokens of the translation.
func (a *anchorSet) add(u *units, side int, number, text string, title bool) {
	if u.off == nil {
		u.off = []int32{0}
	}
	start := len(u.toks)
	if number != "" {
		u.toks = a.appendID(u.toks, side, []byte("#"+numberKey(number)))
		// A dotted number of one token is also a number of the text: a
		// translation may print it where its reader saw no number.
		k := 0
		var tok []byte
		tokens(number, func(t []byte) { k, tok = k+1, append(tok[:0], t...) })
		if k == 1 && bytes.IndexByte(tok, '.') >= 0 {
			u.toks = a.appendID(u.toks, side, tok)
		}
	}
	n := 0
	tokens(text, func(tok []byte) {
		u.toks = a.appendID(u.toks, side, tok)
	})
	for range text {
		n++
	}
	own := u.toks[start:]
	slices.Sort(own)
	own = slices.Compact(own)
	u.toks = u.toks[:start+len(own)]
	for _, t := range own {
		for int(t) >= len(a.df[side]) {
			a.df[side] = append(a.df[side], 0)
		}
		a.df[side][t]++
	}
	u.runes = append(u.runes, float32(n))
	u.title = append(u.title, title)
	first, _ := utf8.DecodeRuneInString(text)
	c := uncased
	switch {
	case unicode.IsLower(first):
		c = lowerCase
	case unicode.IsUpper(first) || unicode.IsTitle(first):
		c = upperCase
	}
	u.start = append(u.start, c)
	last, _ := utf8.DecodeLastRuneInString(text)
	u.short = append(u.short, unicode.IsLetter(last) || unicode.IsDigit(last))
	u.off = append(u.off, int32(len(u.toks)))
}

// appendID appends the id of token b to ids: interned for the
// translation (side 1), looked up for the source.
func (a *anchorSet) appendID(ids []int32, side int, b []byte) []int32 {
	h := maphash.Bytes(a.seed, b)
	if id, ok := a.id[h]; ok {
		return append(ids, id)
	}
	if side == 0 {
		return ids
	}
	id := int32(len(a.id))
	a.id[h] = id
	return append(ids, id)
}

// weigh sets the weights and keeps in each side's units only the tokens
// that weigh something.
func (a *anchorSet) weigh(sides ...*units) {
	a.weights = make([]float32, len(a.id))
	at := func(s, t int) int32 {
		if t < len(a.df[s]) {
			return a.df[s][t]
		}
		return 0
	}
	for t := range a.weights {
		s, g := at(0, t), at(1, t)
		if s > 0 && g > 0 && s <= maxDF && g <= maxDF {
			a.weights[t] = 1 / float32(max(s, g))
		}
	}
	for _, u := range sides {
		w := int32(0)
		for k := 0; k < u.len(); k++ {
			lo, hi := u.off[k], u.off[k+1]
			u.off[k] = w
			for _, t := range u.toks[lo:hi] {
				if a.weights[t] > 0 {
					u.toks[w] = t
					w++
				}
			}
		}
		u.off[u.len()] = w
		u.toks = slices.Clip(u.toks[:w])
	}
	a.id, a.df = nil, [2][]int32{}
}

// shared is the weight of the tokens both sorted lists hold.
func (a *anchorSet) shared(x, y []int32) float32 {
	s := float32(0)
	for i, j := 0, 0; i < len(x) && j < len(y); {
		switch {
		case x[i] < y[j]:
			i++
		case x[i] > y[j]:
			j++
		default:
			s += a.weights[x[i]]
			i, j = i+1, j+1
		}
	}
	return s
}

// tokens calls emit with each anchor token of text, in a buffer it
// reuses: a number (a run of decimal digits of any script, read as ASCII
// digits, with the dots between them), and a word of a script that
// spaces its words (a run of letters of one script, in lower case, of
// two letters or more). Words of the scripts that do not space them
// (Han, kana, Thai...) are no tokens: a run of them is a phrase, not a
// word, and no other language prints it.
func tokens(text string, emit func([]byte)) {
	var buf []byte
	kind := 0 // 1 number, 2 word
	var script *unicode.RangeTable
	letters := 0
	flush := func() {
		if kind == 1 || kind == 2 && letters >= 2 {
			for len(buf) > 0 && buf[len(buf)-1] == '.' {
				buf = buf[:len(buf)-1]
			}
			emit(buf)
		}
		buf, kind, letters = buf[:0], 0, 0
	}
	for i, r := range text {
		switch {
		case unicode.IsDigit(r):
			if kind != 1 {
				flush()
				kind = 1
			}
			buf = append(buf, byte('0'+digitValue(r)))
		case r == '.' && kind == 1 && i+1 < len(text):
			if next, _ := utf8.DecodeRuneInString(text[i+1:]); unicode.IsDigit(next) {
				buf = append(buf, '.')
			} else {
				flush()
			}
		case unicode.IsLetter(r) && !unspaced(r):
			s := scriptOf(r)
			if kind != 2 || s != script {
				flush()
				kind, script = 2, s
			}
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
			letters++
		default:
			flush()
		}
	}
	flush()
}

// digitValue is the value of a decimal digit of any script: Unicode
// puts each script's ten digits in a run from zero (some runs hold
// several sets of ten).
func digitValue(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	z := r
	for z > 0 && r-z < 64 && unicode.IsDigit(z-1) {
		z--
	}
	return int(r-z) % 10
}

// spacedScripts are scripts that space their words, one of which a
// word's letters are taken to be; a letter of none is of its own.
var spacedScripts = []*unicode.RangeTable{unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Armenian,
	unicode.Georgian, unicode.Hebrew, unicode.Arabic, unicode.Hangul, unicode.Devanagari, unicode.Ethiopic}

func scriptOf(r rune) *unicode.RangeTable {
	if r < 0x250 {
		return unicode.Latin
	}
	for _, s := range spacedScripts {
		if unicode.Is(s, r) {
			return s
		}
	}
	return nil
}

// unspaced reports whether r is a letter of a script that does not
// space its words.
func unspaced(r rune) bool {
	return r >= 0x0E00 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan)
}
