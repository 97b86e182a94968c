package align

import "math"

// truncatedStart is what it costs to start, at cell (i, j), a run of
// items with no block (see row) whose first item, the row's, is cut
// short: it takes the one block before column j, shorter than the
// item's length at the ratio says, and the rest of its length is the
// first text the run leaves out. A translator who stops short of a
// division's end stops inside an item as often as between two (FIDE
// ru ends its article 3 with the first words of 3.9.1, "Считается, что
// король находится «под шахом»", 44 runes for the source's 239): the
// fragment is the item's beginning, not the end of the item before,
// which would leave the whole item out. The cut item costs a 1-0 link
// of the length it lacks (skipItem and the length cost of that length
// against none), and its block what any run costs but for its length
// (where it continues a paragraph, is of the other case, a heading,
// and less its anchors); it is tried only where runs are omissions of
// their own (not among cut previews) and for an item with text. The
// cost, the length the run leaves out so far, and whether it applies.
func (g *segmenter) truncatedStart(i, j int, lower bool, sc letterCase) (float32, float64, bool) {
	u := i - 1
	if j < 1 || g.cut != nil || g.S.bare[u] || g.S.runes[u] == 0 {
		return 0, 0, false
	}
	p := g.costAt(i-1, j-1)
	if p < 0 || math.IsInf(float64(g.cost[p]), 1) {
		return 0, 0, false
	}
	miss := float64(g.S.runes[u]) - float64(g.T.runes[j-1])/g.r
	if miss <= 0 {
		return 0, 0, false
	}
	var cc, tc float32
	if !lower {
		cc = continueCost * g.cont[j-1]
	}
	if t := g.T.start[j-1]; sc != uncased && t != uncased && t != sc {
		tc = caseCost
	}
	hc := g.headingCost(g.S.title[u], j-1, j)
	ac := anchorGain * g.anchorSum(j-1, j)
	if g.lex != nil {
		ac += g.lexTerm(u, j-1, j)
	}
	return g.cost[p] + skipItem + g.lengthCost(miss, 0) + cc + tc + hc - ac, miss, true
}
