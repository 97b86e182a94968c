package align

import (
	"bytes"
	"github.com/rulesync/rulesync/internal/numerals"
	"hash/maphash"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
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
	short []bool       // ends in a letter or digit: a heading's end, if it is short
	start []letterCase // the case of its first letter
	// bare marks a source item of a title and no text (a heading of
	// its own); nil on the translation's side.
	bare []bool
	// titleLen is the length in runes of a source item's title (0 for
	// none); nil on the translation's side.
	titleLen []float32
	// cuttable marks a translation block with a sentence boundary
	// inside, where two items that share it can be cut apart (cutAt);
	// nil on the source's side.
	cuttable []bool
	// lead is the length in runes of a unit's first sentence
	// (setLeads).
	lead []float32
	off  []int32
	toks []int32
}

// letterCase is the case of a unit's first rune.
type letterCase uint8

const (
	uncased letterCase = iota // not a letter of a script with case
	upperCase
	lowerCase
)

func (u *units) len() int { return len(u.runes) }

// reset empties u for another alignment, keeping its storage (see
// scratch).
func (u *units) reset() {
	u.runes, u.title, u.short, u.start = u.runes[:0], u.title[:0], u.short[:0], u.start[:0]
	u.bare, u.titleLen, u.cuttable = u.bare[:0], u.titleLen[:0], u.cuttable[:0]
	u.off, u.toks = append(u.off[:0], 0), u.toks[:0]
}

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
	buf     []byte  // the tokens of the text at hand, one after another
	spans   []int32 // where each token starts and ends in buf
	// sieve has the bit of each token of the source set (by its hash):
	// a token of the translation whose bit is clear is not the source's,
	// and is not kept.
	sieve []uint64
	// kept is set for an anchor set a scratch reuses: weigh keeps its
	// map and counts, cleared by reset for the next alignment.
	kept bool
}

const maxDF = 64

// newAnchorSet makes an anchor set with room for about n tokens.
func newAnchorSet(n int) *anchorSet {
	return &anchorSet{seed: maphash.MakeSeed(), id: make(map[uint64]int32, n)}
}

// reset empties a for another alignment, keeping its storage (see
// scratch): its map, counts, buffers and sieve.
func (a *anchorSet) reset() {
	if a.id == nil {
		a.seed, a.id = maphash.MakeSeed(), map[uint64]int32{}
	}
	clear(a.id)
	a.df[0], a.df[1] = a.df[0][:0], a.df[1][:0]
	a.weights = a.weights[:0]
	a.kept = true
}

// add appends to u a unit of the text of side (0 the source, 1 the
// translation), with its printed number (as one token, apart from the
// text's), interning its tokens.
//
// The translation's units are added first: a token of the source's
// that the translation does not have is dropped then (not interned),
// which keeps the interning to the tokens of the translation.
func (a *anchorSet) add(u *units, side int, number, text string, title bool) {
	a.addLines(u, side, number, text, "", title)
}

// addTitled is add of the unit whose text is strings.TrimSpace(head +
// "\n" + body), read in its two parts (the two joined were a copy of
// every source item's text for each block-level alignment).
func (a *anchorSet) addTitled(u *units, side int, number, head, body string, title bool) {
	switch h, b := strings.TrimSpace(head), strings.TrimSpace(body); {
	case b == "":
		a.addLines(u, side, number, h, "", title)
	case h == "":
		a.addLines(u, side, number, b, "", title)
	default:
		a.addLines(u, side, number, strings.TrimLeftFunc(head, unicode.IsSpace), strings.TrimRightFunc(body, unicode.IsSpace), title)
	}
}

// addLines is add of the unit whose text is first, and where second is
// not "", a line break and second after it.
func (a *anchorSet) addLines(u *units, side int, number, first, second string, title bool) {
	if u.off == nil {
		u.off = []int32{0}
	}
	start := len(u.toks)
	if number != "" {
		u.toks = doubled(u.toks, 2)
		u.toks = a.appendID(u.toks, side, []byte("#"+numberKey(number)))
		// A dotted number of one token is also a number of the text: a
		// translation may print it where its reader saw no number.
		start := len(a.spans)
		a.spans = tokens(number, a.spans, &a.buf)
		if len(a.spans) == start+2 {
			if tok := a.buf[a.spans[start]:a.spans[start+1]]; bytes.IndexByte(tok, '.') >= 0 {
				u.toks = a.appendID(u.toks, side, tok)
			}
		}
		a.spans = a.spans[:start]
	}
	// A line break ends any token: the tokens of the two lines are
	// those of the text.
	n := 0
	for _, text := range [2]string{first, second} {
		a.spans = tokens(text, a.spans[:0], &a.buf)
		u.toks = doubled(u.toks, len(a.spans)/2)
		for k := 0; k < len(a.spans); k += 2 {
			u.toks = a.appendID(u.toks, side, a.buf[a.spans[k]:a.spans[k+1]])
		}
		for range text {
			n++
		}
	}
	if second != "" {
		n++ // the line break
	}
	own := u.toks[start:]
	slices.Sort(own)
	own = slices.Compact(own)
	u.toks = u.toks[:start+len(own)]
	for _, t := range own {
		if n := int(t) + 1 - len(a.df[side]); n > 0 {
			// New ids: counts of zero (in room doubled, not grown by a
			// quarter).
			a.df[side] = doubled(a.df[side], n)
			a.df[side] = append(a.df[side], make([]int32, n)...)
		}
		a.df[side][t]++
	}
	u.runes = append(u.runes, float32(n))
	u.title = append(u.title, title)
	lead, _ := utf8.DecodeRuneInString(first)
	if first == "" && second != "" {
		lead = '\n'
	}
	c := uncased
	switch {
	case unicode.IsLower(lead):
		c = lowerCase
	case unicode.IsUpper(lead) || unicode.IsTitle(lead):
		c = upperCase
	}
	u.start = append(u.start, c)
	end := first
	if second != "" {
		end = second
	}
	last, _ := utf8.DecodeLastRuneInString(end)
	u.short = append(u.short, unicode.IsLetter(last) || unicode.IsDigit(last))
	u.off = append(u.off, int32(len(u.toks)))
}

// sift sets the sieve's bits of the tokens of the source's items (the
// words and numbers of their titles and texts, and their printed
// numbers), before any unit is added. It has a bit for every two bytes
// of the source's texts, several for each token the source has (a word
// and the space after it are three bytes or more, and most recur); a
// token of the translation the sieve lets through and the source lacks
// is interned and weighs nothing (its id is after those of the tokens
// before it, which keep their order, as the anchors their weights).
// (With four bits a byte, the sieve was an eighth of what the
// projection of 100k items allocated.)
func (a *anchorSet) sift(src *corpus.Document) {
	size := 0
	for i := range src.Items {
		it := &src.Items[i]
		size += len(it.Number) + len(it.Title) + len(it.Text)
	}
	bits := 64
	for bits < size/2 {
		bits *= 2
	}
	if cap(a.sieve) >= bits/64 {
		a.sieve = a.sieve[:bits/64]
		clear(a.sieve)
	} else {
		a.sieve = make([]uint64, bits/64)
	}
	mask := uint64(bits - 1)
	set := func(b []byte) {
		h := maphash.Bytes(a.seed, b) & mask
		a.sieve[h/64] |= 1 << (h % 64)
	}
	for i := range src.Items {
		it := &src.Items[i]
		if it.Number != "" {
			set([]byte("#" + numberKey(it.Number)))
		}
		for _, text := range [3]string{it.Number, it.Title, it.Text} {
			a.spans = tokens(text, a.spans[:0], &a.buf)
			for k := 0; k < len(a.spans); k += 2 {
				set(a.buf[a.spans[k]:a.spans[k+1]])
			}
		}
	}
}

// doubled is ids with room for n more, at twice its room where it has
// too little: the ids of every unit of a side are one array, which
// append grew by a quarter at a time (the copies were some five times
// the array, 8 MB of a reading of 100k items a side).
func doubled(ids []int32, n int) []int32 {
	if cap(ids)-len(ids) >= n {
		return ids
	}
	out := make([]int32, len(ids), max(2*cap(ids), len(ids)+n))
	copy(out, ids)
	return out
}

// appendID appends the id of token b to ids: interned for the
// translation (side 1) where the sieve lets it through, looked up for
// the source.
func (a *anchorSet) appendID(ids []int32, side int, b []byte) []int32 {
	h := maphash.Bytes(a.seed, b)
	if side == 1 && a.sieve != nil {
		if k := h & uint64(64*len(a.sieve)-1); a.sieve[k/64]&(1<<(k%64)) == 0 {
			return ids
		}
	}
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
	if cap(a.weights) >= len(a.id) {
		a.weights = a.weights[:len(a.id)]
		clear(a.weights)
	} else {
		a.weights = make([]float32, len(a.id))
	}
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
		u.toks = u.toks[:w]
		if !a.kept {
			u.toks = slices.Clip(u.toks)
		}
	}
	if !a.kept {
		a.id, a.df = nil, [2][]int32{}
	}
}

// shared is the weight of the tokens both sorted lists hold.
func (a *anchorSet) shared(x, y []int32) float32 { return sharedWeight(x, y, a.weights) }

// sharedWeight is the sum of weights[id] over the ids both sorted lists
// x and y hold (a merge of the two).
func sharedWeight(x, y []int32, weights []float32) float32 {
	s := float32(0)
	for i, j := 0, 0; i < len(x) && j < len(y); {
		switch {
		case x[i] < y[j]:
			i++
		case x[i] > y[j]:
			j++
		default:
			s += weights[x[i]]
			i, j = i+1, j+1
		}
	}
	return s
}

// tokens writes the anchor tokens of text one after another in *buf
// (reused) and appends to spans where each starts and ends: a number (a
// run of decimal digits of any script, read as ASCII digits, with the
// dots between them), and a word of a script that spaces its words (a
// run of letters of one script, in lower case, of two letters or more).
// Words of the scripts that do not space them (Han, kana, Thai...) are
// no tokens: a run of them is a phrase, not a word, and no other
// language prints it.
func tokens(text string, spans []int32, buf *[]byte) []int32 {
	b := (*buf)[:0]
	kind := 0 // 1 number, 2 word
	var script *unicode.RangeTable
	letters, start := 0, 0
	flush := func() {
		if kind == 1 || kind == 2 && letters >= 2 {
			for len(b) > start && b[len(b)-1] == '.' {
				b = b[:len(b)-1]
			}
			spans = append(spans, int32(start), int32(len(b)))
		} else {
			b = b[:start]
		}
		start, kind, letters = len(b), 0, 0
	}
	for i, r := range text {
		switch {
		case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
			// An ASCII letter, most of an English text, as the case of
			// letters below reads it (a Latin letter, in lower case)
			// without its tables: a fifth of the block alignment's
			// reading of the source's tokens.
			if kind != 2 || script != unicode.Latin {
				flush()
				kind, script = 2, unicode.Latin
			}
			b = append(b, byte(r)|0x20)
			letters++
		case unspacedLetter(r):
			// Hiragana, katakana and Han, most of a Japanese or Chinese
			// text, as the cases below read them (not a digit, a letter
			// of a script that does not space its words) without their
			// tables.
			flush()
		case '0' <= r && r <= '9' || r >= utf8.RuneSelf && unicode.IsDigit(r):
			if kind != 1 {
				flush()
				kind = 1
			}
			b = append(b, byte('0'+numerals.Digit(r)))
		case r == '.' && kind == 1 && i+1 < len(text):
			if next, _ := utf8.DecodeRuneInString(text[i+1:]); unicode.IsDigit(next) {
				b = append(b, '.')
			} else {
				flush()
			}
		case unicode.IsLetter(r) && !unspaced(r):
			s := scriptOf(r)
			if kind != 2 || s != script {
				flush()
				kind, script = 2, s
			}
			b = utf8.AppendRune(b, unicode.ToLower(r))
			letters++
		default:
			flush()
		}
	}
	flush()
	*buf = b
	return spans
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

// unspacedLetter reports whether r is a hiragana or katakana letter
// (U+3041-U+3096, U+30A1-U+30FA) or a CJK unified ideograph
// (U+4E00-U+9FFF): letters of scripts that do not space their words,
// and no digits (TestUnspacedLetter).
func unspacedLetter(r rune) bool {
	return r >= 0x3041 && (r <= 0x3096 || r >= 0x30a1 && r <= 0x30fa || r >= 0x4e00 && r <= 0x9fff)
}

// unspaced reports whether r is a letter of a script that does not
// space its words.
func unspaced(r rune) bool {
	return r >= 0x0E00 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan)
}
