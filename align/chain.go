package align

import (
	"slices"
	"sort"

	"github.com/rulesync/rulesync/corpus"
)

// anchors finds the pairs fixed by numbers printed on both sides. It
// returns the longest order-preserving chain of them, and apart the
// crossing ones kept because the items are identified by id. The chain
// has room for a.room pairs (see run), at least as many as S and T can
// pair (each pair has an item of each of its own): group and fill put
// all the other pairs of S and T there, with no new array.
func (a *aligner) anchors(S, T []int) (chain, crossing []Pair) {
	same := a.sc.sameLang
	// The candidates are found first, then scored on every core (the
	// evidence of each is its own: a tenth of an alignment's time at
	// 100k items), then kept or not in the order they were found.
	// cands holds the candidates' items as found, numbered which were
	// found by number (the others by identical text: anchorEvidence).
	// At most one a source item, and mostly one a target item at most.
	cands := a.pairsFor(max(a.room, min(len(S), len(T))))
	numbered := zeroed(&a.numbered, len(S))[:0] // the aligner's, as the marks below
	found := func(i, j int, number bool) {
		ij := a.ints([]int{i, j})
		cands = append(cands, Pair{Source: ij[:1:1], Target: ij[1:2:2], Anchor: true})
		numbered = append(numbered, number)
	}
	// anchoredS and anchoredT mark the items of the identical texts, by
	// index.
	anchoredS, anchoredT := zeroed(&a.anchoredS, len(a.src.Items)), zeroed(&a.anchoredT, len(a.tgt.Items))
	// In one language an unchanged item is its own anchor: a text found
	// once on each side, word for word. It outranks a rule number, which
	// a new edition may have given to another rule.
	if same {
		// texts counts each target text, and the source items that have
		// it (one map made at its size, where a map of counts and one of
		// places, grown as they filled, were 13 MB of garbage at 100k
		// items).
		type textCount struct{ inT, inS, j int32 }
		texts := make(map[textKey]textCount, len(T))
		for _, j := range T {
			c := texts[a.keyT[j]]
			c.inT++
			c.j = int32(j)
			texts[a.keyT[j]] = c
		}
		for _, i := range S {
			if c, ok := texts[a.keyS[i]]; ok {
				c.inS++
				texts[a.keyS[i]] = c
			}
		}
		for _, i := range S {
			k := a.keyS[i]
			c := texts[k]
			// Regulations keep their ids; those decide below.
			if c.inT != 1 || c.inS != 1 || k == (textKey{}) || identityKind(a.src.Items[i].Kind) {
				continue
			}
			j := int(c.j)
			found(i, j, false)
			anchoredS[i], anchoredT[j] = true, true
		}
	}
	// One map for every group and pass, cleared (it keeps its room).
	if a.byNum == nil {
		a.byNum = make(map[kindNumber]int, len(T))
	}
	byNum := a.byNum
	clear(byNum)
	for _, j := range T {
		it := &a.tgt.Items[j]
		if it.Number != "" && !anchoredT[j] {
			byNum[kindNumber{a.targetKind(j), numberKey(it.Number)}] = j
		}
	}
	for _, i := range S {
		it := &a.src.Items[i]
		if it.Number == "" || anchoredS[i] {
			continue
		}
		j, ok := byNum[kindNumber{it.Kind, numberKey(it.Number)}]
		if !ok {
			continue
		}
		found(i, j, true)
	}
	a.explainEach(cands, numbered)
	kept := cands[:0]
	for k, p := range cands {
		i, j, score := p.Source[0], p.Target[0], p.content
		if !numbered[k] {
			p.Score = max(score, 0.99)
			kept = append(kept, p)
			continue
		}
		// A positional number (rule 12) marks the same rule only when the
		// texts agree; otherwise the rules may have been renumbered.
		if same && !identityKind(a.src.Items[i].Kind) && (score < positionalAnchor || a.splitAt(i, j)) {
			continue
		}
		// The printed number vouches for the pair as the order does.
		p.Score = score + (1-score)*numberSupport
		kept = append(kept, p)
	}
	clear(cands[len(kept):])
	cands = kept
	// No two candidates have one source item: no order among equals.
	slices.SortFunc(cands, func(x, y Pair) int { return x.Source[0] - y.Source[0] })
	keep := a.lis.longestIncreasing(cands)
	// printedOnce reports whether source item i and target item j print
	// a number no other item of S or T of their kind prints: the counts
	// are made at the first crossing asked about.
	var counts map[kindNumber][2]int
	printedOnce := func(i, j int) bool {
		if counts == nil {
			counts = map[kindNumber][2]int{}
			for _, i := range S {
				if it := &a.src.Items[i]; it.Number != "" {
					k := kindNumber{it.Kind, numberKey(it.Number)}
					c := counts[k]
					c[0]++
					counts[k] = c
				}
			}
			for _, j := range T {
				if it := &a.tgt.Items[j]; it.Number != "" {
					k := kindNumber{a.targetKind(j), numberKey(it.Number)}
					c := counts[k]
					c[1]++
					counts[k] = c
				}
			}
		}
		it := &a.src.Items[i]
		return counts[kindNumber{it.Kind, numberKey(it.Number)}] == [2]int{1, 1} && counts[kindNumber{a.targetKind(j), numberKey(a.tgt.Items[j].Number)}] == [2]int{1, 1}
	}
	// The chain is made in cands' storage (as long as i at most), its
	// tail cleared for the collector; group and fill put the other pairs
	// of S in the room left (a copy of the chain when much smaller, and
	// then a new array there for all the pairs, was 17 MB of garbage a
	// pass aligning 100k items).
	chain = cands[:0]
	for i, p := range cands {
		if keep[i] {
			chain = append(chain, p)
		} else if identityKind(a.src.Items[p.Source[0]].Kind) || anchoredS[p.Source[0]] || !same && printedOnce(p.Source[0], p.Target[0]) {
			// An id, a whole text found once on each side, or across
			// languages a number printed once on each side, which a
			// translation keeps, holds even out of order: the item moved.
			p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "order", Agrees: false, Detail: "moved: out of order with its neighbours"})
			crossing = append(crossing, p)
		}
	}
	clear(cands[len(chain):])
	return chain, crossing
}

// kindNumber is what finds a target item by the number it prints.
type kindNumber struct {
	kind   corpus.Kind
	number string // numberKey's
}

// pairsFor is an empty array with room for n pairs: one the aligner
// was given back (spare) where one has the room, else a new one.
func (a *aligner) pairsFor(n int) []Pair {
	for k := len(a.spare) - 1; k >= 0; k-- {
		if ps := a.spare[k]; cap(ps) >= n {
			a.spare = slices.Delete(a.spare, k, k+1)
			return ps[:0]
		}
	}
	// The first array made has room for the pairs of the alignments
	// after this one that are given its storage (pairRoom): they take
	// it back from the alignment before them (Through).
	n, a.pairRoom = max(n, a.pairRoom), 0
	return make([]Pair, 0, n)
}

// giveBack hands the array of pairs ps, which nothing reads any more, to
// the aligner's next pairsFor, cleared.
func (a *aligner) giveBack(ps []Pair) {
	if cap(ps) == 0 {
		return
	}
	clear(ps[:cap(ps)])
	a.spare = append(a.spare, ps[:0])
}

// explainEach sets the content score of every 1-1 pair of ps, on every
// core (each is read from the features alone), and leaves their
// evidence to be made (the anchor's first: anchorEvidence, numbered[k]
// for ps[k]; see explainNow). A draft pass's pairs get the score alone.
func (a *aligner) explainEach(ps []Pair, numbered []bool) {
	inBlocks(len(ps), 256, func(int) func(lo, hi int) {
		return func(lo, hi int) {
			for k := lo; k < hi; k++ {
				p := &ps[k]
				p.content, _ = a.sc.score(&a.fs[p.Source[0]], &a.ft[p.Target[0]], false, nil)
				switch {
				case a.draft:
				case numbered[k]:
					p.pending = numberLeft
				default:
					p.pending = textLeft
				}
			}
		}
	})
}

// anchorEvidence is the evidence that found anchor i-j: the number both
// print, or the identical text. (Made for each candidate as it is
// explained, not kept beside the candidates: a list of them, grown by
// doubling, was a tenth of what finding the anchors allocated.)
func (a *aligner) anchorEvidence(i, j int, numbered bool) Evidence {
	if !numbered {
		return Evidence{Signal: "identical", Agrees: true, Detail: "the same text"}
	}
	it := &a.src.Items[i]
	return Evidence{Signal: "number", Agrees: true, Detail: string(it.Kind) + " " + it.Number + " = " + a.tgt.Items[j].Number}
}

// longestIncreasing marks the longest chain of pairs (in source order)
// whose targets increase, in the storage of l (the marks are valid until
// its next call).
func (l *increasing) longestIncreasing(ps []Pair) []bool {
	n := len(ps)
	keep := zeroed(&l.keep, n)
	if n == 0 {
		return keep
	}
	// Patience sorting with back links: O(n log n). (tails made at the
	// most it can hold: grown, it was 4 MB of garbage at 100k items;
	// made for every pass, 4 MB again.)
	tails := zeroed(&l.tails, n)[:0]
	prev := zeroed(&l.prev, n)
	for i, p := range ps {
		t := p.Target[0]
		k := sort.Search(len(tails), func(k int) bool { return ps[tails[k]].Target[0] >= t })
		if k > 0 {
			prev[i] = tails[k-1]
		} else {
			prev[i] = -1
		}
		if k == len(tails) {
			tails = append(tails, int32(i))
		} else {
			tails[k] = int32(i)
		}
	}
	for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
		keep[i] = true
	}
	return keep
}

// increasing is the storage of longestIncreasing, which the passes and
// groups of an alignment share.
type increasing struct {
	keep        []bool
	tails, prev []int32
}

// positionalAnchor is the score two items of one language that print the
// same rule number need to be anchored as one rule.
const positionalAnchor = 0.5

// numberSupport is how much of the distance to a perfect score a pair
// gains when both sides print the same number.
const numberSupport = 0.5
