package ingest

import (
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Lists inside headings that number one another: "## Chapter 1" ..
// "## Chapter 10" (any word, or none: "## 1. Scope"; in plain text, a
// line "Chapter 1" of its own), each over a list that starts again at
// 1. The headings' numbers succeed one another and hold the lists; each
// list numbers within its heading's item, as the paragraphs of an
// article do, whatever its length. Left to the chain, a list of five
// items or more outweighs a restart (chainRestart), and the lists, run
// one after another, would take the numbering from the headings that
// hold them: ten chapters of six items would be 60 rules, the first six
// bare and the others qualified by their place (rule:_2_1), and no
// chapter an item; with lists of two to four, the chapters are the
// items and the lists their parts. Lists that go on across the
// headings (1..60 through ten chapters) do not start again under them:
// they are the numbering, and the headings its sections. Headings that
// print their numbers in words ("Chapter One", "Chapter Two") are
// numbered by their places where each holds such a list
// (numberHeldRuns), and hold their lists as numbered ones do.

// headedLists marks the labels (by candidate) of the lists held by
// headings that number one another, which the chains are to leave out:
// the headings' labels, chained alone, make a numbering (of two or
// more: headedNumbering), and under two of its headings or more a list
// starts again
// (headedRuns). It returns nil where it marks none. The headings' words
// are never looked at: only their labels, levels and places.
func headedLists(bs []block, cands []candidate) []bool {
	// First with every heading that prints a label, which costs no
	// chain: most documents have no two such headings over lists.
	if _, n := headedRuns(bs, cands, nil); n < 2 {
		return nil
	}
	var heads []candidate
	var at []int // heads' indices in cands
	for j, c := range cands {
		if headingLike(bs[c.block], c.lab) {
			heads = append(heads, c)
			at = append(at, j)
		}
	}
	hin := chain(heads, bs, &structure{schemes: map[string]int{}})
	if !headedNumbering(heads, hin) {
		return nil
	}
	chained := make([]bool, len(cands))
	for k, ok := range hin {
		chained[at[k]] = ok
	}
	marked, n := headedRuns(bs, cands, chained)
	if n < 2 {
		return nil
	}
	return marked
}

// headedNumbering reports whether the headings' labels the chain keeps
// (in) number one another: three or more, or two where the first is a
// first label (1, I, A) and the second its successor, with no number
// skipped. Two is the fewest that can say it: under one heading a list
// that starts at 1 is only a list, and it is the list starting again
// under the second heading, whose number follows the first's, that
// makes the headings the divisions the lists number within.
func headedNumbering(heads []candidate, in []bool) bool {
	var kept []label
	for k, ok := range in {
		if ok {
			kept = append(kept, heads[k].lab)
		}
	}
	switch {
	case len(kept) >= minRun:
		return true
	case len(kept) == 2:
		return allFirst(kept[0].comps) && follows(kept[0].comps, kept[1].comps, 0)
	}
	return false
}

// twoHeaded reports whether the labels the chain keeps (in) are two
// headings that number one another (headedNumbering), each over a list
// that starts at 1, printed or the places of an ordered list: the
// fewest headings that hold lists numbered within them. Three or more
// are a numbering of their own.
func twoHeaded(bs []block, cands []candidate, in []bool) bool {
	if count(in) != 2 {
		return false
	}
	var heads []candidate
	var at []int
	for j, ok := range in {
		if ok {
			heads = append(heads, cands[j])
			at = append(at, j)
		}
	}
	if !headedNumbering(heads, []bool{true, true}) {
		return false
	}
	for k, h := range heads {
		if !headingLike(bs[h.block], h.lab) || !listUnder(bs, cands, h.block, at[k]) {
			return false
		}
	}
	return true
}

// heldLists marks the headings of bs (by block; nil where none) that
// hold a list starting again under them (listUnder), whatever they
// print: with two or more, runs of headings that print no number the
// run reads are numbered by their places (numberHeldRuns).
func heldLists(bs []block, cands []candidate) []bool {
	var held []bool
	n := 0
	j := 0 // the first candidate after block i
	for i, b := range bs {
		if b.kind != blockHeading || b.chrome != "" {
			continue
		}
		for j < len(cands) && cands[j].block <= i {
			j++
		}
		if listUnder(bs, cands, i, j-1) {
			if held == nil {
				held = make([]bool, len(bs))
			}
			held[i] = true
			n++
		}
	}
	if n < minHeldRun {
		return nil
	}
	return held
}

// listUnder reports whether the first block after heading block i (cands
// after j are after it) that is not a heading's and starts a label or
// a place is a list's first: a printed first label (1, a, I) not a
// heading's, or an ordered list's first place.
func listUnder(bs []block, cands []candidate, i, j int) bool {
	j++
	for k := i + 1; k < len(bs); k++ {
		b := bs[k]
		if b.chrome != "" {
			continue
		}
		if b.kind == blockHeading {
			return false
		}
		for j < len(cands) && cands[j].block < k {
			j++
		}
		if j < len(cands) && cands[j].block == k {
			if headingLike(b, cands[j].lab) {
				return false
			}
			return allFirst(cands[j].lab.comps)
		}
		if b.ordinal > 0 && b.depth == 1 {
			return b.ordinal == 1
		}
	}
	return false
}

// outlineNumbers gives the headings whose labels the numbering (in)
// leaves out their labels as outline numbers (block.outline), where
// those labels, chained alone, number one another (headedNumbering):
// "## Chapter 1" .. "## Chapter 3" over rules 1-9 that go on through
// them, "CHAPTER 2" on a line of its own. Each names its section by the
// number it prints ("sec:2"), not by its place.
func outlineNumbers(bs []block, cands []candidate, in []bool) {
	var heads []candidate
	for j, c := range cands {
		if !in[j] && headingLike(bs[c.block], c.lab) && !c.lab.place() {
			heads = append(heads, c)
		}
	}
	if len(heads) < 2 {
		return
	}
	hin := chain(heads, bs, &structure{schemes: map[string]int{}})
	if !headedNumbering(heads, hin) {
		return
	}
	for k, ok := range hin {
		if ok {
			l := heads[k].lab
			bs[heads[k].block].edit().outline = &l
		}
	}
}

// placesGoOn reports whether ordered lists' places go on across the
// headings between them (HTML <ol start="4"> after a list of three):
// two lists or more, each after the first starting where the one before
// it ended. The places are then the numbering, and the headings' numbers
// (printed or not) its outline, as where lists print numbers that go on
// ("1." .. "3.", "## Chapter 2", "4." ..).
func placesGoOn(bs []block) bool {
	last, lists, headed := 0, 0, false
	for _, b := range bs {
		switch {
		case b.chrome != "":
		case b.kind == blockHeading:
			headed = true
		case b.ordinal > 0 && b.depth == 1:
			switch {
			case b.ordinal == last+1:
				if headed || last == 0 {
					lists++
				}
			case last > 0:
				return false // a list that starts again, or skips
			}
			last, headed = b.ordinal, false
		}
	}
	return lists >= 2 && last > 0
}

// headedRuns marks the lists under the headings chained says (every
// heading that prints a label, where chained is nil) that start again
// under them: under such a heading, as its innermost open one (by
// level; one without a level runs to the next heading), where the first
// label not on a heading is a first one (1, a, I) and not the heading's
// descendant, that label and the labels of its printed form that succeed
// it, one after another, till one does not. Other labels under the
// heading (a numbering that goes on through it) are the chain's. It
// returns the marks (nil for none) and how many headings hold such a
// list.
func headedRuns(bs []block, cands []candidate, chained []bool) ([]bool, int) {
	type open struct {
		level int
		cand  int  // the heading's candidate where it may hold a list, else -1
		seen  bool // a label not a heading has been met under it
		last  int  // the list's last label so far, -1 where it has none or has ended
	}
	var stack []open
	var marked []bool
	mark := func(j int) {
		if marked == nil {
			marked = make([]bool, len(cands))
		}
		marked[j] = true
	}
	restarted := 0
	next := 0 // the first candidate at or after block i
	for i, b := range bs {
		for next < len(cands) && cands[next].block < i {
			next++
		}
		labelled := next < len(cands) && cands[next].block == i
		if b.kind == blockHeading && b.chrome == "" || labelled && headingLike(b, cands[next].lab) {
			for len(stack) > 0 && stack[len(stack)-1].level >= b.level {
				stack = stack[:len(stack)-1]
			}
			h := open{level: b.level, cand: -1, last: -1}
			if labelled && (chained == nil || chained[next]) {
				h.cand = next
			}
			stack = append(stack, h)
			continue
		}
		if !labelled || len(stack) == 0 || stack[len(stack)-1].cand < 0 {
			continue
		}
		h := &stack[len(stack)-1]
		c, hl := cands[next], cands[h.cand].lab
		if len(c.lab.comps) > len(hl.comps) && sameComps(hl.comps, c.lab.comps[:len(hl.comps)]) {
			h.seen = true
			continue // the heading's descendant: its numbering goes on
		}
		switch {
		case !h.seen:
			h.seen = true
			if allFirst(c.lab.comps) {
				restarted++
				h.last = next
				mark(next)
			}
		case h.last < 0:
		case c.form(bs) != cands[h.last].form(bs):
			// Another list's, inside the list's items: the chain's.
		case follows(cands[h.last].lab.comps, c.lab.comps, chainHoles):
			h.last = next
			mark(next)
		default:
			h.last = -1
		}
	}
	return marked, restarted
}

// chainApart runs chain over the candidates aside does not mark (all,
// where aside is nil) and returns its answers for all of them: the
// candidates marked are outside the chain (in false, prev -1), and the
// others' prevs index cands.
func chainApart(cands []candidate, aside []bool, chain func([]candidate) ([]bool, []int)) (in []bool, prevs []int) {
	if aside == nil {
		return chain(cands)
	}
	var rest []candidate
	var at []int
	for j, c := range cands {
		if !aside[j] {
			rest = append(rest, c)
			at = append(at, j)
		}
	}
	subIn, subPrev := chain(rest)
	in = make([]bool, len(cands))
	prevs = make([]int, len(cands))
	for j := range prevs {
		prevs[j] = -1
	}
	for k, ok := range subIn {
		in[at[k]] = ok
		if subPrev != nil && subPrev[k] >= 0 {
			prevs[at[k]] = at[subPrev[k]]
		}
	}
	return in, prevs
}

// headingLike reports whether block b, whose label is l, is a heading:
// one the layout makes, or a paragraph outside every list that is one
// line of its label and at most a title ("Chapter 3", "3 Scoring"): a
// heading the layout does not mark (a line of plain text), which runs
// to the next heading as one without a level does.
func headingLike(b block, l label) bool {
	if b.chrome != "" {
		return false
	}
	if b.kind == blockHeading {
		return true
	}
	if b.kind != blockPara || b.nest > 1 || b.depth != 0 || b.level != 0 || strings.Contains(b.text, "\n") {
		return false
	}
	rest := strings.TrimSpace(b.text[min(l.end, len(b.text)):])
	return rest == "" || titleLike(rest)
}

// markedLists marks the labels (by candidate) of the lists that start
// again under a heading whose id marker (corpus.IDMarker) gives it a
// numbered id ("## 弟23条 {{rulesync:id rule:23}}"): the marker is the
// heading's identity, its number the one the heading stands for
// whatever it prints, and a list that starts again under it numbers
// within its item, as under headings that number one another
// (headedLists). Without it, a heading sync marked because its printed
// number reads as no heading of the numbering (a misprinted word) kept
// its id, and its list was read as a numbering of its own, each number
// printed twice (rule:1-2). The heading's descendants (23.1 under
// rule:23) stay the chain's. It returns nil where it marks none.
func markedLists(bs []block, cands []candidate) []bool {
	var marked []bool
	var head []comp // the marked heading's number, nil outside one
	level, last, seen := 0, -1, false
	next := 0 // the first candidate at or after block i
	for i, b := range bs {
		for next < len(cands) && cands[next].block < i {
			next++
		}
		labelled := next < len(cands) && cands[next].block == i
		if b.kind == blockHeading && b.chrome == "" {
			if head != nil && b.level > level {
				continue // a heading inside the item: still under it
			}
			head, level, last, seen = markedNumber(b.text), b.level, -1, false
			continue
		}
		if head == nil || !labelled || b.chrome != "" {
			continue
		}
		c := cands[next]
		if len(c.lab.comps) > len(head) && sameComps(head, c.lab.comps[:len(head)]) {
			seen = true
			continue // the heading's descendant: its numbering goes on
		}
		switch {
		case !seen:
			seen = true
			if !allFirst(c.lab.comps) {
				continue
			}
		case last < 0:
			continue
		case c.form(bs) != cands[last].form(bs) || !follows(cands[last].lab.comps, c.lab.comps, chainHoles):
			last = -1
			continue
		}
		if marked == nil {
			marked = make([]bool, len(cands))
		}
		marked[next], last = true, next
	}
	return marked
}

// markedNumber is the number (as label components) an id marker in a
// heading's text gives it, or nil where it holds none or gives an id
// without a number (a section's, a preamble's).
func markedNumber(text string) []comp {
	if !strings.Contains(text, "{{rulesync:id ") {
		return nil
	}
	id, ok := corpus.MarkedID(&corpus.Item{Title: text})
	if !ok {
		return nil
	}
	prefix, name, _ := strings.Cut(id, ":")
	if prefix == "sec" || prefix == "pre" || prefix == "item" {
		return nil
	}
	if k := strings.LastIndexByte(name, '_'); k > 0 {
		// A numbering that starts again under a heading ("_12_16",
		// "3_1"): the item's own number is the last.
		name = name[k+1:]
	}
	l, ok := readLabel(name)
	if !ok {
		return nil
	}
	return l.comps
}

// orMarks is the candidates either of a and b marks (nil where neither
// marks any).
func orMarks(a, b []bool) []bool {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	for j, m := range b {
		a[j] = a[j] || m
	}
	return a
}

// markedStarts makes each heading that starts no item and whose id
// marker gives it a number (markedNumber) start its numbered item, as
// a heading of the numbering does: the item holds the lines under it
// (its list's items its parts), whatever its printed number reads as.
// Its label prints what the label of the heading of its level before
// it prints (a word, a counter: "第22条" before "弟23条"), so that it
// stands in that numbering, not in one of its own. It returns how many
// it made.
func markedStarts(bs []block, starts startLabels) int {
	n := 0
	var like []*label // the last heading label at each level
	for i, b := range bs {
		if b.kind != blockHeading || b.chrome != "" {
			continue
		}
		for len(like) <= b.level {
			like = append(like, nil)
		}
		if l := starts.at(i); l != nil {
			like[b.level] = l
			continue
		}
		comps := markedNumber(b.text)
		if comps == nil {
			continue
		}
		l := &label{}
		if p := like[b.level]; p != nil {
			*l = *p
		}
		l.comps, l.printed, l.keyed, l.end = comps, joinComps(comps), "", 0
		l.joined, l.paren, l.hyphen = false, false, false
		starts[i], like[b.level] = l, l
		n++
	}
	return n
}

// markedCandidates gives each heading whose id marker gives it a
// number (markedNumber) that number as its label, in place of any its
// text prints: the marker is the heading's identity, and the numbering
// reads it where the heading stands (a heading that prints no number,
// or a misprinted one, leaves no hole before the next). The label
// prints what the candidate of the heading of its level before it
// prints (its word, its counter), so that it stands in that numbering.
func markedCandidates(bs []block, cands []candidate) []candidate {
	var at []int
	for i, b := range bs {
		if b.kind == blockHeading && b.chrome == "" && strings.Contains(b.text, "{{rulesync:id ") && markedNumber(b.text) != nil {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return cands
	}
	out := make([]candidate, 0, len(cands)+len(at))
	like := map[int]label{} // the last heading label at each level
	keep := func(c candidate) {
		out = append(out, c)
		if b := bs[c.block]; b.kind == blockHeading {
			like[b.level] = c.lab
		}
	}
	next := 0
	for _, i := range at {
		for next < len(cands) && cands[next].block < i {
			keep(cands[next])
			next++
		}
		if next < len(cands) && cands[next].block == i {
			next++ // the marker's number, not the one the text prints
		}
		l := like[bs[i].level]
		comps := markedNumber(bs[i].text)
		l.comps, l.printed, l.keyed, l.end = comps, joinComps(comps), "", 0
		l.joined, l.paren, l.hyphen = false, false, false
		keep(candidate{i, l})
	}
	for ; next < len(cands); next++ {
		keep(cands[next])
	}
	return out
}
