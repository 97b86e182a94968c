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
	// cS and cT are how many sampled pairs hold each token; co the
	// co-occurrences, target id << 32 | source id, sorted, and coN the
	// pairs that hold each; top the source tokens that explain each
	// target token best (topOff[t] to topOff[t+1]); wT the weight of a
	// target token (an inverse document frequency).
	cS, cT []int32
	co     []uint64
	coN    []int32
	topOff []int32
	top    []int32
	wT     []float32
	// sampled marks the items of the sampled pairs (a pair left out of
	// the counts must be one of them), by source item.
	sampled []bool
	// The source items by token id, reviewCandidates a token, for the
	// candidates of a text far from its place.
	start []int32
	items []int32
}

// The bounds of crossLex: the pairs it counts (taken evenly over the
// document beyond that), the tokens of one item it keeps (the first in
// hash order), and the source tokens kept for each target token. The
// co-occurrences are at most crossLexPairs times crossLexToks squared
// (19 MB), whatever the document's length.
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
	srcOf := func(k int) *corpus.Item { return &a.src.Items[pairs[take[k]].Source[0]] }
	tgtOf := func(k int) *corpus.Item { return &a.tgt.Items[pairs[take[k]].Target[0]] }
	sIdx, cS := index(srcOf)
	tIdx, cT := index(tgtOf)
	if len(cS) == 0 || len(cT) == 0 {
		return nil
	}
	cl := &crossLex{cS: cS, cT: cT}
	fill := func(items []corpus.Item, idx map[uint64]int32) (off, ids []int32) {
		off = make([]int32, 1, len(items)+1)
		for i := range items {
			start := len(ids)
			for _, h := range read(&items[i]) {
				if id, ok := idx[h]; ok {
					ids = append(ids, id)
				}
			}
			slices.Sort(ids[start:])
			off = append(off, int32(len(ids)))
		}
		return off, slices.Clip(ids)
	}
	cl.sOff, cl.sIDs = fill(a.src.Items, sIdx)
	cl.tOff, cl.tIDs = fill(a.tgt.Items, tIdx)
	cl.sampled = make([]bool, len(a.src.Items))
	for _, k := range take {
		i, j := pairs[k].Source[0], pairs[k].Target[0]
		cl.sampled[i] = true
		for _, t := range cl.target(j) {
			for _, s := range cl.source(i) {
				cl.co = append(cl.co, uint64(t)<<32|uint64(s))
			}
		}
	}
	slices.Sort(cl.co)
	w := 0
	for x := 0; x < len(cl.co); {
		y := x
		for y < len(cl.co) && cl.co[y] == cl.co[x] {
			y++
		}
		cl.co[w] = cl.co[x]
		cl.coN = append(cl.coN, int32(y-x))
		w++
		x = y
	}
	cl.co = slices.Clip(cl.co[:w])
	// Each target token's best source tokens, of those it meets in
	// lexMinPairs pairs or more.
	cl.topOff = make([]int32, 1, len(cT)+1)
	cl.wT = make([]float32, len(cT))
	var cand []int32
	for t, x := 0, 0; t < len(cT); t++ {
		cand = cand[:0]
		for ; x < len(cl.co) && int(cl.co[x]>>32) == t; x++ {
			if cl.coN[x] >= lexMinPairs {
				cand = append(cand, int32(x))
			}
		}
		dice := func(x int32) float64 {
			s := cl.co[x] & 0xffffffff
			return 2 * float64(cl.coN[x]) / float64(cS[s]+cT[t])
		}
		slices.SortFunc(cand, func(p, q int32) int { return cmp.Compare(dice(q), dice(p)) })
		for _, x := range cand[:min(len(cand), crossLexTop)] {
			cl.top = append(cl.top, int32(cl.co[x]&0xffffffff))
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
	next := slices.Clone(cl.start[:len(cl.start)-1])
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

// source and target are the token ids of source item i and target item
// j.
func (cl *crossLex) source(i int) []int32 { return cl.sIDs[cl.sOff[i]:cl.sOff[i+1]] }
func (cl *crossLex) target(j int) []int32 { return cl.tIDs[cl.tOff[j]:cl.tOff[j+1]] }

// explains is how well source item o explains target item j, in [0, 1]:
// the mean over j's tokens, weighted, of the best Dice coefficient one
// of o's tokens has with it, counted without the pairs out (their
// source and target items; those not sampled count nothing anyway).
func (cl *crossLex) explains(o, j int, out [2][2]int) float64 {
	src := cl.source(o)
	var num, den float64
	for _, t := range cl.target(j) {
		w := float64(cl.wT[t])
		den += w
		best := 0.0
		for _, s := range cl.top[cl.topOff[t]:cl.topOff[t+1]] {
			if _, ok := slices.BinarySearch(src, s); !ok {
				continue
			}
			x, _ := slices.BinarySearch(cl.co, uint64(t)<<32|uint64(s))
			n, cs, ct := cl.coN[x], cl.cS[s], cl.cT[t]
			for _, p := range out {
				if p[0] < 0 || !cl.sampled[p[0]] {
					continue
				}
				_, inS := slices.BinarySearch(cl.source(p[0]), s)
				_, inT := slices.BinarySearch(cl.target(p[1]), t)
				cs -= int32(boolInt(inS))
				ct -= int32(boolInt(inT))
				n -= int32(boolInt(inS && inT))
			}
			if n >= lexMinPairs {
				best = max(best, 2*float64(n)/float64(cs+ct))
			}
		}
		num += w * best
	}
	if den == 0 {
		return 0
	}
	return num / den
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
