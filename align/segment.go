package align

import (
	"math"
	"slices"
)

// A span is the run of target blocks [from, to) a source item takes in
// a segmentation; shared marks a block that holds the item and its
// neighbour in the same span (two items in one paragraph).
type span struct {
	from, to int32
	shared   bool
}

// Costs of the segmentation, in the units of the length cost (a squared
// deviation over two, the negative log of a normal density, as in Gale &
// Church 1993).
const (
	// lengthVariance is Gale & Church's (1993) variance of a
	// translation's length per unit of length, in runes.
	lengthVariance = 6.8
	// skipItem is what a source item with no block costs beyond its
	// length: Gale & Church count 1-0 links as 1% of links, 1-1 as 89%
	// (-log 0.01 less -log 0.89).
	skipItem = 4.5
	// skipRun is what it costs instead right after another source item
	// with no block: a translation that leaves text out leaves out a
	// passage (a run of items), so a 1-0 link follows a 1-0 link far more
	// often than 1% of the time (taken here as one time in two). A run
	// of items with no block is one n-0 link: its length cost is that of
	// its whole length, not the sum of its items' (an affine gap cost, as
	// Gotoh 1982 gives sequence alignment). Without it the lengths would
	// rather spread the blocks around an omission over the items it left
	// out, each a little too long or too short, or two to a block, than
	// leave each of them out.
	skipRun = 0.6
	// shareBlock is what two source items in one block cost beyond their
	// length (2-1 links are 9% of theirs). Two items share only a block
	// with a sentence boundary inside (units.cuttable): the projection
	// cuts the block there, and one with none would be the first item's
	// whole, the second item left out at no cost of leaving it out (in
	// the FIDE ru with two items joined, a shared line took 3.8.2.2.1,
	// which gaps then reported missing).
	shareBlock = 2.3
	// anchorGain is what an anchor token found once on each side earns
	// where both are in the pair.
	anchorGain = 3
	// headingCost is what a heading of the translation costs where it does
	// not start the span of a source item with a title, and earns where
	// it does.
	headingCost = 2
	// maxSpan bounds the blocks one source item takes, beyond
	// spanPerBlock for each of its own blocks.
	maxSpan      = 96
	spanPerBlock = 4
	// continueCost is what a run costs that starts on a line that seems
	// to continue the paragraph of the line before it.
	continueCost = 5
	// caseCost is what a run costs whose first letter is not of the case
	// of its source item's (where both scripts have case): a list entry
	// in lower case continues a sentence in either language.
	caseCost = 3
)

// segmenter is the dynamic programme of segment over the source items S
// and target blocks T.
type segmenter struct {
	S, T     *units
	cont     []float32 // how surely each target block continues a paragraph
	cut      []bool    // the target blocks that end a cut preview (nil for none)
	a        *anchorSet
	nb       []int32   // source blocks of each source item
	ls, lt   []float64 // prefix sums of the lengths
	head     []bool    // the target blocks read as headings
	tt       []int32   // prefix counts of the target's headings
	r        float64   // length ratio, target over source
	meanT    float64   // mean length of a target block
	headings bool      // the target has headings
	headed   bool      // for half the source's titles or more
	titles   bool      // they are its titles (not lines that look like headings)
	band     int
	lo       []int32 // first column of each row's band
	width    int
	cost     []float32
	back     []uint8
	// The runs of items with no block (omitted): the cost of the last
	// three rows where the row's item ends one, and the source length of
	// the run; by cell, a bit set where the item before is in the run.
	runs      bool // a run of items with no block costs as one omission
	gap       []float32
	gapLen    []float32
	gapRun    []uint64
	rowM      [2][]float32 // anchor weight shared by the row's item and each block, and the previous row's
	rowBase   [2]int       // the column of rowM[*][0]
	prefix    []float32    // prefix sums of rowM[cur]
	prefixLen int
	lexM      [2][]float32 // the lexicon's weight the row's item shares with each block, and the previous row's
	lexPrefix []float32    // prefix sums of lexM[0]
	// lex is the lexicon learned from the first pass (nil before it, or
	// where none was learned): its weight is added to the anchors'.
	lex *learned
	// spans is the storage of the runs trace reads back.
	spans []span
}

// Moves of the programme beside a run of k blocks (back holds k).
const (
	omitted     = 252 // a run of items with no block ends at the row's item (gapRun)
	unreachable = 253 // no segmentation reaches the cell
	skipBlock   = 254 // a target block of no source item
	shared21    = 255 // two items in one block
)

// segment cuts the target blocks T into one run for each source item of
// S, in order (some empty, and a block shared by two neighbouring items
// where that explains it better), by an order-preserving dynamic
// programme after Gale & Church (1993), as sentence aligners do
// (hunalign, Varga et al. 2005; vecalign, Thompson & Koehn 2019): the
// cost of giving an item a run of blocks is the deviation of their
// lengths from the documents' length ratio, less the weight of the
// anchors they share (numbers, names and citations), with headings
// starting the runs of the items that have titles. The programme keeps
// a band of rows around the diagonal of the documents' lengths (not of
// their counts: the blocks of a translation are not its source's items
// one for one), so its time and memory are linear in the units. nb is
// the count of each source item's own blocks (it bounds the run);
// cont marks the target blocks that continue a paragraph. runs says
// whether a run of source items with no block is one omission
// (skipRun), where the target's lengths are its own (not previews cut
// short, which say nothing of what was left out). cut marks the target
// blocks that end a cut preview (nil for none): a run that ends in one
// costs no length where it is shorter than its source item at the
// ratio (its length is a lower bound, a censored observation), and the
// ratio, which the previews make too low, is read again from the first
// pass's runs that hold none, for a second pass; a run that goes on past
// a cut block, and, where the target has headings for half the source's
// titles or more, a titled item's run that starts on none, cost as much
// as an item left out (the lengths, censored, no longer hold the runs in
// place: a preview ends its item, and a heading starts one).
//
// learn, when not nil, is given the first pass's spans and the source
// items whose runs it is sure of (sure); where it returns a lexicon,
// the segmentation is made again with it (Moore 2002; see learned).
//
// g is the programme's storage, reused from the last call (anchored
// segments a run of two blocks for every third item, and new tables for
// each were 17 MB at 100k items); the spans returned are its, read
// before the next call.
func segment(g *segmenter, S, T *units, cont []float32, cut []bool, a *anchorSet, nb []int32, band int, runs bool, learn func(spans []span, sure []int32) *learned, done <-chan struct{}) []span {
	n, m := S.len(), T.len()
	g.reset(S, T, cont, cut, a, nb, band, runs)
	g.ls, g.lt = sumsIn(&g.ls, S.runes), sumsIn(&g.lt, T.runes)
	g.r = 1
	if g.ls[n] > 0 && g.lt[m] > 0 {
		g.r = g.lt[m] / g.ls[n]
	}
	g.head, g.titles = headings(S, T, cont, g.r, &g.head)
	g.tt = zeroed(&g.tt, m+1)
	for j := range m {
		g.tt[j+1] = g.tt[j]
		if g.head[j] {
			g.tt[j+1]++
		}
	}
	g.headings = g.tt[m] > 0
	titled := 0
	for _, t := range S.title {
		if t {
			titled++
		}
	}
	g.headed = 2*int(g.tt[m]) >= titled
	g.meanT = max(1, g.lt[m]/float64(max(1, m)))
	g.width = min(2*band+1, m+1)
	g.lo = zeroed(&g.lo, n+1)
	c := 0
	for i := 0; i <= n; i++ {
		want := g.r * g.ls[i]
		for c < m && g.lt[c+1] <= want {
			c++
		}
		if c < m && g.lt[c+1]-want < want-g.lt[c] {
			c++
		}
		g.lo[i] = int32(max(0, min(c-band, m+1-g.width)))
	}
	g.lo[n] = int32(m + 1 - g.width)
	for i := n - 1; i >= 0; i-- {
		// The band moves down no faster than a row's longest run, and the
		// last row's reaches the corner.
		g.lo[i] = min(g.lo[i], g.lo[i+1])
	}
	spans := g.fill(done)
	if cut != nil && spans != nil {
		// Cut previews make the documents' length ratio too low (their
		// texts are shorter than their translations): the runs of the
		// first pass that hold no cut block give it again, and the
		// segmentation is made once more at that ratio (the band stays
		// on the diagonal of the lengths).
		if r, ok := g.uncutRatio(spans); ok {
			g.r = r
			spans = g.fill(done)
		}
	}
	if learn != nil && spans != nil {
		if lx := learn(spans, g.sure(spans)); lx != nil {
			g.lex = lx
			spans = g.fill(done)
		}
	}
	return spans
}

// sureRun is the confidence (see confidence) a run of the first pass
// needs for the lexicon to learn from it: a run whose length strays far
// from its item's at the ratio, where no cut preview explains it, is a
// pair the lengths doubt (a long item given a short neighbour's text).
const sureRun = 0.5

// sure are the source items whose runs in spans a first pass is sure
// of, at most lexPairs of them taken evenly: a run of their own (not a
// block shared with a neighbour) whose length and anchors, a printed
// label among them, give it sureRun. (They are counted first and then
// taken, so that no list as long as the items is made.)
func (g *segmenter) sure(spans []span) []int32 {
	isSure := func(i int) bool {
		sp := spans[i]
		if sp.shared || sp.to == sp.from {
			return false
		}
		share := float32(0)
		for j := sp.from; j < sp.to; j++ {
			share += g.a.shared(g.S.anchors(i), g.T.anchors(int(j)))
		}
		ls, lt := float64(g.S.runes[i]), g.lt[sp.to]-g.lt[sp.from]
		if g.cut != nil && g.cut[sp.to-1] && lt < g.r*ls {
			return true // a cut preview's length is a lower bound (see row)
		}
		return g.confidence(ls, float32(lt), share) >= sureRun
	}
	n := 0
	for i := range spans {
		if isSure(i) {
			n++
		}
	}
	take := min(n, lexPairs)
	out := make([]int32, 0, take)
	k := 0 // the sure runs seen
	for i := range spans {
		if len(out) == take {
			break
		}
		if isSure(i) {
			if k == len(out)*n/take {
				out = append(out, int32(i))
			}
			k++
		}
	}
	return out
}

// fill runs the programme over every row and reads the runs back; nil
// when done closes first.
func (g *segmenter) fill(done <-chan struct{}) []span {
	n := g.S.len()
	inf := float32(math.Inf(1))
	// The costs of the last three rows (all a move reads), the moves of
	// every row.
	// A second pass, and the next call, reuse the tables: every cell of
	// cost, gap and back is written before it is read, and gapRun is
	// cleared.
	g.cost = sized(g.cost, 3*g.width)
	g.gap = sized(g.gap, 3*g.width)
	g.gapLen = sized(g.gapLen, 3*g.width)
	g.back = sized(g.back, (n+1)*g.width)
	g.gapRun = zeroed(&g.gapRun, ((n+1)*g.width+63)/64)
	for k := range g.cost {
		g.cost[k], g.gap[k] = inf, inf
	}
	g.cost[0] = 0
	for j := 1; j < g.width; j++ {
		g.cost[j], g.back[j] = g.cost[j-1]+g.skipCost(j-1), skipBlock
	}
	for i := 1; i <= n; i++ {
		if i&63 == 0 && stopped(done) {
			return nil
		}
		g.row(i)
	}
	return g.trace()
}

// uncutRatio is the length ratio of the runs of spans that hold no cut
// block (and are not shared), target over source, where three or more
// such runs have length on both sides.
func (g *segmenter) uncutRatio(spans []span) (float64, bool) {
	var ls, lt float64
	n := 0
	for i, sp := range spans {
		if sp.shared || sp.to == sp.from || g.S.runes[i] == 0 {
			continue
		}
		cut := false
		for j := sp.from; j < sp.to && !cut; j++ {
			cut = g.cut[j]
		}
		if cut {
			continue
		}
		ls += float64(g.S.runes[i])
		lt += g.lt[sp.to] - g.lt[sp.from]
		n++
	}
	if n < 3 || ls == 0 || lt == 0 {
		return 0, false
	}
	return lt / ls, true
}

// reset readies g for a segmentation of S and T, keeping its storage.
func (g *segmenter) reset(S, T *units, cont []float32, cut []bool, a *anchorSet, nb []int32, band int, runs bool) {
	g.S, g.T, g.cont, g.cut, g.a, g.nb, g.band, g.runs = S, T, cont, cut, a, nb, band, runs
	g.lex = nil
}

// sized is buf at length n, its elements as they were (a new slice
// where it has no room): for tables every element of which is written
// before it is read.
func sized[E any](buf []E, n int) []E {
	if cap(buf) < n {
		return make([]E, n)
	}
	return buf[:n]
}

// at is the index of cell (i, j) in back, or -1 outside the band.
func (g *segmenter) at(i, j int) int {
	l := int(g.lo[i])
	if j < l || j >= l+g.width {
		return -1
	}
	return i*g.width + j - l
}

// costAt is the index of cell (i, j) in cost (which holds three rows),
// or -1 outside the band.
func (g *segmenter) costAt(i, j int) int {
	l := int(g.lo[i])
	if j < l || j >= l+g.width {
		return -1
	}
	return i%3*g.width + j - l
}

// lengthCost is Gale & Church's (1993) cost of a source length ls
// translated as lt: the squared deviation of lt from ls times the ratio,
// over the variance of a length about their mean, halved (z/2, taken
// as 2 log(1 + z/4)); the logarithm is twoLog1p's, math.Log1p's value
// to the bit at about half its cost.
func (g *segmenter) lengthCost(ls, lt float64) float32 {
	x := lt / g.r
	d := x - ls
	z := d * d / (lengthVariance * ((ls+x)/2 + 1))
	return twoLog1p(z / 4)
}

// row fills row i: the best segmentation of the first i source items
// over each prefix of the target's blocks in the row's band.
func (g *segmenter) row(i int) {
	u := i - 1
	lo := int(g.lo[i])
	hi := min(lo+g.width, g.T.len()+1)
	// Room for its own blocks, and for three times the blocks its length
	// makes at the translation's mean block length (lines wrapped by
	// hand).
	kmax := min(maxSpan, spanPerBlock*int(g.nb[u])+4+int(3*float64(g.S.runes[u])*g.r/g.meanT))
	base := max(0, lo-kmax)
	g.anchorRow(u, base, hi-1)
	ls := float64(g.S.runes[u])
	titled := g.S.title[u]
	lower := g.S.start[u] == lowerCase && !titled
	// An item of no title and no text (a label over its sub-items) has
	// nothing a translation could say: it takes only headings, and
	// shares no block, whatever number its blocks print.
	empty := ls == 0 && !titled
	// A heading of its own (a title and no text), where the translation's
	// titles are its headings, starts its run on one: a line of text is
	// another item's, and a heading the translation lacks takes none. A
	// run that starts on a line its reader did not take for a heading
	// costs as much as leaving the item out (skipItem): it takes one only
	// where its length fits it far better than any item's (a heading the
	// reader of plain paragraphs took for text: "Relationship with
	// Associated Organizations" in the Debian Constitution ko, left out
	// and reported missing when it took none).
	bare := g.titles && g.S.bare[u]
	sc := g.S.start[u]
	if titled {
		sc = uncased // its run starts with its title, whose case says nothing
	}
	none := g.lengthCost(ls, 0) // the item's length against no block
	row := g.cost[i%3*g.width : (i%3+1)*g.width]
	gaps := g.gap[i%3*g.width : (i%3+1)*g.width]
	for k := range row {
		row[k], gaps[k] = float32(math.Inf(1)), float32(math.Inf(1))
	}
	for j := lo; j < hi; j++ {
		k0 := g.costAt(i, j)
		best, mv := float32(math.Inf(1)), uint8(0)
		if p := g.costAt(i-1, j); p >= 0 {
			// The item takes no block: a 1-0 link after what came before
			// (move 0), or the end of a run of them (omitted, below).
			h := g.headingCost(titled, j, j)
			one := g.cost[p] + skipItem + none
			if g.runs {
				// The run of items with no block that ends here: it starts
				// here, or continues the one that ends with the item before.
				c, l := one, ls
				// (The length of a run grows with its items: where the
				// rest is no better, the lengths need not be computed.)
				if pl := float64(g.gapLen[p]); !math.IsInf(float64(g.gap[p]), 1) && g.gap[p]+skipRun < c {
					if e := g.gap[p] + skipRun + g.lengthCost(pl+ls, 0) - g.lengthCost(pl, 0); e < c {
						c, l = e, pl+ls
						b := g.at(i, j)
						g.gapRun[b/64] |= 1 << (b % 64)
					}
				}
				gaps[j-lo], g.gapLen[k0] = c+h, float32(l)
				// A run costs as one omission where a division ends with
				// it (the next item is a heading of its own, or there is
				// none): a translator who stops short leaves out the end
				// of a division. Elsewhere each of its items is a 1-0
				// link, and lengths that stray shift no block over them.
				if i == g.S.len() || g.S.bare[i] {
					best, mv = c+h, omitted
				}
			}
			if one+h <= best {
				best, mv = one+h, 0
			}
		}
		inside := 0 // the cut blocks of the run before its last
		for k := 1; k <= kmax && k <= j; k++ {
			if k > 1 && g.cut != nil && g.cut[j-k] {
				inside++
			}
			p := g.costAt(i-1, j-k)
			var bc float32 // a bare item's run that starts on a line
			if (empty || bare) && !g.head[j-k] {
				if empty {
					break
				}
				bc = skipItem
			}
			if titled && !g.S.bare[u] && g.headed && g.cut != nil && int(g.tt[j]-g.tt[j-k]) == k {
				// Among cut previews, with headings for half the source's
				// titles or more (see headingCost), an item with a title
				// and text whose run holds headings alone is a heading
				// without its preview: as unlikely as an item left out.
				// (Elsewhere a translation may well leave out a lead-in
				// line: "The Project Leader may:" in the Debian
				// Constitution ru.)
				bc = skipItem
			}
			if p < 0 {
				if j-k < int(g.lo[i-1]) {
					break
				}
				continue
			}
			lt := g.lt[j] - g.lt[j-k]
			// The run's cost but for its length, which is never
			// negative: where that is no better than the best move
			// already found, the length (a logarithm, the most of the
			// programme's time) need not be computed.
			var cc, tc, hc float32
			if !lower {
				cc = continueCost * g.cont[j-k]
			}
			if t := g.T.start[j-k]; sc != uncased && t != uncased && t != sc {
				tc = caseCost
			}
			hc = g.headingCost(titled, j-k, j) + bc
			ac := anchorGain * g.anchorSum(j-k, j)
			if g.lex != nil {
				ac += g.lexTerm(u, j-k, j)
			}
			// A cut preview ends its item: a run that goes on past one
			// holds two previews, as unlikely as an item left out.
			if g.cost[p]+skipItem*float32(inside)-ac+cc+tc+hc < best {
				lc := g.lengthCost(ls, lt) + g.leadCost(u, j-k, lt)
				if g.cut != nil && g.cut[j-1] && lt < g.r*ls {
					// A run that ends in a cut preview is at least as long as
					// its source item says, and says no more (a censored
					// length): shorter costs nothing.
					lc = 0
				}
				if c := g.cost[p] + lc + skipItem*float32(inside) - ac + cc + tc + hc; c < best {
					best, mv = c, uint8(k)
				}
			}
			if lt/g.r > 3*ls+50 {
				break // longer runs only lengthen what is already too long
			}
		}
		if i >= 2 && j >= 1 && !empty && (g.S.runes[u-1] > 0 || g.S.title[u-1]) && g.T.cuttable[j-1] {
			if p := g.costAt(i-2, j-1); p >= 0 {
				ac := anchorGain * (g.anchorAt(1, j-1) + g.anchorAt(0, j-1))
				if g.lex != nil {
					ac += g.lexShared(u, j-1)
				}
				hc := g.headingCost(g.S.title[u-1], j-1, j)
				var tc float32
				if g.S.title[u] {
					tc = headingCost // the second item's title is inside a block
				}
				cc := continueCost * g.cont[j-1]
				if g.cost[p]+shareBlock-ac+hc+tc+cc < best {
					c := g.cost[p] + g.lengthCost(ls+float64(g.S.runes[u-1]), g.lt[j]-g.lt[j-1]) + shareBlock - ac + hc + tc + cc
					if c < best {
						best, mv = c, shared21
					}
				}
			}
		}
		if j > lo {
			if g.cost[k0-1]+skipItem < best {
				if c := g.cost[k0-1] + g.skipCost(j-1); c < best {
					best, mv = c, skipBlock
				}
			}
		}
		if math.IsInf(float64(best), 1) {
			mv = unreachable
		}
		g.cost[k0], g.back[g.at(i, j)] = best, mv
	}
}

// headings are the target blocks read as headings: its titles, where
// it has about as many as the source (half to one and a half times);
// the shortest of them, as many as the source's, where it has more;
// else (fewer) the lines that look like headings (ending in a letter or digit,
// not in punctuation, and short: at most half the median line, or, for
// a line that does not continue the one before it nor starts in lower
// case, at most one and a half times the source's median title at the
// length ratio r), as in a
// translation whose headings became paragraphs or table rows, or whose
// reader took lines for headings. cont says how surely each block
// continues a paragraph.
func headings(S, T *units, cont []float32, r float64, buf *[]bool) (head []bool, titles bool) {
	ns, nt, nl := 0, 0, 0
	for u, t := range S.title {
		if t {
			ns++
			if u < len(S.titleLen) {
				nl++
			}
		}
	}
	st := make([]float32, 0, nl) // the lengths of the source's titles (counted first: grown, five times over)
	for u, t := range S.title {
		if t && u < len(S.titleLen) {
			st = append(st, S.titleLen[u])
		}
	}
	for _, t := range T.title {
		if t {
			nt++
		}
	}
	if 2*nt >= ns && 2*nt <= 3*ns {
		return append(zeroed(buf, 0), T.title...), true
	}
	if ns > 0 && 2*nt > 3*ns {
		// More titles than the source has: the reader took lines for
		// headings (the first lines of hard-wrapped paragraphs, which
		// run longer than headings: 61 titles for the source's 34 in
		// the Debian Constitution ja as plain paragraphs). The source's
		// count says how many are: the shortest titles, as many as the
		// source's, and those as short as the last of them.
		var tl []float32
		for j, t := range T.title {
			if t {
				tl = append(tl, T.runes[j])
			}
		}
		slices.Sort(tl)
		limit := tl[ns-1]
		head = zeroed(buf, T.len())
		for j, t := range T.title {
			head[j] = t && T.runes[j] <= limit
		}
		return head, true
	}
	lens := slices.Clone(T.runes)
	slices.Sort(lens)
	median := float32(0)
	if len(lens) > 0 {
		median = lens[len(lens)/2]
	}
	title := float32(0)
	if len(st) > 0 {
		slices.Sort(st)
		title = 1.5 * float32(r) * st[len(st)/2]
	}
	head = zeroed(buf, T.len())
	for j := range head {
		head[j] = T.short[j] && (T.runes[j] <= max(8, median/2) || cont[j] == 0 && T.start[j] != lowerCase && T.runes[j] <= title)
	}
	return head, false
}

// skipCost is what leaving target block j out of every run costs: a
// 0-1 link of Gale & Church's (1993), with the length cost of its
// length against none.
func (g *segmenter) skipCost(j int) float32 {
	return skipItem + g.lengthCost(0, float64(g.T.runes[j]))
}

// headingCost is the cost of the target headings in the run [a, b) of a
// source item with a title or not: a heading that starts the run of one
// with a title earns headingCost, any other costs it, and a run of an
// item with a title that starts with none costs half of it (where the
// target has headings at all).
func (g *segmenter) headingCost(titled bool, a, b int) float32 {
	if !g.headings {
		return 0
	}
	nt := float32(g.tt[b] - g.tt[a])
	if titled && b > a && g.head[a] {
		return headingCost * (nt - 2)
	}
	c := headingCost * nt
	if titled && g.headed && g.cut != nil && b > a {
		// Among cut previews, whose lengths hold no run in place, and
		// with headings for half the source's titles or more, a titled
		// item's text without its heading is a heading given to the
		// item before: as unlikely as an item left out.
		c += skipItem
	} else if titled {
		c += headingCost / 2
	}
	return c
}

// trace reads the runs back from the corner: a cell whose move is
// omitted ends a run of items with no block, which gapRun marks back to
// its first item.
func (g *segmenter) trace() []span {
	n, m := g.S.len(), g.T.len()
	out := sized(g.spans, n)
	g.spans = out
	i, j := n, m
	for i > 0 || j > 0 {
		k := g.at(i, j)
		if k < 0 || g.back[k] == unreachable {
			// No path in the band (cannot happen: skips and runs reach
			// every cell): the rest take nothing.
			for ; i > 0; i-- {
				out[i-1] = span{from: int32(j), to: int32(j)}
			}
			return out
		}
		switch mv := g.back[k]; mv {
		case omitted:
			for {
				out[i-1] = span{from: int32(j), to: int32(j)}
				b := g.at(i, j)
				i--
				if g.gapRun[b/64]&(1<<(b%64)) == 0 {
					break
				}
			}
		case skipBlock:
			j--
		case shared21:
			out[i-1] = span{from: int32(j - 1), to: int32(j), shared: true}
			out[i-2] = span{from: int32(j - 1), to: int32(j), shared: true}
			i, j = i-2, j-1
		default:
			out[i-1] = span{from: int32(j - int(mv)), to: int32(j)}
			i, j = i-1, j-int(mv)
		}
	}
	return out
}

// unitsSampled is how many units extrapolated reads the mean of.
const unitsSampled = 256
