package ingest

import (
	"fmt"
	"slices"

	"github.com/rulesync/rulesync/corpus"
)

// The numbering chain: which labels of a document follow one another as
// one numbering does, chosen by dynamic programming over the labels in
// document order, with the weights of its score.

// Weights of the chain's score. A label scores 1; a step that skips
// numbers scores less for each skipped one; a chain that starts with a
// label other than a first one (1, 1.1, A) starts lower; a restart (a
// second run of numbers that succeeds nothing before it) costs
// chainRestart, so that a stray run of two or three numbers inside the
// text ("1. ... 2. ... 3.") is not taken for rules.
const (
	chainHole     = 0.6
	chainHoles    = 2 // at most this many numbers skipped in one step
	chainRestart  = 4.5
	chainOddFirst = 1.5
	chainPrefixed = 0.05
	// chainSwitch is what a step between siblings that print different
	// words around their numbers costs ("2." then "Artículo 3"): one
	// numbering prints one form at one level, while a child may print
	// another than its parent ("Article 1", then "1.1").
	chainSwitch = 0.5
)

// chain returns, for each candidate, whether it is part of the best
// numbering chain, and the structure's holes and restarts.
func chain(cands []candidate, bs []block, st *structure) []bool {
	in, _ := chainPrev(cands, bs, st)
	return in
}

// chainPrev is chain, with the candidate each candidate of the chain
// follows in it (-1 for its first, and for a candidate outside it).
func chainPrev(cands []candidate, bs []block, st *structure) (in []bool, prevs []int) {
	nodes := make([]chainNode, len(cands))
	// The keys the chains end at are numbered (ids) as they are first
	// kept, so that the maps below are keyed by small numbers, and
	// prefix and exact are slices. A key no chain ends at has no id:
	// looked up, it is absent from all of them, as it was from maps
	// keyed by the key itself. The keys kept are prefixes of the
	// candidates' keys, made once per candidate (full, below); the keys
	// looked up are written into kbuf, and ids[string(kbuf)] copies
	// nothing.
	ids := newKeyIDs(cands)
	// The best chain ending at a key at each list depth (by key id).
	exactDepth := depthRefs{first: make([]int32, 0, len(cands)), entries: make([]depthRef, 0, len(cands))}
	// Room for a key a candidate, the most there are where labels have
	// one component: grown by appending, they were copied over and over.
	prefix, exact := make(keyRefs, 0, len(cands)), make(keyRefs, 0, len(cands))
	intern := func(k string) int32 {
		id, ok := ids.add(k, int32(len(prefix)))
		if !ok {
			prefix = append(prefix, scoreRef{at: -1})
			exact = append(exact, scoreRef{at: -1})
			exactDepth.grow()
		}
		return id
	}
	var kbuf []byte
	best := scoreRef{score: 0, at: -1}
	var pbuf [2 * (1 + chainHoles)]comp
	// Each candidate's form, numbered once: the scan compares it at
	// every candidate it tries.
	forms := make([]int32, len(cands))
	formIDs := map[printedForm]int32{}
	for j, c := range cands {
		f := c.form(bs)
		id, ok := formIDs[f]
		if !ok {
			id = int32(len(formIDs))
			formIDs[f] = id
		}
		forms[j] = id
	}
	// The same, for labels of one printed form (keyed by form and key):
	// the best chain of one form is kept even where another form's scores
	// higher. Where all print one form, these are prefix and exact
	// themselves, whose tries change nothing: not made (two maps of a
	// million keys).
	var prefixSame, exactSame map[formKey]scoreRef
	several := len(formIDs) > 1
	if several {
		prefixSame = make(map[formKey]scoreRef, len(cands))
		exactSame = make(map[formKey]scoreRef, len(cands))
	}
	var ends []int // the end in full of each prefix key
	for j, c := range cands {
		comps := c.lab.comps
		n := chainNode{prev: -1, score: 1}
		if !allFirst(comps) {
			n.score -= chainOddFirst
		}
		// Of two equal chains, the one of bare labels: a word before a
		// number is as often a sentence citing it ("In III.6.1.1 the
		// player ...") as the name of the rule.
		bare := 0.0
		if c.lab.prefix != "" {
			bare = chainPrefixed
		}
		// A numbering that starts again (1, 2, 3 after 1 ... 71) costs a
		// restart, unless it is a division's own (restartedDivisions: it
		// starts again under a heading of its own): then it is a second
		// numbering, which the document's structure goes on into.
		restart := chainRestart
		if best.at >= 0 && c.lab.div != 0 && c.lab.div != cands[best.at].lab.div && allFirst(comps) {
			restart = 0
		}
		if best.at >= 0 && best.score-restart+1 > n.score {
			n = chainNode{score: best.score - restart + 1, prev: best.at}
		}
		n.score -= bare
		if best.at >= 0 && best.score-restart+1-bare > n.score {
			n = chainNode{score: best.score - restart + 1 - bare, prev: best.at}
		}
		try := func(ref scoreRef, ok bool, w float64, hole bool) {
			if !ok {
				return
			}
			p := cands[ref.at]
			// The numberings of two divisions (rules, then procedures)
			// are apart: a label succeeds only a label of its own
			// division, though it may be the child of another's ("3
			// Procedures", then 3.1).
			if p.lab.div != c.lab.div && len(comps) <= len(p.lab.comps) {
				return
			}
			if forms[ref.at] != forms[j] && len(p.lab.comps) == len(comps) {
				w -= chainSwitch
			}
			// A list item's children are in its list, not after it: "1."
			// of a list in the preface is not the parent of a "1.1"
			// paragraph after the list.
			if len(comps) > len(p.lab.comps) && bs[p.block].depth > bs[c.block].depth {
				w -= chainSwitch
			}
			if ref.score+w-bare > n.score {
				n = chainNode{score: ref.score + w - bare, prev: ref.at, hole: hole}
			}
		}
		// The key of comps[:k] is full[:ends[k-1]] (joinComps).
		full := c.lab.key()
		ends = ends[:0]
		for k, e := 0, 0; k < len(comps); k++ {
			if k > 0 {
				e++ // the dot
			}
			e += len(comps[k].s)
			ends = append(ends, e)
		}
		// comps = P + [c_k] + F, with F zero to two first values: the
		// label follows a descendant of P+prev(c_k) (a sibling), or P
		// itself when c_k is first (a child).
		for k := len(comps) - 1; k >= 0 && len(comps)-1-k <= 2; k-- {
			if k < len(comps)-1 && !comps[k+1].first() {
				break
			}
			p := ""
			if k > 0 {
				p = full[:ends[k-1]]
			}
			for h, pc := range comps[k].appendPrevs(pbuf[:0], chainHoles) {
				var id int32
				var ok bool
				switch {
				case p == "" && pc.kind == compNum:
					id, ok = ids.num(pc.n, &kbuf)
				case p == "":
					id, ok = ids.get(pc.s)
				default:
					kbuf = append(append(kbuf[:0], p...), '.')
					kbuf = pc.appendKey(kbuf)
					id, ok = ids.getBytes(kbuf)
				}
				if !ok {
					continue // no chain ends there
				}
				w := 1.0
				if h > 0 {
					w = 1 - chainHole*float64(h)
				}
				ref, ok := prefix.get(id)
				try(ref, ok, w, h > 0)
				if several {
					ref, ok = prefixSame[formKey{forms[j], id}]
					try(ref, ok, w, h > 0)
				}
			}
			if p != "" {
				// A child: the first, or a later one when the first ones
				// are missing (a hole).
				id, ok := ids.get(p)
				if h := comps[k].n - 1; ok && (comps[k].first() || h > 0 && h <= chainHoles) {
					w := 1.0
					if !comps[k].first() {
						w = 1 - chainHole*float64(h)
					}
					ref, ok := exact.get(id)
					try(ref, ok, w, !comps[k].first())
					if several {
						ref, ok = exactSame[formKey{forms[j], id}]
						try(ref, ok, w, !comps[k].first())
					}
					// The best parent at each list depth the child may sit
					// under: not only the best-scoring one, which may be
					// a list item the child lies outside of.
					for e := exactDepth.first[id]; e >= 0 && int(exactDepth.entries[e].depth) <= bs[c.block].depth; e = exactDepth.entries[e].next {
						try(exactDepth.entries[e].ref, true, w, !comps[k].first())
					}
				}
			}
		}
		// A run of articles inserted after one (3bis, 3ter): the label
		// follows one of the run before it, kept under its run key, or
		// its number after that number's own children (3, 3.1, 3.2,
		// then 3bis): an article inserted after 3 comes after all of 3.
		run := suffixRunKey(full, ends, comps)
		if run != "" {
			if id, ok := ids.get(run); ok {
				if ref, ok := exact.get(id); ok && !sameComps(cands[ref.at].lab.comps, comps) {
					try(ref, true, 1, false)
				}
			}
			if id, ok := ids.get(full[:ends[len(comps)-2]]); ok {
				if ref, ok := prefix.get(id); ok && !sameComps(cands[ref.at].lab.comps, comps) {
					try(ref, true, 1, false)
				}
			}
		}
		nodes[j] = n
		me := scoreRef{n.score, j}
		if run != "" {
			exact.keep(intern(run), me)
		}
		var id int32
		for _, e := range ends {
			id = intern(full[:e])
			prefix.keep(id, me)
			if several {
				keep(prefixSame, formKey{forms[j], id}, me)
			}
		}
		exact.keep(id, me) // id is full's
		if several {
			keep(exactSame, formKey{forms[j], id}, me)
		}
		exactDepth.keep(id, int32(bs[c.block].depth), me)
		if best.at < 0 || n.score >= best.score {
			best = me
		}
	}
	// The best chain, first to last: counted, then written from its end
	// (grown by appending, a million steps were copied over and over).
	steps := 0
	for j := best.at; j >= 0; j = nodes[j].prev {
		steps++
	}
	path := make([]int, steps)
	for j := best.at; j >= 0; j = nodes[j].prev {
		steps--
		path[steps] = j
	}
	// A run that restarts the numbering and after which the numbering
	// goes on from the item before it (6.3.2, then 1 ... 8, then 6.3.2a)
	// is an enumeration inside that item, not items.
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
			switch {
			case nodes[j].hole && nodes[j].prev == prev:
				st.holes = append(st.holes, cands[prev].lab.printed+" -> "+cands[j].lab.printed)
			case !follows(cands[prev].lab.comps, cands[j].lab.comps, 0) && follows(cands[prev].lab.comps, cands[j].lab.comps, chainHoles):
				st.holes = append(st.holes, cands[prev].lab.printed+" -> "+cands[j].lab.printed)
			case !follows(cands[prev].lab.comps, cands[j].lab.comps, 0) && !newList(cands[prev], cands[j], bs):
				st.restarts = append(st.restarts, cands[j].lab.printed+" after "+cands[prev].lab.printed)
			}
		}
		prev = j
	}
	return in, prevs
}

// chainSchemes chains the labels of each suffix apart ("1a)" and
// "1a+)"): labels with a suffix number a commentary on the items the bare
// labels number (WCA guidelines on regulations), a scheme of its own
// beside theirs, whose labels succeed one another and not the bare ones.
// The labels of each division (lab.div: restartedDivisions) are chained
// apart too.
func chainSchemes(cands []candidate, bs []block, st *structure) []bool {
	// A scheme is a suffix and a division; the labels of one, in order.
	type scheme struct {
		suffix string
		div    int
	}
	groups := map[scheme][]int{}
	var order []scheme
	// Most labels are of the scheme of the label before: one look, and
	// the index of all of them is made only where there are two.
	var first scheme
	for j, c := range cands {
		g := scheme{c.lab.suffix(), c.lab.div}
		if j == 0 {
			first = g
		}
		if g == first && len(order) == 0 {
			continue
		}
		if len(order) == 0 {
			order = append(order, first)
			groups[first] = make([]int, j)
			for k := range j {
				groups[first][k] = k
			}
		}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], j)
	}
	if len(order) <= 1 {
		return chain(cands, bs, st)
	}
	in := make([]bool, len(cands))
	for _, g := range order {
		idx := groups[g]
		sub := make([]candidate, len(idx))
		for k, j := range idx {
			sub[k] = cands[j]
		}
		got := chain(sub, bs, st)
		// A division's numbering is two labels or more: one label under
		// a heading is a number its text cites.
		if sub[0].lab.div > 0 && count(got) < 2 {
			continue
		}
		for k, ok := range got {
			in[idx[k]] = ok
		}
	}
	return in
}

// listsAsText returns, for a numbered document, the lists that start
// again at 1 right under a heading and that the numbering leaves as that
// heading's text (a restart three or four items do not outweigh): "1-3
// under \"Anexos\" (line 12)". They are a second numbering as often as
// a list in a text, so the user is told.
func listsAsText(bs []block, cands []candidate, in []bool) []string {
	if count(in) < 3 {
		return nil
	}
	var out []string
	for j := 0; j < len(cands); j++ {
		c := cands[j]
		if in[j] || !allFirst(c.lab.comps) || len(c.lab.comps) != 1 {
			continue
		}
		h := c.block - 1
		for h >= 0 && bs[h].chrome != "" {
			h--
		}
		if h < 0 || bs[h].kind != blockHeading || markedNumber(bs[h].text) != nil {
			continue // (under a heading an id marker numbers: its parts)
		}
		// Under a heading the numbering numbers in another form, the
		// list is that item's parts ("Article 11", then "1." and "2.":
		// rule:11 parts 1, 2), not text left over: nothing to tell. In
		// the numbering's own form ("5. Anexos", then "1." to "3."), it
		// may as well be a numbering that starts again.
		if j > 0 && cands[j-1].block == h && in[j-1] && cands[j-1].lab.form() != c.lab.form() {
			continue
		}
		k := j
		for k+1 < len(cands) && !in[k+1] && cands[k+1].lab.form() == c.lab.form() && follows(cands[k].lab.comps, cands[k+1].lab.comps, 0) && !headingBetween(bs, cands[k].block, cands[k+1].block) {
			k++
		}
		if k == j {
			continue
		}
		where := fmt.Sprintf("%s-%s under %q", c.lab.printed, cands[k].lab.printed, clip(corpus.CleanLine(bs[h].text), 40))
		if bs[h].line > 0 {
			where += fmt.Sprintf(" (line %d)", bs[h].line)
		}
		out = append(out, where)
		j = k
	}
	return out
}

// runsAsText returns, for a numbered document, the runs of labels that
// start at 1 (or A, I) right before the numbering's first item or right
// after its last, with no heading between, that the numbering leaves
// as text: "1-3 (line 3), before 1 (line 7)". Two numberings that both
// start again with nothing between them are as often a list in the
// preamble or in the last item as a second numbering; where no printed
// word tells them apart (restartedDivisions), the user is told. A run
// after the numbering of another kind than its (letters after digits:
// "A:" to "D:" after rule 71) is the parts of its last item, and is not
// named.
func runsAsText(bs []block, cands []candidate, in []bool) []string {
	if count(in) < 3 {
		return nil
	}
	first, last := slices.Index(in, true), len(in)-1
	for !in[last] {
		last--
	}
	// at is where labels a to b are: "1-3 (line 3)".
	at := func(a, b candidate) string {
		s := a.lab.printed
		if b.block != a.block {
			s += "-" + b.lab.printed
		}
		if l := bs[a.block].line; l > 0 {
			s += fmt.Sprintf(" (line %d)", l)
		}
		return s
	}
	// A run right under a heading is listsAsText's.
	underHeading := func(c candidate) bool {
		h := c.block - 1
		for h >= 0 && bs[h].chrome != "" {
			h--
		}
		return h >= 0 && bs[h].kind == blockHeading
	}
	// run returns the end of the run of labels outside the numbering
	// that starts at j, printed alike and succeeding one another with
	// no heading between; j itself where it has no second label.
	run := func(j int) int {
		k := j
		for k+1 < len(cands) && !in[k+1] && cands[k+1].lab.form() == cands[j].lab.form() && follows(cands[k].lab.comps, cands[k+1].lab.comps, 0) && !headingBetween(bs, cands[k].block, cands[k+1].block) {
			k++
		}
		return k
	}
	var out []string
	for j := 0; j < first; j++ {
		if !allFirst(cands[j].lab.comps) {
			continue
		}
		k := run(j)
		if k+1 == first && k > j && !underHeading(cands[j]) && allFirst(cands[first].lab.comps) && !headingBetween(bs, cands[k].block, cands[first].block) {
			out = append(out, at(cands[j], cands[k])+", before "+at(cands[first], cands[first]))
		}
		j = k
	}
	if j := last + 1; j < len(cands) && allFirst(cands[j].lab.comps) && cands[j].lab.comps[0].kind == cands[last].lab.comps[0].kind && !headingBetween(bs, cands[last].block, cands[j].block) {
		if k := run(j); k > j && !underHeading(cands[j]) {
			out = append(out, at(cands[j], cands[k])+", after "+at(cands[last], cands[last]))
		}
	}
	return out
}

// headingBetween reports whether a heading (not furniture) lies between
// blocks a and b.
func headingBetween(bs []block, a, b int) bool {
	for i := a + 1; i < b; i++ {
		if bs[i].kind == blockHeading && bs[i].chrome == "" {
			return true
		}
	}
	return false
}

// twoRules reports whether a numbering of two is the document's: its
// only two labels, the first a first one (1, A, I) and the second its
// successor, printed alike ("Article 1." and "Article 2."). Three
// labels make a chain; two alone are one only when nothing else in the
// text looks like a label, since two numbers in a paragraph are as often
// a list inside it.
func twoRules(cands []candidate, in []bool) bool {
	if len(cands) != 2 || !in[0] || !in[1] {
		return false
	}
	a, b := cands[0].lab, cands[1].lab
	return allFirst(a.comps) && follows(a.comps, b.comps, 0) && a.form() == b.form() && a.term == b.term
}

// newList reports whether cur, which does not succeed prev, starts a
// numbering of its own rather than repeating one: it is a first label (1,
// A, I, 1.1) and either of another kind than prev's (appendices A, B
// after articles 1-12), of another division, or under a heading of its
// own (a second list).
func newList(prev, cur candidate, bs []block) bool {
	if !allFirst(cur.lab.comps) {
		return false
	}
	c, p := cur.lab.comps[0], prev.lab.comps[0]
	if c.kind != p.kind || cur.lab.prefix != prev.lab.prefix || cur.lab.div != prev.lab.div {
		return true
	}
	// "I" after letters other than "H" starts roman numerals.
	if c.kind == compUpper && c.s == "I" && p.s != "H" {
		return true
	}
	for i := prev.block + 1; i < cur.block; i++ {
		if bs[i].kind == blockHeading && bs[i].chrome == "" {
			return true
		}
	}
	return false
}

// follows reports whether b succeeds a: a sibling of a or of one of its
// ancestors, or a child, each possibly followed by up to two first
// values; with up to holes numbers skipped.
//
// It compares components, not their keys (joinComps), which it would
// have to make: a component's s is never empty and holds no dot, so two
// keys are equal, or one is the other's prefix up to a dot, exactly when
// their components are.
func follows(a, b []comp, holes int) bool {
	if suffixAfter(a, b) {
		return true
	}
	var buf [2 * (1 + chainHoles)]comp
	for k := len(b) - 1; k >= 0 && len(b)-1-k <= 2; k-- {
		if k < len(b)-1 && !b[k+1].first() {
			break
		}
		// b is P+[c_k]+F with P = b[:k]: a is under P+prev(c_k) (a
		// sibling), or is P itself when c_k may be its child.
		if len(a) < k || !sameComps(a[:k], b[:k]) {
			continue
		}
		if len(a) > k {
			for _, pc := range b[k].appendPrevs(buf[:0], holes) {
				if pc.keyIs(a[k].s) {
					return true
				}
			}
		}
		if h := b[k].n - 1; (b[k].first() || h > 0 && h <= holes) && k > 0 && len(a) == k {
			return true
		}
	}
	return false
}

// suffixRunKey is the key a label numbered by a suffix ("3bis":
// compSuffix) shares with the others of its number ("3bis", "3ter",
// "3quater"), under which chainPrev keeps the best chain ending at one
// of them: its parent's key and a dot, then a NUL no printed key
// holds. It is "" for any other label. full is comps's key, ends the
// ends of its prefixes' keys in it.
func suffixRunKey(full string, ends []int, comps []comp) string {
	last := len(comps) - 1
	if last < 1 || comps[last].kind != compSuffix {
		return ""
	}
	return full[:ends[last-1]] + ".\x00"
}

// suffixAfter reports whether b, numbered by a suffix of letters glued
// to its number ("3bis", "3ter"), follows a as an article inserted
// after that number follows the number's own (3.1, 3.2) or another of
// its inserted ones (3bis): a is under b's parent, and is not b. No
// word list says which suffix comes after which (bis, ter, quater), so
// any other suffix of the same number does. Where the run stands,
// between the number and the next, the succession decides: 3bis is 3's
// child, 4 follows any of 3's.
func suffixAfter(a, b []comp) bool {
	n := len(b)
	return n >= 2 && b[n-1].kind == compSuffix && len(a) >= n && sameComps(a[:n-1], b[:n-1]) &&
		(len(a) > n || a[n-1].s != b[n-1].s)
}

// sameComps reports whether a and b, of one length, have the same
// components (as their keys compare: by s).
func sameComps(a, b []comp) bool {
	for i := range a {
		if a[i].s != b[i].s {
			return false
		}
	}
	return true
}

func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

func allFirst(cs []comp) bool {
	for _, c := range cs {
		if !c.first() {
			return false
		}
	}
	return true
}
