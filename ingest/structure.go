package ingest

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// The structure recognizer turns the blocks of any format into items. It
// knows no words of any language: it reads labels (label.go) at the start
// of blocks and keeps those that follow one another as a numbering does
// (1, 2, 3; 1a, 1b; 9.1 -> 9.2 -> 10.1; 3.6 -> 3.7.1), choosing the
// longest such chain by dynamic programming over the labels in document
// order. Where a source prints no numbers, its repeated structure is used
// instead: headings by level, and the items of ordered lists by their
// place in the list.

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

// structure is what the recognizer found, for the summary and the
// warnings.
type structure struct {
	schemes     map[string]int // label shapes ("1.1.1a", "Article 1") and their counts
	holes       []string       // steps that skipped numbers: "4.2 -> 4.4"
	restarts    []string       // labels that start a second run: "3.1 after 3.9.1"
	outOfOrder  []string       // labels read as items outside the succession
	duplicates  []string       // ids two items would share, with both places
	listsAsText []string       // lists starting at 1 under a heading, left as its text
	runs        runResult      // runs of headings that number themselves (numberRuns)
	textRunes   int            // runes of text in the blocks
	unexplained int            // labels like the numbering's left in the text
	chromeRunes int            // runes of text kept out as page furniture
	entries     int            // items of unnumbered entries (blockEntry)
	parts       int            // parts made of list items and titled paragraphs (listparts.go)
	// counts are the counts the layout prints that the items found
	// disagree with: "list \"Procedures\" says 22 entries; 21 found".
	counts []string
	// titlePage is set when headings before the first division were
	// read as a title page (titlePage): the document's title is its
	// first line.
	titlePage bool
}

type candidate struct {
	block int
	lab   label
}

// form is how a candidate's label is printed and laid out: its words
// (label.form) and the list depth of its block. Siblings of one
// numbering share it ("1." "2." "3." of an outer list, not "2." of an
// inner one then "3." of the outer).
func (c candidate) form(bs []block) printedForm {
	return printedForm{c.lab.prefix, c.lab.counter, c.lab.after, c.lab.kind, bs[c.block].depth}
}

// printedForm is a candidate's form: the fields label.form joins (none
// holds a NUL, so they are equal exactly when its strings are) and the
// list depth.
type printedForm struct {
	prefix, counter, after string
	kind                   corpus.Kind
	depth                  int
}

// startLabels are the labels that start items, by block: the label of
// block i at i, nil where it starts none. The slice may be shorter than
// the blocks (nil where none starts an item). The labels are shared, not
// to be changed. (A slice, not a map: it is asked at every block, and a
// map of labels, too large for its slots, allocated each label apart.)
type startLabels []*label

// at returns the label that starts block i, or nil.
func (s startLabels) at(i int) *label {
	if i < len(s) {
		return s[i]
	}
	return nil
}

// get returns a copy of the label that starts block i, if any.
func (s startLabels) get(i int) (label, bool) {
	if l := s.at(i); l != nil {
		return *l, true
	}
	return label{}, false
}

// has reports whether a label starts block i.
func (s startLabels) has(i int) bool { return s.at(i) != nil }

// count is the number of blocks that start items.
func (s startLabels) count() int {
	n := 0
	for _, l := range s {
		if l != nil {
			n++
		}
	}
	return n
}

type chainNode struct {
	score float64
	prev  int  // index into the candidates, -1 for a chain start
	hole  bool // the step from prev skipped numbers
}

type scoreRef struct {
	score float64
	at    int
}

// formKey and depthKey key chain's maps of the best chain ending at a
// label key (by its id in chain's ids) among the labels of one printed
// form (by its index in chain's forms), or at one list depth.
type (
	formKey struct {
		form, key int32
	}
	depthKey struct {
		depth int
		key   int32
	}
)

// keep records me as the best chain ending at k in m, where it scores
// no less than the one there.
func keep[K comparable](m map[K]scoreRef, k K, me scoreRef) {
	if r, ok := m[k]; !ok || me.score >= r.score {
		m[k] = me
	}
}

// keyRefs holds the best chain ending at each key, by key id; at < 0
// where none does.
type keyRefs []scoreRef

func (r keyRefs) get(id int32) (scoreRef, bool) { return r[id], r[id].at >= 0 }

// keep is the package's keep, for keyRefs.
func (r keyRefs) keep(id int32, me scoreRef) {
	if r[id].at < 0 || me.score >= r[id].score {
		r[id] = me
	}
}

// chain returns, for each candidate, whether it is part of the best
// numbering chain, and the structure's holes and restarts.
func chain(cands []candidate, bs []block, st *structure) []bool {
	nodes := make([]chainNode, len(cands))
	// The keys the chains end at are numbered (ids) as they are first
	// kept, so that the maps below are keyed by small numbers, and
	// prefix and exact are slices. A key no chain ends at has no id:
	// looked up, it is absent from all of them, as it was from maps
	// keyed by the key itself. The keys kept are prefixes of the
	// candidates' keys, made once per candidate (full, below); the keys
	// looked up are written into kbuf, and ids[string(kbuf)] copies
	// nothing.
	ids := make(map[string]int32, len(cands))
	var prefix, exact keyRefs
	intern := func(k string) int32 {
		id, ok := ids[k]
		if !ok {
			id = int32(len(prefix))
			ids[k] = id
			prefix = append(prefix, scoreRef{at: -1})
			exact = append(exact, scoreRef{at: -1})
		}
		return id
	}
	var kbuf []byte
	// The same, for labels of one printed form (keyed by form and key):
	// the best chain of one form is kept even where another form's scores
	// higher.
	prefixSame := make(map[formKey]scoreRef, len(cands))
	exactSame := make(map[formKey]scoreRef, len(cands))
	exactDepth := make(map[depthKey]scoreRef, len(cands)) // keyed by list depth and key
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
		// restart, unless it is of a kind of its own (a division that
		// names one, "Recommended Procedures"): then it is a second
		// numbering, which the document's structure goes on into.
		restart := chainRestart
		if best.at >= 0 && c.lab.kind != "" && c.lab.kind != cands[best.at].lab.kind && allFirst(comps) {
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
			// Numberings of two kinds (rules, then procedures) are apart:
			// a label succeeds only a label of its own kind, though it may
			// be the child of another's ("3 Procedures", then 3.1).
			if p.lab.kind != c.lab.kind && len(comps) <= len(p.lab.comps) {
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
				if p == "" {
					id, ok = ids[pc.s]
				} else {
					kbuf = append(append(append(kbuf[:0], p...), '.'), pc.s...)
					id, ok = ids[string(kbuf)]
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
				ref, ok = prefixSame[formKey{forms[j], id}]
				try(ref, ok, w, h > 0)
			}
			if p != "" {
				// A child: the first, or a later one when the first ones
				// are missing (a hole).
				id, ok := ids[p]
				if h := comps[k].n - 1; ok && (comps[k].first() || h > 0 && h <= chainHoles) {
					w := 1.0
					if !comps[k].first() {
						w = 1 - chainHole*float64(h)
					}
					ref, ok := exact.get(id)
					try(ref, ok, w, !comps[k].first())
					ref, ok = exactSame[formKey{forms[j], id}]
					try(ref, ok, w, !comps[k].first())
					// The best parent at each list depth the child may sit
					// under: not only the best-scoring one, which may be
					// a list item the child lies outside of.
					for d := 0; d <= bs[c.block].depth; d++ {
						ref, ok = exactDepth[depthKey{d, id}]
						try(ref, ok, w, !comps[k].first())
					}
				}
			}
		}
		nodes[j] = n
		me := scoreRef{n.score, j}
		var id int32
		for _, e := range ends {
			id = intern(full[:e])
			prefix.keep(id, me)
			keep(prefixSame, formKey{forms[j], id}, me)
		}
		exact.keep(id, me) // id is full's
		keep(exactSame, formKey{forms[j], id}, me)
		keep(exactDepth, depthKey{bs[c.block].depth, id}, me)
		if best.at < 0 || n.score >= best.score {
			best = me
		}
	}
	var path []int
	for j := best.at; j >= 0; j = nodes[j].prev {
		path = append(path, j)
	}
	slices.Reverse(path)
	// A run that restarts the numbering and after which the numbering
	// goes on from the item before it (6.3.2, then 1 ... 8, then 6.3.2a)
	// is an enumeration inside that item, not items.
	restart := func(p int) bool {
		return p > 0 && !nodes[path[p]].hole && cands[path[p-1]].lab.kind == cands[path[p]].lab.kind && !follows(cands[path[p-1]].lab.comps, cands[path[p]].lab.comps, 0)
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
	in := make([]bool, len(cands))
	prev := -1
	for p, j := range path {
		if out[p] {
			continue
		}
		in[j] = true
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
	return in
}

// chainSchemes chains the labels of each suffix apart ("1a)" and
// "1a+)"): labels with a suffix number a commentary on the items the bare
// labels number (WCA guidelines on regulations), a scheme of its own
// beside theirs, whose labels succeed one another and not the bare ones.
func chainSchemes(cands []candidate, bs []block, st *structure) []bool {
	groups := map[string][]int{}
	var order []string
	for j, c := range cands {
		g := c.lab.suffix + "\x00" + string(c.lab.kind) + "\x00" + strconv.Itoa(c.lab.div)
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], j)
	}
	if len(order) <= 1 {
		return chain(cands, bs, st)
	}
	in := make([]bool, len(cands))
	for _, suffix := range order {
		idx := groups[suffix]
		sub := make([]candidate, len(idx))
		for k, j := range idx {
			sub[k] = cands[j]
		}
		got := chain(sub, bs, st)
		// A numbering of a kind a heading named is two labels or more:
		// one label under "Glossary" is a number its text cites.
		if sub[0].lab.div > 0 && count(got) < 2 {
			continue
		}
		for k, ok := range got {
			in[idx[k]] = ok
		}
	}
	return in
}

// firstHeading returns base plus the index of the first heading of bs
// that is not furniture, where no entry stands before it (then the
// heading is a division after the first items, not the title), or -1.
func firstHeading(bs []block, base int) int {
	for i, b := range bs {
		switch {
		case b.chrome != "":
		case b.kind == blockHeading:
			return base + i
		case b.kind == blockEntry:
			return -1
		}
	}
	return -1
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
		if h < 0 || bs[h].kind != blockHeading {
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
// after articles 1-12) or under a heading of its own (a second list).
func newList(prev, cur candidate, bs []block) bool {
	if !allFirst(cur.lab.comps) {
		return false
	}
	c, p := cur.lab.comps[0], prev.lab.comps[0]
	if c.kind != p.kind || cur.lab.prefix != prev.lab.prefix || cur.lab.kind != prev.lab.kind {
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
				if a[k].s == pc.s {
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

// shapeComps is how shape prints a component of each kind. (A table: the
// map literal shape had was made anew for every component, 2% of a
// Markdown ingest.)
var shapeComps = [...]byte{compNum: '1', compLower: 'a', compUpper: 'A', compRoman: 'I'}

// shape is a label's scheme for the summary: "1.1.a", "A.1", "Article 1".
// It is written into a buffer of its own and copied once.
func (l label) shape() string {
	var buf [64]byte
	b := buf[:0]
	if l.counter != "" {
		b = append(b, l.ordinal...)
	} else if l.paren {
		b = append(b, '(')
	}
	if l.prefix != "" && l.joined {
		b = append(append(b, l.prefix...), '-')
	} else if l.prefix != "" {
		b = append(append(b, l.prefix...), ' ')
	}
	for i, c := range l.comps {
		switch {
		case i > 0 && i == len(l.comps)-1 && l.hyphen:
			b = append(b, '-')
		case i > 0:
			b = append(b, '.')
		}
		b = append(b, shapeComps[c.kind])
	}
	b = append(b, l.suffix...)
	if l.after != "" {
		b = append(append(b, ' '), l.after...)
	}
	if l.counter != "" {
		b = append(b, l.counter...)
	} else if l.paren {
		b = append(b, ')')
	}
	return string(b)
}

// signature is what a label's block looks like, apart from the label: a
// label outside the chain that looks like many inside it is an item out of
// sequence, not text. (A struct, where it was a string formatted of the
// same fields, equal exactly when they are.)
type signature struct {
	kind  blockKind
	level int
	lead  bool
	form  printedForm // the label's words and the block's list depth
	// kinds are the kinds of the label's components, a byte each
	// (appendKinds): a map lookup with string(kinds) copies nothing.
	kinds string
}

// appendKinds appends to b the kinds of l's components, a byte each.
func appendKinds(b []byte, l label) []byte {
	for _, c := range l.comps {
		b = append(b, byte(c.kind))
	}
	return b
}

// markup are the reasons for keeping a block out that say it is markup of
// the format, not text of the page: not counted as text dropped.
// A "title" block is the document's title, kept as its Title; a
// "contents" block repeats a heading printed after it (contents.go).
var markup = map[string]bool{"link target": true, "front matter": true, "table header": true, "version line": true, "title": true, "contents": true}

// recognize turns blocks into the items of d and returns what it found.
func recognize(bs []block, d *corpus.Document, partless func([]corpus.Item) []bool) *structure {
	st := &structure{schemes: map[string]int{}}
	// A block gives one candidate at most: room for all at once, where
	// growing the slice copied its labels (176 bytes each) five times
	// over in a Markdown rulebook whose blocks nearly all have labels.
	cands := make([]candidate, 0, len(bs))
	runInHeadings(bs)
	runningTitles(bs)
	markContents(bs)
	kinds, from := divisionKinds(bs)
	// In a document of entries the entries are the items: labels inside
	// them number their parts.
	entries := false
	for _, b := range bs {
		entries = entries || b.kind == blockEntry && b.chrome == ""
	}
	for i, b := range bs {
		if markup[b.chrome] {
			continue // not text: kept out, noted, and not counted
		}
		st.textRunes += utf8.RuneCountInString(b.text)
		if b.chrome != "" {
			st.chromeRunes += utf8.RuneCountInString(b.text)
			continue
		}
		if b.kind == blockCode || entries {
			continue
		}
		if b.ordinal > 0 {
			continue
		}
		if l, ok := readLabel(b.text); ok && !l.paren {
			if l.kind = namedKind(l.prefix); l.kind == "" {
				l.kind = kinds[i]
			}
			cands = append(cands, candidate{i, l})
		}
	}
	cands = applyRuns(bs, cands, kinds, st)
	wordsAfter(bs, cands)
	restartedDivisions(bs, cands, kinds, from)
	keyLabels(cands)
	in := chainKeyed(cands, bs, st)
	// A division heading opens a division only where labels of its
	// kind number items under it, or where the layout gives headings no
	// level (DOCX, PDF: a bold run-in heading that names the divisions
	// a short form leaves out); a "Glossary" of unnumbered terms in
	// Markdown stays a section.
	for j, c := range cands {
		if in[j] && c.lab.div > 0 {
			bs[c.lab.div-1].divided = true
		}
	}
	if count(in) < 3 {
		// Too few printed numbers to be the document's numbering: the
		// places of ordered lists' items (labels not printed) may be it,
		// with the printed ones (a list of rules 5-7, then 8 and 9 as
		// definition terms). Where printed numbers are the numbering,
		// lists stay relative to the item they are in ("2.1(3)"), and a
		// list inside a list item numbers within that item.
		var all []candidate
		next := 0 // the printed candidates, merged in block order
		for i, b := range bs {
			for next < len(cands) && cands[next].block < i {
				all = append(all, cands[next])
				next++
			}
			if b.ordinal > 0 && b.depth == 1 && b.chrome == "" && b.kind != blockCode {
				v := strconv.Itoa(b.ordinal)
				all = append(all, candidate{i, label{comps: []comp{{compNum, b.ordinal, v}}, printed: v, kind: kinds[i]}})
			}
		}
		all = append(all, cands[next:]...)
		st2 := &structure{schemes: st.schemes, textRunes: st.textRunes, chromeRunes: st.chromeRunes}
		if in2 := chain(all, bs, st2); count(in2) > count(in) {
			cands, in, st = all, in2, st2
		}
	}
	// Labels outside the chain whose blocks look like the chain's are
	// items out of sequence (a repeated or mistyped number).
	sigs := map[signature]int{}
	var kbuf []byte
	for j, c := range cands {
		if in[j] {
			b := bs[c.block]
			kbuf = appendKinds(kbuf[:0], c.lab)
			sigs[signature{b.kind, b.level, b.lead, c.form(bs), string(kbuf)}]++
		}
	}
	starts := make(startLabels, len(bs))
	numbered := 0
	for j, c := range cands {
		if in[j] {
			starts[c.block] = &cands[j].lab
			numbered++
			continue
		}
		b := bs[c.block]
		kbuf = appendKinds(kbuf[:0], c.lab)
		like := sigs[signature{b.kind, b.level, b.lead, c.form(bs), string(kbuf)}]
		if len(c.lab.comps) >= 2 && like >= 5 && (b.kind == blockHeading || b.lead || b.kind == blockItem) {
			starts[c.block] = &cands[j].lab
			where := c.lab.printed
			if b.line > 0 {
				where += fmt.Sprintf(" (line %d)", b.line)
			}
			st.outOfOrder = append(st.outOfOrder, where)
			numbered++
		} else if like > 0 {
			// Looks like the numbering's labels, yet is not part of it.
			st.unexplained++
		}
	}
	st.listsAsText = listsAsText(bs, cands, in)
	headings := 0
	for _, b := range bs {
		if b.kind == blockHeading && b.chrome == "" {
			headings++
		}
	}
	// A numbering that explains fewer blocks than the headings do is not
	// the document's structure: a list of three inside a text of headings.
	if numbered < 3 && !twoRules(cands, in) || numbered*2 < headings {
		starts, numbered = nil, 0
		st.holes, st.restarts, st.outOfOrder, st.listsAsText = nil, nil, nil, nil
	}
	if numbered > 0 {
		caller := bs
		bs, starts = unglue(bs, starts, st)
		bs, starts = unglueLists(bs, starts)
		// The blocks are the caller's where nothing was split, and
		// fromBlocks reads them again: the headings made and unmade
		// below are made in a copy.
		own := func() {
			if &bs[0] == &caller[0] {
				bs = slices.Clone(bs)
			}
		}
		if parts := partHeadings(bs, starts); len(parts) > 0 {
			own()
			for _, i := range parts {
				bs[i].kind, bs[i].level = blockHeading, 1
			}
		}
		if n := titlePage(bs, starts); n > 0 {
			own()
			st.titlePage = true
			for i := range bs[:n] {
				if bs[i].chrome == "" && bs[i].kind == blockHeading {
					bs[i].kind = blockPara
				}
			}
		}
	}
	build(bs, starts, d, st, partless)
	return st
}

// unglue finds the labels a conversion glued into the middle of the line
// before ("... may put the disc into play: 9.B.6.d.1. at the spot"):
// where the numbering has a hole between two items, a label inside the
// first one's text that succeeds it directly and is succeeded directly by
// the second fills the hole, and its text is split off as an item. A
// label anywhere else in a text is a citation and stays text.
//
// It returns bs and starts themselves where it splits no block, copies
// otherwise.
func unglue(bs []block, starts startLabels, st *structure) ([]block, startLabels) {
	var order []int
	for i, l := range starts {
		if l != nil {
			order = append(order, i)
		}
	}
	// The blocks are copied from the first split on (out, outStarts);
	// most documents have none, and then bs and starts are the result.
	var out []block
	var outStarts startLabels
	next := 0 // index in order of the next start after the current block
	var prev label
	seen := false // a start came: prev is its label
	filled := map[string]bool{}
	for i, b := range bs {
		lab := starts.at(i)
		if lab != nil {
			prev, seen = *lab, true
			next++
		}
		if !seen || next >= len(order) || follows(prev.comps, starts[order[next]].comps, 0) {
			if out != nil {
				out, outStarts = append(out, b), append(outStarts, lab)
			}
			continue
		}
		following := *starts[order[next]]
		at, glued, ok := gluedLabel(b.text, prev, following)
		if !ok || (i == order[next-1] && at <= prev.end) {
			if out != nil {
				out, outStarts = append(out, b), append(outStarts, lab)
			}
			continue
		}
		if out == nil {
			out = append(make([]block, 0, len(bs)+len(bs)/8), bs[:i]...)
			outStarts = append(make(startLabels, 0, cap(out)), starts[:i]...)
		}
		head, tail := b, b
		head.text = strings.TrimSpace(b.text[:at])
		tail.text = b.text[at:]
		tail.kind, tail.level, tail.lead, tail.bold, tail.anchor = blockPara, 0, false, false, ""
		out, outStarts = append(out, head), append(outStarts, fitted(lab, head.text))
		g := glued // its own variable, made only here: &glued would be made at every block
		out, outStarts = append(out, tail), append(outStarts, &g)
		filled[prev.printed+" -> "+following.printed] = true
	}
	// The holes the glued labels filled are holes no more.
	holes := st.holes[:0]
	for _, h := range st.holes {
		if !filled[h] {
			holes = append(holes, h)
		}
	}
	st.holes = holes
	if out == nil {
		return bs, starts
	}
	return out, outStarts
}

// gluedLabel finds in text, after a space, a label of two or more
// components with its punctuation that succeeds prev and that next
// succeeds; at is its byte offset.
func gluedLabel(text string, prev, next label) (at int, lab label, ok bool) {
	for i := 1; i < len(text); i++ {
		if i = afterSpace(text, i); i < 0 {
			break
		}
		l, ok := inlineLabel(text, i)
		if !ok || len(l.comps) < 2 {
			continue
		}
		if follows(prev.comps, l.comps, 0) && follows(l.comps, next.comps, 0) {
			return i, l, true
		}
	}
	return 0, label{}, false
}

// unglueLists splits off the sub-items a conversion ran into their
// parent's line ("9.C.5. ... the latest of: 9.C.5.a. eighty seconds ...;
// or 9.C.5.b. thirty seconds ..."): inside a numbered block, a run of two
// or more labels that are its label's first child and that child's
// successive siblings, each printed in full with its punctuation after a
// space, with the next numbered block succeeding the last of them. A
// single label, a label that is not a child, or one in parentheses is a
// citation and stays text; so is a run whose labels are numbered
// elsewhere. It returns bs and starts themselves where it splits no
// block, copies otherwise.
func unglueLists(bs []block, starts startLabels) ([]block, startLabels) {
	order := make([]int, 0, starts.count())
	keys := make(map[string]bool, cap(order))
	for i, l := range starts {
		if l != nil {
			order = append(order, i)
			keys[l.key()] = true
		}
	}
	// The blocks are copied from the first split on, as in unglue.
	var out []block
	var outStarts startLabels
	for n, i := range order {
		var next []comp
		if n+1 < len(order) {
			next = starts[order[n+1]].comps
		}
		lab, b := starts[i], bs[i]
		run := childRun(b.text, *lab, next, keys)
		switch {
		case out == nil && len(run) == 0:
			continue
		case out == nil:
			out = append(make([]block, 0, len(bs)+len(bs)/8), bs[:i]...)
			outStarts = append(make(startLabels, 0, cap(out)), starts[:i]...)
		default:
			from := order[n-1] + 1
			out = append(out, bs[from:i]...)
			outStarts = append(outStarts, starts[from:i]...) // nil: no starts between
		}
		outStarts = append(outStarts, lab)
		if len(run) == 0 {
			out = append(out, b)
			continue
		}
		head := b
		head.text = strings.TrimSpace(b.text[:run[0].at])
		out = append(out, head)
		outStarts[len(outStarts)-1] = fitted(lab, head.text)
		for k, g := range run {
			end := len(b.text)
			if k+1 < len(run) {
				end = run[k+1].at
			}
			tail := b
			tail.text = strings.TrimSpace(b.text[g.at:end])
			tail.kind, tail.level, tail.lead, tail.bold, tail.anchor = blockPara, 0, false, false, ""
			outStarts = append(outStarts, fitted(&run[k].lab, tail.text))
			out = append(out, tail)
		}
	}
	if out == nil {
		return bs, starts
	}
	out = append(out, bs[order[len(order)-1]+1:]...)
	return out, outStarts
}

// fitted returns lab, or where a split left text shorter than the label
// and the space after it ("RP-1 1.1. 1.2." split to "RP-1", its label
// ending after the space), a copy whose rest begins at the end of text:
// the label's end is an offset into its block's text, and a label read
// past the text's end made labelRest slice out of range.
func fitted(lab *label, text string) *label {
	if lab == nil || lab.end <= len(text) {
		return lab
	}
	l := *lab
	l.end = len(text)
	return &l
}

// partHeadings finds the lines of a second numbering that stand between
// the items ("CAPÍTULO I", ten articles, "CAPÍTULO II"), which are
// headings: paragraphs of at most three short lines (a label, a title),
// outside the numbering, whose labels succeed one another with items of
// the numbering between every two of them and after the last. They are
// the parts the items are in, and end the item before them. It returns
// their blocks (the caller makes them headings of level 1), or nil.
func partHeadings(bs []block, starts startLabels) []int {
	var rest []candidate
	for i, b := range bs {
		if starts.has(i) || b.kind != blockPara || b.chrome != "" || strings.Count(b.text, "\n") > 2 {
			continue
		}
		l, ok := readLabel(b.text)
		if !ok || l.paren {
			continue
		}
		short := true
		for t := range strings.SplitSeq(b.text[l.end:], "\n") {
			t = strings.TrimSpace(t)
			short = short && (t == "" || titleLike(t))
		}
		if !short {
			continue
		}
		rest = append(rest, candidate{i, l})
	}
	if len(rest) < 2 {
		return nil
	}
	in := chain(rest, bs, &structure{schemes: map[string]int{}})
	var parts []int
	for j, c := range rest {
		if in[j] {
			parts = append(parts, c.block)
		}
	}
	if len(parts) < 2 {
		return nil
	}
	// Items of the numbering between every two parts and after the last.
	for k, from := range parts {
		to := len(bs)
		if k+1 < len(parts) {
			to = parts[k+1]
		}
		items := false
		for i := from + 1; i < to && !items; i++ {
			items = starts.has(i)
		}
		if !items {
			return nil
		}
	}
	return parts
}

// gluedAt is a label found inside a block's text at byte offset at.
type gluedAt struct {
	at  int
	lab label
}

// childRun finds in text the run unglueLists splits off: parent's first
// child, then its successive siblings, every label new to keys, and next
// (the following numbered block's label, nil at the end) succeeding the
// last. It returns nil when there is no such run of two or more.
func childRun(text string, parent label, next []comp, keys map[string]bool) []gluedAt {
	var run []gluedAt
	want := len(parent.comps) + 1
	for i := max(parent.end, 1); i < len(text); i++ {
		if i = afterSpace(text, i); i < 0 {
			break
		}
		if !mayStartWith(text, i, parent.comps[0]) {
			continue
		}
		l, ok := inlineLabel(text, i)
		if !ok || len(l.comps) != want || l.paren || !sameComps(l.comps[:want-1], parent.comps) || keys[l.key()] {
			continue
		}
		last := l.comps[want-1]
		if len(run) == 0 && !last.first() {
			continue
		}
		if len(run) > 0 {
			prev := run[len(run)-1].lab.comps[want-1]
			if last.kind != prev.kind || last.n != prev.n+1 {
				continue
			}
		}
		run = append(run, gluedAt{i, l})
		i += l.end - 1
	}
	if len(run) < 2 || next != nil && !follows(run[len(run)-1].lab.comps, next, 2) {
		return nil
	}
	return run
}

// afterSpace returns the first offset from i on (i >= 1) that a space
// precedes, where alone inlineLabel may read a label, or -1 where none
// is within text: the offsets between, skipped, read none (the reading
// of a label, even one refused at its first byte, was a fiftieth of a
// Markdown ingest where gluedLabel tried every byte).
func afterSpace(text string, i int) int {
	j := strings.IndexByte(text[i-1:], ' ')
	if j < 0 || i+j >= len(text) {
		return -1
	}
	return i + j
}

// mayStartWith is false where inlineLabel(text, i) can read no label
// whose first component is c: inlineLabel reads from an ASCII digit or
// capital, and readCore's first component read from one starts with it
// (a number's normalized digits start with its first digit unless that
// is a zero; a letter or roman numeral with its first letter). So the
// byte at i is c's first, or a zero.
func mayStartWith(text string, i int, c comp) bool {
	return text[i] == c.s[0] || text[i] == '0'
}

// inlineLabel reads a label glued into a text at byte offset i: after a
// space, starting with a digit or a capital, printed with its
// punctuation and no word before it ("... play: 9.B.6.d.1. at the spot").
func inlineLabel(text string, i int) (label, bool) {
	if text[i-1] != ' ' || text[i] < '0' || text[i] > '9' && (text[i] < 'A' || text[i] > 'Z') {
		return label{}, false
	}
	// What readLabel reads there with no prefix word: text[i] is ASCII,
	// so no CJK label ("第12条") or circled number, and a prefix word is
	// all readLabel reads after readCore fails.
	l, ok := readCore(text[i:], 0)
	return l, ok && l.term != "" && l.prefix == ""
}

// open is an item being built, with what the hierarchy needs of it.
type open struct {
	item  int    // index in d.Items
	key   string // normalized label, "" when unnumbered
	level int    // heading level, for unnumbered headings
	depth int    // list depth, for list items
	path  []int  // outline place, for unnumbered items
	// entry: an unnumbered entry (blockEntry); preamble: the text of a
	// division after its entries.
	entry, preamble bool
}

// build makes the items: each start (a chain label), each unnumbered
// heading and each item of an ordered list opens an item; every other
// block is text of the item open before it.
func build(bs []block, starts startLabels, d *corpus.Document, st *structure, partless func([]corpus.Item) []bool) {
	numbered := starts.count()
	b := builder{d: d, st: st, partless: partless, numbered: numbered > 0, more: map[int][]string{}, links: map[int][]string{},
		counters: map[string]int{}, anchors: map[string]bool{}, headItem: -1, numbers: make(map[string]bool, numbered), divisions: map[int]bool{}}
	// Entries are the items of a document whose layout sets them apart:
	// the headings above them are its divisions, as above numbered items.
	headings := 0
	for _, bl := range bs {
		b.entries = b.entries || bl.kind == blockEntry && bl.chrome == ""
		if bl.kind == blockHeading && bl.chrome == "" {
			headings++
		}
	}
	if d.Items == nil {
		// Room for the items the starts and headings open, most of a
		// numbered document's: grown a doubling at a time, the list was
		// copied over and over.
		d.Items = make([]corpus.Item, 0, numbered+headings)
	}
	b.numbered = b.numbered || b.entries
	if b.entries {
		b.partWords = partWords(bs)
	}
	// Without a numbering, ordered lists are the rules where they hold
	// more items than there are headings (a contract of 5 and a list of
	// 10 under two headings); where headings are the rules and lists far
	// fewer (a style guide's rule with the order of its includes), a
	// list is content of the rule it is in, as the page renders it.
	if i := titleHeading(bs); i >= 0 && bs[i].kind == blockHeading {
		b.firstHeading = corpus.CleanLine(bs[i].text)
	}
	if !b.numbered {
		bs = termHeadings(bs)
		headings, listed := 0, 0
		for _, bl := range bs {
			switch {
			case bl.chrome != "":
			case bl.kind == blockHeading:
				headings++
			case bl.ordinal > 0 && bl.depth == 1:
				listed++
			}
		}
		b.listsInText = listed*2 < headings
	}
	b.kinds, _ = divisionKinds(bs)
	titled := titledForms(bs, starts)
	skip := -1 // a block taken as the title of the item before it
	for i, bl := range bs {
		if i == skip {
			continue
		}
		b.at, b.ids.line = i, bl.line
		switch lab, ok := starts.get(i); {
		case bl.chrome == "title":
		case bl.chrome != "":
			d.Notes = append(d.Notes, "dropped "+bl.chrome+": "+clip(corpus.CleanLine(bl.text), 120))
			if bl.count > 0 {
				b.pageCount = bl.count
			}
		case bl.kind == blockEntry:
			b.entry(bl)
		case ok:
			// A number alone on its line, then a short line and text
			// ("Article 1" / "Purpose" / "These rules ..."): the short
			// line is the title.
			if j, ok := titleBelow(bs, starts, i, lab); ok {
				bl.text += " " + bs[j].text
				skip = j
			}
			b.numberedItem(bl, lab, hasBody(bs, starts, i), titled[lab.form()])
		case bl.kind == blockHeading:
			b.heading(bl)
		case bl.ordinal > 0:
			b.listItem(bl)
		default:
			b.listPart(bl)
			if b.divisionText(bl) || b.entryPara(bl) {
				continue
			}
			if h := b.endLists(bl.nest); h >= 0 {
				b.more[h] = append(b.more[h], bl.text)
				if len(bl.links) > 0 {
					b.links[h] = append(b.links[h], bl.links...)
				}
				continue
			}
			b.text(bl.text)
		}
		if len(bl.links) > 0 && bl.chrome == "" && len(b.stack) > 0 {
			top := b.stack[len(b.stack)-1].item
			b.links[top] = append(b.links[top], bl.links...)
		}
	}
	b.finish()
}

// hasBody reports whether the block of a start is followed by text of
// its own: not another item's start, a heading or an entry.
func hasBody(bs []block, starts startLabels, i int) bool {
	for j := i + 1; j < len(bs); j++ {
		if bs[j].chrome != "" {
			continue
		}
		next := starts.has(j)
		// Text that goes on in lower case is the same sentence wrapped,
		// not the text under a title; an enumeration ("a) a warning;")
		// is text under it.
		if next || bs[j].kind == blockHeading || bs[j].kind == blockEntry || bs[j].ordinal != 0 {
			return false
		}
		if r, _ := utf8.DecodeRuneInString(bs[j].text); !unicode.IsLower(r) {
			return true
		}
		_, listed := readLabel(bs[j].text) // read only where it decides
		return listed
	}
	return false
}

// titledForms returns the numberings (by label form) whose items mostly
// print their titles on lines of their own: of three or more paragraphs
// that hold a label and one line with text after them, more than half a
// title line in bold.
func titledForms(bs []block, starts startLabels) map[string]bool {
	lines, titles := map[string]int{}, map[string]int{}
	for i, lab := range starts {
		if lab == nil {
			continue
		}
		bl := bs[i]
		rest := labelRest(bl, *lab)
		if bl.kind != blockPara || rest == "" || strings.Contains(rest, "\n") || !hasBody(bs, starts, i) {
			continue
		}
		f := lab.form()
		lines[f]++
		if bl.bold && runeLen(rest) <= maxTitleRunes {
			titles[f]++
		}
	}
	out := map[string]bool{}
	for f, n := range lines {
		out[f] = n >= 3 && titles[f]*2 > n
	}
	return out
}

// titleBelow reports whether the block after bs[i], whose label lab is
// all its text, is the item's title: one short line without sentence
// punctuation, a paragraph like bs[i], with a paragraph of text after it
// that starts no item, neither starting in lower case (a sentence
// wrapped after the number goes on in lower case).
func titleBelow(bs []block, starts startLabels, i int, lab label) (int, bool) {
	if strings.Trim(bs[i].text[lab.end:], " -–—:：.") != "" || bs[i].kind != blockPara || i+2 >= len(bs) {
		return 0, false
	}
	t, after := bs[i+1], bs[i+2]
	s1, s2 := starts.has(i+1), starts.has(i+2)
	ok := !s1 && !s2 && t.kind == blockPara && t.chrome == "" && t.depth == bs[i].depth &&
		!strings.Contains(t.text, "\n") && titleLike(t.text) && runeLen(t.text) <= 60 &&
		after.kind == blockPara && after.chrome == "" && after.ordinal == 0
	// A wrapped sentence goes on in lower case; a title and the text
	// after it each start their own.
	r1, _ := utf8.DecodeRuneInString(t.text)
	r2, _ := utf8.DecodeRuneInString(after.text)
	return i + 1, ok && !unicode.IsLower(r1) && !unicode.IsLower(r2)
}

// builder makes items of blocks in document order.
type builder struct {
	d  *corpus.Document
	st *structure
	// partless, when not nil, says which of the items the format reader
	// takes the parts of away after the recognizer (the WCA dialect's
	// regulations): findParts looks for none there.
	partless func([]corpus.Item) []bool
	numbered bool // the document has a numbering chain, or entries
	entries  bool // the document has entries (blockEntry)
	// listsInText: an ordered list inside an item is that item's text
	// ("1. ..." lines), not items of its own.
	listsInText bool
	headItem    int // the item of the last unnumbered heading; -1 none
	// firstHeading is the title of the title heading (titleHeading): the
	// document's title.
	firstHeading string
	numbers      map[string]bool // the numbers given so far
	divisions    map[int]bool    // the preambles of divisions of a kind (heading)
	stack        []open
	pre          []string // text before the first item
	// more holds the text blocks after an item's own, joined at the end:
	// appending to the item's text would copy it again for every block.
	more     map[int][]string
	links    map[int][]string // link destinations in each item's blocks
	heads    []inForce        // the headings in force, outermost first
	counters map[string]int   // outline counters by parent path
	anchors  map[string]bool
	// counted is the count the innermost heading in force prints of its
	// entries, with the entries found under it; nil when it prints none.
	counted *countClaim
	claims  []*countClaim
	// pageCount is the number of rules the page furniture says the
	// document has (a reading counter "0/71"); 0 when it says none.
	pageCount int
	ent       entryState      // the entry open
	partWords map[string]bool // the words of the entries' numbered part labels
	// listParts are the blocks of each item (by index in d.Items) that
	// may be its parts (listPart).
	listParts map[int][]block
	// kinds is the kind of the division each block is in (divisionKinds),
	// at the index of the block being built.
	kinds []corpus.Kind
	at    int
	ids   idState
	// lapsed is the unnumbered heading that numbered headings of its
	// own level follow (lapse), or nil.
	lapsed *inForce
}

// inForce is a heading in force, for the Section of the items under it.
type inForce struct {
	level int
	title string
	// frag is the heading's id without its prefix ("3", "_2"), which
	// qualifies a numbering that starts again under it (again).
	frag  string
	again bool
	// numbered: the heading prints a number.
	numbered bool
}

// kind is the kind the division the block being built is in names
// (divisionKinds), or "".
func (b *builder) kind() corpus.Kind { return b.kinds[b.at] }

// section is the title of the innermost heading in force above level (0:
// any).
func (b *builder) section(level int) string {
	for i := len(b.heads) - 1; i >= 0; i-- {
		if level == 0 || b.heads[i].level < level {
			return b.heads[i].title
		}
	}
	return ""
}

// enter makes a heading of the given level the innermost in force;
// numbered says it prints a number (lapse).
func (b *builder) enter(level int, title string, numbered bool) {
	b.lapse(level, numbered)
	for len(b.heads) > 0 && b.heads[len(b.heads)-1].level >= level {
		b.heads = b.heads[:len(b.heads)-1]
	}
	b.heads = append(b.heads, inForce{level: level, title: title, numbered: numbered})
}

func (b *builder) text(s string) {
	if len(b.stack) == 0 {
		b.pre = append(b.pre, s)
		return
	}
	i := b.stack[len(b.stack)-1].item
	b.more[i] = append(b.more[i], s)
}

func (b *builder) add(it corpus.Item, o open) {
	b.d.Items = append(b.d.Items, it)
	b.ids.lines = append(b.ids.lines, b.ids.line)
	o.item = len(b.d.Items) - 1
	b.stack = append(b.stack, o)
}

// numberedItem opens the item a chain label starts. A heading, a short
// line all in bold (without its final full stop), or a short line
// without sentence punctuation that text of its own follows (body) gives
// the item's title; where the items of its numbering mostly print such
// title lines (titled), a line of up to maxTitleRunes does. A bold run
// at the start of a longer block gives it too when text follows it: its
// first line, or its first sentence.
func (b *builder) numberedItem(bl block, lab label, body, titled bool) {
	key := lab.key()
	it := corpus.Item{Kind: corpus.KindRule, Number: labelNumber(lab)}
	// The kind: the one the label's word names ("RP-1"), else the one
	// the division heading in force names ("Recommended Procedures"),
	// else a rule. Items of a kind of their own are numbered apart.
	named := lab.kind
	if named != "" {
		it.Kind = named
	}
	// A second numbering that prints a word before its numbers ("Appendix
	// A" after rules 1-n) is apart from the first for nesting: "A.1" of
	// the first is not under "Appendix A". Its ids are not the word's:
	// the heading it restarts under qualifies them (giveID).
	// Letters joined to the number ("RP-1") are part of it, and stay in
	// its number and id where the bare number is taken.
	if lab.prefix != "" && named == "" && b.numbers[it.Number] {
		if lab.joined {
			it.Number = lab.prefix + "-" + it.Number
		}
		key = lab.prefix + "\x00" + key
	}
	if named == "" {
		b.numbers[it.Number] = true
	}
	for len(b.stack) > 0 && !strings.HasPrefix(key, b.stack[len(b.stack)-1].key+".") {
		b.stack = b.stack[:len(b.stack)-1]
	}
	rest := labelRest(bl, lab)
	b.st.schemes[lab.shape()]++
	switch {
	case bl.kind == blockHeading:
		it.Title = rest
		it.Section = b.section(bl.level)
		b.enter(bl.level, headingSection(lab, rest), true)
	case bl.kind == blockRow:
		// A row of cells: number, title, text; or number and text.
		cells := strings.Split(rest, "\t")
		it.Section = b.section(0)
		if len(cells) >= 2 && runeLen(cells[0]) <= maxTitleRunes {
			it.Title, it.Text = cells[0], strings.Join(cells[1:], "\n")
		} else {
			it.Text = strings.Join(cells, "\n")
		}
	case bl.bold && runeLen(rest) <= maxTitleRunes && !strings.Contains(rest, "\n"):
		it.Title = strings.TrimSpace(strings.TrimSuffix(rest, "."))
		it.Section = b.section(0)
	case titleLine(bl, rest, body, titled):
		// "12: Title" on a line of its own, its text on the lines below.
		it.Title = rest
		it.Section = b.section(0)
	default:
		it.Section = b.section(0)
		if t, body, ok := sentenceTitle(bl, lab, rest); ok {
			it.Title, it.Text = t, body
		} else if t, body, ok := leadTitle(bl, rest); ok {
			it.Title, it.Text = t, body
		} else if t, body, ok := parenTitle(rest, lab.end > 0 && !unicode.IsSpace(rune(bl.text[lab.end-1]))); ok {
			it.Title, it.Text = t, body
		} else {
			it.Text = rest
		}
	}
	b.numberID(&it, lab, bl.kind == blockHeading)
	b.add(it, open{key: key, depth: bl.depth})
}

// labelRest is the text of a numbered block after its label.
func labelRest(bl block, lab label) string {
	return strings.TrimLeft(strings.TrimSpace(bl.text[lab.end:]), "-–—:： ")
}

// titleLine reports whether rest, the text of a paragraph after its
// label, is a title on a line of its own: one line without sentence
// punctuation that text of the item's own follows (body), of at most 60
// runes, or of at most maxTitleRunes where the numbering's items mostly
// print such lines (titled).
func titleLine(bl block, rest string, body, titled bool) bool {
	limit := 60
	if titled {
		limit = maxTitleRunes
	}
	return body && bl.kind == blockPara && titleLike(rest) && runeLen(rest) <= limit && !strings.Contains(rest, "\n")
}

// sentenceTitle splits the text of a block that starts in bold after its
// label into its first sentence, the title, and the rest: "Rule 10:
// Breaking Tables, 2-Step Random Process. A 2-step random ...". The bold
// run must reach the sentence's end (its full stop may be plain), and the
// sentence be at most maxTitleRunes long.
func sentenceTitle(bl block, lab label, rest string) (title, text string, ok bool) {
	e := boldEnd(bl)
	if e == 0 || strings.Contains(rest, "\n") {
		return "", "", false
	}
	k := strings.Index(rest, ". ")
	if k <= 0 || runeLen(rest[:k]) > maxTitleRunes {
		return "", "", false
	}
	at := len(bl.text) - len(rest) + k // the full stop's offset in bl.text
	if e < at {
		return "", "", false
	}
	return strings.TrimSpace(rest[:k]), strings.TrimSpace(rest[k+1:]), true
}

// heading opens the item of an unnumbered heading: in a numbered
// document a section (kept only when it has text of its own: otherwise it
// lives on as the Section of the items under it); in an unnumbered one,
// an item numbered by its place in the outline, or named by its anchor.
func (b *builder) heading(bl block) {
	for len(b.stack) > 0 {
		top := b.stack[len(b.stack)-1]
		if top.key == "" && top.depth == 0 && !top.entry && !top.preamble && top.level < bl.level {
			break
		}
		b.stack = b.stack[:len(b.stack)-1]
	}
	title := corpus.CleanLine(bl.text)
	b.counted = nil
	if bl.count > 0 {
		b.counted = &countClaim{title: title, want: bl.count}
		b.claims = append(b.claims, b.counted)
	}
	// Every heading takes its place in the outline, divisions too: the
	// place names the sections that print no number ("sec:_2.1") and
	// qualifies a numbering that starts again under a heading.
	section := b.section(bl.level)
	var path []int
	if len(b.stack) > 0 {
		path = append(path, b.stack[len(b.stack)-1].path...)
	}
	pk := fmt.Sprint(path)
	b.counters[pk]++
	path = append(path, b.counters[pk])
	// A heading that names a kind of items ("2024 Recommended
	// Procedures") in a numbered document opens a division of them: its
	// words and the text under it are the division's preamble, and the
	// division is called by the kind's name as the heading prints it.
	// A heading the numbering goes on through, the document's title, or
	// a two-letter word opens none (divisionKinds, restartedDivisions).
	if kind, name := divisionName(corpus.CleanLine(headingName(bl))); b.numbered && !b.entries && kind != "" && !bl.through && title != b.firstHeading && (bl.divided || bl.level == 0) {
		b.enter(bl.level, name, false)
		b.heads[len(b.heads)-1].frag = corpus.OutlinePlace(path)
		b.add(corpus.Item{Kind: corpus.KindPreamble, Section: name, Text: title}, open{level: bl.level})
		b.headItem = len(b.d.Items) - 1
		b.divisions[b.headItem] = true
		return
	}
	it := corpus.Item{Kind: corpus.KindSection, Title: title, Section: section, ID: corpus.OutlineID(path)}
	if !b.numbered {
		it.Kind = corpus.KindItem
		if bl.term && b.kind() == corpus.KindDefinition {
			it.Kind = corpus.KindDefinition // a term under "Definitions"
		}
		it.ID = "item:" + joinInts(path)
		if a := anchorID(bl.anchor); a != "" && !b.anchors[a] {
			b.anchors[a] = true
			it.ID = "item:" + a
		}
	}
	b.enter(bl.level, title, false)
	b.heads[len(b.heads)-1].frag = corpus.OutlinePlace(path)
	b.add(it, open{level: bl.level, path: path})
	b.headItem = len(b.d.Items) - 1
}

// ordinalText is a list place as the list shows it: 3 as "3", "c", "C",
// "iii" or "III" (typ as block.ordinalType); letters past z, and places
// below 1, as digits.
func ordinalText(n int, typ byte) string {
	switch {
	case (typ == 'a' || typ == 'A') && n >= 1 && n <= 26:
		return string(rune(typ + byte(n-1)))
	case typ == 'I' && n >= 1:
		return toRoman(n)
	case typ == 'i' && n >= 1:
		return strings.ToLower(toRoman(n))
	}
	return strconv.Itoa(n)
}

// endLists closes the items opened by list items that text lying
// outside their list (nest, as block.nest) follows: the paragraph after a
// list belongs to the item or section the list is in, not to the list's
// last item. The document's first item stays open, so that no text moves
// before it; nest 0 (the format does not say) closes nothing. Where the
// list's items were all that was open, the text goes to the item of the
// heading above the list, whose index it returns (else -1).
func (b *builder) endLists(nest int) int {
	if nest == 0 {
		return -1
	}
	for len(b.stack) > 0 {
		top := b.stack[len(b.stack)-1]
		if top.depth == 0 || top.depth < nest {
			return -1
		}
		if len(b.stack) == 1 {
			if b.headItem >= 0 && b.headItem < top.item {
				return b.headItem
			}
			return -1
		}
		b.stack = b.stack[:len(b.stack)-1]
	}
	return -1
}

// listItem opens the item of an ordered list's item that prints no
// number: numbered by its place, under the item the list belongs to
// ("2.1(3)").
func (b *builder) listItem(bl block) {
	if b.listsInText && len(b.stack) > 0 {
		b.text(strings.Repeat("  ", bl.depth-1) + strconv.Itoa(bl.ordinal) + ". " + bl.text)
		return
	}
	for len(b.stack) > 0 && b.stack[len(b.stack)-1].depth >= bl.depth {
		b.stack = b.stack[:len(b.stack)-1]
	}
	parent := ""
	if len(b.stack) > 0 {
		parent = b.d.Items[b.stack[len(b.stack)-1].item].Number
	}
	num := ordinalText(bl.ordinal, bl.ordinalType)
	if parent != "" {
		num = parent + "(" + num + ")"
	}
	it := corpus.Item{Kind: corpus.KindRule, Number: num, Section: b.section(0)}
	if k := b.kind(); k != "" {
		it.Kind = k
	}
	if t, body, ok := leadTitle(bl, bl.text); ok {
		it.Title, it.Text = t, body
	} else {
		it.Text = bl.text
	}
	if parent == "" {
		// A list under a heading that prints no number: numbered by its
		// places, which start again under the next such heading.
		b.giveID(&it, "", bl.ordinal == 1, false, false)
	}
	b.add(it, open{key: "\x00", depth: bl.depth})
}

// finish joins the items' texts, adds the preamble, finds parts, and
// drops the section items of a numbered document that hold no text.
func (b *builder) finish() {
	d := b.d
	// A division's preamble without text of its own lives on as the
	// Section of the items under it, as an empty section does, where
	// that name is all its heading says: "Recommended procedures for
	// dealers" keeps its words.
	empty := map[int]bool{}
	for i := range b.divisions {
		empty[i] = len(b.more[i]) == 0 && corpus.CleanLine(d.Items[i].Text) == d.Items[i].Section
	}
	for i, ss := range b.more {
		it := &d.Items[i]
		if it.Text != "" {
			ss = append([]string{it.Text}, ss...)
		}
		it.Text = strings.Join(ss, "\n")
	}
	// An item's citations are in its text and, where the format has
	// links, in their destinations ("](regulations:regulation:2k)").
	for i, ls := range b.links {
		it := &d.Items[i]
		var dest strings.Builder
		for _, l := range ls {
			dest.WriteString("](" + l + ")\n")
		}
		it.Refs = selfless(corpus.Refs(it.Title+"\n"+it.Text+"\n"+dest.String()), it)
		if it.Refs == nil {
			it.Refs = []string{}
		}
	}
	b.makeListParts()
	// An empty section lives on as the Section of the items under it;
	// one that no item is under (a heading before a dropped list of
	// links) stays an item, or its words would be lost; the first
	// heading is the document's title.
	under := map[string]int{}
	for i := range d.Items {
		under[d.Items[i].Section]++
	}
	items := d.Items[:0]
	lines := b.ids.lines[:0]
	for i, it := range d.Items {
		if b.numbered && it.Kind == corpus.KindSection && it.Number == "" && it.Text == "" && (under[it.Title] > 0 || it.Title == b.firstHeading) {
			continue
		}
		if empty[i] && (under[it.Section] > 1 || it.Text == b.firstHeading) {
			continue
		}
		items = append(items, it)
		lines = append(lines, b.ids.lines[i])
	}
	d.Items = items
	b.checkCounts()
	if len(b.pre) > 0 {
		text := strings.Join(b.pre, "\n")
		d.Items = append([]corpus.Item{{Kind: corpus.KindPreamble, Text: text}}, d.Items...)
		lines = append([]int{0}, lines...)
	}
	// A numbered heading with numbered items under it and no text of its
	// own is a section. (Before the parts: an item without text has none.)
	for i := range d.Items {
		it := &d.Items[i]
		if !numberedKind(it.Kind) || it.Number == "" || i+1 >= len(d.Items) {
			continue
		}
		num := it.Number
		if n := d.Items[i+1].Number; strings.HasPrefix(n, num) && len(n) > len(num) && it.Text == "" && it.Title != "" {
			it.Kind, it.ID = corpus.KindSection, sectionID(it.ID)
		}
	}
	var partless []bool
	if b.partless != nil {
		partless = b.partless(d.Items)
	}
	findParts(d.Items, partless)
	b.st.duplicates = duplicateWarnings(d, lines)
}

// lineParts finds the numbered paragraphs of an item's text: lines that
// start with a label of one component, the first of its kind (1, a, A,
// (1)) and then each the next, the rest of the line and the lines up to
// the next one making its text ("Статья 2. Участники" with "1. ...",
// "2. ...", "3. ..."). Fewer than two is no enumeration; text before the
// first is the item's own, not a part.
func lineParts(text string) []corpus.Part {
	lines := strings.Split(text, "\n")
	type mark struct {
		line int
		lab  label
	}
	var seq []mark
	for i, ln := range lines {
		l, ok := readLabel(ln)
		circled := l.printed != "" && l.printed[0] >= 0x80 // "①"
		if !ok || len(l.comps) != 1 || l.prefix != "" || l.term == "" && !l.paren && !circled {
			continue
		}
		c := l.comps[0]
		if len(seq) == 0 {
			if c.first() {
				seq = append(seq, mark{i, l})
			}
			continue
		}
		p := seq[len(seq)-1].lab
		if c.kind == p.comps[0].kind && c.n == p.comps[0].n+1 && l.paren == p.paren && l.term == p.term {
			seq = append(seq, mark{i, l})
		}
	}
	if len(seq) < 2 {
		return nil
	}
	parts := make([]corpus.Part, len(seq))
	for k, m := range seq {
		end := len(lines)
		if k+1 < len(seq) {
			end = seq[k+1].line
		}
		body := append([]string{lines[m.line][m.lab.end:]}, lines[m.line+1:end]...)
		parts[k] = corpus.Part{Label: m.lab.comps[0].s, Text: strings.TrimSpace(strings.Join(body, "\n"))}
		if m.lab.printed != parts[k].Label {
			parts[k].Marker = strings.TrimSpace(lines[m.line][:m.lab.end]) // "３." read as 3
		}
	}
	return parts
}

// parenTitle reads the title a rule prints in parentheses right after its
// number ("제1조(목적) 이 규칙은 ...", "Article 1 (Purpose) These rules
// ..."): a short phrase with letters, without commas, that is no label of
// its own ("(a)", "(2)"), then the rule's text, which starts a sentence
// (a capital) unless the parenthesis is glued to the number. "(x, y)
// means ..." is notation, not a title.
func parenTitle(rest string, glued bool) (title, text string, ok bool) {
	open, close := "(", ")"
	if strings.HasPrefix(rest, "（") {
		open, close = "（", "）"
	} else if !strings.HasPrefix(rest, "(") {
		return "", "", false
	}
	inner, after, found := strings.Cut(rest[len(open):], close)
	inner, after = strings.TrimSpace(inner), strings.TrimSpace(after)
	if !found || after == "" || runeLen(inner) > 40 || strings.ContainsAny(inner, "\n,、，") ||
		!strings.ContainsFunc(inner, unicode.IsLetter) {
		return "", "", false
	}
	if r, _ := utf8.DecodeRuneInString(after); !glued && !unicode.IsUpper(r) {
		return "", "", false
	}
	if _, isLabel := readLabel(open + inner + close); isLabel {
		return "", "", false
	}
	return inner, after, true
}

// headingSection is the section name a numbered heading gives the items
// under it: its title, or its number when it has none.
func headingSection(l label, rest string) string {
	if rest != "" {
		return corpus.CleanLine(rest)
	}
	return l.printed
}

// labelNumber is the number an item prints, as printed (look-alike
// capitals and full-width digits normalized).
func labelNumber(l label) string {
	// labelRune maps every ASCII rune to itself or to 0: a label printed
	// in ASCII is its own number, and needs no copy.
	ascii := true
	for i := 0; i < len(l.printed) && ascii; i++ {
		ascii = l.printed[i] < utf8.RuneSelf
	}
	if ascii {
		return strings.TrimRight(l.printed, ".")
	}
	var b strings.Builder
	for _, r := range l.printed {
		if c := labelRune(r); c != 0 {
			b.WriteRune(c)
		} else {
			b.WriteRune(r)
		}
	}
	return strings.TrimRight(b.String(), ".")
}

// leadTitle splits a block whose text starts with a bold run into that
// run as title and the rest as text, when the run is short.
func leadTitle(b block, rest string) (title, text string, ok bool) {
	if !b.lead {
		return "", "", false
	}
	first, body, _ := strings.Cut(rest, "\n")
	if runeLen(first) > maxTitleRunes || body == "" {
		return "", "", false
	}
	return corpus.CleanLine(first), body, true
}

func joinInts(p []int) string {
	s := make([]string, len(p))
	for i, n := range p {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ".")
}

// clip returns s cut to its first n runes and "…", or s where it has no
// more. The first n runes are s as it stands where they are valid UTF-8 (a
// text's are): the runes of all of s were a copy four times its size
// (48 KB for the head of every document, identify).
func clip(s string, n int) string {
	i := 0
	for k := range s {
		if i == n {
			if utf8.ValidString(s[:k]) {
				return s[:k] + "…"
			}
			return string([]rune(s)[:n]) + "…" // bytes that are no UTF-8 read as U+FFFD
		}
		i++
	}
	return s
}

// summary is the one-line account of a recognized structure: items per
// kind, the numbering schemes, the coverage of the text.
func (st *structure) summary(d *corpus.Document) string {
	var sch []string
	for s, n := range st.schemes {
		sch = append(sch, fmt.Sprintf("%s ×%d", s, n))
	}
	sort.Strings(sch)
	scheme := "none (structure from headings and lists)"
	if len(sch) > 0 {
		scheme = strings.Join(sch, ", ")
	}
	return fmt.Sprintf("%s; numbering: %s; coverage %.1f%%", kindCounts(d), scheme, st.coverage())
}

func (st *structure) coverage() float64 {
	if st.textRunes == 0 {
		return 100
	}
	// build places every block that is not chrome in an item (text before
	// the first item in the preamble), so what is not covered is what was
	// dropped as chrome.
	return 100 * float64(st.textRunes-st.chromeRunes) / float64(st.textRunes)
}

// anchorID makes an id fragment of an element's id attribute: letters,
// digits and "._-+" kept, ":" and "/" made "." (a colon would read as the
// id's kind), anything else (spaces, quotes, markup) dropped.
// An anchor of digits and dots alone would read as an outline place, and
// gives "".
func anchorID(a string) string {
	var b strings.Builder
	letter := false
	for _, r := range a {
		switch {
		case unicode.IsLetter(r):
			letter = true
			b.WriteRune(r)
		case unicode.IsDigit(r) || strings.ContainsRune("._-+", r):
			b.WriteRune(r)
		case r == ':' || r == '/':
			b.WriteByte('.') // "rule:golden_rule" -> "rule.golden_rule"
		}
	}
	// An id's name opens with a letter, a digit or '_' (WellFormedID).
	name := strings.TrimLeft(b.String(), ".-+")
	if !letter || len(name) > 100 {
		return ""
	}
	return name
}

// kindCounts says how many items of each kind d has: "1 preamble, 71
// rule".
func kindCounts(d *corpus.Document) string {
	kinds := map[corpus.Kind]int{}
	for i := range d.Items {
		kinds[d.Items[i].Kind]++
	}
	var ks []string
	for k, n := range kinds {
		ks = append(ks, fmt.Sprintf("%d %s", n, k))
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// termHeadings makes the terms of definition lists headings of the text
// after them, one level below the heading they are under, where they are
// a document's repeated structure: it has no numbering (build's caller
// decides) and more terms than headings (a glossary page, where each
// term is an item; not a page of four rules with a list of three facts
// about it), or under a heading that names definitions ("Glossary").
// Terms one after another name one definition: one heading. Terms inside a document of many headings
// (a style guide's rule that defines three words) stay its text, as an
// ordered list in it does. It returns bs, changed in place.
func termHeadings(bs []block) []block {
	terms, headings := 0, 0
	for _, bl := range bs {
		switch {
		case bl.chrome != "":
		case bl.term:
			terms++
		case bl.kind == blockHeading:
			headings++
		}
	}
	if terms == 0 {
		return bs
	}
	// Under a heading that names definitions ("Glossary"), terms are
	// items whatever their count.
	kinds, _ := divisionKinds(bs)
	all := terms > headings
	level := 0
	out := bs[:0]
	for i, b := range bs {
		switch {
		case b.chrome != "":
		case b.term && !all && kinds[i] != corpus.KindDefinition:
		case b.term && len(out) > 0 && out[len(out)-1].term && out[len(out)-1].kind == blockHeading:
			// "Anchor" and "Hook" over one definition.
			out[len(out)-1].text += " / " + b.text
			continue
		case b.term:
			b.kind, b.level = blockHeading, min(level+1, 7)
		case b.kind == blockHeading:
			level = b.level
		}
		out = append(out, b)
	}
	return out
}

// titleHeading returns the index of the block that is the document's
// title: one its format marks as the title, else the heading of the top
// level among those before the first text (the <h1> after a sidebar's
// <h3>), else -1. A heading before it is an item of its own, not the
// title.
func titleHeading(bs []block) int {
	at, level := -1, 0
	for i, b := range bs {
		switch {
		case b.chrome == "title":
			return i
		case b.chrome != "":
		case b.kind != blockHeading:
			// The title stands before the text: a heading after it
			// ("# Appendix" at the end) is a division, not the title.
			// Where text comes first (a menu the page did not mark),
			// the first heading.
			if at < 0 {
				return firstHeading(bs[i:], i)
			}
			return at
		case at < 0 || b.level < level:
			at, level = i, b.level
		}
	}
	return at
}
