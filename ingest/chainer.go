package ingest

// chainer is the dynamic programme of chainPrev: for each candidate in
// document order, the best chain ending at it (nodes), from the best
// chains ending at the keys its label may follow.
type chainer struct {
	cands []candidate
	bs    []block
	nodes []chainNode
	// The keys the chains end at are numbered (ids) as they are first
	// kept, so that the tables below are keyed by small numbers, and
	// prefix and exact are slices. A key no chain ends at has no id:
	// looked up, it is absent from all of them, as it was from maps
	// keyed by the key itself. The keys kept are prefixes of the
	// candidates' keys, made once per candidate (full, in add); the keys
	// looked up are written into kbuf, and ids[string(kbuf)] copies
	// nothing.
	ids keyIDs
	// The best chain ending at a key at each list depth (by key id).
	exactDepth depthRefs
	// The best chain ending at a key's descendants (prefix) and at the
	// key itself (exact).
	prefix, exact keyRefs
	// The same, for labels of one printed form (keyed by form and key):
	// the best chain of one form is kept even where another form's
	// scores higher. Where all print one form (several false), these
	// are prefix and exact themselves, whose tries change nothing: not
	// made (two maps of a million keys).
	prefixSame, exactSame map[formKey]scoreRef
	several               bool
	// Each candidate's form, numbered once: the scan compares it at
	// every candidate it tries.
	forms []int32
	best  scoreRef // the best chain so far
	kbuf  []byte
	pbuf  [2 * (1 + chainHoles)]comp
	ends  []int // the end in the candidate's key of each prefix key
}

func newChainer(cands []candidate, bs []block) *chainer {
	ch := &chainer{
		cands: cands,
		bs:    bs,
		nodes: make([]chainNode, len(cands)),
		ids:   newKeyIDs(cands),
		// Room for a key a candidate, the most there are where labels
		// have one component: grown by appending, they were copied over
		// and over.
		exactDepth: depthRefs{first: make([]int32, 0, len(cands)), entries: make([]depthRef, 0, len(cands))},
		prefix:     make(keyRefs, 0, len(cands)),
		exact:      make(keyRefs, 0, len(cands)),
		best:       scoreRef{score: 0, at: -1},
		forms:      make([]int32, len(cands)),
	}
	formIDs := map[printedForm]int32{}
	for j, c := range cands {
		f := c.form(bs)
		id, ok := formIDs[f]
		if !ok {
			id = int32(len(formIDs))
			formIDs[f] = id
		}
		ch.forms[j] = id
	}
	if ch.several = len(formIDs) > 1; ch.several {
		ch.prefixSame = make(map[formKey]scoreRef, len(cands))
		ch.exactSame = make(map[formKey]scoreRef, len(cands))
	}
	return ch
}

// intern is the id of key k, numbered where it is new.
func (ch *chainer) intern(k string) int32 {
	id, ok := ch.ids.add(k, int32(len(ch.prefix)))
	if !ok {
		ch.prefix = append(ch.prefix, scoreRef{at: -1})
		ch.exact = append(ch.exact, scoreRef{at: -1})
		ch.exactDepth.grow()
	}
	return id
}

// A chainStep is the best chain found so far ending at candidate j, as
// its predecessors are tried.
type chainStep struct {
	j     int
	comps []comp
	n     chainNode
	bare  float64 // what the label's prefix word costs
}

// add finds the best chain ending at candidate j and keeps it under the
// keys its label ends.
func (ch *chainer) add(j int) {
	c := &ch.cands[j]
	t := chainStep{j: j, comps: c.lab.comps}
	ch.start(&t)
	// The key of comps[:k] is full[:ends[k-1]] (joinComps).
	full := c.lab.key()
	ch.ends = ch.ends[:0]
	for k, e := 0, 0; k < len(t.comps); k++ {
		if k > 0 {
			e++ // the dot
		}
		e += len(t.comps[k].s)
		ch.ends = append(ch.ends, e)
	}
	// comps = P + [c_k] + F, with F zero to two first values: the label
	// follows a descendant of P+prev(c_k) (a sibling), or P itself when
	// c_k is first (a child).
	for k := len(t.comps) - 1; k >= 0 && len(t.comps)-1-k <= 2; k-- {
		if k < len(t.comps)-1 && !t.comps[k+1].first() {
			break
		}
		p := ""
		if k > 0 {
			p = full[:ch.ends[k-1]]
		}
		ch.siblings(&t, p, k)
		if p != "" {
			ch.child(&t, p, k)
		}
	}
	run := suffixRunKey(full, ch.ends, t.comps)
	if run != "" {
		ch.inserted(&t, full, run)
	}
	ch.nodes[j] = t.n
	ch.record(t, full, run)
}

// start is the chain that starts at t's candidate, or goes on from the
// best chain so far (a restart).
func (ch *chainer) start(t *chainStep) {
	c := &ch.cands[t.j]
	t.n = chainNode{prev: -1, score: 1}
	if !allFirst(t.comps) {
		t.n.score -= chainOddFirst
	}
	// Of two equal chains, the one of bare labels: a word before a
	// number is as often a sentence citing it ("In III.6.1.1 the player
	// ...") as the name of the rule.
	if c.lab.prefix != "" {
		t.bare = chainPrefixed
	}
	// A numbering that starts again (1, 2, 3 after 1 ... 71) costs a
	// restart, unless it is a division's own (restartedDivisions: it
	// starts again under a heading of its own): then it is a second
	// numbering, which the document's structure goes on into.
	best := ch.best
	restart := chainRestart
	if best.at >= 0 && c.lab.div != 0 && c.lab.div != ch.cands[best.at].lab.div && allFirst(t.comps) {
		restart = 0
	}
	if best.at >= 0 && best.score-restart+1 > t.n.score {
		t.n = chainNode{score: best.score - restart + 1, prev: best.at}
	}
	t.n.score -= t.bare
	if best.at >= 0 && best.score-restart+1-t.bare > t.n.score {
		t.n = chainNode{score: best.score - restart + 1 - t.bare, prev: best.at}
	}
}

// try takes the chain ref ends (where ok) as t's predecessor, with the
// step's weight w, where that scores better.
func (ch *chainer) try(t *chainStep, ref scoreRef, ok bool, w float64, hole bool) {
	if !ok {
		return
	}
	p, c := &ch.cands[ref.at], &ch.cands[t.j]
	// The numberings of two divisions (rules, then procedures) are
	// apart: a label succeeds only a label of its own division, though
	// it may be the child of another's ("3 Procedures", then 3.1).
	if p.lab.div != c.lab.div && len(t.comps) <= len(p.lab.comps) {
		return
	}
	if ch.forms[ref.at] != ch.forms[t.j] && len(p.lab.comps) == len(t.comps) {
		w -= chainSwitch
	}
	// A list item's children are in its list, not after it: "1." of a
	// list in the preface is not the parent of a "1.1" paragraph after
	// the list.
	if len(t.comps) > len(p.lab.comps) && ch.bs[p.block].depth > ch.bs[c.block].depth {
		w -= chainSwitch
	}
	if ref.score+w-t.bare > t.n.score {
		t.n = chainNode{score: ref.score + w - t.bare, prev: ref.at, hole: hole}
	}
}

// siblings tries the chains that end at a descendant of p+prev(c_k),
// for each number c_k of t's label may follow (a hole where it skips
// some).
func (ch *chainer) siblings(t *chainStep, p string, k int) {
	for h, pc := range t.comps[k].appendPrevs(ch.pbuf[:0], chainHoles) {
		var id int32
		var ok bool
		switch {
		case p == "" && pc.kind == compNum:
			id, ok = ch.ids.num(pc.n, &ch.kbuf)
		case p == "":
			id, ok = ch.ids.get(pc.s)
		default:
			ch.kbuf = append(append(ch.kbuf[:0], p...), '.')
			ch.kbuf = pc.appendKey(ch.kbuf)
			id, ok = ch.ids.getBytes(ch.kbuf)
		}
		if !ok {
			continue // no chain ends there
		}
		w := 1.0
		if h > 0 {
			w = 1 - chainHole*float64(h)
		}
		ref, ok := ch.prefix.get(id)
		ch.try(t, ref, ok, w, h > 0)
		if ch.several {
			ref, ok = ch.prefixSame[formKey{ch.forms[t.j], id}]
			ch.try(t, ref, ok, w, h > 0)
		}
	}
}

// child tries the chains that end at p itself, t's label being its
// child: the first, or a later one when the first ones are missing (a
// hole).
func (ch *chainer) child(t *chainStep, p string, k int) {
	id, ok := ch.ids.get(p)
	first := t.comps[k].first()
	if h := t.comps[k].n - 1; !ok || !first && (h <= 0 || h > chainHoles) {
		return
	}
	w := 1.0
	if !first {
		w = 1 - chainHole*float64(t.comps[k].n-1)
	}
	ref, ok := ch.exact.get(id)
	ch.try(t, ref, ok, w, !first)
	if ch.several {
		ref, ok = ch.exactSame[formKey{ch.forms[t.j], id}]
		ch.try(t, ref, ok, w, !first)
	}
	// The best parent at each list depth the child may sit under: not
	// only the best-scoring one, which may be a list item the child lies
	// outside of.
	depth := ch.bs[ch.cands[t.j].block].depth
	for e := ch.exactDepth.first[id]; e >= 0 && int(ch.exactDepth.entries[e].depth) <= depth; e = ch.exactDepth.entries[e].next {
		ch.try(t, ch.exactDepth.entries[e].ref, true, w, !first)
	}
}

// inserted tries, for a run of articles inserted after one (3bis,
// 3ter), a label of the run before it, kept under its run key, or its
// number after that number's own children (3, 3.1, 3.2, then 3bis): an
// article inserted after 3 comes after all of 3.
func (ch *chainer) inserted(t *chainStep, full, run string) {
	if id, ok := ch.ids.get(run); ok {
		if ref, ok := ch.exact.get(id); ok && !sameComps(ch.cands[ref.at].lab.comps, t.comps) {
			ch.try(t, ref, true, 1, false)
		}
	}
	if id, ok := ch.ids.get(full[:ch.ends[len(t.comps)-2]]); ok {
		if ref, ok := ch.prefix.get(id); ok && !sameComps(ch.cands[ref.at].lab.comps, t.comps) {
			ch.try(t, ref, true, 1, false)
		}
	}
}

// record keeps t's chain as the best ending at each key its label ends
// (full's prefixes, and its run key), where it scores no less.
func (ch *chainer) record(t chainStep, full, run string) {
	me := scoreRef{t.n.score, t.j}
	if run != "" {
		ch.exact.keep(ch.intern(run), me)
	}
	var id int32
	for _, e := range ch.ends {
		id = ch.intern(full[:e])
		ch.prefix.keep(id, me)
		if ch.several {
			keep(ch.prefixSame, formKey{ch.forms[t.j], id}, me)
		}
	}
	ch.exact.keep(id, me) // id is full's
	if ch.several {
		keep(ch.exactSame, formKey{ch.forms[t.j], id}, me)
	}
	ch.exactDepth.keep(id, int32(ch.bs[ch.cands[t.j].block].depth), me)
	if ch.best.at < 0 || t.n.score >= ch.best.score {
		ch.best = me
	}
}

// bestPath is the best chain, first to last: counted, then written from
// its end (grown by appending, a million steps were copied over and
// over).
func (ch *chainer) bestPath() []int {
	steps := 0
	for j := ch.best.at; j >= 0; j = ch.nodes[j].prev {
		steps++
	}
	path := make([]int, steps)
	for j := ch.best.at; j >= 0; j = ch.nodes[j].prev {
		steps--
		path[steps] = j
	}
	return path
}

// enumerations marks the steps of path that are an enumeration inside
// an item, not items: a run that restarts the numbering and after which
// the numbering goes on from the item before it (6.3.2, then 1 ... 8,
// then 6.3.2a).
func enumerations(nodes []chainNode, cands []candidate, path []int) []bool {
	restart := func(p int) bool {
		return p > 0 && !nodes[path[p]].hole && cands[path[p-1]].lab.div == cands[path[p]].lab.div && !follows(cands[path[p-1]].lab.comps, cands[path[p]].lab.comps, 0)
	}
	out := make([]bool, len(path))
	for p := 1; p < len(path); p++ {
		if !restart(p) {
			continue
		}
		for q := p + 1; q < len(path); q++ {
			if restart(q) {
				if follows(cands[path[p-1]].lab.comps, cands[path[q]].lab.comps, chainHoles) {
					for r := p; r < q; r++ {
						out[r] = true
					}
					p = q
				}
				break
			}
		}
	}
	return out
}

// emit is chainPrev's answer for the chain path but its steps out: for
// each candidate whether it is in, and the one it follows; the holes
// and restarts between them go to st.
func (ch *chainer) emit(path []int, out []bool, st *structure) (in []bool, prevs []int) {
	cands := ch.cands
	in = make([]bool, len(cands))
	prevs = make([]int, len(cands))
	for j := range prevs {
		prevs[j] = -1
	}
	prev := -1
	for p, j := range path {
		if out[p] {
			continue
		}
		in[j] = true
		prevs[j] = prev
		if prev >= 0 {
			a, b := cands[prev].lab.comps, cands[j].lab.comps
			switch {
			case ch.nodes[j].hole && ch.nodes[j].prev == prev:
				st.holes = append(st.holes, cands[prev].lab.printed+" -> "+cands[j].lab.printed)
			case !follows(a, b, 0) && follows(a, b, chainHoles):
				st.holes = append(st.holes, cands[prev].lab.printed+" -> "+cands[j].lab.printed)
			case !follows(a, b, 0) && !newList(cands[prev], cands[j], ch.bs):
				st.restarts = append(st.restarts, cands[j].lab.printed+" after "+cands[prev].lab.printed)
			}
		}
		prev = j
	}
	return in, prevs
}
