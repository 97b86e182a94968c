// Package align pairs the items of two rulebook documents, across
// languages or editions, with a score and the evidence for each pair.
package align

import (
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// Options configures an alignment. The zero value uses the shipped
// glossary and the defaults below.
type Options struct {
	// Glossary lists the domain terms matched across languages; nil means
	// DefaultGlossary. An empty &Glossary{} turns the signal off.
	Glossary *Glossary
	// Band is the half-width of the search band around the diagonal of
	// each stretch between anchors, in items; 0 means 50. Wider bands find
	// longer runs of missing items at a cost linear in the band.
	Band int
	// Threshold is the score a pair must exceed to be made on the
	// strength of its texts; 0 means 0.1. In one language, items with no
	// partner above it are left unmatched. Across languages, where a
	// translation rarely leaves an item out, items in sequence are paired
	// under it too, marked Low with their position as evidence (see
	// skipCost).
	Threshold float64
	// Confident is the score below which a pair is marked Low; 0 means
	// 0.5.
	Confident float64
	// Context, when not nil, stops an alignment early once it is done
	// (an interrupted command): the Alignment returned is then incomplete,
	// and the caller, seeing Context.Err(), must not use it.
	Context context.Context
	// Terse leaves out of the pairs of documents in one language the
	// evidence of their texts (the numbers, words, terms and so on that
	// agree or not): the pairs and their scores are the same, and the
	// evidence of a printed number, an identical text, the order, a
	// position or a mismatch is kept. For a caller that reads no evidence
	// (diff.Compare): beside the documents, it was a third of what an
	// edition diff of 100k items kept live. Across languages, where the
	// review reads the evidence of numbers, it does nothing.
	Terse bool

	// full turns off the shortcuts taken for the items an edition left
	// as it was (sameText, sameFeatures), for the tests that hold the
	// shortcuts to the full computation.
	full bool
}

// done is the channel that closes when the alignment should stop; nil
// (never) without a Context.
func (o Options) done() <-chan struct{} {
	if o.Context == nil {
		return nil
	}
	return o.Context.Done()
}

func (o Options) band() int {
	if o.Band <= 0 {
		return 50
	}
	return o.Band
}

func (o Options) threshold() float64 {
	if o.Threshold <= 0 {
		return 0.1
	}
	return o.Threshold
}

func (o Options) confident() float64 {
	if o.Confident <= 0 {
		return 0.5
	}
	return o.Confident
}

// Pair links one or two source items with one or two target items (1-1,
// or 1-2 / 2-1 where a rule was split or merged). Source and Target are
// indexes into the documents' Items.
type Pair struct {
	Source   []int
	Target   []int
	Score    float64 // in [0, 1]
	Evidence []Evidence
	// Low marks a pair below Options.Confident, or one whose target text
	// matches another source item better: it needs a human look.
	Low bool
	// Anchor is set when the pair was fixed by numbers both sides print.
	Anchor bool

	// content is the score of the pair's texts alone (scorer.score),
	// before the order or a printed number added to it: the review
	// compares it with other source items' and need not score the pair
	// again.
	content float64
}

// Alignment is the result of aligning a source document with a target.
type Alignment struct {
	Source, Target *corpus.Document
	Pairs          []Pair // in source order
	// UnmatchedSource and UnmatchedTarget are the indexes of the items
	// left without a partner: 1-0 and 0-1 links.
	UnmatchedSource []int
	UnmatchedTarget []int
	// Ratio is the target/source length ratio learned from the pairs.
	Ratio float64

	// own are the target items' ids in the translation's own reading,
	// when the target is a reading through the source (Through): "" for
	// an item the projection made of its blocks.
	own []string
}

// Contradicted reports whether any signal speaks against the pair: a
// number, reference or acronym only the target states, different printed
// numbers, or a target text that matches another source item better.
// For a translation this is the sign that the source changed since.
func (p *Pair) Contradicted() bool {
	for _, e := range p.Evidence {
		if !e.Agrees && e.Signal != "length" && e.Signal != "order" {
			return true
		}
	}
	return false
}

// cites reports whether any item of d cites another.
func cites(d *corpus.Document) bool {
	for i := range d.Items {
		if len(d.Items[i].Refs) > 0 {
			return true
		}
	}
	return false
}

// identityKinds number their items by identifier, not by position: a
// regulation keeps its id when others are added before it.
func identityKind(k corpus.Kind) bool {
	return k == corpus.KindRegulation || k == corpus.KindGuideline || k == corpus.KindSection
}

// Align pairs the items of src with those of tgt. Items are aligned within
// groups of one kind (rules with rules, procedures with procedures) when
// the target's items have kinds; target items of no particular kind are
// aligned against the whole source. Within a group, items that print the
// same number on both sides are anchors (for rules, only where their texts
// do not contradict it, so that a renumbering is seen); between anchors an
// order-preserving dynamic programme over a band around the diagonal,
// after Gale & Church (1993), makes 1-1, 1-2 and 2-1 pairs or leaves items
// unmatched. Time and memory grow with the items times the band, not with
// the product of the sizes.
func (o Options) Align(src, tgt *corpus.Document) *Alignment { return o.align(src, tgt, nil) }

// align is Align, with a memo of item forms and tokens shared with other
// alignments (nil for none).
func (o Options) align(src, tgt *corpus.Document, m *memo) *Alignment {
	done := o.done()
	// Documents in two languages are compared word for word where most
	// of the target's words are the source's all the same (sharedWords):
	// read as a translation, the items give the words that decide it,
	// and in the rare document that shares them they are read again.
	same := sameLanguage(src.Lang, tgt.Lang)
	rd := o.read(src, tgt, same, !same, m, done)
	if rd != nil && !same && sharedWords(rd.vocabS, rd.vocabT) {
		same = true
		rd = o.read(src, tgt, same, false, m, done)
	}
	if rd == nil {
		return &Alignment{Source: src, Target: tgt}
	}
	x, keys := rd.x, rd.keys
	items := make([]*corpus.Item, 0, len(src.Items)+len(tgt.Items))
	for i := range src.Items {
		items = append(items, &src.Items[i])
	}
	for j := range tgt.Items {
		items = append(items, &tgt.Items[j])
	}
	feats := x.weigh(rd.all, rd.twins, items)
	a := &aligner{
		o:    o,
		done: done,
		src:  src, tgt: tgt,
		fs: feats[:len(src.Items)], ft: feats[len(src.Items):],
		keyS: keys[:len(src.Items)], keyT: keys[len(src.Items):],
		sc:    &scorer{x: x, sameLang: same, tgtCites: cites(tgt)},
		kindT: divisionKinds(src, tgt),
	}
	// One language: texts keep their length, one pass. Across languages:
	// a first pass without the length signal, then the length ratio
	// learned from its confident pairs, and a second pass with it.
	var pairs []Pair
	if same {
		a.sc.ratio = 1
		a.quiet = o.Terse
		pairs = a.run()
	} else {
		// The first pass's pairs give the length ratio and nothing else
		// (the second pass makes the alignment, with the ratio learned,
		// else the documents' if they have one, else none): they are
		// made without the evidence of their texts (11% of an
		// alignment's allocations, 5,000 generated items) and their
		// anchors without any (10 MB of garbage at 100k).
		a.quiet, a.draft = true, true
		pairs = a.run()
		a.quiet, a.draft = false, false // the review reads the evidence of numbers
		r := a.learnRatio(pairs)
		if r == 0 {
			// Too few confident pairs to learn from (a translation that
			// prints no numbers and shares few words): the ratio of the
			// documents' lengths, Gale & Church's (1993) estimate.
			r = a.totalRatio()
		}
		if r > 0 {
			a.sc.ratio, a.sc.logRatio = r, math.Log(r)
		}
		pairs = a.run()
	}
	a.review(pairs)
	al := &Alignment{Source: src, Target: tgt, Pairs: pairs, Ratio: a.sc.ratio}
	usedS := make([]bool, len(src.Items))
	usedT := make([]bool, len(tgt.Items))
	for _, p := range pairs {
		for _, i := range p.Source {
			usedS[i] = true
		}
		for _, j := range p.Target {
			usedT[j] = true
		}
	}
	for i, u := range usedS {
		if !u {
			al.UnmatchedSource = append(al.UnmatchedSource, i)
		}
	}
	for j, u := range usedT {
		if !u {
			al.UnmatchedTarget = append(al.UnmatchedTarget, j)
		}
	}
	return al
}

type aligner struct {
	o        Options
	done     <-chan struct{} // closes when the alignment should stop
	src, tgt *corpus.Document
	fs, ft   []features
	sc       *scorer
	bufS     features // scratch for merged items
	bufT     features
	// index lists the source items by token for the review: those with
	// token id are items[start[id]:start[id+1]], in order (one array, not
	// a map of slices: that was 13% of the review and the largest thing
	// it made); made when first needed. seen marks the candidates of
	// the stamp-th call of candidates, and toks is its buffer of tokens.
	index struct{ start, items []int32 }
	// keyS and keyT are keys of the items' titles and texts in comparison
	// form; compactS and compactT their texts without white space, made
	// when first needed.
	keyS, keyT         []textKey
	compactS, compactT []string
	// kindT is the kind each target item is aligned as, where a
	// numbering's position in the document gives it another than its
	// own (divisionKinds); nil when every item keeps its own.
	kindT []corpus.Kind
	// quiet is set for a pass whose pairs are not the alignment's, or
	// for Options.Terse: they get no evidence of their texts (see
	// explain).
	quiet bool
	// draft is set for a pass whose pairs are read for their scores
	// alone, and thrown away (the first across languages): its anchors
	// get no evidence, neither of their number or identical text nor of
	// their texts (what the dynamic programme, fill and the crossing of
	// anchors add is still made: few pairs).
	draft bool
}

// explain scores target features t against source features s, with the
// evidence unless the pass is quiet (the score is the same either way).
func (a *aligner) explain(s, t *features) (float64, []Evidence) {
	return a.sc.score(s, t, !a.quiet, nil)
}

// explainAfter is explain with e first in the evidence (always, quiet or
// not), with room for one more (the order's, in the review).
func (a *aligner) explainAfter(e Evidence, s, t *features) (float64, []Evidence) {
	return a.sc.score(s, t, !a.quiet, &e)
}

// targetKind is the kind target item j is aligned as.
func (a *aligner) targetKind(j int) corpus.Kind {
	if a.kindT != nil {
		return a.kindT[j]
	}
	return a.tgt.Items[j].Kind
}

// sameTokens reports whether two items of one language have the same
// tokens: everything rawTokens reads is equal.
func sameTokens(a, b *corpus.Item) bool {
	if a.Title != b.Title || a.Text != b.Text || !slices.Equal(a.Refs, b.Refs) || len(a.Parts) != len(b.Parts) {
		return false
	}
	for k := range a.Parts {
		if a.Parts[k].Label != b.Parts[k].Label {
			return false
		}
	}
	return true
}

// textKey stands for a text in comparison form: the first 128 bits of its
// sha256 (a chance collision among millions of items is about 1 in
// 10^26), so that the texts need not be kept. The zero key is a text of
// white space only.
type textKey [16]byte

// keyOf returns the key of a text in comparison form.
func keyOf(folded string) textKey { return keyIn(folded, nil) }

// keyIn is keyOf, with buf, if not nil, the storage of the bytes hashed:
// a worker's own, reused from item to item (a copy of every item's text
// was 4% of what an alignment allocated).
func keyIn(folded string, buf *[]byte) textKey {
	var k textKey
	if strings.TrimSpace(folded) == "" {
		return k
	}
	var b []byte
	if buf != nil {
		*buf = append((*buf)[:0], folded...)
		b = *buf
	} else {
		b = []byte(folded)
	}
	h := sha256.Sum256(b)
	copy(k[:], h[:])
	return k
}

// groups splits the items into the sets aligned with each other. Each
// set's lists are made at their size, counted first (grown item by item
// they were 8 MB of garbage a pass at 100k items). loose reports
// whether the last set is that of the loose target items (KindItem),
// with all the source items, where others come before it.
func (a *aligner) groups() (sets [][2][]int, loose bool) {
	typed := false
	for j := range a.tgt.Items {
		if a.targetKind(j) != corpus.KindItem {
			typed = true
		}
	}
	all := func(n int) []int {
		xs := make([]int, n)
		for i := range xs {
			xs[i] = i
		}
		return xs
	}
	if !typed {
		return [][2][]int{{all(len(a.src.Items)), all(len(a.tgt.Items))}}, false
	}
	// Kinds in the order the source first has them; loose target items
	// (KindItem) are aligned with all the source items.
	byKind := map[corpus.Kind]int{} // index in sizes and sets
	var sizes [][2]int
	get := func(k corpus.Kind) int {
		g, ok := byKind[k]
		if !ok {
			g = len(sizes)
			byKind[k] = g
			sizes = append(sizes, [2]int{})
		}
		return g
	}
	nLoose := 0
	for i := range a.src.Items {
		sizes[get(a.src.Items[i].Kind)][0]++
	}
	for j := range a.tgt.Items {
		if k := a.targetKind(j); k == corpus.KindItem {
			nLoose++
		} else {
			sizes[get(k)][1]++
		}
	}
	byK := make([][2][]int, len(sizes))
	for g, n := range sizes {
		byK[g] = [2][]int{make([]int, 0, n[0]), make([]int, 0, n[1])}
	}
	for i := range a.src.Items {
		g := &byK[byKind[a.src.Items[i].Kind]]
		g[0] = append(g[0], i)
	}
	var looseT []int
	if nLoose > 0 {
		looseT = make([]int, 0, nLoose)
	}
	for j := range a.tgt.Items {
		if k := a.targetKind(j); k == corpus.KindItem {
			looseT = append(looseT, j)
		} else {
			g := &byK[byKind[k]]
			g[1] = append(g[1], j)
		}
	}
	for _, g := range byK {
		if len(g[0]) > 0 && len(g[1]) > 0 {
			sets = append(sets, g)
		}
	}
	if nLoose > 0 {
		sets = append(sets, [2][]int{all(len(a.src.Items)), looseT})
		loose = true
	}
	return sets, loose
}

// fencesOf are the anchors among pairs (a printed number, a text found
// once on each side) that keep the order of both sides, as source and
// target item: the longest chain of them in which the targets
// increase, in source order.
func fencesOf(pairs []Pair) [][2]int {
	n := 0
	for _, p := range pairs {
		if p.Anchor && len(p.Source) == 1 && len(p.Target) == 1 {
			n++
		}
	}
	as := make([][2]int, 0, n)
	for _, p := range pairs {
		if p.Anchor && len(p.Source) == 1 && len(p.Target) == 1 {
			as = append(as, [2]int{p.Source[0], p.Target[0]})
		}
	}
	slices.SortStableFunc(as, func(x, y [2]int) int { return cmp.Compare(x[0], y[0]) })
	// Patience sorting with back links, as longestIncreasing.
	tails := make([]int32, 0, n)
	prev := make([]int32, n)
	for k, f := range as {
		m := sort.Search(len(tails), func(m int) bool { return as[tails[m]][1] >= f[1] })
		prev[k] = -1
		if m > 0 {
			prev[k] = tails[m-1]
		}
		if m == len(tails) {
			tails = append(tails, int32(k))
		} else {
			tails[m] = int32(k)
		}
	}
	if len(tails) == 0 {
		return nil
	}
	out := make([][2]int, len(tails))
	for k, m := tails[len(tails)-1], len(tails)-1; k >= 0; k, m = prev[k], m-1 {
		out[m] = as[k]
	}
	return out
}

// cuts merges the anchors of a group (its chain, in order on both
// sides) with fences (pairs made in other groups, in order on both
// sides): the fences that fall between two consecutive anchors on both
// sides, and share no item with them, are put among them. own[k] says
// whether cut k is an anchor of the group. With no fences, nil: the
// anchors are the cuts.
func cuts(anchors []Pair, fences [][2]int) (out [][2]int, own []bool) {
	if len(fences) == 0 {
		return nil, nil
	}
	out = make([][2]int, 0, len(anchors)+len(fences))
	own = make([]bool, 0, cap(out))
	f := 0
	for k := 0; k <= len(anchors); k++ {
		s, t := math.MaxInt, math.MaxInt
		if k < len(anchors) {
			s, t = anchors[k].Source[0], anchors[k].Target[0]
		}
		ps, pt := -1, -1
		if k > 0 {
			ps, pt = anchors[k-1].Source[0], anchors[k-1].Target[0]
		}
		for ; f < len(fences) && fences[f][0] < s; f++ {
			if fs, ft := fences[f][0], fences[f][1]; fs > ps && ft > pt && ft < t {
				out, own = append(out, fences[f]), append(own, false)
			}
		}
		if k < len(anchors) {
			out, own = append(out, [2]int{s, t}), append(own, true)
		}
	}
	return out, own
}

// run aligns every group and returns the pairs in source order.
func (a *aligner) run() []Pair {
	var pairs []Pair
	sets, loose := a.groups()
	for k, g := range sets {
		if len(g[0]) == 0 || len(g[1]) == 0 {
			continue
		}
		if a.allPreambles(g[0]) && !a.sc.sameLang {
			// Preambles are not a sequence in a translation: a reader
			// page lists the parts' introductions in its own order.
			pairs = append(pairs, a.assign(g[0], g[1])...)
			continue
		}
		var fences [][2]int
		if loose && k == len(sets)-1 {
			// The loose target items, aligned with all the source items,
			// stay between the anchors the typed items found: without
			// them the band, as wide as the difference of the counts,
			// made the programme grow with the square of the items.
			fences = fencesOf(pairs)
		}
		ps := a.fill(a.group(g[0], g[1], fences), g[0], g[1])
		if pairs == nil {
			pairs = ps // one group, the common case: no copy of its pairs
		} else {
			pairs = append(pairs, ps...)
		}
	}
	slices.SortStableFunc(pairs, bySource)
	return pairs
}

// bySource orders pairs by their first source item (a stable sort's
// comparison: pairs of one source item keep their order).
func bySource(p, q Pair) int { return cmp.Compare(p.Source[0], q.Source[0]) }

// allPreambles reports whether the source items S are all preambles (a
// group of loose target items is aligned with all the source items, the
// preamble first among them, and in order).
func (a *aligner) allPreambles(S []int) bool {
	for _, i := range S {
		if a.src.Items[i].Kind != corpus.KindPreamble {
			return false
		}
	}
	return true
}

// group aligns source items S with target items T (indexes, in order).
// fences are pairs of other groups, in order on both sides, that cut
// the dynamic programme as its own anchors do (those that cross none of
// them), and are not among its pairs.
func (a *aligner) group(S, T []int, fences [][2]int) []Pair {
	anchors, crossing := a.anchors(S, T)
	fenced, own := cuts(anchors, fences)
	// takenS and takenT mark the items of the crossing anchors, by index.
	takenS, takenT := make([]bool, len(a.src.Items)), make([]bool, len(a.tgt.Items))
	for _, p := range crossing {
		takenT[p.Target[0]] = true
		takenS[p.Source[0]] = true
	}
	// free returns the items of xs (sorted) between lo and hi that no
	// crossing anchor took, moving *at through xs as the anchors advance.
	free := func(xs []int, at *int, lo, hi int, src bool) []int {
		var out []int
		taken := takenT
		if src {
			taken = takenS
		}
		for ; *at < len(xs) && xs[*at] < hi; *at++ {
			if v := xs[*at]; v > lo && !taken[v] {
				out = append(out, v)
			}
		}
		return out
	}
	// The pairs of the dynamic programme between the anchors are made
	// first (extra, each placed before anchor at), then put among the
	// anchors in the anchors' own array, and the crossing anchors after
	// them (fill sorts the pairs by source item): every pair has a source
	// item of S of its own, and the array has room for one a source item
	// (a new array for the pairs, 10 MB at 100k items, was made here and
	// again in fill, with two held at once each time).
	var extra []Pair
	var at []int
	atS, atT := 0, 0
	prevS, prevT := -1, -1
	before := 0 // the anchor the pairs of the stretch go before
	n := len(anchors)
	if fenced != nil {
		n = len(fenced)
	}
	for k := 0; k <= n; k++ {
		if stopped(a.done) {
			break
		}
		s, t := math.MaxInt32, math.MaxInt32
		switch {
		case k == n:
		case fenced != nil:
			s, t = fenced[k][0], fenced[k][1]
		default:
			s, t = anchors[k].Source[0], anchors[k].Target[0]
		}
		for _, p := range a.dp(free(S, &atS, prevS, s, true), free(T, &atT, prevT, t, false)) {
			extra, at = append(extra, p), append(at, before)
		}
		if k < n && (fenced == nil || own[k]) {
			before++
		}
		prevS, prevT = s, t
	}
	if len(crossing) == 0 && len(extra) == 0 {
		return anchors
	}
	return append(interleave(anchors, extra, at), crossing...)
}

// interleave returns the pairs ps with extra[e] put before ps[at[e]] (at
// ascending; len(ps) puts it after them all), in order: in ps's own
// array, moved from the back, when it has room for them all, else in a
// new one.
func interleave(ps, extra []Pair, at []int) []Pair {
	n := len(ps) + len(extra)
	if cap(ps) < n {
		out := make([]Pair, 0, n)
		k := 0
		for e, p := range extra {
			out = append(out, ps[k:at[e]]...)
			k = at[e]
			out = append(out, p)
		}
		return append(out, ps[k:]...)
	}
	out := ps[:n]
	// ps[:k] are still where they were, out[w:] are in place, and
	// w-k extra pairs are left to place.
	k, w := len(ps), n
	for e := len(extra) - 1; e >= 0; e-- {
		m := k - at[e]
		copy(out[w-m:w], ps[at[e]:k])
		w, k = w-m-1, at[e]
		out[w] = extra[e]
	}
	return out
}

// assign pairs the items of S and T regardless of order, best scores
// first.
func (a *aligner) assign(S, T []int) []Pair {
	type cand struct {
		i, j int
		s    float64
	}
	var cs []cand
	for _, i := range S {
		for _, j := range T {
			if s, _ := a.sc.score(&a.fs[i], &a.ft[j], false, nil); s > a.o.threshold() {
				cs = append(cs, cand{i, j, s})
			}
		}
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return cmp.Compare(y.s, x.s) })
	usedS, usedT := map[int]bool{}, map[int]bool{}
	var out []Pair
	for _, c := range cs {
		if usedS[c.i] || usedT[c.j] {
			continue
		}
		usedS[c.i], usedT[c.j] = true, true
		out = append(out, a.pair([]int{c.i}, []int{c.j}))
	}
	return out
}

// fill pairs the items left over between two consecutive pairs when as
// many source as target items are left there: by position, and marked
// for review, since their texts did not say enough.
func (a *aligner) fill(pairs []Pair, S, T []int) []Pair {
	slices.SortStableFunc(pairs, bySource)
	usedS, usedT := make([]bool, len(a.src.Items)), make([]bool, len(a.tgt.Items))
	for _, p := range pairs {
		for _, i := range p.Source {
			usedS[i] = true
		}
		for _, j := range p.Target {
			usedT[j] = true
		}
	}
	// The pairs made for items left over (extra, each placed before
	// pairs[at]) are put among the others at the end (interleave), in
	// pairs' own array when it has room; with none, pairs is the result.
	var extra []Pair
	var at []int
	si, ti := 0, 0 // next positions in S and T
	// after is the last source item of the pair before the items left
	// over, -1 at the start: the evidence names it (the name made only
	// for a pair left over, not for every pair: 6% of what an alignment
	// allocated).
	after := -1
	flush := func(sEnd, tEnd, before int) {
		var hs, ht []int
		for ; si < len(S) && S[si] < sEnd; si++ {
			if !usedS[S[si]] {
				hs = append(hs, S[si])
			}
		}
		for ; ti < len(T) && T[ti] < tEnd; ti++ {
			if !usedT[T[ti]] {
				ht = append(ht, T[ti])
			}
		}
		if len(hs) == 0 || len(hs) != len(ht) {
			return
		}
		between := "at the start"
		if after >= 0 {
			between = "after " + a.src.Items[after].ID
		}
		for k := range hs {
			if a.numbersDiffer(hs[k], ht[k]) {
				continue
			}
			p := a.pair(hs[k:k+1], ht[k:k+1])
			p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "position", Agrees: true, Detail: "left over " + between})
			p.Low = true
			extra, at = append(extra, p), append(at, before)
		}
	}
	for k, p := range pairs {
		flush(p.Source[0], p.Target[0], k)
		// Skip past the pair's own items.
		for ; si < len(S) && S[si] <= p.Source[len(p.Source)-1]; si++ {
		}
		for ; ti < len(T) && T[ti] <= p.Target[len(p.Target)-1]; ti++ {
		}
		after = p.Source[len(p.Source)-1]
	}
	flush(math.MaxInt32, math.MaxInt32, len(pairs))
	if len(extra) == 0 {
		return pairs
	}
	// In pairs' own array where it has room (group's pairs have room for
	// one a source item, and these are source items of S left over).
	return interleave(pairs, extra, at)
}

// anchors finds the pairs fixed by numbers printed on both sides. It
// returns the longest order-preserving chain of them, and apart the
// crossing ones kept because the items are identified by id. The chain
// has room for a pair a source item of S (cap len(S)): group and fill
// put all the other pairs of S there, with no new array.
func (a *aligner) anchors(S, T []int) (chain, crossing []Pair) {
	same := a.sc.sameLang
	// The candidates are found first, then scored on every core (the
	// evidence of each is its own: a tenth of an alignment's time at
	// 100k items), then kept or not in the order they were found.
	// cands holds the candidates' items as found, numbered which were
	// found by number (the others by identical text: anchorEvidence).
	cands := make([]Pair, 0, len(S)) // at most one a source item
	numbered := make([]bool, 0, len(S))
	found := func(i, j int, number bool) {
		cands = append(cands, Pair{Source: []int{i}, Target: []int{j}, Anchor: true})
		numbered = append(numbered, number)
	}
	// anchoredS and anchoredT mark the items of the identical texts, by
	// index.
	anchoredS, anchoredT := make([]bool, len(a.src.Items)), make([]bool, len(a.tgt.Items))
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
	type kindNumber struct {
		kind   corpus.Kind
		number string // numberKey's
	}
	byNum := make(map[kindNumber]int, len(T))
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
	keep := longestIncreasing(cands)
	// The chain is made in cands' storage (as long as i at most), its
	// tail cleared for the collector; group and fill put the other pairs
	// of S in the room left (a copy of the chain when much smaller, and
	// then a new array there for all the pairs, was 17 MB of garbage a
	// pass aligning 100k items).
	chain = cands[:0]
	for i, p := range cands {
		if keep[i] {
			chain = append(chain, p)
		} else if identityKind(a.src.Items[p.Source[0]].Kind) || anchoredS[p.Source[0]] {
			// An id, or a whole text found once on each side, holds
			// even out of order: the item moved.
			p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "order", Agrees: false, Detail: "moved: out of order with its neighbours"})
			crossing = append(crossing, p)
		}
	}
	clear(cands[len(chain):])
	return chain, crossing
}

// explainEach sets the content score and the evidence (the anchor's
// first: anchorEvidence, numbered[k] for ps[k]) of every 1-1 pair of ps,
// on every core: each is read from the features alone. A draft pass's
// pairs get the score alone.
func (a *aligner) explainEach(ps []Pair, numbered []bool) {
	inBlocks(len(ps), 256, func(int) func(lo, hi int) {
		return func(lo, hi int) {
			for k := lo; k < hi; k++ {
				p := &ps[k]
				i, j := p.Source[0], p.Target[0]
				if a.draft {
					p.content, _ = a.sc.score(&a.fs[i], &a.ft[j], false, nil)
				} else {
					p.content, p.Evidence = a.explainAfter(a.anchorEvidence(i, j, numbered[k]), &a.fs[i], &a.ft[j])
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
// whose targets increase.
func longestIncreasing(ps []Pair) []bool {
	n := len(ps)
	keep := make([]bool, n)
	if n == 0 {
		return keep
	}
	// Patience sorting with back links: O(n log n). (tails made at the
	// most it can hold: grown, it was 4 MB of garbage at 100k items.)
	tails := make([]int, 0, n)
	prev := make([]int, n)
	for i, p := range ps {
		t := p.Target[0]
		k := sort.Search(len(tails), func(k int) bool { return ps[tails[k]].Target[0] >= t })
		if k > 0 {
			prev[i] = tails[k-1]
		} else {
			prev[i] = -1
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
		keep[i] = true
	}
	return keep
}

// Moves of the dynamic programme.
const (
	mSkipS byte = iota + 1 // source item unmatched
	mSkipT                 // target item unmatched
	m11
	m12 // one source item, two target items
	m21
)

// mergeable reports whether two 1-1 gains (score less tau) are those of
// the halves of a split: both items match partly, neither fully.
func mergeable(g1, g2 float32, tau float64) bool {
	lo, hi := float32(mergeMin-tau), float32(mergeMax-tau)
	return g1 >= lo && g2 >= lo && g1 < hi && g2 < hi
}

// A split's halves each score between mergeMin and mergeMax against the
// whole.
const (
	mergeMin = 0.2
	mergeMax = 0.95
)

// mergePenalty is what a 1-2 or 2-1 pair must beat two 1-1 pairs by.
const mergePenalty = 0.1

// skipCost is what leaving one item unmatched costs the dynamic
// programme of a translation, for a threshold tau. A translation rarely
// leaves an item out (Gale & Church 1993 count 1-0 and 0-1 links as 1%
// of links, 1-1 as 89%): where a skip was free, two items next to each
// other were each left out for a better-fitting partner of one of them
// (Debian Social Contract, Hebrew: DFSG 6 and 7). At (tau+lengthOnly)/2
// a pair, at any score, beats leaving both its items out, and a second
// pair of skips, which shifts the items between them by one, costs
// lengthOnly: the most a pair can score by length alone. So a shift is
// made where content (numbers, names, terms) places an item elsewhere,
// never for a better fit of lengths, which stray far more often than a
// translator leaves a rule out. In one language, where a new edition
// adds and drops items routinely, a skip is free.
func (a *aligner) skipCost(tau float64) float32 {
	if a.sc.sameLang {
		return 0
	}
	return float32((tau + lengthOnly) / 2)
}

// dp aligns the source items S with the target items T in order, within
// a band around the diagonal. The gain of a pair is its score minus the
// threshold, that of a skipped item minus skipCost; the programme
// maximizes the total gain. A pair whose texts score no more than the
// threshold, made across languages where skips cost, is marked Low, with
// its position as evidence.
func (a *aligner) dp(S, T []int) []Pair {
	n, m := len(S), len(T)
	if n == 0 || m == 0 {
		return nil
	}
	// A band as wide as the difference of the counts.
	w := a.o.band() + max(n-m, m-n)
	// Keep the table near linear in the items: at most 64 cells per item
	// beyond the band's minimum.
	width := min(2*w+1, m+1)
	lo := func(i int) int {
		c := int(float64(i) * float64(m) / float64(n))
		return max(0, min(c-w, m+1-width))
	}
	tau := a.o.threshold()
	skip := a.skipCost(tau)
	score := make([]float32, (n+1)*width) // gain table, NaN where not computed
	back := make([]byte, (n+1)*width)
	best := make([]float32, (n+1)*width)
	at := func(i, j int) int {
		l := lo(i)
		if j < l || j >= l+width {
			return -1
		}
		return i*width + j - l
	}
	get := func(i, j int) float32 {
		k := at(i, j)
		if k < 0 {
			return float32(math.Inf(-1))
		}
		return best[k]
	}
	pairGain := func(i, j int) float32 {
		k := at(i, j)
		if k < 0 {
			return float32(math.Inf(-1))
		}
		return score[k]
	}
	for i := 0; i <= n; i++ {
		if i&63 == 0 && stopped(a.done) {
			return nil
		}
		for j := lo(i); j < lo(i)+width && j <= m; j++ {
			k := at(i, j)
			if i > 0 && j > 0 {
				s, _ := a.sc.score(&a.fs[S[i-1]], &a.ft[T[j-1]], false, nil)
				if a.numbersDiffer(S[i-1], T[j-1]) {
					// Not made where leaving both items out would do,
					// whatever that costs.
					s -= numberConflict + 2*float64(skip)
				}
				score[k] = float32(s - tau)
			}
			if i == 0 && j == 0 {
				best[k] = 0
				continue
			}
			b := float32(math.Inf(-1))
			mv := byte(0)
			try := func(v float32, move byte) {
				if v > b {
					b, mv = v, move
				}
			}
			// A pair is tried first: of two equal readings (the same
			// title twice in a book), the one nearest what follows wins,
			// where the back-trace starts.
			if i > 0 && j > 0 {
				try(get(i-1, j-1)+score[k], m11)
			}
			if i > 0 {
				try(get(i-1, j)-skip, mSkipS)
			}
			if j > 0 {
				try(get(i, j-1)-skip, mSkipT)
			}
			if i > 0 && j > 1 && mergeable(score[k], pairGain(i, j-1), tau) {
				// A merge covers one item more than a pair: it must
				// explain more than a pair and a skipped item, whatever
				// the skip costs.
				if g := a.mergedGain(S[i-1:i], T[j-2:j]); g > 0 {
					try(get(i-1, j-2)+g-skip, m12)
				}
			}
			if i > 1 && j > 0 && mergeable(score[k], pairGain(i-1, j), tau) {
				if g := a.mergedGain(S[i-2:i], T[j-1:j]); g > 0 {
					try(get(i-2, j-1)+g-skip, m21)
				}
			}
			best[k], back[k] = b, mv
		}
	}
	var out []Pair
	i, j := n, m
	for i > 0 || j > 0 {
		k := at(i, j)
		if k < 0 {
			panic(fmt.Sprintf("align: back-trace left the band at %d,%d", i, j))
		}
		switch back[k] {
		case mSkipS:
			i--
		case mSkipT:
			j--
		case m11:
			p := a.pair(S[i-1:i], T[j-1:j])
			if skip > 0 && p.Score <= tau {
				p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "position", Agrees: true, Detail: "in sequence: the texts say too little, and a translation rarely leaves an item out"})
				p.Low = true
			}
			out = append(out, p)
			i, j = i-1, j-1
		case m12:
			out = append(out, a.pair(S[i-1:i], T[j-2:j]))
			i, j = i-1, j-2
		case m21:
			out = append(out, a.pair(S[i-2:i], T[j-1:j]))
			i, j = i-2, j-1
		default:
			panic(fmt.Sprintf("align: no move recorded at %d,%d", i, j))
		}
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

// stopped reports whether done has closed.
func stopped(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// numberConflict is what a pair loses when both items print a number of
// the same kind and the numbers differ.
const numberConflict = 0.3

// numbersDiffer reports whether source item i and target item j print
// different numbers for items of one kind where that speaks against them:
// ids (regulations) always, and rule numbers across languages, since a
// translation keeps them. A new edition renumbers its rules: there a
// different number is no conflict (see renumbered).
func (a *aligner) numbersDiffer(i, j int) bool {
	s := &a.src.Items[i]
	return a.renumbered(i, j) && (identityKind(s.Kind) || !a.sc.sameLang)
}

// renumbered reports whether the items print different numbers.
func (a *aligner) renumbered(i, j int) bool {
	s, t := &a.src.Items[i], &a.tgt.Items[j]
	return s.Number != "" && t.Number != "" && s.Kind == t.Kind && numberKey(s.Number) != numberKey(t.Number)
}

// mergedGain is the gain of pairing the items S with T as one unit: its
// score less the threshold and the merge penalty, so that a 1-2 or 2-1
// pair wins only where it explains clearly more than a 1-1 pair and a
// skipped item.
func (a *aligner) mergedGain(S, T []int) float32 {
	fs, ft := &a.fs[S[0]], &a.ft[T[0]]
	if len(S) == 2 {
		fs = merge(&a.fs[S[0]], &a.fs[S[1]], &a.bufS, a.sc.x.weights)
	}
	if len(T) == 2 {
		ft = merge(&a.ft[T[0]], &a.ft[T[1]], &a.bufT, a.sc.x.weights)
	}
	// In one language a split or merge that keeps the text word for word
	// is certain.
	if a.sc.sameLang && a.joinedEqual(S, T) {
		return float32(1 - a.o.threshold())
	}
	s, _ := a.sc.score(fs, ft, false, nil)
	return float32(s - a.o.threshold() - mergePenalty)
}

// splitAt reports whether source item i and target item j are one half
// of a split or merge that keeps the text word for word: no anchor, the
// programme pairs them whole.
func (a *aligner) splitAt(i, j int) bool {
	if j+1 < len(a.tgt.Items) && a.joinedEqual([]int{i}, []int{j, j + 1}) {
		return true
	}
	return i+1 < len(a.src.Items) && a.joinedEqual([]int{i, i + 1}, []int{j})
}

// joinedEqual reports whether the texts of S, joined, are the texts of T,
// joined, up to white space.
func (a *aligner) joinedEqual(S, T []int) bool {
	join := func(d *corpus.Document, cache *[]string, idx []int) string {
		if *cache == nil {
			*cache = make([]string, len(d.Items))
		}
		var b strings.Builder
		for _, i := range idx {
			if (*cache)[i] == "" {
				(*cache)[i] = strings.Join(strings.Fields(corpus.Fold(d.Items[i].Text)), "") + "\x00"
			}
			b.WriteString(strings.TrimSuffix((*cache)[i], "\x00"))
		}
		return b.String()
	}
	s, t := join(a.src, &a.compactS, S), join(a.tgt, &a.compactT, T)
	return len(s) == len(t) && s == t
}

// pair builds the Pair of S and T with its score and evidence.
func (a *aligner) pair(S, T []int) Pair {
	fs, ft := &a.fs[S[0]], &a.ft[T[0]]
	if len(S) == 2 {
		fs = merge(&a.fs[S[0]], &a.fs[S[1]], &features{}, a.sc.x.weights)
	}
	if len(T) == 2 {
		ft = merge(&a.ft[T[0]], &a.ft[T[1]], &features{}, a.sc.x.weights)
	}
	s, ev := a.explain(fs, ft)
	switch {
	case a.numbersDiffer(S[0], T[0]):
		ev = append(ev, Evidence{Signal: "number", Agrees: false, Detail: a.src.Items[S[0]].Number + " ≠ " + a.tgt.Items[T[0]].Number})
	case a.renumbered(S[0], T[0]):
		ev = append(ev, Evidence{Signal: "renumbered", Agrees: true, Detail: a.src.Items[S[0]].Number + " -> " + a.tgt.Items[T[0]].Number})
	}
	return Pair{Source: append([]int(nil), S...), Target: append([]int(nil), T...), Score: s, Evidence: ev, content: s}
}

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

// positionalAnchor is the score two items of one language that print the
// same rule number need to be anchored as one rule.
const positionalAnchor = 0.5

// numberSupport is how much of the distance to a perfect score a pair
// gains when both sides print the same number.
const numberSupport = 0.5

// orderSupport is how much of the distance to a perfect score a pair
// gains when both its neighbours are 1-1 pairs on the same diagonal: the
// order of the documents vouches for it.
const orderSupport = 0.4

// inSequence is the order's evidence for a pair with n of its 2
// neighbours paired in sequence (made once, not for every pair).
var inSequence = [3]string{1: "1 of 2 neighbours paired in sequence", 2: "2 of 2 neighbours paired in sequence"}

// addEvidence appends e to a pair's evidence, into a slice of the size
// it needs where ev has no room: append doubled it, and the room left
// in the evidence of every pair was a tenth of the live heap aligning
// 100k items.
func addEvidence(ev []Evidence, e Evidence) []Evidence {
	if len(ev) < cap(ev) {
		return append(ev, e)
	}
	out := make([]Evidence, len(ev)+1)
	copy(out, ev)
	out[len(ev)] = e
	return out
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
	support := make([]float64, len(pairs))
	for k := range pairs {
		n := 0
		if k > 0 && adjacent(&pairs[k-1], &pairs[k]) {
			n++
		}
		if k+1 < len(pairs) && adjacent(&pairs[k], &pairs[k+1]) {
			n++
		}
		support[k] = float64(n) / 2
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

// settle is the review of pair p with the order's support (0, 1/2 or 1)
// and the confidence threshold conf; cs is the caller's scratch for
// candidates. It changes p alone.
func (a *aligner) settle(p *Pair, support, conf float64, cs *candScratch) {
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
	if len(p.Source) == 1 && len(p.Target) == 1 && !p.Anchor && !a.sc.sameLang && numbersDisagree(p.Evidence) && !cutPreview(&a.tgt.Items[p.Target[0]]) {
		// Across languages numbers survive translation: a pair whose
		// numbers have nothing in common (one side states some, the
		// other none of them) is not vouched for by its place, and
		// a human decides (a translation made from an older edition
		// shifts by a section).
		p.Low = true
		return
	}
	if support > 0 {
		p.Score += (1 - p.Score) * orderSupport * support
		p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "order", Agrees: true, Detail: inSequence[int(support*2)]})
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

// numberKey is a printed number in comparison form: its runs of digits
// and of letters, lower case, joined by dots, with an opening parenthesis
// kept as a run of its own: "A2", "A.2" and "a 2" agree, "2(1)" and "2.1"
// do not.
func numberKey(n string) string {
	if isDigits(n) {
		return n // one run of digits: itself (most numbers of most rulebooks)
	}
	return numberKeyOf(n)
}

// numberKeyOf is numberKey without the shortcut for a run of digits
// (TestNumberKeyDigits holds the two to each other).
func numberKeyOf(n string) string {
	var b strings.Builder
	prev := 0 // 1 digit, 2 letter, 0 a boundary
	for _, r := range strings.ToLower(n) {
		kind := 0
		switch {
		case unicode.IsDigit(r):
			kind = 1
		case unicode.IsLetter(r):
			kind = 2
		case r == '(':
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteByte('(')
			prev = 3
			continue
		}
		if kind == 0 {
			prev = 0
			continue
		}
		if b.Len() > 0 && kind != prev {
			b.WriteByte('.')
		}
		b.WriteRune(r)
		prev = kind
	}
	return wordFirst(b.String())
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for k := 0; k < len(s); k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	return s != ""
}

// wordFirst makes the word a number starts with, where one of more than
// one letter that is no roman numeral is followed by the number proper
// ("appendix.a", "приложение.a", "rp.1"), a "#": the word is the
// language's ("Appendix A" is "Приложение A"), the number after it is
// the numbering's, and "#.1" stays apart from a bare "1".
func wordFirst(k string) string {
	w, rest, ok := strings.Cut(k, ".")
	if !ok || utf8.RuneCountInString(w) < 2 || strings.Trim(w, "ivxlcdm") == "" {
		return k
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return k
		}
	}
	return "#." + rest
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
