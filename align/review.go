package align

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Candidates for the review: the source items that share one of the
// target item's reviewTokens heaviest tokens, at most reviewCandidates of
// them.
const (
	reviewTokens     = 6
	reviewCandidates = 20
)

// candidates returns the source items that share one of target item j's
// most telling tokens: where its text may belong, wherever that is in the
// document. The list is cs's: valid until the next call with cs (a new
// list for every target was a quarter of what an alignment of 100k
// items allocated after reading them).
func (a *aligner) candidates(j int, cs *candScratch) []int {
	a.buildIndex()
	ix := &a.index
	if cs.seen == nil {
		cs.seen = make([]int32, len(a.fs))
	}
	cs.stamp++
	toks := append(cs.toks[:0], a.ft[j].toks...)
	cs.toks = toks
	w := a.sc.x.weights
	// slices.SortFunc runs the pattern-defeating quicksort sort.Slice
	// runs, step for step, so tokens of equal weight come in the same
	// order, without sort.Slice's reflection (an allocation a call).
	slices.SortFunc(toks, func(x, y feature) int { return cmp.Compare(w[y.id()], w[x.id()]) })
	out := cs.out[:0]
walk:
	for _, t := range toks[:min(reviewTokens, len(toks))] {
		for _, i := range ix.items[ix.start[t.id()]:ix.start[t.id()+1]] {
			if len(out) == reviewCandidates {
				break walk
			}
			if cs.seen[i] != cs.stamp {
				cs.seen[i] = cs.stamp
				out = append(out, int(i))
			}
		}
	}
	cs.out = out
	return out
}

// candScratch is what candidates reuses from one call to the next: one
// for each goroutine that calls it.
type candScratch struct {
	seen  []int32 // by source item, stamp when seen in this call
	stamp int32
	toks  []feature
	out   []int // the list candidates returns
}

// buildIndex makes the index candidates reads, once.
func (a *aligner) buildIndex() {
	ix := &a.index
	if ix.start == nil {
		// Only the first reviewCandidates items of a token are ever
		// read: the walk below reads an item either new or seen
		// under an earlier token, at most reviewCandidates-1 of those
		// (an item has a token once), and stops at reviewCandidates
		// new ones. So no token keeps more (the index of every item's
		// every token was a tenth of the live heap aligning 100k
		// items).
		ix.start = make([]int32, len(a.sc.x.names)+1)
		for i := range a.fs {
			for _, t := range a.fs[i].toks {
				if ix.start[t.id()+1] < reviewCandidates {
					ix.start[t.id()+1]++
				}
			}
		}
		for id := 1; id < len(ix.start); id++ {
			ix.start[id] += ix.start[id-1]
		}
		ix.items = make([]int32, ix.start[len(ix.start)-1])
		at := slices.Clone(ix.start[:len(ix.start)-1])
		for i := range a.fs {
			for _, t := range a.fs[i].toks {
				if at[t.id()] < ix.start[t.id()+1] {
					ix.items[at[t.id()]] = int32(i)
					at[t.id()]++
				}
			}
		}
	}
}

// orderSupport is how much of the distance to a perfect score a pair
// gains when both its neighbours are 1-1 pairs on the same diagonal: the
// order of the documents vouches for it.
const orderSupport = 0.4

// inSequence says which of a pair's neighbours are paired in sequence
// with it (the order's evidence). Where the pair is the first (or last)
// item of both documents, the documents' start (or end) is the neighbour
// on that side, in sequence by construction (items before it that are
// paired with nothing do not break the sequence), where the neighbour on
// the other side is an anchor: the edge vouches for one pair beside a
// printed number, never for a run of pairs that only their order holds,
// and where the pair's lengths agree (settle).
type inSequence uint8

const (
	noNeighbour inSequence = iota
	oneNeighbour
	twoNeighbours
	startAndNext // the first paired items of both documents, the next pair an anchor in sequence
	endAndPrev   // the last paired items of both documents, the previous pair an anchor in sequence
)

// orderDetails are the order evidence's details (made once, not for every
// pair).
var orderDetails = [...]string{
	oneNeighbour:  "1 of 2 neighbours paired in sequence",
	twoNeighbours: "2 of 2 neighbours paired in sequence",
	startAndNext:  "first paired in both documents, next to a pair by number",
	endAndPrev:    "last paired in both documents, after a pair by number",
}

// support is the share of the order's support n gives (0, 1/2 or 1).
func (n inSequence) support() float64 {
	if n == oneNeighbour {
		return 0.5
	}
	if n == noNeighbour {
		return 0
	}
	return 1
}

// orderEvidence is the order's evidence for a pair with neighbours n.
func orderEvidence(n inSequence) Evidence {
	return Evidence{Signal: "order", Agrees: true, Detail: orderDetails[n]}
}

// review settles the scores: a pair inside a run of neighbouring pairs is
// supported by the order of the documents; a target whose text matches
// another source item clearly better is a mismatch, whatever its place;
// and pairs below Options.Confident are marked Low.
func (a *aligner) review(pairs []Pair) {
	if stopped(a.done) {
		return
	}
	conf := a.o.confident()
	adjacent := func(p, q *Pair) bool {
		return len(p.Source) == 1 && len(p.Target) == 1 && len(q.Source) == 1 && len(q.Target) == 1 &&
			q.Source[0]-p.Source[0] == 1 && q.Target[0]-p.Target[0] == 1
	}
	// The documents' edges are neighbours in sequence with the pair of
	// the first (or last) items paired on both sides: whatever is
	// before (after) it on either side is unpaired.
	lo, hi := edges(pairs)
	first := func(p *Pair) bool {
		return len(p.Source) == 1 && len(p.Target) == 1 && p.Source[0] == lo[0] && p.Target[0] == lo[1]
	}
	last := func(p *Pair) bool {
		return len(p.Source) == 1 && len(p.Target) == 1 && p.Source[0] == hi[0] && p.Target[0] == hi[1]
	}
	support := make([]inSequence, len(pairs))
	for k := range pairs {
		prev := k > 0 && adjacent(&pairs[k-1], &pairs[k])
		next := k+1 < len(pairs) && adjacent(&pairs[k], &pairs[k+1])
		switch {
		case prev && next:
			support[k] = twoNeighbours
		case next && pairs[k+1].Anchor && first(&pairs[k]):
			support[k] = startAndNext
		case prev && pairs[k-1].Anchor && last(&pairs[k]):
			support[k] = endAndPrev
		case prev || next:
			support[k] = oneNeighbour
		}
	}
	if len(pairs) > 0 {
		a.buildIndex()
	}
	// Each pair is settled from what the alignment holds, apart from
	// every other pair: the pairs are shared out among the cores, in
	// blocks, each goroutine with its scratch (a tenth of an alignment's
	// time at 100k items, done on one core).
	inBlocks(len(pairs), 64, func(int) func(lo, hi int) {
		var cs candScratch
		return func(lo, hi int) {
			for k := lo; k < hi; k++ {
				a.settle(&pairs[k], support[k], conf, &cs)
			}
		}
	})
}

// lengthAgrees reports whether the length signal speaks for 1-1 pair p
// (it has lengths to judge, and they agree: score's "+length").
func (a *aligner) lengthAgrees(p *Pair) bool {
	if len(p.Source) != 1 || len(p.Target) != 1 {
		return false
	}
	l, ok := a.sc.lengthAgreement(&a.fs[p.Source[0]], &a.ft[p.Target[0]])
	return ok && l >= 0.5
}

// edges returns the least (lo) and greatest (hi) source and target
// indices paired in pairs, or -1s where there are none.
func edges(pairs []Pair) (lo, hi [2]int) {
	lo, hi = [2]int{-1, -1}, [2]int{-1, -1}
	for k := range pairs {
		for side, ix := range [2][]int{pairs[k].Source, pairs[k].Target} {
			for _, i := range ix {
				if lo[side] < 0 || i < lo[side] {
					lo[side] = i
				}
				hi[side] = max(hi[side], i)
			}
		}
	}
	return lo, hi
}

// settle is the review of pair p with its neighbours in sequence n
// and the confidence threshold conf; cs is the caller's scratch for
// candidates. It changes p alone.
func (a *aligner) settle(p *Pair, n inSequence, conf float64, cs *candScratch) {
	if len(p.Source) == 1 && len(p.Target) == 1 && a.numbersDiffer(p.Source[0], p.Target[0]) {
		// Renumbered, or not the same item: a human decides.
		p.Low = true
		return
	}
	if len(p.Source) == 1 && len(p.Target) == 1 && !p.Anchor {
		if shared, n, ok := a.otherText(p.Source[0], p.Target[0]); ok {
			// The number and the order say the same item, the texts
			// say otherwise: a human decides, and the order does not
			// vouch for the pair.
			p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "text", Agrees: false,
				Detail: fmt.Sprintf("the same number %s, but only %d of the %d words of the shorter text are in the other: another item under the number, or rewritten", a.src.Items[p.Source[0]].Number, shared, n)})
			p.Low = true
			return
		}
	}
	if len(p.Source) == 1 && len(p.Target) == 1 && !p.Anchor && !a.sc.sameLang && a.numbersDisagree(p) && !cutPreview(&a.tgt.Items[p.Target[0]]) {
		// Across languages numbers survive translation: a pair whose
		// numbers have nothing in common (one side states some, the
		// other none of them) is not vouched for by its place, and
		// a human decides (a translation made from an older edition
		// shifts by a section).
		p.Low = true
		return
	}
	if (n == startAndNext || n == endAndPrev) && !a.lengthAgrees(p) {
		// The edge is a weaker neighbour than a pair: it vouches only
		// where the length says the same.
		n = oneNeighbour
	}
	if n != noNeighbour {
		p.Score += (1 - p.Score) * orderSupport * n.support()
		if p.pending != noneLeft && len(p.Evidence) == 0 {
			// Made with the pending evidence, where it is made.
			p.inOrder = n
		} else {
			p.Evidence = addEvidence(p.Evidence, orderEvidence(n))
		}
	}
	if len(p.Target) == 1 && len(p.Source) == 1 && (a.o.full || !sameFeatures(&a.fs[p.Source[0]], &a.ft[p.Target[0]])) {
		i, j := p.Source[0], p.Target[0]
		kind := a.src.Items[i].Kind
		// The texts' score is what pair (or anchors) found, with
		// the ratio of this pass: scoring with and without the
		// evidence gives the same number.
		content := p.content
		bestI, bestS := -1, content
		for _, o := range a.candidates(j, cs) {
			if o == i || a.src.Items[o].Kind != kind {
				continue
			}
			if s, _ := a.sc.score(&a.fs[o], &a.ft[j], false, nil); s > bestS {
				bestI, bestS = o, s
			}
		}
		margin, floor := 0.25, 0.5
		if p.Anchor {
			// The printed numbers already agree: only a text that
			// plainly belongs elsewhere outweighs them.
			margin, floor = 0.6, 0.8
		}
		if bestI >= 0 && bestS >= floor && bestS > content+margin {
			p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "mismatch", Agrees: false,
				Detail: fmt.Sprintf("the target text matches %s better (%.2f against %.2f)", a.src.Items[bestI].ID, bestS, content)})
			p.Score = math.Min(content, bestS/2)
			p.Low = true
		}
	}
	if p.Score < conf {
		p.Low = true
	}
}

// otherText reports whether source item i and target item j, of two
// documents in one language (editions, not a translation left partly in
// the source's words), print the same number but fewer than half the
// words of the shorter text are the other's (shared of its n words,
// each counted once): where a new edition renumbers, another item may
// stand under the old number (FIDE 2018's 5.2.1 is stalemate, 2023's
// resignation), and the order of the documents, which puts the two side
// by side, does not tell. A text cut short or expanded keeps its words
// (Flesh and Blood 6.6.2 lost its example); identical texts, items under
// one title (the TDA short form's "Player Identity" is the longform's
// in other words) and items without words are never reported.
// Positional numbers only: an id (a regulation) names one item in every
// edition.
func (a *aligner) otherText(i, j int) (shared, n int, ok bool) {
	s, t := &a.src.Items[i], &a.tgt.Items[j]
	if !sameLanguage(a.src.Lang, a.tgt.Lang) || s.Number == "" || t.Number == "" || s.Kind != t.Kind || identityKind(s.Kind) ||
		numberKey(s.Number) != numberKey(t.Number) || a.keyS[i] == a.keyT[j] ||
		s.Title != "" && corpus.Fold(s.Title) == corpus.Fold(t.Title) {
		return 0, 0, false
	}
	set := func(it *corpus.Item) map[string]bool {
		m := map[string]bool{}
		for _, w := range contentWords(strings.ToLower(corpus.Fold(it.Title + "\n" + it.Text))) {
			m[w] = true
		}
		return m
	}
	ws, wt := set(s), set(t)
	for w := range ws {
		if wt[w] {
			shared++
		}
	}
	n = min(len(ws), len(wt))
	return shared, n, n > 0 && 2*shared < n
}

// sameFeatures reports whether a target item's features are a source
// item's own (an item an edition left as it was), and so whether the
// review may skip looking for a source item its text matches better:
// none does by the margin the review asks (0.25 or more). Proof, for
// score(o, t) against score(s, t) where s and t have the same tokens,
// weights, length and truncation: every token o shares with t is one of
// t's, so o's count k of shared tokens is at most s's (all of t's), and
// k/(k+2) grows with k; in each class o has in common at most what the
// class's denominator holds (min(w, w') <= mass <= the mean or the
// smaller of two masses), while s has in common all of it, so o's
// num/den is at most 1 and s's is 1 (the length term is at most 1 for o,
// exactly 1 for s); up to float rounding (1e-6, far below the margin),
// score(o, t) <= score(s, t). The length-only floor across languages is
// at most lengthOnly, below the review's floor of 0.5.
// TestShortcuts compares the review with and without it.
func sameFeatures(s, t *features) bool {
	return s.runes == t.runes && s.truncated == t.truncated && slices.Equal(s.toks, t.toks)
}

// numbersDisagree is numbersDisagree of the evidence of 1-1 pair p,
// made or not (explainNow).
func (a *aligner) numbersDisagree(p *Pair) bool {
	if p.pending == noneLeft || a.quiet {
		// Where the pass is quiet the pending evidence has no numbers.
		return numbersDisagree(p.Evidence)
	}
	// The pending evidence leads p's: of it, that of the texts alone
	// has numbers.
	agrees, differs := a.sc.numberSignals(&a.fs[p.Source[0]], &a.ft[p.Target[0]])
	if agrees {
		return false
	}
	if differs {
		for _, e := range p.Evidence {
			if e.Signal == className[cNumber] && e.Agrees {
				return false
			}
		}
		return true
	}
	return numbersDisagree(p.Evidence)
}

// numbersDisagree reports whether a pair's evidence has numbers on one
// side or both and none in common.
func numbersDisagree(ev []Evidence) bool {
	differ := false
	for _, e := range ev {
		if e.Signal == className[cNumber] {
			if e.Agrees {
				return false
			}
			differ = true
		}
	}
	return differ
}
