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

// learnLexicon learns a lexicon from the pairs of a first segmentation:
// srcToks(k, hs, buf) appends to hs the tokens (lexTokens) of pair k's
// source side and tgtToks its translation's, with n pairs in all (those
// the segmentation is sure of, at most lexPairs); buf is scratch. nil
// where it learns nothing (too few pairs, or no token of the
// translation that stands for one of the source's). The tokens are read twice (counted, then
// kept for the pairs only where counted in range), so that nothing is
// held of a token the model does not read.
func learnLexicon(n int, srcToks, tgtToks func(k int, hs []uint64, buf []byte) ([]uint64, []byte)) *learned {
	if n < 2*lexMinPairs {
		return nil
	}
	take := n
	var hs []uint64
	var buf []byte
	// distinct reads the tokens of pair k's side into hs, sorted, each
	// once, at most lexUnitToks (the first in hash order).
	distinct := func(side func(int, []uint64, []byte) ([]uint64, []byte), k int) {
		hs, buf = side(k, hs[:0], buf)
		slices.Sort(hs)
		hs = slices.Compact(hs)
		hs = hs[:min(len(hs), lexUnitToks)]
	}
	// A token found in one pair says nothing of its translation, and
	// one found in many places nothing (maxDF, as for anchors): the
	// tokens counted in range are numbered in hash order.
	most := int32(min(maxDF, max(lexMinPairs, take/2)))
	index := func(side func(int, []uint64, []byte) ([]uint64, []byte)) (map[uint64]int32, []int32) {
		df := map[uint64]int32{}
		for k := range take {
			distinct(side, k)
			for _, h := range hs {
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
	sIdx, sCount := index(srcToks)
	if len(sCount) == 0 {
		return nil
	}
	tIdx, tCount := index(tgtToks)
	if len(tCount) == 0 {
		return nil
	}
	lx := &learned{}
	// Each pair's tokens, by index, at most lexPairToks a side (a
	// sample: the first in hash order).
	var ss, ts []int32
	ssOff, tsOff := make([]int32, 1, take+1), make([]int32, 1, take+1)
	for k := range take {
		distinct(srcToks, k)
		start := len(ss)
		for _, h := range hs {
			if id, ok := sIdx[h]; ok && len(ss)-start < lexPairToks {
				ss = append(ss, id)
			}
		}
		distinct(tgtToks, k)
		start = len(ts)
		for _, h := range hs {
			if id, ok := tIdx[h]; ok && len(ts)-start < lexPairToks {
				ts = append(ts, id)
			}
		}
		ssOff, tsOff = append(ssOff, int32(len(ss))), append(tsOff, int32(len(ts)))
	}
	// The co-occurrences, as source index << 32 | translation index,
	// sorted, each once, with the number of pairs that have it: the
	// parameters of the model, found by a binary search (no map of
	// pairs), once for each token pair of each unit pair (occ, the
	// index in co of each, in the order the rounds read them): five
	// rounds of searches were seven tenths of a lexicon's time. (co is
	// made at its size: grown, it was the most of a lexicon's bytes.)
	total := 0
	for k := range take {
		total += int(ssOff[k+1]-ssOff[k]) * int(tsOff[k+1]-tsOff[k])
	}
	co := make([]uint64, 0, total)
	for k := range take {
		for _, s := range ss[ssOff[k]:ssOff[k+1]] {
			for _, t := range ts[tsOff[k]:tsOff[k+1]] {
				co = append(co, uint64(s)<<32|uint64(t))
			}
		}
	}
	slices.Sort(co)
	var inPairs []int32
	w := 0
	for a := 0; a < len(co); {
		b := a
		for b < len(co) && co[b] == co[a] {
			b++
		}
		co[w] = co[a]
		inPairs = append(inPairs, int32(b-a))
		w++
		a = b
	}
	co = co[:w]
	occ := make([]int32, 0, total)
	for k := range take {
		sk := ss[ssOff[k]:ssOff[k+1]]
		for _, t := range ts[tsOff[k]:tsOff[k+1]] {
			for _, s := range sk {
				x, _ := slices.BinarySearch(co, uint64(s)<<32|uint64(t))
				occ = append(occ, int32(x))
			}
		}
	}
	// IBM Model 1 (Brown et al. 1993), as Moore (2002) trains it: the
	// probability t(t|s) that source token s gives translation token t,
	// by expectation maximization over the pairs, each translation
	// token given by one of its pair's source tokens or by none (the
	// empty token, which takes the particles and endings every text
	// has). Five rounds, from uniform.
	tp := make([]float32, len(co))
	for k := range tp {
		tp[k] = 1
	}
	tn := make([]float32, len(tCount))
	for t := range tn {
		tn[t] = 1
	}
	cnt := make([]float32, len(co))
	tot := make([]float32, len(sCount))
	cntN := make([]float32, len(tCount))
	for range lexRounds {
		clear(cnt)
		clear(tot)
		clear(cntN)
		totN := float32(0)
		o := 0 // the next of occ
		for k := range take {
			ns := int(ssOff[k+1] - ssOff[k])
			for _, t := range ts[tsOff[k]:tsOff[k+1]] {
				at := occ[o : o+ns]
				o += ns
				z := tn[t]
				for _, x := range at {
					z += tp[x]
				}
				for _, x := range at {
					c := tp[x] / z
					cnt[x] += c
					tot[co[x]>>32] += c
				}
				c := tn[t] / z
				cntN[t] += c
				totN += c
			}
		}
		for x := range tp {
			if d := tot[co[x]>>32]; d > 0 {
				tp[x] = cnt[x] / d
			}
		}
		for t := range tn {
			tn[t] = cntN[t] / totN
		}
	}
	// Each translation token's most probable source token, where they
	// share lexMinPairs pairs or more and it gives the token more surely
	// than the empty token does (ties to the first).
	best := make([]int32, len(tCount))
	prob := make([]float32, len(tCount))
	for t := range best {
		best[t] = -1
	}
	for x, st := range co {
		s, t := int32(st>>32), int32(st&0xffffffff)
		if inPairs[x] < lexMinPairs || tp[x] <= tn[t] {
			continue
		}
		if best[t] < 0 || tp[x] > prob[t] {
			best[t], prob[t] = s, tp[x]
		}
	}
	// The ids kept are the source tokens some translation token stands
	// for, numbered in the order of the source's tokens.
	keep := make([]int32, len(sCount))
	for s := range keep {
		keep[s] = -1
	}
	for _, s := range best {
		if s >= 0 {
			keep[s] = 0
		}
	}
	lx.ids = make(map[uint64]int32)
	for h, s := range sIdx {
		if keep[s] == 0 {
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
	lx.weights = make([]float32, len(sCount))
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
		off = make([]int32, 1, count+1)
		for u := range count {
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
			ids = ids[:start+len(own)]
			for _, id := range own {
				df[id]++
			}
			off = append(off, int32(len(ids)))
		}
		return off, slices.Clip(ids)
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
