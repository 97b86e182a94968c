package align

import (
	"fmt"
	"math"

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
// of neighbouring labelled pairs gains, summed, shiftSum or more, most
// of them gaining, each text fits its neighbour's source item better
// than its own, one after the other: the run is a shift, and each of
// its pairs is marked for a human to look at, however the labels
// agree. Measured with the pairs' texts alone (their lengths against
// the ratio learned, what they share): the 39 UDHR Markdown pages with
// the third, seventh or fifteenth article deleted and the headings
// after it renumbered (117 pages) shift by runs of 14 to 27 pairs that
// gain 2.6 to 5.6; the real translations' longest runs (the 45 UDHR
// pages, the dev, wca and seeds pairs) gain at most 0.83 (UDHR am and
// hi articles 13 to 17, five pairs), FIDE's Russian B.2.2 to B.2.3 0.57
// (B.2.3 holds B.2.2's text there). A shift of fewer than shiftPairs
// pairs (an article deleted near the end) is not told from chance.
// The pairs where a shift starts hold texts that may be short (UDHR
// articles 3 to 5, 67 to 113 characters in English) and fit their
// neighbour's source item within shiftSlack of their own: those next
// to a run are in it (at 0.1 the Sinhala page with its seventh article
// deleted still carried articles 7 and 8 unmarked; without it, ten of
// the 117 pages an article or more).
const (
	shiftSum   = 1.5
	shiftPairs = 6
	shiftSlack = 0.15
)

// shifted marks the runs of labelled pairs whose texts belong, one
// after the other, to the source items next to theirs (see above).
// Across languages only: in one language the review's margin finds a
// text that shares its words with another item. Time linear in the
// pairs (two scores a pair).
func (a *aligner) shifted(pairs []Pair) {
	if a.sc.sameLang || len(pairs) < shiftPairs || stopped(a.done) {
		return
	}
	var ones []int
	for k := range pairs {
		p := &pairs[k]
		if len(p.Source) == 1 && len(p.Target) == 1 && p.Anchor && a.tgt.Items[p.Target[0]].IDSource != corpus.IDProjected {
			ones = append(ones, k)
		}
	}
	if len(ones) < shiftPairs {
		return
	}
	gain := make([]float64, len(ones))
	for _, d := range []int{1, -1} {
		for q, k := range ones {
			i, j := pairs[k].Source[0], pairs[k].Target[0]
			o := i + d
			if o < 0 || o >= len(a.src.Items) || a.src.Items[o].Kind != a.src.Items[i].Kind {
				gain[q] = math.NaN()
				continue
			}
			s, _ := a.sc.score(&a.fs[o], &a.ft[j], false, nil)
			gain[q] = s - pairs[k].content
		}
		for _, r := range shiftRuns(gain) {
			from, to := ones[r[0]], ones[r[1]]
			for q := r[0]; q <= r[1]; q++ {
				p := &pairs[ones[q]]
				p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "mismatch", Agrees: false,
					Detail: fmt.Sprintf("the target text matches %s better, as each text from %s to %s matches its neighbour's source item (%d pairs): the translation shifted, an item lost or added", a.src.Items[p.Source[0]+d].ID, a.src.Items[pairs[from].Source[0]].ID, a.src.Items[pairs[to].Source[0]].ID, r[1]-r[0]+1)})
				p.Low = true
			}
		}
	}
}

// shiftRuns are the runs of gain (first and last index) that gain
// shiftSum or more summed, of shiftPairs or more, two thirds of them
// gaining: each maximal run of positive running sum, cut at its best
// end, with the neighbouring pairs that lose no more than shiftSlack.
// A NaN (no neighbour of the kind) ends a run.
func shiftRuns(gain []float64) [][2]int {
	var out [][2]int
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
		lo, hi := start, end
		for lo > 0 && !math.IsNaN(gain[lo-1]) && gain[lo-1] >= -shiftSlack && (len(out) == 0 || lo-1 > out[len(out)-1][1]) {
			lo--
		}
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
	return out
}
