package ingest

// strays takes out of the chain (in) each label the succession does not
// place: one that follows no label of the chain before it, that no
// label of the chain after it follows, whose number is not a first one
// (1, 1.1, A), and whose number another label of the chain prints, in
// its division or another (the "10" of a date line "10 December 1948"
// under the title, before articles 1 to 10 under the preamble's
// heading). Its block is text; the number keeps its one item.
// A number printed twice where the numbering goes on from it ("1 2 3 3
// 4") is placed, and stays.
func strays(cands []candidate, in []bool) {
	var idx []int
	keys := map[string]int{}
	for j, c := range cands {
		if in[j] {
			idx = append(idx, j)
			keys[c.lab.key()]++
		}
	}
	for k, j := range idx {
		c := cands[j]
		dk := c.lab.key()
		if len(idx) < 2 || c.lab.div != 0 || allFirst(c.lab.comps) {
			continue
		}
		if k > 0 && follows(cands[idx[k-1]].lab.comps, c.lab.comps, chainHoles) {
			continue
		}
		if k+1 < len(idx) && follows(c.lab.comps, cands[idx[k+1]].lab.comps, chainHoles) {
			continue
		}
		in[j] = false
		keys[dk]--
	}
}
