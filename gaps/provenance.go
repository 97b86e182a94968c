package gaps

import (
	"sort"

	"github.com/rulesync/rulesync/corpus"
)

// Provenance says which source edition a translation was made from.
type Provenance struct {
	Translation *corpus.Document
	Candidates  []*corpus.Document
	// Best is the index in Candidates of the edition the translation
	// follows, or -1 when no item tells the candidates apart.
	Best int
	// Votes counts, per candidate, the translation items that match it
	// better than every other candidate: only items whose source differs
	// between candidates vote.
	Votes []int
	// Score is each candidate's mean pair score over the voting items.
	Score []float64
	// Items gives, per voting translation item, the candidate it follows.
	Items []ItemProvenance
	// Stated is the source version the translation states, if any
	// ("2021-05-01"), for comparison.
	Stated string
}

// ItemProvenance is the candidate one translation item follows.
type ItemProvenance struct {
	TargetID  string
	Candidate int
	Scores    []float64
}

// Provenance tells which of the candidate source editions the translation
// was made from, from content alone: it aligns the translation with each
// candidate, and lets vote the translation items whose source item
// differs between candidates (an item all candidates share says nothing).
// An item votes for the candidate whose item it matches best; ties do not
// vote. With a single candidate, every item paired with it confidently
// votes for it: the answer is then whether the translation follows it at
// all.
func (o Options) Provenance(translation *corpus.Document, candidates ...*corpus.Document) *Provenance {
	p := &Provenance{Translation: translation, Candidates: candidates, Best: -1,
		Votes: make([]int, len(candidates)), Score: make([]float64, len(candidates)), Stated: translation.Version}
	if len(candidates) == 0 {
		return p
	}
	o = o.withContext()
	als := o.Align.Pivot(translation, candidates...)
	if o.stopped() {
		return p
	}
	// For each translation item, its partner and score in each candidate.
	type match struct {
		text  string
		score float64
		ok    bool
		low   bool // a low-confidence pair (align.Pair.Low)
	}
	per := make([][]match, len(translation.Items))
	for i := range per {
		per[i] = make([]match, len(candidates))
	}
	for k, al := range als {
		for _, pr := range al.Pairs {
			src := &al.Target.Items[pr.Target[0]]
			for _, i := range pr.Source {
				per[i][k] = match{corpus.Fold(src.Title + "\n" + src.Text), pr.Score, true, pr.Low}
			}
		}
	}
	counted := make([]int, len(candidates))
	for i, ms := range per {
		// With one candidate there is nothing to tell apart: an item
		// paired with it votes for it.
		differs := len(ms) == 1 && ms[0].ok && !ms[0].low
		for k := 1; k < len(ms); k++ {
			if ms[k].ok != ms[0].ok || ms[k].text != ms[0].text {
				differs = true
			}
		}
		if !differs {
			continue
		}
		best, bestScore, tie := -1, -1.0, false
		scores := make([]float64, len(ms))
		for k, m := range ms {
			s := 0.0
			if m.ok {
				s = m.score
			}
			scores[k] = s
			p.Score[k] += s
			counted[k]++
			switch {
			case s > bestScore+1e-9:
				best, bestScore, tie = k, s, false
			case s > bestScore-1e-9:
				tie = true
			}
		}
		if best < 0 || tie {
			continue
		}
		p.Votes[best]++
		p.Items = append(p.Items, ItemProvenance{TargetID: translation.Items[i].ID, Candidate: best, Scores: scores})
	}
	for k := range p.Score {
		if counted[k] > 0 {
			p.Score[k] /= float64(counted[k])
		}
	}
	order := make([]int, len(candidates))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(a, b int) bool {
		if p.Votes[order[a]] != p.Votes[order[b]] {
			return p.Votes[order[a]] > p.Votes[order[b]]
		}
		return p.Score[order[a]] > p.Score[order[b]]
	})
	if p.Votes[order[0]] > 0 && (len(order) == 1 || p.Votes[order[0]] > p.Votes[order[1]]) {
		p.Best = order[0]
	}
	return p
}
