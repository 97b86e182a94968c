package align

// The costs a segmentation's cells get from what an item and a run of
// blocks share: anchors (numbers, citations, names) and words of the
// lexicon, each weighed against chance.

// anchorRow computes the anchor weight item u shares with each block
// from from to to, and its prefix sums; the previous row's stay in
// rowM[1].
func (g *segmenter) anchorRow(u, from, to int) {
	g.rowM[0], g.rowM[1] = g.rowM[1], g.rowM[0]
	g.rowBase[1] = g.rowBase[0]
	n := max(0, to-from)
	g.rowM[0] = g.rowM[0][:0]
	g.prefix = append(g.prefix[:0], 0)
	x := g.S.anchors(u)
	var lx []int32
	if g.lex != nil {
		lx = g.lex.source(u)
	}
	sum := float32(0)
	for j := from; j < to; j++ {
		w := float32(0)
		if len(x) > 0 {
			w = g.a.shared(x, g.T.anchors(j))
		}
		g.rowM[0] = append(g.rowM[0], w)
		sum += w
		g.prefix = append(g.prefix, sum)
	}
	if g.lex != nil {
		// The lexicon's weight of the ids item u and each block share,
		// and its prefix sums; the previous row's stay in lexM[1].
		g.lexM[0], g.lexM[1] = g.lexM[1], g.lexM[0][:0]
		g.lexPrefix = append(g.lexPrefix[:0], 0)
		sum := float32(0)
		for j := from; j < to; j++ {
			w := float32(0)
			if len(lx) > 0 {
				w = g.lex.shared(lx, g.lex.target(j))
			}
			g.lexM[0] = append(g.lexM[0], w)
			sum += w
			g.lexPrefix = append(g.lexPrefix, sum)
		}
	}
	g.rowBase[0] = from
	g.prefixLen = n
}

// lexTerm is what the lexicon takes off the cost of giving the current
// row's item u the blocks [a, b): lexGain times the weighted Dice
// coefficient of the item's ids and the run's (twice what they share
// over what both hold), less what it is between an item and a run that
// are not each other's (learned.chance): a run that shares more than
// chance earns, one that shares less costs. The coefficient, not the
// weight shared, so that a long item, which shares something with every
// run, is no likelier to take one than a short item; weighed by what
// it rests on (lexEvidence).
func (g *segmenter) lexTerm(u, a, b int) float32 {
	lx := g.lex
	shared := g.lexPrefix[b-g.rowBase[0]] - g.lexPrefix[a-g.rowBase[0]]
	both := lx.sTot[u] + float32(lx.tTot[b]-lx.tTot[a])
	return lexGain * lexEvidence(shared, both, lx.chance, lx.prior)
}

// lexEvidence is the weighted Dice coefficient of what two sides share
// (shared) and what both hold (both), less chance, shrunk toward
// chance by the weight it rests on: both over both and prior (the mean
// weight of one id). A coefficient of one or two ids is mostly chance
// (one wrong translation the lexicon learned, one id a short block
// holds, turns it from 0 to 1), and a short item's run would otherwise
// be decided by them; one of many ids is held about as it is. (It is
// the coefficient with prior's weight at chance added to both, less
// chance: additive smoothing, as an estimate of a rate from few counts
// is made.)
func lexEvidence(shared, both, chance, prior float32) float32 {
	if both <= 0 {
		return -chance
	}
	return both / (both + prior) * (min(1, 2*shared/both) - chance)
}

// lexShared is what lexTerm takes off the cost of giving one block j to
// the items of the previous row and the current one (two items in one
// block): each item's term with the block (lexEvidence), the lesser
// twice, since the block must hold both (an item of which the block
// holds nothing is left out, not shared).
func (g *segmenter) lexShared(u, j int) float32 {
	lx := g.lex
	tw := float32(lx.tTot[j+1] - lx.tTot[j])
	d := [2]float32{}
	for r := range d {
		d[r] = -lx.chance
		if k := j - g.rowBase[r]; k >= 0 && k < len(g.lexM[r]) {
			d[r] = lexEvidence(g.lexM[r][k], lx.sTot[u-r]+tw, lx.chance, lx.prior)
		}
	}
	return 2 * lexGain * min(d[0], d[1])
}

// anchorSum is the anchor weight the current row's item shares with the
// blocks [a, b).
func (g *segmenter) anchorSum(a, b int) float32 {
	return g.prefix[b-g.rowBase[0]] - g.prefix[a-g.rowBase[0]]
}

// anchorAt is the anchor weight the item of the current row (r 0) or
// the previous one (r 1) shares with block j (0 outside what was
// computed).
func (g *segmenter) anchorAt(r, j int) float32 {
	k := j - g.rowBase[r]
	if k < 0 || k >= len(g.rowM[r]) {
		return 0
	}
	return g.rowM[r][k]
}
