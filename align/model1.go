package align

import "slices"

// pairTokens are the tokens of each pair a lexicon learns from, by
// index, each side's ascending: pair k's source tokens are
// ss[ssOff[k]:ssOff[k+1]], its translation's ts[tsOff[k]:tsOff[k+1]].
type pairTokens struct {
	ss, ts       []int32
	ssOff, tsOff []int32
}

// pairs is the number of pairs.
func (p *pairTokens) pairs() int { return len(p.ssOff) - 1 }

// source and target are pair k's tokens.
func (p *pairTokens) source(k int) []int32 { return p.ss[p.ssOff[k]:p.ssOff[k+1]] }
func (p *pairTokens) target(k int) []int32 { return p.ts[p.tsOff[k]:p.tsOff[k+1]] }

// model1 is IBM Model 1 (Brown et al. 1993) as Moore (2002) trains it on
// the pairs: the probability t(t|s) that source token s gives
// translation token t, by expectation maximization, each translation
// token given by one of its pair's source tokens or by the empty token
// (none), which takes the particles and endings every text has.
//
// A parameter is kept for each occurrence of a token pair in a pair
// (tp: pair by pair, a row of its source tokens for each of its
// translation tokens), not for each distinct token pair: most token
// pairs are in one pair only (nine in ten in a vocabulary where a word
// is in a dozen runs), and such a pair's parameter is its occurrence's
// alone, so no table of the distinct pairs, sorted and searched, is
// made. The token pairs in two pairs or more (dup) keep their
// occurrences, grouped, to sum over them. The arithmetic is that of a
// table of distinct pairs, operation for operation (float32, in the
// order of the pairs), so that the lexicon learned is the same to the
// bit.
type model1 struct {
	p      *pairTokens
	occOff []int32   // the first occurrence of each pair, and the end
	tp     []float32 // by occurrence
	tn     []float32 // the empty token's, by translation token
	z      []float32 // each translation token's sum over its pair (its row), by index in ts
	dup    dupPairs
}

// dupPairs are the token pairs found in two pairs or more, in the
// order of their source token and then their translation token: key
// (source << 32 | translation), and their occurrences occ[off[g]:off[g+1]]
// in the order of the pairs, with each occurrence's row (its index in
// ts). is marks their occurrences.
type dupPairs struct {
	key []uint64
	off []int32
	occ []int32
	row []int32
	is  []uint64 // a bit by occurrence
}

// newModel1 readies the model of the pairs p over nS source tokens and
// nT translation tokens, every parameter at 1 (uniform).
func newModel1(p *pairTokens, nS, nT int) *model1 {
	m := &model1{p: p, occOff: make([]int32, p.pairs()+1)}
	for k := range p.pairs() {
		m.occOff[k+1] = m.occOff[k] + int32(len(p.source(k))*len(p.target(k)))
	}
	m.tp = make([]float32, m.occOff[p.pairs()])
	for o := range m.tp {
		m.tp[o] = 1
	}
	m.tn = make([]float32, nT)
	for t := range m.tn {
		m.tn[t] = 1
	}
	m.z = make([]float32, len(p.ts))
	m.dup = findDups(p, m.occOff, nS, nT)
	return m
}

// dupFinder finds the token pairs of p in two pairs or more, a source
// token at a time: the translation tokens of the pairs that hold it,
// counted (an inverted index of the source tokens, and a count by
// translation token that is cleared after each).
type dupFinder struct {
	p *pairTokens
	// at[inOff[s]:inOff[s+1]] are the pairs that hold source token s,
	// with its place in each (pair << 32 | place), in the order of the
	// pairs.
	inOff       []int32
	at          []uint64
	count       []int32 // by translation token
	seen, twice []int32
}

// newDupFinder makes the inverted index of p's nS source tokens.
func newDupFinder(p *pairTokens, nS, nT int) *dupFinder {
	f := &dupFinder{p: p, inOff: make([]int32, nS+1), at: make([]uint64, len(p.ss)), count: make([]int32, nT)}
	for _, s := range p.ss {
		f.inOff[s+1]++
	}
	for s := range nS {
		f.inOff[s+1] += f.inOff[s]
	}
	fill := slices.Clone(f.inOff[:nS])
	for k := range p.pairs() {
		for i, s := range p.source(k) {
			f.at[fill[s]] = uint64(k)<<32 | uint64(i)
			fill[s]++
		}
	}
	return f
}

// tally counts the translation tokens of the pairs that hold source
// token s, and returns those pairs and the translation tokens counted
// twice or more, ascending; clear sets the counts back to zero.
func (f *dupFinder) tally(s int) (holds []uint64, twice []int32) {
	holds = f.at[f.inOff[s]:f.inOff[s+1]]
	f.seen, f.twice = f.seen[:0], f.twice[:0]
	for _, ki := range holds {
		for _, t := range f.p.target(int(ki >> 32)) {
			if f.count[t]++; f.count[t] == 1 {
				f.seen = append(f.seen, t)
			} else if f.count[t] == 2 {
				f.twice = append(f.twice, t)
			}
		}
	}
	slices.Sort(f.twice)
	return holds, f.twice
}

func (f *dupFinder) clear() {
	for _, t := range f.seen {
		f.count[t] = 0
	}
}

// findDups finds the token pairs of p found in two pairs or more, their
// occurrences counted first, so that their tables are made at their
// size.
func findDups(p *pairTokens, occOff []int32, nS, nT int) dupPairs {
	f := newDupFinder(p, nS, nT)
	groups, occs := 0, int32(0)
	for s := range nS {
		_, twice := f.tally(s)
		groups += len(twice)
		for _, t := range twice {
			occs += f.count[t]
		}
		f.clear()
	}
	d := dupPairs{key: make([]uint64, 0, groups), off: make([]int32, 1, groups+1), occ: make([]int32, occs),
		row: make([]int32, occs), is: make([]uint64, (occOff[len(occOff)-1]+63)/64)}
	next := make([]int32, nT) // the next place of each translation token's group, for the source token in hand
	for s := range nS {
		holds, twice := f.tally(s)
		for _, t := range twice {
			next[t] = d.off[len(d.off)-1]
			d.key = append(d.key, uint64(s)<<32|uint64(t))
			d.off = append(d.off, next[t]+f.count[t])
		}
		for _, ki := range holds {
			k, i := int(ki>>32), int32(ki&0xffffffff)
			ns := int32(len(p.source(k)))
			for ti, t := range p.target(k) {
				if f.count[t] >= 2 {
					o := occOff[k] + int32(ti)*ns + i
					d.occ[next[t]], d.row[next[t]] = o, p.tsOff[k]+int32(ti)
					d.is[o/64] |= 1 << (o % 64)
					next[t]++
				}
			}
		}
		f.clear()
	}
	return d
}

// isDup reports whether occurrence o is of a token pair in two pairs or
// more.
func (d *dupPairs) isDup(o int32) bool { return d.is[o/64]&(1<<(o%64)) != 0 }

// train runs rounds of expectation maximization from uniform.
func (m *model1) train(rounds, nS int) {
	tot := make([]float32, nS)
	cntN := make([]float32, len(m.tn))
	sum := make([]float32, len(m.dup.key))
	for range rounds {
		clear(tot)
		clear(cntN)
		totN := m.expect(tot, cntN)
		m.maximize(tot, sum)
		for t := range m.tn {
			m.tn[t] = cntN[t] / totN
		}
	}
}

// expect is a round's expectation: each translation token's share of
// each of its pair's source tokens and of the empty token, summed by
// source token (tot) and for the empty token by translation token
// (cntN, and in all: the return), with each row's sum (z) kept for
// maximize.
func (m *model1) expect(tot, cntN []float32) float32 {
	totN := float32(0)
	for k := range m.p.pairs() {
		sk := m.p.source(k)
		ns := len(sk)
		o := int(m.occOff[k])
		for ti, t := range m.p.target(k) {
			at := m.tp[o : o+ns]
			o += ns
			z := m.tn[t]
			for _, x := range at {
				z += x
			}
			m.z[int(m.p.tsOff[k])+ti] = z
			for i, x := range at {
				tot[sk[i]] += x / z
			}
			c := m.tn[t] / z
			cntN[t] += c
			totN += c
		}
	}
	return totN
}

// maximize sets each parameter to its expected count over its source
// token's (tot), where that is above zero: an occurrence's own share,
// or the sum of the shares of a token pair's occurrences (in sum,
// before any parameter changes).
func (m *model1) maximize(tot, sum []float32) {
	dp := &m.dup
	for g := range dp.key {
		c := float32(0)
		for q := dp.off[g]; q < dp.off[g+1]; q++ {
			c += m.tp[dp.occ[q]] / m.z[dp.row[q]]
		}
		sum[g] = c
	}
	for k := range m.p.pairs() {
		sk := m.p.source(k)
		o := m.occOff[k]
		for ti := range m.p.target(k) {
			z := m.z[int(m.p.tsOff[k])+ti]
			for _, s := range sk {
				if d := tot[s]; d > 0 && !dp.isDup(o) {
					m.tp[o] = m.tp[o] / z / d
				}
				o++
			}
		}
	}
	for g, key := range dp.key {
		if d := tot[key>>32]; d > 0 {
			for q := dp.off[g]; q < dp.off[g+1]; q++ {
				m.tp[dp.occ[q]] = sum[g] / d
			}
		}
	}
}

// best is each translation token's most probable source token, -1 for
// none: where they share lexMinPairs pairs or more (so a token pair of
// two pairs or more: lexMinPairs is 2 or more) and it gives the token
// more surely than the empty token does, ties to the first source
// token.
func (m *model1) best() []int32 {
	d := &m.dup
	best := make([]int32, len(m.tn))
	prob := make([]float32, len(m.tn))
	for t := range best {
		best[t] = -1
	}
	for g, key := range d.key {
		s, t := int32(key>>32), int32(key&0xffffffff)
		p := m.tp[d.occ[d.off[g]]]
		if d.off[g+1]-d.off[g] < lexMinPairs || p <= m.tn[t] {
			continue
		}
		if best[t] < 0 || p > prob[t] {
			best[t], prob[t] = s, p
		}
	}
	return best
}
