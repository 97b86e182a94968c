package align

import (
	"hash/maphash"
	"slices"

	"github.com/rulesync/rulesync/corpus"
)

// Affinity is how much the pairs of an alignment share beyond chance:
// a translation shares numbers, references, acronyms and glossary terms
// (and, in one language, words) with the source items it is
// paired with, far more than with the items a few places away; the text
// of another document shares about as much with either. Lengths alone
// (block alignment, Gale & Church's measure) place any text on any
// source, so they cannot tell.
type Affinity struct {
	// Shared is the weight of the tokens the one to one pairs share;
	// Chance what the same source items share with the target items of
	// the pairs two to eight places before and after them (the mean of
	// the 14 shifts, scaled to as many pairs); Mass the weight of the
	// tokens of the paired items of the side that has fewer. Pairs
	// counts the one to one pairs.
	Shared, Chance, Mass float64
	Pairs                int
	// Judged counts the pairs both of whose items carry tokens of
	// weight (a number, a reference, a term); Median is the middle of
	// their shares beyond chance, each of the lighter item's weight. One
	// item heavy with numbers (a header, a title page) shares as much
	// as all the rest together: summed, it alone decides; the median of
	// the pairs' own shares is decided by most of them.
	Judged int
	Median float64
	// Stated is what the two documents state alike in any language
	// (numbers, references, acronyms), and share.
	Stated Stated
}

// Measured on the dev translations and their variants read through
// their sources, against translations of other documents read through
// the same sources (TestUnplaceablePerturbed): the pairs of a
// translation share 15% to 90% of the smaller side's token weight
// beyond chance, those of another document 0% to 7%. A reading that
// misplaces the items of a page of part of its source shares little
// too (the TDA Portuguese addendum with its numbers lost, 5%), and is
// as unusable. The UDHR's articles state no number and no term (0 to 7
// a pair): too little to judge.
const (
	// unrelatedShare is the share of Mass beyond Chance under which the
	// pairs are taken to translate another document.
	unrelatedShare = 0.10
	// judgedMass is the token weight per pair under which the texts say
	// too little to judge (a number weighs 10 to 20: one in four to
	// seven items).
	judgedMass = 3
)

// Unrelated reports whether the pairs share no more than chance: at
// least four pairs, with tokens enough to judge (judgedMass a pair),
// sharing less than unrelatedShare of them beyond chance. The target
// is then not a translation of the source, wherever its items were
// placed.
func (a Affinity) Unrelated() bool {
	return a.Pairs >= 4 && a.Mass >= judgedMass*float64(a.Pairs) && a.Shared-a.Chance < unrelatedShare*a.Mass
}

// mismatched reports whether the pairs put on their source items texts
// that do not state their numbers and terms: Unrelated, or, by the
// pairs one at a time, at least judgedPairs pairs with tokens of weight
// on both sides, the middle of which shares less than unrelatedShare
// of its lighter side beyond chance, however much one of them shares.
// It judges labels (Through), which then hold nothing; it does not
// refuse a translation: a text whose headings were lost, placed by its
// text, is as mismatched, and still a translation.
func (a Affinity) mismatched() bool {
	if a.Pairs >= 4 && a.Judged >= judgedPairs && a.Median < unrelatedShare {
		return true
	}
	return a.Unrelated()
}

// judgedPairs is how many pairs with tokens of weight on both sides the
// median of their shares needs to judge.
const judgedPairs = 5

// Affinity measures al's one to one pairs (see Affinity). It reads the
// items' tokens again, as Align does (time and memory linear in the
// items), but where al holds the reading Through kept of them
// (Options.KeepReading) and its items read as the same tokens: it takes
// that one. A pair either of whose items prints a text its document
// prints again ("Reserved.", "[Deleted]", a rule repeated word for word)
// is counted in Pairs and weighs nothing else: its text cannot tell
// which of its places is its own, so it says nothing for or against the
// pair (repeated).
func (o Options) Affinity(al *Alignment) Affinity {
	return o.affinity(al, repeated(al.Source), repeated(al.Target))
}

// affinity is Affinity with the items of each side whose text their
// document prints again (repeated) given: repS and repT.
func (o Options) affinity(al *Alignment, repS, repT []bool) Affinity {
	src, tgt := al.Source, al.Target
	var ps [][2]int
	pairs := 0
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			pairs++
			if !repS[p.Source[0]] && !repT[p.Target[0]] {
				ps = append(ps, [2]int{p.Source[0], p.Target[0]})
			}
		}
	}
	out := Affinity{Pairs: pairs}
	if len(ps) < 2 {
		return out
	}
	fs, ft, w, names, same, ok := al.held.take(o, al)
	if !ok {
		if fs, ft, w, names, same, ok = o.affinityReading(src, tgt); !ok {
			return out
		}
	}
	// Across languages, the classes a translation keeps whatever its
	// script: a loanword's skeleton is found in any text of a script
	// with skeletons, as often beside another item as beside its own.
	keep := func(c class) bool { return same || c == cNumber || c == cRef || c == cAcronym || c == cConcept }
	share := func(i, j int) float64 {
		a, b := fs[i].toks, ft[j].toks
		s := 0.0
		for x, y := 0, 0; x < len(a) && y < len(b); {
			switch ai, bj := a[x].id(), b[y].id(); {
			case ai < bj:
				x++
			case ai > bj:
				y++
			default:
				if keep(a[x].c()) {
					s += float64(w[ai])
				}
				x++
				y++
			}
		}
		return s
	}
	mass := func(f *features) float64 {
		s := 0.0
		for _, t := range f.toks {
			if keep(t.c()) {
				s += float64(w[t.id()])
			}
		}
		return s
	}
	var ms, mt float64
	own := make([]float64, len(ps))
	light := make([]float64, len(ps))
	for q, p := range ps {
		own[q] = share(p[0], p[1])
		out.Shared += own[q]
		a, b := mass(&fs[p[0]]), mass(&ft[p[1]])
		ms += a
		mt += b
		light[q] = min(a, b)
	}
	out.Mass = min(ms, mt)
	out.Stated = stated(fs, ft, w, names)
	m := 0
	var shares []float64
	for q := range ps {
		// What the source item shares with the target items a few
		// places away: the pair's own chance.
		c, n := 0.0, 0
		for k := -8; k <= 8; k++ {
			if k > -2 && k < 2 {
				continue
			}
			if r := q + k; r >= 0 && r < len(ps) {
				c += share(ps[q][0], ps[r][1])
				n++
			}
		}
		out.Chance += c
		m += n
		if light[q] > 0 {
			if n > 0 {
				c /= float64(n)
			}
			shares = append(shares, (own[q]-c)/light[q])
		}
	}
	if m > 0 {
		out.Chance *= float64(len(ps)) / float64(m)
	}
	out.Judged = len(shares)
	if len(shares) > 0 {
		slices.Sort(shares)
		h := len(shares) / 2
		out.Median = shares[h]
		if len(shares)%2 == 0 {
			out.Median = (shares[h-1] + shares[h]) / 2
		}
	}
	return out
}

// The pairs a sampled affinity reads at most (sampledAffinity): windows
// of affinityWindow neighbouring one to one pairs, affinityWindows of
// them spread evenly over the alignment. A window holds the shifts the
// chance is measured at (two to eight places).
const (
	affinityWindow  = 64
	affinityWindows = 8
)

// affinityReading reads the items of src and tgt for Affinity: their
// features, the tokens' weights and names, and whether they were read
// word for word; false when the reading was stopped.
func (o Options) affinityReading(src, tgt *corpus.Document) (fs, ft []features, w []float32, names []string, same, ok bool) {
	same = sameLanguage(src.Lang, tgt.Lang)
	rd := o.read(src, tgt, same, !same, nil, o.done())
	if rd != nil && !same && sharedWords(rd.vocabS, rd.vocabT) {
		same = true
		rd = o.read(src, tgt, same, false, nil, o.done())
	}
	if rd == nil {
		return nil, nil, nil, nil, false, false
	}
	feats := rd.x.weigh(rd.feats, rd.twins, src, tgt)
	return feats[:len(src.Items)], feats[len(src.Items):], rd.x.weights, rd.x.names, same, true
}

// sampledAffinity is Affinity on at most affinityWindows windows of
// affinityWindow neighbouring one to one pairs of al, spread evenly
// over it (all of them where there are no more): Through judges every
// labelled reading so, and the full measure, which reads every item's
// tokens again, was a third of the time of reading a translation of
// 100k items through its source.
func (o Options) sampledAffinity(al *Alignment) Affinity { return o.sampledAffinityOf(al, nil) }

// sampledAffinityOf is sampledAffinity of al with its target's items
// given by the reading named (nil: al's own), where the windows are a
// sample: the items of a sample are made, not the document.
func (o Options) sampledAffinityOf(al *Alignment, named *naming) Affinity {
	// The one to one pairs, by index in al (made at their size, not
	// grown: 5 MB at 100k).
	n := 0
	for k := range al.Pairs {
		if len(al.Pairs[k].Source) == 1 && len(al.Pairs[k].Target) == 1 {
			n++
		}
	}
	// The texts printed again are those the whole documents print
	// again, not a sample's.
	repS, repT := repeated(al.Source), repeated(al.Target)
	if n <= affinityWindow*affinityWindows {
		if named != nil {
			return o.affinity(named.reading().Alignment, repS, repT)
		}
		return o.affinity(al, repS, repT)
	}
	ones := make([]int32, 0, n)
	for k := range al.Pairs {
		if len(al.Pairs[k].Source) == 1 && len(al.Pairs[k].Target) == 1 {
			ones = append(ones, int32(k))
		}
	}
	src, tgt := *al.Source, *al.Target
	src.Items = make([]corpus.Item, 0, affinityWindow*affinityWindows)
	tgt.Items = make([]corpus.Item, 0, affinityWindow*affinityWindows)
	sample := &Alignment{Source: &src, Target: &tgt}
	one := make([]int, affinityWindow*affinityWindows)
	sampleS := make([]bool, affinityWindow*affinityWindows)
	sampleT := make([]bool, affinityWindow*affinityWindows)
	for w := range affinityWindows {
		from := w * (n - affinityWindow) / (affinityWindows - 1)
		for _, q := range ones[from : from+affinityWindow] {
			p := [2]int{al.Pairs[q].Source[0], al.Pairs[q].Target[0]}
			k := len(src.Items)
			one[k] = k
			sampleS[k], sampleT[k] = repS[p[0]], repT[p[1]]
			src.Items = append(src.Items, al.Source.Items[p[0]])
			if named != nil {
				tgt.Items = append(tgt.Items, named.item(p[1]))
			} else {
				tgt.Items = append(tgt.Items, al.Target.Items[p[1]])
			}
			sample.Pairs = append(sample.Pairs, Pair{Source: one[k : k+1 : k+1], Target: one[k : k+1 : k+1]})
		}
	}
	return o.affinity(sample, sampleS, sampleT)
}

// repeated marks the items of d whose title and text another item of d
// prints as well, word for word (an item with neither is not marked).
// The texts are compared by a hash of them: two texts that collided
// would only be left out of the affinity's judgement.
func repeated(d *corpus.Document) []bool {
	out := make([]bool, len(d.Items))
	first := make(map[uint64]int32, len(d.Items))
	seed := maphash.MakeSeed()
	var h maphash.Hash
	h.SetSeed(seed)
	for j := range d.Items {
		it := &d.Items[j]
		if it.Title == "" && it.Text == "" {
			continue
		}
		h.Reset()
		h.WriteString(it.Title)
		h.WriteByte(0)
		h.WriteString(it.Text)
		k := h.Sum64()
		if f, ok := first[k]; ok {
			out[f], out[j] = true, true
			continue
		}
		first[k] = int32(j)
	}
	return out
}
