package align

import (
	"math"
	"slices"
	"unicode"
	"unicode/utf8"
)

// learned is a translation lexicon learned from the document pair
// itself, with no word list, after Moore (2002, "Fast and accurate
// sentence alignment of bilingual corpora"): a first segmentation by
// lengths and anchors; IBM Model 1 (Brown et al. 1993) trained on the
// runs it is sure of; and a second segmentation with a term of the
// lexicon added. Lengths cannot tell two neighbouring items apart
// where one is as long as the other at the length ratio; what they say
// can. (hunalign's dictionary bootstrapping, Varga et al. 2005, learns
// its dictionary from its first alignment the same way.)
//
// Each translation token stands for the source token most likely to
// give it; each unit of either side carries the ids of the source
// tokens it holds or stands for (source, target), sorted, and the
// segmentation adds to a run's cost lexTerm, the weighted Dice
// coefficient of its ids and its item's, less chance.
type learned struct {
	// ids are the source tokens the lexicon keeps, by hash, numbered
	// from 0; to maps a translation token's hash to the id of the source
	// token it stands for.
	ids map[uint64]int32
	to  map[uint64]int32
	// weights are by id: the log of the units of the larger side over
	// the larger count of units that hold it on either side (an inverse
	// document frequency, Salton & Buckley 1988), 0 for one held by
	// more than maxDF units, which places nothing.
	weights []float32
	// The ids of each unit: source items' and translation blocks',
	// sOff[u] to sOff[u+1] in sIDs.
	sOff, tOff []int32
	sIDs, tIDs []int32
	// sTot is the weight of each source unit's ids; tTot the prefix
	// sums of the translation units'.
	sTot []float32
	tTot []float64
	// chance is the weighted Dice coefficient of an item and a run of
	// the first pass that are not each other's (see lexTerm).
	chance float32
	// prior is the mean weight of an id a unit holds (about one
	// token's: see lexEvidence).
	prior float32
}

// The lexicon's bounds and weights.
const (
	// lexPairs is the most pairs it learns from, taken evenly over the
	// document beyond that: the lexicon of a long document is learned
	// in time and memory independent of its length.
	lexPairs = 2048
	// lexUnitToks is the most distinct tokens read of a unit's text,
	// and lexPairToks of each side of a pair once those of one pair or
	// of more than maxDF are set aside (a sample: the first in hash
	// order): the model's parameters are at most lexPairs times its
	// square.
	lexUnitToks = 512
	lexPairToks = 128
	// lexMinPairs is the least number of pairs a token and its
	// translation must share (one pair says nothing of which of its
	// tokens translates which).
	lexMinPairs = 2
	// lexWindow is how many source items on either side of a run's
	// own the model reads with it (see learnFrom).
	lexWindow = 1
	// lexRounds is the rounds of expectation maximization.
	lexRounds = 5
	// lexGain is what an item and a run whose ids agree wholly (a
	// weighted Dice coefficient of 1) take off the cost of pairing them
	// beyond what chance agreement does, in the units of the length
	// cost: about the cost of an item left out (skipItem), so that
	// what they say, where it is clear, decides which of two items as
	// long as each other the translation lacks. Tried at 2, 4, 6 and
	// 8 on the dev translations and their variants: 4 placed most.
	lexGain = 4
	// stemRunes is the length a word is cut to: the inflections of a
	// word share their beginning in most languages that space their
	// words (a stem by truncation, as retrieval in many languages does
	// without a stemmer of each: McNamee & Mayfield 2004).
	stemRunes = 5
)

// lexTokens appends to hs the hashes of the content tokens of text: the
// words of the scripts that space their words (a run of letters of one
// script, lower case, of two letters or more, cut to stemRunes), and in
// the scripts that do not (Han, kana, Thai...) each pair of neighbouring
// letters (character bigrams, which stand for their words where no
// spaces mark them), or a letter alone between others. Numbers are no
// tokens here: they are anchors already. buf is scratch.
func lexTokens(text string, hs []uint64, buf []byte) ([]uint64, []byte) {
	b := buf[:0]
	letters := 0
	var script *unicode.RangeTable
	var prev rune // the last letter of a run of an unspaced script, 0 for none
	lone := false // prev starts its run
	flushWord := func() {
		if letters >= 2 {
			hs = append(hs, fnv1a(b))
		}
		b, letters = b[:0], 0
	}
	flushRun := func() {
		if prev != 0 && lone {
			b = utf8.AppendRune(b[:0], prev)
			hs = append(hs, fnv1a(b))
			b = b[:0]
		}
		prev, lone = 0, false
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) && (unspaced(r) || prev != 0 && unicode.Is(unicode.Lm, r)):
			// (A modifier letter, the prolonged sound mark "ー" or the
			// iteration mark "々", goes on the run it is in.)
			flushWord()
			if prev != 0 {
				b = utf8.AppendRune(utf8.AppendRune(b[:0], prev), r)
				hs = append(hs, fnv1a(b))
				b = b[:0]
				lone = false
			} else {
				lone = true
			}
			prev = r
		case unicode.Is(unicode.M, r) && (letters > 0 || prev != 0):
			// A mark (a vowel sign of Devanagari or Thai) belongs to its
			// letter: kept in a word, passed over in a run.
			if letters > 0 && letters <= stemRunes {
				b = utf8.AppendRune(b, r)
			}
		case unicode.IsLetter(r):
			flushRun()
			s := scriptOf(r)
			if letters > 0 && s != script {
				flushWord()
			}
			script = s
			if letters < stemRunes {
				b = utf8.AppendRune(b, unicode.ToLower(r))
			}
			letters++
		default:
			flushWord()
			flushRun()
		}
	}
	flushWord()
	flushRun()
	return hs, b
}

// tokensOf appends to hs the tokens (lexTokens) of one side of pair k;
// buf is scratch.
type tokensOf func(k int, hs []uint64, buf []byte) ([]uint64, []byte)

// learnLexicon learns a lexicon from the pairs of a first segmentation:
// srcToks(k, hs, buf) appends to hs the tokens (lexTokens) of pair k's
// source side and tgtToks its translation's, with n pairs in all (those
// the segmentation is sure of, at most lexPairs). nil where it learns
// nothing (too few pairs, or no token of the translation that stands
// for one of the source's). The tokens are read twice (counted, then
// kept for the pairs only where counted in range), so that nothing is
// held of a token the model does not read.
func learnLexicon(n int, srcToks, tgtToks tokensOf) *learned {
	if n < 2*lexMinPairs {
		return nil
	}
	r := &lexReader{n: n}
	sIdx, sCount := r.index(srcToks)
	if len(sCount) == 0 {
		return nil
	}
	tIdx, tCount := r.index(tgtToks)
	if len(tCount) == 0 {
		return nil
	}
	m := newModel1(r.pairs(srcToks, sIdx, tgtToks, tIdx), len(sCount), len(tCount))
	m.train(lexRounds, len(sCount))
	return lexiconOf(m.best(), sIdx, tIdx, len(sCount))
}

// lexReader reads the tokens of the n pairs a lexicon learns from, in
// its scratch.
type lexReader struct {
	n   int
	hs  []uint64
	buf []byte
}

// distinct reads the tokens of pair k's side into r.hs, sorted, each
// once, at most lexUnitToks (the first in hash order).
func (r *lexReader) distinct(side tokensOf, k int) {
	r.hs, r.buf = side(k, r.hs[:0], r.buf)
	slices.Sort(r.hs)
	r.hs = slices.Compact(r.hs)
	r.hs = r.hs[:min(len(r.hs), lexUnitToks)]
}

// index numbers the tokens of a side that the model reads, in hash
// order, with the count of the pairs that hold each: a token found in
// one pair says nothing of its translation, and one found in many
// places nothing (maxDF, as for anchors).
func (r *lexReader) index(side tokensOf) (map[uint64]int32, []int32) {
	most := int32(min(maxDF, max(lexMinPairs, r.n/2)))
	df := map[uint64]int32{}
	for k := range r.n {
		r.distinct(side, k)
		for _, h := range r.hs {
			df[h]++
		}
	}
	kept := keptHashes(df, most)
	counts := make([]int32, len(kept))
	ids := make(map[uint64]int32, len(kept))
	for k, h := range kept {
		ids[h], counts[k] = int32(k), df[h]
	}
	return ids, counts
}

// pairs are each pair's tokens, by index, at most lexPairToks a side (a
// sample: the first in hash order, so ascending).
func (r *lexReader) pairs(srcToks tokensOf, sIdx map[uint64]int32, tgtToks tokensOf, tIdx map[uint64]int32) *pairTokens {
	p := &pairTokens{ssOff: make([]int32, 1, r.n+1), tsOff: make([]int32, 1, r.n+1)}
	side := func(toks tokensOf, idx map[uint64]int32, k int, out []int32) []int32 {
		r.distinct(toks, k)
		start := len(out)
		for _, h := range r.hs {
			if id, ok := idx[h]; ok && len(out)-start < lexPairToks {
				out = append(out, id)
			}
		}
		return out
	}
	for k := range r.n {
		p.ss = side(srcToks, sIdx, k, p.ss)
		p.ts = side(tgtToks, tIdx, k, p.ts)
		p.ssOff, p.tsOff = append(p.ssOff, int32(len(p.ss))), append(p.tsOff, int32(len(p.ts)))
	}
	return p
}

// lexiconOf is the lexicon of best, each translation token's source
// token (-1 for none): its ids are the source tokens some translation
// token stands for, numbered in the order of the source's tokens (nS of
// them); nil where there are none.
func lexiconOf(best []int32, sIdx, tIdx map[uint64]int32, nS int) *learned {
	keep := make([]bool, nS)
	for _, s := range best {
		if s >= 0 {
			keep[s] = true
		}
	}
	lx := &learned{ids: make(map[uint64]int32)}
	for h, s := range sIdx {
		if keep[s] {
			lx.ids[h] = s
		}
	}
	if len(lx.ids) == 0 {
		return nil
	}
	lx.to = make(map[uint64]int32)
	for h, t := range tIdx {
		if s := best[t]; s >= 0 {
			lx.to[h] = s
		}
	}
	lx.weights = make([]float32, nS)
	return lx
}

// setUnits gives each source unit (n of them, whose tokens srcToks
// appends) and each translation unit (m, tgtToks) the ids of the lexicon's source
// tokens it holds or translates, and weighs the ids: 1 over the larger
// count of units that hold it on either side, none where that is more
// than maxDF.
func (lx *learned) setUnits(n int, srcToks func(u int, hs []uint64, buf []byte) ([]uint64, []byte), m int, tgtToks func(j int, hs []uint64, buf []byte) ([]uint64, []byte)) {
	var hs []uint64
	var buf []byte
	df := [2][]int32{make([]int32, len(lx.weights)), make([]int32, len(lx.weights))}
	fill := func(count int, toks func(int, []uint64, []byte) ([]uint64, []byte), table map[uint64]int32, df []int32) (off, ids []int32) {
		return unitLists(count, func(u int, ids []int32) []int32 {
			hs, buf = toks(u, hs[:0], buf)
			start := len(ids)
			for _, h := range hs {
				if id, ok := table[h]; ok {
					ids = append(ids, id)
				}
			}
			own := ids[start:]
			slices.Sort(own)
			own = slices.Compact(own)
			for _, id := range own {
				df[id]++
			}
			return ids[:start+len(own)]
		})
	}
	lx.sOff, lx.sIDs = fill(n, srcToks, lx.ids, df[0])
	lx.tOff, lx.tIDs = fill(m, tgtToks, lx.to, df[1])
	units := float64(max(n, m))
	for id := range lx.weights {
		if c := max(df[0][id], df[1][id]); c > 0 && c <= maxDF && min(df[0][id], df[1][id]) > 0 {
			lx.weights[id] = float32(math.Log(units / float64(c)))
		}
	}
	lx.ids, lx.to = nil, nil
	lx.sTot = make([]float32, n)
	for u := range n {
		for _, id := range lx.source(u) {
			lx.sTot[u] += lx.weights[id]
		}
	}
	lx.tTot = make([]float64, m+1)
	for j := range m {
		w := float32(0)
		for _, id := range lx.target(j) {
			w += lx.weights[id]
		}
		lx.tTot[j+1] = lx.tTot[j] + float64(w)
	}
	held := 0 // the ids of weight the units hold
	sum := lx.tTot[m]
	for _, ids := range [2][]int32{lx.sIDs, lx.tIDs} {
		for _, id := range ids {
			if lx.weights[id] > 0 {
				held++
			}
		}
	}
	for _, w := range lx.sTot {
		sum += float64(w)
	}
	if held > 0 {
		lx.prior = float32(sum / float64(held))
	}
}

// dice is the weighted Dice coefficient of source unit u and the
// translation units [a, b).
func (lx *learned) dice(u, a, b int) float32 {
	shared := float32(0)
	for j := a; j < b; j++ {
		shared += lx.shared(lx.source(u), lx.target(j))
	}
	both := lx.sTot[u] + float32(lx.tTot[b]-lx.tTot[a])
	if both == 0 {
		return 0
	}
	return min(1, 2*shared/both)
}

// source and target are the lexicon ids of source unit u and
// translation unit j.
func (lx *learned) source(u int) []int32 { return lx.sIDs[lx.sOff[u]:lx.sOff[u+1]] }
func (lx *learned) target(j int) []int32 { return lx.tIDs[lx.tOff[j]:lx.tOff[j+1]] }

// shared is the weight of the ids both sorted lists hold.
func (lx *learned) shared(x, y []int32) float32 { return sharedWeight(x, y, lx.weights) }

// fnv1a is the 64-bit FNV-1a hash of b: the same on every run, so that
// the tokens a unit keeps (unitTokens) and the lexicon's ids are too.
func fnv1a(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// keptHashes are the hashes of df (a count of the pairs each is in)
// counted in lexMinPairs to most pairs, sorted: the tokens a lexicon
// learns from (fewer say nothing, more are function words).
func keptHashes(df map[uint64]int32, most int32) []uint64 {
	var kept []uint64
	for h, c := range df {
		if c >= lexMinPairs && c <= most {
			kept = append(kept, h)
		}
	}
	slices.Sort(kept)
	return kept
}

// unitLists are the lists of n units in one array, unit u's
// ids[off[u]:off[u+1]], add appending each in turn. The array is made
// at about its size, from the mean of the first units (grown from none
// by append, a hundred thousand units' lists were allocated some five
// times over in all); it grows past that only where the rest run
// longer.
func unitLists(n int, add func(u int, ids []int32) []int32) (off, ids []int32) {
	const first = 256
	off = make([]int32, 1, n+1)
	for u := range n {
		if u == first && n > 2*first {
			ids = slices.Grow(ids, len(ids)*(n-u)/u+len(ids)*(n-u)/u/8)
		}
		ids = add(u, ids)
		off = append(off, int32(len(ids)))
	}
	return off, slices.Clip(ids)
}
