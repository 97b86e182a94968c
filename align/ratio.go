package align

import (
	"sort"
)

// totalRatio returns the target/source ratio of the lengths of all the
// whole (not truncated) texts, or 0 when either side has none.
func (a *aligner) totalRatio() float64 {
	var s, t float64
	for i := range a.fs {
		s += float64(a.fs[i].runes)
	}
	for j := range a.ft {
		if a.ft[j].truncated {
			return 0
		}
		t += float64(a.ft[j].runes)
	}
	if s == 0 || t == 0 {
		return 0
	}
	return t / s
}

// learnRatio returns the median target/source length ratio of the
// confident 1-1 pairs with whole texts, or 0 when there are fewer than 5.
func (a *aligner) learnRatio(pairs []Pair) float64 {
	rs := make([]float64, 0, len(pairs))
	for _, p := range pairs {
		if len(p.Source) != 1 || len(p.Target) != 1 || p.Score < a.o.confident() {
			continue
		}
		s, t := &a.fs[p.Source[0]], &a.ft[p.Target[0]]
		if t.truncated || s.runes < 20 || t.runes < 10 {
			continue
		}
		rs = append(rs, float64(t.runes)/float64(s.runes))
	}
	if len(rs) < 5 {
		return 0
	}
	sort.Float64s(rs)
	return rs[len(rs)/2]
}
