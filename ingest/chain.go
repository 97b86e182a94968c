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
	ch := newChainer(cands, bs)
	for j := range cands {
		ch.add(j)
	}
	path := ch.bestPath()
	return ch.emit(path, enumerations(ch.nodes, cands, path), st)
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
