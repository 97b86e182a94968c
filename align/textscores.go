package align

import (
	"math"
)

// TextScores scores each pair of ps (an index into al's source items
// and one into its target items) by the two items' texts alone, as the
// aligner scores a pair before its place or a printed number adds to
// it: the numbers, references, acronyms, terms and words they share or
// one side alone states, and their length against the ratio al learned
// (Gale & Church 1993). Where a translation's item sits at a place its
// text does not read like, the score of its text with the item its
// place names, against the score with another, says so. The documents'
// items are read once for all the pairs (time and memory linear in
// them); nil when the reading was stopped or ps is empty.
func (o Options) TextScores(al *Alignment, ps [][2]int) []float64 {
	if len(ps) == 0 || al == nil || al.Source == nil || al.Target == nil {
		return nil
	}
	src, tgt := al.Source, al.Target
	same := sameLanguage(src.Lang, tgt.Lang)
	rd := o.read(src, tgt, same, !same, nil, o.done())
	if rd != nil && !same && sharedWords(rd.vocabS, rd.vocabT) {
		same = true
		rd = o.read(src, tgt, same, false, nil, o.done())
	}
	if rd == nil {
		return nil
	}
	feats := rd.x.weigh(rd.feats, rd.twins, src, tgt)
	fs, ft := feats[:len(src.Items)], feats[len(src.Items):]
	sc := &scorer{x: rd.x, sameLang: same, tgtCites: cites(tgt), ratio: 1}
	if !same {
		sc.ratio = al.Ratio
	}
	if sc.ratio > 0 {
		sc.logRatio = math.Log(sc.ratio)
	}
	out := make([]float64, len(ps))
	for k, p := range ps {
		if p[0] < 0 || p[0] >= len(fs) || p[1] < 0 || p[1] >= len(ft) {
			continue
		}
		out[k], _ = sc.score(&fs[p[0]], &ft[p[1]], false, nil)
	}
	return out
}
