package ingest

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// The structure recognizer turns the blocks of any format into items. It
// knows no words of any language: it reads labels (labelread.go) at the start
// of blocks and keeps those that follow one another as a numbering does
// (1, 2, 3; 1a, 1b; 9.1 -> 9.2 -> 10.1; 3.6 -> 3.7.1), choosing the
// longest such chain by dynamic programming over the labels in document
// order. Where a source prints no numbers, its repeated structure is used
// instead: headings by level, and the items of ordered lists by their
// place in the list.
//
// This file holds the recognizer's entry (recognize) and what it shares;
// its stages are files of their own: chain.go (which labels make the
// numbering), unglue.go (labels run into the line before), builder.go
// (the items, in document order), titles.go (where a title ends) and
// summary.go (what it found, for the user).

// structure is what the recognizer found, for the summary and the
// warnings.
type structure struct {
	schemes     map[string]int // label shapes ("1.1.1a", "Article 1") and their counts
	holes       []string       // steps that skipped numbers: "4.2 -> 4.4"
	restarts    []string       // labels that start a second run: "3.1 after 3.9.1"
	outOfOrder  []string       // labels read as items outside the succession
	duplicates  []string       // ids two items would share, with both places
	listsAsText []string       // lists starting at 1 under a heading, left as its text
	runsAsText  []string       // runs starting at 1 next to the numbering, left as text
	firstWords  []string       // a heading of the numbering's form before its item 2, left as text (unnumberedFirst)
	runs        runResult      // runs of headings that number themselves (numberRuns)
	textRunes   int            // runes of text in the blocks
	unexplained int            // labels like the numbering's left in the text
	chromeRunes int            // runes of text kept out as page furniture
	entries     int            // items of unnumbered entries (blockEntry)
	places      int            // items numbered by their place alone (label.place)
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
	return printedForm{c.lab.prefix, c.lab.counter, c.lab.after(), bs[c.block].depth}
}

// printedForm is a candidate's form: the fields label.form joins (none
// holds a NUL, so they are equal exactly when its strings are) and the
// list depth.
type printedForm struct {
	prefix, counter, after string
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

// candidateRun is how many candidates recognize reads into one run
// before they are copied into one slice (176 KB of them).
const candidateRun = 1024

// markup are the reasons for keeping a block out that say it is markup of
// the format, not text of the page: not counted as text dropped.
// A "title" block is the document's title, kept as its Title; a
// "contents" block repeats a heading printed after it (contents.go).
var markup = map[string]bool{"link target": true, "front matter": true, "table header": true, "version line": true, "title": true, "contents": true}

// recognize turns blocks into the items of d and returns what it found.
func recognize(bs []block, d *corpus.Document, partless func([]corpus.Item) []bool) *structure {
	st := &structure{schemes: map[string]int{}}
	titleMarked(bs)
	runningTitles(bs)
	markContents(bs)
	kinds := divisionKinds(bs)
	cands := readCandidates(bs, kinds, st)
	spacedSuffixes(bs, cands)
	cands = applyRuns(bs, cands, kinds, st)
	cands = hyphenRuns(bs, cands, kinds)
	cands = markedCandidates(bs, cands)
	wordsAfter(bs, cands)
	keyLabels(cands)
	// Lists that start again under headings that number one another
	// are their headings' text, whatever their length (headedLists):
	// the chains leave them out.
	// So are the lists under a heading an id marker numbers
	// (markedLists).
	aside := orMarks(headedLists(bs, cands), markedLists(bs, cands))
	// A first reading of the numbering, all labels in one chain; under a
	// heading that prints no number, a numbering that starts again after
	// it is a division of its own.
	first := &structure{schemes: map[string]int{}}
	in0, prev0 := chainApart(cands, aside, func(cs []candidate) ([]bool, []int) { return chainPrev(cs, bs, first) })
	made := runInHeadings(bs, cands, in0)
	if made {
		// The kinds of the divisions the new headings name, for display.
		kinds = divisionKinds(bs)
		for j := range cands {
			if cands[j].lab.kind = namedKind(cands[j].lab.prefix); cands[j].lab.kind == "" {
				cands[j].lab.kind = kinds[cands[j].block]
			}
		}
	}
	// A heading prints a number where the first reading takes it: in a
	// layout that gives headings no level (DOCX, PDF), a number the
	// numbering leaves out ("2024 Recommended Procedures", a year)
	// numbers nothing, and the heading is as one that prints none. A
	// heading with a level keeps its number whatever the chain takes:
	// an outline's section numbers (## 3, ## 4 over rules 3.1, 4.1)
	// are left out of the chain of the rules under them.
	labelled := make([]bool, len(bs))
	for j, c := range cands {
		labelled[c.block] = labelled[c.block] || in0[j] || bs[c.block].level > 0
	}
	// So does a heading an id marker numbers (markedStarts): a list
	// under it is its parts, no division's numbering.
	for i, b := range bs {
		labelled[i] = labelled[i] || b.kind == blockHeading && markedNumber(b.text) != nil
	}
	restartedDivisions(bs, cands, divisionHeads(bs, labelled), in0, prev0)
	var in []bool
	if !made && oneScheme(cands) {
		// No heading made and no division or suffix to chain apart: the
		// chain is the first reading's, of the same labels and blocks
		// (a second chain of a million labels was a tenth of the
		// recognizer's time).
		in = in0
		st.holes = append(st.holes, first.holes...)
		st.restarts = append(st.restarts, first.restarts...)
	} else {
		in, _ = chainApart(cands, aside, func(cs []candidate) ([]bool, []int) { return chainKeyed(cs, bs, st), nil })
	}
	// A heading opens a division only where labels of its division's
	// own numbering number items under it (or where the layout gives
	// headings no level: DOCX, PDF, a bold run-in heading that names
	// the divisions a short form leaves out); a heading over unnumbered
	// terms stays a section.
	for j, c := range cands {
		if in[j] && c.lab.div > 0 {
			bs[c.lab.div-1].divided = true
		}
	}
	// Two headings that number one another, each over a list that
	// starts again, are the numbering (twoHeaded).
	held := twoHeaded(bs, cands, in)
	if (count(in) < 3 || placesGoOn(bs)) && !held {
		// Too few printed numbers to be the document's numbering: the
		// places of ordered lists' items (labels not printed) may be it,
		// with the printed ones (a list of rules 5-7, then 8 and 9 as
		// definition terms). Where printed numbers are the numbering,
		// lists stay relative to the item they are in ("2.1(3)"), and a
		// list inside a list item numbers within that item.
		placed := 0
		for _, b := range bs {
			if b.ordinal > 0 && b.depth == 1 && b.chrome == "" && b.kind != blockCode {
				placed++
			}
		}
		// Room for all, made once: grown by appending, a million
		// places were copied over and over and left a quarter unused.
		all := make([]candidate, 0, len(cands)+placed)
		// The printed candidates aside stay aside (allAside, where
		// any is), and so do the places of a list under a heading an
		// id marker numbers (markedLists).
		var allAside []bool
		next := 0 // the printed candidates, merged in block order
		keep := func(c candidate, aside bool) {
			if aside && allAside == nil {
				allAside = make([]bool, len(all), cap(all))
			}
			all = append(all, c)
			if allAside != nil {
				allAside = append(allAside, aside)
			}
		}
		for i, b := range bs {
			for next < len(cands) && cands[next].block < i {
				keep(cands[next], aside != nil && aside[next])
				next++
			}
			if b.ordinal > 0 && b.depth == 1 && b.chrome == "" && b.kind != blockCode {
				v := strconv.Itoa(b.ordinal)
				keep(candidate{i, label{comps: []comp{{kind: compNum, n: b.ordinal, s: v}}, printed: v, kind: kinds[i]}}, false)
			}
		}
		for ; next < len(cands); next++ {
			keep(cands[next], aside != nil && aside[next])
		}
		st2 := &structure{schemes: st.schemes, textRunes: st.textRunes, chromeRunes: st.chromeRunes}
		allAside = orMarks(allAside, markedLists(bs, all))
		if in2, _ := chainApart(all, allAside, func(cs []candidate) ([]bool, []int) { return chain(cs, bs, st2), nil }); count(in2) > count(in) {
			cands, in, st = all, in2, st2
		}
	}
	strays(cands, in)
	starts, numbered := chainStarts(bs, cands, in, st)
	numbered += markedStarts(bs, starts)
	outlineNumbers(bs, cands, in)
	st.listsAsText = listsAsText(bs, cands, in)
	st.runsAsText = runsAsText(bs, cands, in)
	if w := unnumberedFirst(bs, cands, in); w != "" {
		st.firstWords = []string{w}
	}
	headings := 0
	for _, b := range bs {
		if b.kind == blockHeading && b.chrome == "" {
			headings++
		}
	}
	// A numbering that explains fewer blocks than the headings do is not
	// the document's structure: a list of three inside a text of headings.
	if numbered < 3 && !twoRules(cands, in) && !held || numbered*2 < headings {
		starts, numbered = nil, 0
		st.holes, st.restarts, st.outOfOrder, st.listsAsText, st.runsAsText = nil, nil, nil, nil, nil
		st.firstWords = nil
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

// readCandidates reads the labels the blocks of bs start with, and the
// runes of text and of furniture into st. In a document of entries the
// entries are the items: labels inside them number their parts, and no
// block gives a candidate.
//
// Where most of the first blocks that may give one do (candidateSample
// of them, read twice), the candidates are read into one slice with
// room for a candidate a block, made at once: grown by appending, the
// slice copied its labels (176 bytes each) five times over in a
// Markdown rulebook whose blocks nearly all have labels. Elsewhere they
// are read into runs of a fixed size and copied into one slice of their
// number: room for a candidate a block was 338 MB for the 1.9 million
// lines of a page of block quotes read as a guide, a tenth of which
// give one.
func readCandidates(bs []block, kinds []corpus.Kind, st *structure) []candidate {
	entries := false
	for _, b := range bs {
		entries = entries || b.kind == blockEntry && b.chrome == ""
	}
	gives := func(b block) bool {
		return b.chrome == "" && b.kind != blockCode && !entries && b.ordinal == 0 && (b.rare == nil || !b.rare.plain)
	}
	sampled, found := 0, 0
	for i := 0; i < len(bs) && sampled < candidateSample; i++ {
		if gives(bs[i]) {
			sampled++
			if l, ok := readLabel(bs[i].text); ok && !l.paren {
				found++
			}
		}
	}
	dense := found*2 > sampled
	var cands []candidate
	var runs [][]candidate
	if dense {
		cands = make([]candidate, 0, len(bs))
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
		if !gives(b) {
			continue
		}
		l, ok := readLabel(b.text)
		if !ok || l.paren {
			continue
		}
		if l.kind = namedKind(l.prefix); l.kind == "" {
			l.kind = kinds[i]
		}
		switch {
		case dense:
			cands = append(cands, candidate{i, l})
		case len(runs) == 0 || len(runs[len(runs)-1]) == candidateRun:
			runs = append(runs, append(make([]candidate, 0, candidateRun), candidate{i, l}))
		default:
			runs[len(runs)-1] = append(runs[len(runs)-1], candidate{i, l})
		}
	}
	if dense {
		// The room left where fewer blocks have labels than the first
		// ones said is given back.
		if cap(cands)-len(cands) > len(cands)/8 {
			cands = slices.Clone(cands)
		}
		return cands
	}
	n := 0
	for _, r := range runs {
		n += len(r)
	}
	cands = make([]candidate, 0, n)
	for k, r := range runs {
		cands = append(cands, r...)
		runs[k] = nil
	}
	return cands
}

// candidateSample is how many blocks readCandidates reads first to
// tell whether most have labels.
const candidateSample = 1024

// partHeadings finds the lines of a second numbering that stand between
// the items ("CAPÍTULO I", ten articles, "CAPÍTULO II"), which are
// headings: paragraphs of at most three short lines (a label, a title),
// outside the numbering, whose labels succeed one another with items of
// the numbering between every two of them and after the last. They are
// the parts the items are in, and end the item before them. It returns
// their blocks (the caller makes them headings of level 1), or nil.
func partHeadings(bs []block, starts startLabels) []int {
	var rest, labelled []candidate
	for i, b := range bs {
		if starts.has(i) || b.kind != blockPara || b.chrome != "" || strings.Count(b.text, "\n") > 2 {
			continue
		}
		l, ok := readLabel(b.text)
		if !ok || l.paren {
			continue
		}
		labelled = append(labelled, candidate{i, l})
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
			if inList(c, labelled, starts) {
				return nil
			}
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

// inList reports whether c, one of labelled (the labelled paragraphs
// outside the numbering, in block order), is one of an enumeration
// inside an item: the labelled paragraph next to it, with no item
// starting between, prints a label of its form that it follows or that
// follows it ("1." and "2." of one article's paragraphs, short lines in
// a script that ends no clause with a stop). A part's heading stands
// alone between items; a run of them with one such is none.
func inList(c candidate, labelled []candidate, starts startLabels) bool {
	k, _ := slices.BinarySearchFunc(labelled, c.block, func(l candidate, b int) int { return l.block - b })
	between := func(a, b int) bool { // an item starts in (a, b)
		for i := a + 1; i < b; i++ {
			if starts.has(i) {
				return true
			}
		}
		return false
	}
	sibling := func(a, b candidate) bool {
		return a.lab.form() == b.lab.form() && follows(a.lab.comps, b.lab.comps, 0) && !between(a.block, b.block)
	}
	return k > 0 && sibling(labelled[k-1], c) || k+1 < len(labelled) && sibling(c, labelled[k+1])
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

// titleMarked makes a heading that holds the title marker (a draft's
// title its layout alone would read as an item: corpus.TitleMarker) the
// document's title, without the marker.
func titleMarked(bs []block) {
	for i := range bs {
		if bs[i].kind != blockHeading || bs[i].chrome != "" {
			continue
		}
		if t, ok := corpus.CutTitleMarker(bs[i].text); ok {
			bs[i].text, bs[i].chrome = strings.TrimSpace(t), "title"
		}
	}
}

// printedTwice reports, for each label outside the chain (in), whether
// it repeats the label of a chain's item next to it in the document
// (only labels that repeat it between them), on a block of the same
// kind, level and printed form: a number the source prints twice ("1.
// 2. 2. 4."). Such a label is an item, its id told apart as a
// duplicate's and both places named in a warning, rather than text
// folded into the item before it.
func printedTwice(cands []candidate, bs []block, in []bool) []bool {
	var twice []bool
	like := func(a, b candidate) bool {
		ba, bb := bs[a.block], bs[b.block]
		return len(a.lab.comps) == len(b.lab.comps) && sameComps(a.lab.comps, b.lab.comps) && a.lab.prefix == b.lab.prefix && a.lab.div == b.lab.div &&
			ba.kind == bb.kind && ba.level == bb.level && ba.depth == bb.depth && ba.lead == bb.lead && a.form(bs) == b.form(bs)
	}
	for j := range cands {
		if in[j] {
			continue
		}
		for _, step := range []int{-1, 1} {
			k := j + step
			for k >= 0 && k < len(cands) && !in[k] && like(cands[k], cands[j]) {
				k += step
			}
			if k >= 0 && k < len(cands) && in[k] && like(cands[k], cands[j]) {
				if twice == nil {
					twice = make([]bool, len(cands))
				}
				twice[j] = true
				break
			}
		}
	}
	if twice == nil {
		return make([]bool, len(cands))
	}
	return twice
}

// oneScheme reports whether chainKeyed chains cands as one: no label is
// of a division (keyedEntries has none to set aside, chainSchemes none
// to chain apart) and all print one suffix.
func oneScheme(cands []candidate) bool {
	for _, c := range cands {
		if c.lab.div != 0 || c.lab.suffix() != cands[0].lab.suffix() {
			return false
		}
	}
	return true
}
