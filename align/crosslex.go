package align

import (
	"cmp"
	"math"
	"slices"

	"github.com/rulesync/rulesync/corpus"
)

// crossLex is what the crossing of two pairs (crossed) reads of what
// texts say across languages where they share nothing the scorer
// checks (numbers, references, terms): which tokens of the translation
// come with which of the source, learned from the alignment's own 1-1
// pairs, as hunalign (Varga et al. 2005) and Moore (2002) learn their
// dictionaries from a first alignment, with no word list. A token of
// the translation is explained by the source token it meets most
// often, by the Dice coefficient of the pairs that hold them (Smadja,
// McKeown and Hatzivassiloglou 1996); a text by a source item as the
// weighted mean, over the text's tokens, of the best coefficient a
// token of the item gives it. The pairs tested are left out of the
// counts (leave-one-out): two swapped texts would otherwise teach the
// lexicon their own wrong pairing, each text explained best where it
// stands.
type crossLex struct {
	// The tokens of each source and target item, as sorted ids: those
	// that two sampled pairs or more hold (a token of one pair says
	// nothing of its translation) and at most half of them or maxDF.
	sOff, tOff []int32
	sIDs, tIDs []int32
	// cS and cT are how many sampled pairs hold each token; top the
	// source tokens that explain each target token best (topOff[t] to
	// topOff[t+1]) and topN the sampled pairs that hold each with the
	// target token; wT the weight of a target token (an inverse
	// document frequency).
	cS, cT []int32
	topOff []int32
	top    []int32
	topN   []int32
	wT     []float32
	// sampled marks the items of the sampled pairs (a pair left out of
	// the counts must be one of them), by source item.
	sampled []bool
	// The source items by token id, reviewCandidates a token, for the
	// candidates of a text far from its place.
	start []int32
	items []int32
	// explains' scratch (a crossLex is for one goroutine): the tokens
	// of the pairs marked (bit p for marked[p]), and whether each is
	// left out of the counts.
	sMark, tMark []uint8
	marked       [2][2]int
	outOn        [2]bool
}

// The bounds of crossLex: the pairs it counts (taken evenly over the
// document beyond that), the tokens of one item it keeps (the first in
// hash order), and the source tokens kept for each target token. The
// co-occurrences counted are at most crossLexPairs times crossLexToks
// squared, whatever the document's length, one target token at a time;
// crossLexTop of them are kept for each.
const (
	crossLexPairs = 1024
	crossLexToks  = 48
	crossLexTop   = 6
)

// newCrossLex counts the tokens of the 1-1 pairs ones (indexes into
// pairs); nil where too few pairs or tokens recur.
func (a *aligner) newCrossLex(pairs []Pair, ones []int) *crossLex {
	take := ones
	if len(take) > crossLexPairs {
		take = make([]int, crossLexPairs)
		for k := range take {
			take[k] = ones[k*len(ones)/crossLexPairs]
		}
	}
	if len(take) < 2*lexMinPairs {
		return nil
	}
	var hs []uint64
	var buf []byte
	read := func(it *corpus.Item) []uint64 {
		hs, buf = lexTokens(it.Title, hs[:0], buf)
		hs, buf = lexTokens(it.Text, hs, buf)
		slices.Sort(hs)
		hs = slices.Compact(hs)
		return hs[:min(len(hs), crossLexToks)]
	}
	most := int32(min(maxDF, max(lexMinPairs, len(take)/2)))
	index := func(item func(k int) *corpus.Item) (map[uint64]int32, []int32) {
		df := map[uint64]int32{}
		for k := range take {
			for _, h := range read(item(k)) {
				df[h]++
			}
		}
		kept := keptHashes(df, most)
		ids := make(map[uint64]int32, len(kept))
		counts := make([]int32, len(kept))
		for k, h := range kept {
			ids[h], counts[k] = int32(k), df[h]
		}
		return ids, counts
	}
	srcOf := func(k int) int { return pairs[take[k]].Source[0] }
	tgtOf := func(k int) int { return pairs[take[k]].Target[0] }
	sIdx, cS := index(func(k int) *corpus.Item { return &a.src.Items[srcOf(k)] })
	tIdx, cT := index(func(k int) *corpus.Item { return &a.tgt.Items[tgtOf(k)] })
	if len(cS) == 0 || len(cT) == 0 {
		return nil
	}
	cl := &crossLex{cS: cS, cT: cT}
	fill := func(items []corpus.Item, idx map[uint64]int32) (off, ids []int32) {
		return unitLists(len(items), func(i int, ids []int32) []int32 {
			start := len(ids)
			for _, h := range read(&items[i]) {
				if id, ok := idx[h]; ok {
					ids = append(ids, id)
				}
			}
			slices.Sort(ids[start:])
			return ids
		})
	}
	cl.sOff, cl.sIDs = fill(a.src.Items, sIdx)
	cl.tOff, cl.tIDs = fill(a.tgt.Items, tIdx)
	cl.sampled = make([]bool, len(a.src.Items))
	for _, k := range take {
		cl.sampled[pairs[k].Source[0]] = true
	}
	// The co-occurrences, target token by target token: the sampled
	// pairs that hold each target token (byT), then the source tokens
	// of those pairs counted in n, in order of source id.
	tStart := make([]int32, len(cT)+1)
	for k := range take {
		for _, t := range cl.target(tgtOf(k)) {
			tStart[t+1]++
		}
	}
	for t := 1; t < len(tStart); t++ {
		tStart[t] += tStart[t-1]
	}
	byT := make([]int32, tStart[len(cT)])
	next := slices.Clone(tStart[:len(cT)])
	for k := range take {
		for _, t := range cl.target(tgtOf(k)) {
			byT[next[t]] = int32(k)
			next[t]++
		}
	}
	// Each target token's best source tokens, of those it meets in
	// lexMinPairs pairs or more, by the Dice coefficient, the lower
	// source id first among equal coefficients: the best crossLexTop
	// taken in one pass (topDice), not by sorting all of them.
	n := make([]int32, len(cS))
	var seen []int32
	var best topDice
	cl.topOff = make([]int32, 1, len(cT)+1)
	cl.wT = make([]float32, len(cT))
	for t := range cT {
		seen = seen[:0]
		for _, k := range byT[tStart[t]:tStart[t+1]] {
			for _, s := range cl.source(srcOf(int(k))) {
				if n[s] == 0 {
					seen = append(seen, s)
				}
				n[s]++
			}
		}
		best.n = 0
		for _, s := range seen {
			if n[s] >= lexMinPairs {
				best.add(2*float64(n[s])/float64(cS[s]+cT[t]), s)
			}
		}
		for _, c := range best.d[:best.n] {
			cl.top = append(cl.top, c.s)
			cl.topN = append(cl.topN, n[c.s])
		}
		for _, s := range seen {
			n[s] = 0
		}
		cl.topOff = append(cl.topOff, int32(len(cl.top)))
		cl.wT[t] = float32(math.Log(float64(len(take)) / float64(cT[t])))
	}
	// The source items by token, reviewCandidates a token.
	cl.start = make([]int32, len(cS)+1)
	for i := range a.src.Items {
		for _, id := range cl.source(i) {
			if cl.start[id+1] < reviewCandidates {
				cl.start[id+1]++
			}
		}
	}
	for id := 1; id < len(cl.start); id++ {
		cl.start[id] += cl.start[id-1]
	}
	cl.items = make([]int32, cl.start[len(cl.start)-1])
	next = slices.Clone(cl.start[:len(cl.start)-1])
	for i := range a.src.Items {
		for _, id := range cl.source(i) {
			if next[id] < cl.start[id+1] {
				cl.items[next[id]] = int32(i)
				next[id]++
			}
		}
	}
	return cl
}

// dice is a source token's Dice coefficient with a target token.
type dice struct {
	d float64
	s int32
}

// topDice holds the best crossLexTop coefficients added, from the best,
// the lower source id first among equal ones: the first crossLexTop of
// those added sorted so, in one pass over them (the sort of every
// candidate of every target token was a sixth of crossLex's making).
type topDice struct {
	d [crossLexTop]dice
	n int
}

// add offers the coefficient d of source token s.
func (b *topDice) add(d float64, s int32) {
	// after reports whether x goes after y.
	after := func(x, y dice) bool { return x.d < y.d || x.d == y.d && x.s > y.s }
	c := dice{d, s}
	if b.n == crossLexTop && !after(b.d[b.n-1], c) {
		return
	}
	k := min(b.n, crossLexTop-1)
	for k > 0 && after(b.d[k-1], c) {
		b.d[k] = b.d[k-1]
		k--
	}
	b.d[k] = c
	b.n = min(b.n+1, crossLexTop)
}

// source and target are the token ids of source item i and target item
// j.
func (cl *crossLex) source(i int) []int32 { return cl.sIDs[cl.sOff[i]:cl.sOff[i+1]] }
func (cl *crossLex) target(j int) []int32 { return cl.tIDs[cl.tOff[j]:cl.tOff[j+1]] }

// explains is how well source item o explains target item j, in [0, 1]:
// the mean over j's tokens, weighted, of the best Dice coefficient one
// of o's tokens has with it, counted without the pairs out (their
// source and target items; those not sampled count nothing anyway).
// The counts are those of all the sampled pairs less what the pairs out
// hold of each token (leave-one-out by subtraction): the tokens of the
// pairs out are marked once for every call with the same out (the four
// calls of a crossing), so that a lookup is a few loads.
func (cl *crossLex) explains(o, j int, out [2][2]int) float64 {
	x, _ := cl.explains2(o, o, j, out)
	return x
}

// explains2 is explains of target item j by source items o and i at
// once (the coefficients of j's tokens are worked out once for both).
func (cl *crossLex) explains2(o, i, j int, out [2][2]int) (float64, float64) {
	cl.mark(out)
	// bitO and bitI are o's and i's bits in sMark: that of a pair out
	// whose source item it is, or bits 2 and 3, marked for this call.
	bitOf := func(o int, own uint8) uint8 {
		switch o {
		case out[0][0]:
			return 1
		case out[1][0]:
			return 2
		}
		cl.setS(o, own)
		return own
	}
	bitO, bitI := bitOf(o, 1<<2), bitOf(i, 1<<3)
	var numO, numI, den float64
	for _, t := range cl.target(j) {
		w := float64(cl.wT[t])
		den += w
		bestO, bestI := 0.0, 0.0
		mt := cl.tMark[t]
		for y := cl.topOff[t]; y < cl.topOff[t+1]; y++ {
			s := cl.top[y]
			ms := cl.sMark[s]
			if ms&(bitO|bitI) == 0 {
				continue
			}
			n, cs, ct := cl.topN[y], cl.cS[s], cl.cT[t]
			for p := range out {
				if !cl.outOn[p] {
					continue
				}
				inS, inT := int32(ms>>p&1), int32(mt>>p&1)
				cs -= inS
				ct -= inT
				n -= inS & inT
			}
			if n < lexMinPairs {
				continue
			}
			d := 2 * float64(n) / float64(cs+ct)
			if ms&bitO != 0 {
				bestO = max(bestO, d)
			}
			if ms&bitI != 0 {
				bestI = max(bestI, d)
			}
		}
		numO += w * bestO
		numI += w * bestI
	}
	if bitO > 2 {
		cl.clearS(o, bitO)
	}
	if bitI > 2 {
		cl.clearS(i, bitI)
	}
	if den == 0 {
		return 0, 0
	}
	return numO / den, numI / den
}

// mark sets sMark and tMark for the pairs out (bit p for out[p]: its
// source item's tokens, its target item's), and outOn (whether out[p]
// is left out of the counts: a pair of a sampled source item), unless
// they are set for out already.
func (cl *crossLex) mark(out [2][2]int) {
	if cl.sMark == nil {
		cl.sMark = make([]uint8, len(cl.cS))
		cl.tMark = make([]uint8, len(cl.cT))
	} else if cl.marked == out {
		return
	} else {
		for _, p := range cl.marked {
			if p[0] >= 0 {
				cl.clearS(p[0], 0xff)
			}
			if p[1] >= 0 {
				for _, t := range cl.target(p[1]) {
					cl.tMark[t] = 0
				}
			}
		}
	}
	cl.marked = out
	for p, q := range out {
		cl.outOn[p] = q[0] >= 0 && cl.sampled[q[0]]
		if q[0] >= 0 {
			for _, s := range cl.source(q[0]) {
				cl.sMark[s] |= 1 << p
			}
		}
		if q[1] >= 0 {
			for _, t := range cl.target(q[1]) {
				cl.tMark[t] |= 1 << p
			}
		}
	}
}

// setS sets bits of sMark for source item i's tokens, clearS clears
// them.
func (cl *crossLex) setS(i int, bits uint8) {
	for _, s := range cl.source(i) {
		cl.sMark[s] |= bits
	}
}

func (cl *crossLex) clearS(i int, bits uint8) {
	for _, s := range cl.source(i) {
		cl.sMark[s] &^= bits
	}
}

// candidates appends to out the source items that hold the tokens
// that best explain target item j's heaviest reviewTokens tokens, at
// most reviewCandidates, each once (seen is scratch, by source item,
// stamp this call's mark; ids scratch).
func (cl *crossLex) candidates(j int, out []int, seen []int32, stamp int32, ids []int32) ([]int, []int32) {
	ids = append(ids[:0], cl.target(j)...)
	slices.SortFunc(ids, func(x, y int32) int { return cmp.Compare(cl.wT[y], cl.wT[x]) })
	for _, t := range ids[:min(reviewTokens, len(ids))] {
		for _, s := range cl.top[cl.topOff[t]:cl.topOff[t+1]] {
			for _, i := range cl.items[cl.start[s]:cl.start[s+1]] {
				if len(out) == reviewCandidates {
					return out, ids
				}
				if seen[i] != stamp {
					seen[i] = stamp
					out = append(out, int(i))
				}
			}
		}
	}
	return out, ids
}
