package align

import (
	"fmt"
	"math"
	"slices"

	"github.com/rulesync/rulesync/corpus"
)

// A translation that lost an item (or added one) and numbered on prints,
// from there on, each item's text under the label of the item before it
// (or after it): the labels pair every later source item with its
// neighbour's text. Across languages the texts often share nothing the
// scorer checks (the UDHR's articles state no number, in most
// languages no term), so no pair alone says it, and the review finds
// no source item a text matches better by its margin: the run does.
// Each labelled pair's target text is scored with the source item next
// to its own, one way (the texts moved up) and the other; where a run
// of neighbouring labelled pairs gains, summed, shiftSum or more, two
// thirds of them gaining, each text fits its neighbour's source item
// better than its own, one after the other: the run is a shift. Its
// texts are moved to the items they fit (shifted), and those that fit
// either place about as well (where the shift starts) are marked for a
// human to look at. Measured with the pairs' texts alone (their
// lengths against the ratio learned, what they share): the 39 UDHR
// Markdown pages with the third, seventh or fifteenth article deleted
// and the headings after it renumbered (117 pages) shift by runs of 14
// to 27 pairs that gain 2.6 or more (ja, article 7 deleted: 23 pairs,
// 4.8); the real translations' longest runs (the 45 UDHR pages, the
// dev, wca and seeds pairs) gain at most 0.83 (UDHR am and hi articles
// 13 to 17, five pairs), FIDE's Russian B.2.2 to B.2.3 0.57 (B.2.3
// holds B.2.2's text there). A shift of fewer than shiftPairs pairs (an
// article deleted near the end) is not told from chance. The pairs
// where a shift starts hold texts that may be short (UDHR articles 3 to
// 5, 67 to 113 characters in English) and fit their neighbour's source
// item within shiftSlack of their own: the one before a run and those
// after it are in it (without it, ten of the 117 pages kept an article
// or more carried unmarked by sync).
const (
	shiftSum   = 1.5
	shiftPairs = 6
	shiftSlack = 0.15
)

// shifted marks the runs of labelled pairs whose texts belong, one
// after the other, to the source items next to theirs (see above), and
// puts each text of a run on that item (moved) where the run is one
// stretch of source items and the item the move needs is free: after
// its end (an item lost before it) none has, before its start (one
// added) the pair before it holds, whose target, the item added, is
// left unmatched. It returns pairs, one shorter for each item added.
// Across languages only: in one language the review's margin finds a
// text that shares its words with another item. Time linear in the
// pairs (two or three scores a pair).
func (a *aligner) shifted(pairs []Pair) []Pair {
	if a.sc.sameLang || len(pairs) < shiftPairs || stopped(a.done) {
		return pairs
	}
	labelled := func(p *Pair) bool {
		return len(p.Source) == 1 && len(p.Target) == 1 && p.Anchor && a.tgt.Items[p.Target[0]].IDSource != corpus.IDProjected
	}
	// The lists of both ways in one storage, made at their size (grown,
	// and made again for the second way, they were 2% of what reading
	// a translation through its source allocated).
	n := 0
	for k := range pairs {
		if labelled(&pairs[k]) {
			n++
		}
	}
	if n < shiftPairs {
		return pairs
	}
	onesBuf, gainBuf, theirsBuf := make([]int, 0, n), make([]float64, n), make([]float64, n)
	for _, d := range []int{1, -1} {
		ones := onesBuf[:0]
		for k := range pairs {
			if labelled(&pairs[k]) {
				ones = append(ones, k)
			}
		}
		if len(ones) < shiftPairs {
			return pairs
		}
		gain := gainBuf[:len(ones)]
		theirs := theirsBuf[:len(ones)]
		clear(theirs)
		for q, k := range ones {
			i, j := pairs[k].Source[0], pairs[k].Target[0]
			o := i + d
			if o < 0 || o >= len(a.src.Items) || a.src.Items[o].Kind != a.src.Items[i].Kind {
				gain[q] = math.NaN()
				continue
			}
			theirs[q], _ = a.sc.score(&a.fs[o], &a.ft[j], false, nil)
			gain[q] = theirs[q] - pairs[k].content
		}
		drop := -1
		runs, near := shiftRuns(gain)
		for i, r := range runs {
			from, to := ones[r[0]], ones[r[1]]
			run := fmt.Sprintf("each text from %s to %s matches its neighbour's source item (%d pairs)", a.src.Items[pairs[from].Source[0]].ID, a.src.Items[pairs[to].Source[0]].ID, r[1]-r[0]+1)
			if k, ok := a.movable(pairs, ones, r, d); ok && drop < 0 {
				if d < 0 {
					drop = k
				}
				for q := r[0]; q <= r[1]; q++ {
					p := &pairs[ones[q]]
					a.explainNow(p, &a.pairS, &a.pairT) // of the items it leaves
					was := a.src.Items[p.Source[0]].ID
					p.Source = a.ints([]int{p.Source[0] + d})
					p.content, p.Anchor = theirs[q], false
					p.Score = theirs[q]
					p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "shift", Agrees: gain[q] > 0,
						Detail: fmt.Sprintf("moved from %s, whose number the target prints: %s, the translation shifted, an item lost or added", was, run)})
					// Where the shift starts the texts fit either
					// place: a human decides.
					p.Low = gain[q] <= shiftSure
				}
				a.markNear(pairs, ones, near[i], r[0], d, run)
				continue
			}
			for q := r[0]; q <= r[1]; q++ {
				p := &pairs[ones[q]]
				p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "mismatch", Agrees: false,
					Detail: fmt.Sprintf("the target text matches %s better, as %s: the translation shifted, an item lost or added", a.src.Items[p.Source[0]+d].ID, run)})
				p.Low = true
			}
		}
		if drop >= 0 {
			pairs = append(pairs[:drop], pairs[drop+1:]...)
		}
	}
	return pairs
}

// markNear marks for a human the pairs ones[from:to], before a run
// moved by shift d, that fit their neighbour's source item within
// shiftSlack: kept where their labels put them, but the shift may start
// at any of them (UDHR, article 3 deleted: the short articles 3 to 5).
func (a *aligner) markNear(pairs []Pair, ones []int, from, to, d int, run string) {
	for q := from; q < to; q++ {
		p := &pairs[ones[q]]
		p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "mismatch", Agrees: false,
			Detail: fmt.Sprintf("the target text fits %s about as well, next to a shift (%s): the shift may start here", a.src.Items[p.Source[0]+d].ID, run)})
		p.Low = true
	}
}

// shiftSure is what a text of a shifted run must gain on its
// neighbour's source item for its move to stand without a human look.
const shiftSure = 0.05

// movable reports whether the run r (of ones) of shift d can be moved:
// its source items one stretch, and, for d = 1, the item after it paired
// with none; for d = -1, the item before it that of the pair just
// before the run, which it returns (k), to be dropped.
func (a *aligner) movable(pairs []Pair, ones []int, r [2]int, d int) (k int, ok bool) {
	for q := r[0]; q < r[1]; q++ {
		if ones[q+1] != ones[q]+1 || pairs[ones[q+1]].Source[0] != pairs[ones[q]].Source[0]+1 {
			return -1, false
		}
	}
	if d > 0 {
		o := pairs[ones[r[1]]].Source[0] + 1
		for k := range pairs {
			if slices.Contains(pairs[k].Source, o) {
				return -1, false
			}
		}
		return -1, true
	}
	k = ones[r[0]] - 1
	if k < 0 || len(pairs[k].Source) != 1 || pairs[k].Source[0] != pairs[ones[r[0]]].Source[0]-1 {
		return -1, false
	}
	return k, true
}

// shiftRuns are the runs of gain (first and last index) that gain
// shiftSum or more summed, of shiftPairs or more, two thirds of them
// gaining: each maximal run of positive running sum, cut at its best
// end, with the neighbouring pairs that lose no more than shiftSlack
// (one at most before it). near holds, for each run, the first of the
// pairs before it that lose no more than shiftSlack (its first where
// none does), which are marked, not moved. A NaN (no neighbour of the
// kind) ends a run.
func shiftRuns(gain []float64) (out [][2]int, near []int) {
	start, cur, best, end := 0, 0.0, 0.0, -1
	take := func() {
		if end < start || best < shiftSum || end-start+1 < shiftPairs {
			return
		}
		pos := 0
		for _, g := range gain[start : end+1] {
			if g > 0 {
				pos++
			}
		}
		if 3*pos < 2*(end-start+1) {
			return
		}
		// Where the shift starts or ends the texts may be short and
		// say little: a pair next to the run whose text fits the
		// neighbour's source item nearly as well as its own is in it.
		// At the start, one pair at most: the shift starts at one item
		// lost or added, and a run that took in every such pair before
		// it moved texts that were in place (UDHR, article 5 deleted:
		// the short articles 3 and 4 fit 4 and 5 within shiftSlack, and
		// 39 of 39 pages lost the wrong article, 4 or 3).
		lo, hi := start, end
		if lo > 0 && !math.IsNaN(gain[lo-1]) && gain[lo-1] >= -shiftSlack && (len(out) == 0 || lo-1 > out[len(out)-1][1]) {
			lo--
		}
		n := lo
		for n > 0 && !math.IsNaN(gain[n-1]) && gain[n-1] >= -shiftSlack && (len(out) == 0 || n-1 > out[len(out)-1][1]) {
			n--
		}
		near = append(near, n)
		for hi+1 < len(gain) && !math.IsNaN(gain[hi+1]) && gain[hi+1] >= -shiftSlack {
			hi++
		}
		out = append(out, [2]int{lo, hi})
	}
	for q, g := range gain {
		if math.IsNaN(g) {
			take()
			start, cur, best, end = q+1, 0, 0, -1
			continue
		}
		cur += g
		if cur > best {
			best, end = cur, q
		}
		if cur <= 0 {
			take()
			start, cur, best, end = q+1, 0, 0, -1
		}
	}
	take()
	return out, near
}
