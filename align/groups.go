package align

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"github.com/rulesync/rulesync/corpus"
)

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
	// A target item before any that prints a number (front matter), of
	// a kind no source item has, is aligned as a preamble where the
	// source has preambles: its kind is only the layout its reading saw
	// (front matter under an unnumbered heading, read as a section,
	// where the source prints the same text with no heading), evidence
	// and not a wall, and a group with nothing on the source's side
	// would leave it unpaired whatever it says. (Further on, such items
	// are a draft's or a part's own: made preambles, they changed what
	// a partial draft of the TDA read back. A loose item stays loose.)
	pre, hasPre := byKind[corpus.KindPreamble]
	hasPre = hasPre && sizes[pre][0] > 0
	front := 0 // the target items before its first that prints a number
	for front < len(a.tgt.Items) && a.tgt.Items[front].Number == "" {
		front++
	}
	kindOf := func(j int) corpus.Kind {
		k := a.targetKind(j)
		if g, ok := byKind[k]; j < front && k != corpus.KindItem && (!ok || sizes[g][0] == 0) && hasPre {
			return corpus.KindPreamble
		}
		return k
	}
	for j := range a.tgt.Items {
		if k := kindOf(j); k == corpus.KindItem {
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
		if k := kindOf(j); k == corpus.KindItem {
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
	// The groups are those of every pass (made for each, their lists
	// were a fortieth of what reading a translation through its source
	// allocated at 100k items): nothing changes them.
	if a.sets == nil {
		a.sets, a.loose = a.groups()
	}
	sets, loose := a.sets, a.loose
	// The pairs of a group have an item of each side of their own: at
	// most as many as the smaller side has items. The first group's
	// array, which the others' pairs join, has room for those of all
	// (room for one a source item in each group was twice the pairs
	// made where a translation numbers a third of its items, which
	// makes two groups of every source item).
	left := 0
	for _, g := range sets {
		left += min(len(g[0]), len(g[1]))
	}
	for k, g := range sets {
		room := min(len(g[0]), len(g[1]))
		a.room, left = room, left-room
		if pairs == nil {
			a.room += left
		}
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
			a.giveBack(ps) // copied: its array goes to the next group or pass
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
		// In the aligner's buffers: dp copies the items of its pairs.
		buf, taken := &a.freeT, takenT
		if src {
			buf, taken = &a.freeS, takenS
		}
		out := (*buf)[:0]
		for ; *at < len(xs) && xs[*at] < hi; *at++ {
			if v := xs[*at]; v > lo && !taken[v] {
				out = append(out, v)
			}
		}
		*buf = out
		return out
	}
	// The pairs of the dynamic programme between the anchors are made
	// first (extra, each placed before anchor at), then put among the
	// anchors in the anchors' own array, and the crossing anchors after
	// them (fill sorts the pairs by source item): every pair has an item
	// of S and one of T of its own, and the array has room for as many
	// pairs as the smaller of them has items (a new array for the pairs, 10 MB at 100k items, was made here and
	// again in fill, with two held at once each time).
	// The aligner's, reused by every group and pass, made at the most the
	// stretches can pair (each pair has items of S and T no anchor has).
	extra, at := a.extra[:0], a.extraAt[:0]
	// With no anchors, the stretch's pairs are the group's: made in the
	// anchors' array, which has room for them.
	alone := len(anchors) == 0 && len(crossing) == 0
	if alone {
		extra = anchors[:0]
	}
	most := max(0, min(len(S), len(T))-len(anchors)-len(crossing))
	if cap(extra) < most {
		extra = make([]Pair, 0, most)
	}
	if cap(at) < most {
		at = make([]int, 0, most)
	}
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
		k0 := len(extra)
		extra = a.dp(free(S, &atS, prevS, s, true), free(T, &atT, prevT, t, false), extra)
		for range len(extra) - k0 {
			at = append(at, before)
		}
		if k < n && (fenced == nil || own[k]) {
			before++
		}
		prevS, prevT = s, t
	}
	if alone {
		a.extraAt = at[:0]
		return extra
	}
	// The pairs are copied among the anchors: the storage of extra
	// goes to the next group, cleared for the collector.
	defer func() {
		clear(extra)
		a.extra, a.extraAt = extra[:0], at[:0]
	}()
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
	// all S and T can pair, and these pair items of both left over).
	return interleave(pairs, extra, at)
}
