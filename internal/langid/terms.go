package langid

// terms are the log-probabilities the languages give the trigrams of
// one document's texts, each looked up once for the document: the texts
// share many trigrams (the 12 texts the vote reads of the WCA
// Regulations hold 730, of which 396 differ), and a lookup in a model's
// tables, with its logarithm, is most of the cost of scoring. A trigram
// is known by its index, in the order the texts first hold it. The zero
// value is not ready: see newTerms.
type terms struct {
	ids  map[uint64]int32 // trigram -> index
	keys []uint64         // index -> trigram
	// last is, by index, the number of the last text (counted from 1)
	// that holds the trigram; text is the number of the texts read.
	last []int32
	text int32
	// lp is, by language (index into the languages table) and index,
	// logProb of the trigram, absent when the model lacks it, unscored
	// before the first lookup; a language's slice grows when it is
	// read.
	lp  [][]float64
	buf []int32 // what trigrams returns, reused
}

// Markers of terms.lp: a log-probability is at most 0.
const (
	unscored = 1
	absent   = 2
)

// termsHint is how many trigrams terms make room for at first: the
// vote's texts of a document in English hold 400 to 600.
const termsHint = 512

// newTerms returns terms that hold no trigram yet.
func newTerms() *terms {
	return &terms{ids: make(map[uint64]int32, termsHint), keys: make([]uint64, 0, termsHint), last: make([]int32, 0, termsHint),
		lp: make([][]float64, len(languages().codes))}
}

// trigrams returns the indexes of the distinct trigrams of words (a
// text's, see splitWords), in the order they first occur: those of
// textTrigrams(words). Each call is one more text, and the slice it
// returns is good until the next.
func (t *terms) trigrams(words []string) []int32 {
	t.text++
	out := t.buf[:0]
	for _, w := range words {
		var a, b rune
		i := 0
		for _, c := range w {
			if i >= 2 {
				g := ngramKey(a, b, c)
				id, ok := t.ids[g]
				if !ok {
					id = int32(len(t.keys))
					t.ids[g] = id
					t.keys = append(t.keys, g)
					t.last = append(t.last, 0)
				}
				if t.last[id] != t.text {
					t.last[id] = t.text
					out = append(out, id)
				}
			}
			a, b = b, c
			i++
		}
	}
	t.buf = out
	return out
}

// keysOf returns the trigrams of indexes.
func (t *terms) keysOf(ids []int32) []uint64 {
	keys := make([]uint64, len(ids))
	for i, id := range ids {
		keys[i] = t.keys[id]
	}
	return keys
}

// logProb is logProb(m, the trigram of index id) for m the model of
// language l, looked up on the first call only.
func (t *terms) logProb(l int, m *model, id int32) (float64, bool) {
	lp := t.lp[l]
	if int(id) >= len(lp) {
		if cap(lp) < len(t.keys) {
			// As much room as keys has: a slice a language reads
			// grows as often as keys do, not once a trigram.
			lp = append(make([]float64, 0, cap(t.keys)), lp...)
		}
		for len(lp) < len(t.keys) {
			lp = append(lp, unscored)
		}
		t.lp[l] = lp
	}
	v := lp[id]
	if v == unscored {
		var ok bool
		if v, ok = logProb(m, t.keys[id]); !ok {
			v = absent
		}
		lp[id] = v
	}
	return v, v != absent
}
