package ingest

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// A run of headings is a numbering where its labels are words of the
// language around a number that no label grammar reads ("አንቀጽ፡፩፤",
// "Kifungu cha 1.", "རྩ་ཚན་༡པ།", "סעיף יא.", "Artigo XI."), or where it
// prints no number at all ("Нэгдүгээр зүйл", "مادهٔ اول": ordinal words):
// sibling headings that share a constant part (the number's context, or
// a first or last word) and differ in the rest. Which part is constant is
// found as what most of them share, never from a list of words; whether
// the rest numbers them is decided by succession: numbers that run 1, 2,
// 3, ..., or places in the run that the numbers printed agree with. A run
// that prints no number is numbered by place only at the top level of a
// document that has no numbering of its own, where it holds all the
// headings of its level but a preamble or two before and one after, or
// where each of its headings holds a list that starts again under it
// and prints a word of its own where a number stands ("Chapter One",
// "Chapter Two": two such headings make a run); the notes say so.

// minRun is the fewest headings that make a run.
const minRun = 3

// minHeldRun is the fewest headings that make a run where each holds a
// list that starts again under it: two, as for headings that print
// numbers (headedNumbering). Under one heading a list from 1 is only a
// list; under the second, its starting again is what says the lists
// number within the headings.
const minHeldRun = 2

// oneTwo reports whether the two headings of a run print 1 and 2 where
// the run reads numbers ("Part I", "Part II: Meetings"): a numbering's
// start, which two headings may make as two numbered ones do
// (headedNumbering).
func oneTwo(bs []block, frames []headingFrame, seg []int, key runKey) bool {
	if len(seg) != 2 {
		return false
	}
	for k, fi := range seg {
		f := frames[fi]
		v := f.value
		if f.marked > 0 {
			v = f.marked
		}
		if v == 0 {
			v = wordValue(middle(bs[f.block].text, key))
		}
		if v == 0 {
			g := f
			v = leadValue(bs[f.block].text, &g, key)
		}
		if v != k+1 {
			return false
		}
	}
	return true
}

// heldIn counts the blocks of bs (by index) that held marks.
func heldIn(blocks []int, held []bool) int {
	if held == nil {
		return 0
	}
	n := 0
	for _, i := range blocks {
		if held[i] {
			n++
		}
	}
	return n
}

// segBlocks are the blocks of a run's frames.
func segBlocks(frames []headingFrame, seg []int) []int {
	out := make([]int, len(seg))
	for k, fi := range seg {
		out[k] = frames[fi].block
	}
	return out
}

// slotsVary reports whether the headings of a run print their numbers'
// words where a number stands, one different in each: next to the
// shared first word (numberWords: "Chapter One: Membership", "Chapter
// Two: Meetings"), or as the one to three words before the shared last
// one ("Erstes Kapitel", "Zweites Kapitel"). Two titles that share a
// word by chance ("... Rules for Members", "Rules for Guests"; "Social
// Contract with the Free Software", "Guidelines for Free Software")
// share the words beside it too, or print more before it.
func slotsVary(bs []block, frames []headingFrame, seg []int, key runKey) bool {
	seen := map[string]bool{}
	for _, fi := range seg {
		text := bs[frames[fi].block].text
		var slot string
		switch key.by {
		case 'F':
			from, to := numberWords(text, key)
			slot = text[from:to]
		case 'L':
			if len(strings.Fields(middle(text, key))) <= 3 {
				slot = middle(text, key)
			}
		}
		if slot == "" || seen[slot] {
			return false
		}
		seen[slot] = true
	}
	return true
}

// runResult is what numberRuns found: a label for each heading of a run
// (in block order), and the notes and warnings it gives.
type runResult struct {
	labels     runLabels
	positional []string // "30 headings share \"зүйл\""
	disagree   []string // a heading whose number its place contradicts
	misprinted []string // a heading of a run that prints not its shared words (misprintNotes)
	moved      []string // a heading printed out of its run's order (movedOne)
}

// numberRuns finds the runs of sibling headings in bs that number
// themselves. unnumbered says the document has no printed numbering of
// its own (then a run without numbers may be numbered by place).
func numberRuns(bs []block, unnumbered bool) runResult {
	return numberHeldRuns(bs, unnumbered, nil)
}

// numberHeldRuns is numberRuns, where held says which headings (by
// block; nil for none) hold a list that starts again under them
// (heldLists): a run of such headings is numbered by its places even
// where it prints no number, and two make one (minHeldRun).
func numberHeldRuns(bs []block, unnumbered bool, held []bool) runResult {
	var res runResult
	groups, top := siblingGroups(bs)
	for _, g := range groups {
		// Two headings may make a run (minHeldRun): where they hold
		// the lists, or print 1 and 2 (below).
		least := minHeldRun
		if len(g) < least {
			continue
		}
		frames := make([]headingFrame, len(g))
		for k, i := range g {
			frames[k] = frameOf(i, bs[i].text)
		}
		key := sharedKey(frames, least)
		if key.by == 0 {
			continue
		}
		for _, seg := range runSegments(frames, key, least) {
			// The run's headings hold lists where each does, and they
			// are all the headings of their level that do: a sibling
			// over a list of its own outside the run ("## Rules" before
			// "## ... para crupieres", "## ... para la sala") says the
			// lists are divisions of their own, not the run's.
			segHeld, n := held, heldIn(segBlocks(frames, seg), held)
			if n < len(seg) || n < heldIn(g, held) {
				segHeld = nil
			}
			if len(seg) < minRun && segHeld == nil && !oneTwo(bs, frames, seg, key) {
				continue // two headings make a run only where they hold the lists, or print 1 and 2
			}
			lead, trail := seg[0], len(frames)-seg[len(seg)-1]-1
			alone := unnumbered && bs[g[0]].level == top && lead <= 2 && trail <= 1
			res.number(bs, frames, seg, key, alone, segHeld)
		}
	}
	res.textRuns(bs)
	// The groups are of levels and parents: their runs' labels are
	// put in block order.
	slices.SortFunc(res.labels, func(a, b runLabel) int { return cmp.Compare(a.block, b.block) })
	return res
}

// textRuns numbers the lines of plain text that open a paragraph and
// print one number first where they share a part and their numbers run
// 1, 2, 3, ... ("1-бап. Анықтамалар", "2-бап. Жалдау ақысы": a word after
// the number no label grammar reads): plain text sets its headings apart by
// a blank line, not by a level, and these are headings as Markdown's
// "## 1-бап." are. Only lines that print a number are read (a text's
// other paragraphs share first words too), and only a succession from 1
// numbers them: no place stands in for a number a line does not print.
func (res *runResult) textRuns(bs []block) {
	var frames []headingFrame
	for i, b := range bs {
		if !b.opens || b.kind != blockPara || b.chrome != "" {
			continue
		}
		// The number first, the word after it: a word before it
		// ("Article 2", "**Rule 2.**") is the label grammar's to read,
		// but where the number is a roman numeral ("Article IV"), which
		// the grammar reads as letters: a run numbers it as Markdown's
		// "## Article IV" headings are.
		f := frameOf(i, b.text)
		if f.value > 0 && !f.numbered && strings.IndexFunc(b.text[:f.from], isLetterMark) < 0 || f.value == 0 && romanAfterWord(b.text, &f) {
			frames = append(frames, f)
		}
	}
	if len(frames) < minRun {
		return
	}
	key := sharedKey(frames, minRun)
	if key.by == 0 {
		return
	}
	// The lines that share the key, each run of them from a 1 to the
	// line before the next 1 (a numbering that starts again under a
	// division).
	var run []headingFrame
	flush := func() {
		if len(run) < minRun {
			run = nil
			return
		}
		// Only a succession from 1: no place stands in for a number.
		for k, f := range run {
			if k == 0 && f.value != 1 || k > 0 && f.value <= run[k-1].value {
				run = nil
				return
			}
		}
		seg := make([]int, len(run))
		for k := range seg {
			seg[k] = k
		}
		res.number(bs, run, seg, key, false, nil)
		run = nil
	}
	for k, f := range frames {
		if !f.has(key) && !misprinted(frames, k, key, run) {
			continue
		}
		if f.value == 1 {
			flush()
		}
		run = append(run, f)
	}
	flush()
}

// romanAfterWord reads a line that prints one word and a roman numeral
// at its start ("Article IV", "ARTÍCULO XII. Title"), as a label of the
// grammar with a word before it: it records the numeral's value and
// place in f and keys f by the word alone, which the run must share
// (the word decides nothing of the number; the run's succession does).
func romanAfterWord(text string, f *headingFrame) bool {
	l := f.read
	if l == nil || l.prefix == "" || len(l.comps) != 1 || l.comps[0].kind != compRoman && l.comps[0].kind != compUpper {
		return false
	}
	w := firstWord(text)
	at := strings.Index(text, w) + len(w)
	i := strings.Index(text[at:], l.comps[0].s)
	if w != l.prefix || i < 0 || strings.TrimSpace(text[at:at+i]) != "" {
		return false
	}
	v := romanValue(l.comps[0].s)
	if v == 0 {
		return false
	}
	f.value, f.from, f.to = v, at+i, at+i+len(l.comps[0].s)
	f.keys = [3]runKey{{by: 'F', text: w}}
	return true
}

// misprinted reports whether frames[k], which does not print the run's
// shared part, stands in the run all the same: its number is the one
// after the run's last and the one before the next line that prints the
// part ("Kufungu cha 7" between "Kifungu cha 6" and "Kifungu cha 8").
func misprinted(frames []headingFrame, k int, key runKey, run []headingFrame) bool {
	if len(run) == 0 || frames[k].value != run[len(run)-1].value+1 {
		return false
	}
	for _, f := range frames[k+1:] {
		if f.has(key) {
			return f.value == frames[k].value+1
		}
	}
	return false
}

// runLabels are the labels of the headings of runs (numberRuns), in
// block order, each kept as its heading's block, its number and what it
// prints beside it, and made when asked (label): made as they were
// found, a run's labels (168 bytes each, and their components) were
// held with the candidates they were copied into, 380 MB for a million
// headings.
type runLabels []runLabel

// runLabel is a heading's label of a run (runLabels).
type runLabel struct {
	block, value, end int
	// like holds what the label prints beside its number: its prefix,
	// counter and ordinal mark (shared by the labels of a run).
	like *label
}

// label makes the label of r, its one component written in comps[0]:
// the number as printed, the words of like.
func (r runLabel) label(comps []comp) label {
	l := *r.like
	v := strconv.Itoa(r.value)
	comps[0] = comp{kind: compNum, n: r.value, s: v}
	l.comps = comps[:1:1]
	l.printed, l.end = v, r.end
	return l
}

// at returns the label of block i, or nil.
func (ls runLabels) at(i int) *label {
	k, ok := slices.BinarySearchFunc(ls, i, func(r runLabel, i int) int { return cmp.Compare(r.block, i) })
	if !ok {
		return nil
	}
	l := ls[k].label(make([]comp, 1))
	return &l
}

// siblingGroups returns the headings of bs (not furniture) grouped by
// their parent heading and level, in document order, and the top level:
// the shallowest level with minRun headings or more.
func siblingGroups(bs []block) ([][]int, int) {
	type gk struct{ parent, level int }
	at := map[gk]int{}
	var groups [][]int
	var stack []int // the open headings, by block, shallowest first
	perLevel := [7]int{}
	for i, b := range bs {
		if b.kind != blockHeading || b.chrome != "" || b.level < 1 || b.level > 6 || strings.TrimSpace(b.text) == "" {
			continue
		}
		for len(stack) > 0 && bs[stack[len(stack)-1]].level >= b.level {
			stack = stack[:len(stack)-1]
		}
		parent := -1
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		k := gk{parent, b.level}
		j, ok := at[k]
		if !ok {
			j = len(groups)
			at[k] = j
			groups = append(groups, nil)
		}
		groups[j] = append(groups[j], i)
		stack = append(stack, i)
		perLevel[b.level]++
	}
	top := 0
	for l := 1; l <= 6; l++ {
		if perLevel[l] >= minRun {
			top = l
			break
		}
	}
	return groups, top
}

// sharedKey is the part most of the frames share (at least least of
// them); the zero key where none is shared so.
func sharedKey(frames []headingFrame, least int) runKey {
	counts := map[runKey]int{}
	for _, f := range frames {
		for _, k := range f.keys {
			if k.by != 0 {
				counts[k]++
			}
		}
	}
	var best runKey
	n := 0
	for k, c := range counts {
		if c > n || c == n && keyLess(k, best) {
			best, n = k, c
		}
	}
	if n < least {
		return runKey{}
	}
	return best
}

// keyLess orders keys of one count: a number's context first, then a
// first word, then a last, then by text (so the choice is the same on
// every run).
func keyLess(a, b runKey) bool {
	rank := func(k runKey) int { return strings.IndexByte("CFL", k.by) }
	if rank(a) != rank(b) {
		return rank(a) < rank(b)
	}
	return a.text < b.text
}

// runSegments returns the runs of least frames or more that share key,
// by index: from a frame that has it to the last one before two in a
// row that have not (one heading between with a misprinted word stays in
// its run).
func runSegments(frames []headingFrame, key runKey, least int) [][]int {
	var segs [][]int
	var cur []int
	gap := 0
	flush := func() {
		if len(cur) >= least {
			segs = append(segs, cur)
		}
		cur, gap = nil, 0
	}
	for k, f := range frames {
		if f.inserted && f.marked == 0 {
			continue
		}
		if f.numbered && f.marked == 0 {
			flush()
			continue
		}
		if f.has(key) || f.marked > 0 {
			if gap == 1 && len(cur) > 0 {
				cur = append(cur, k-1)
			}
			cur = append(cur, k)
			gap = 0
			continue
		}
		if gap++; gap >= 2 {
			flush()
		}
	}
	flush()
	return segs
}

// number labels one run of headings where its numbers succeed one
// another from 1, or where its places agree with the numbers it prints.
func (res *runResult) number(bs []block, frames []headingFrame, seg []int, key runKey, alone bool, held []bool) {
	values := make([]int, len(seg))
	increasing, parsed, agree := true, 0, 0
	for k, fi := range seg {
		f := frames[fi]
		v := f.value
		if v == 0 {
			v = wordValue(middle(bs[f.block].text, key))
		}
		if v == 0 {
			v = leadValue(bs[f.block].text, &frames[fi], key)
		}
		if v == 0 {
			// "Article Four", "Artículo dieciséis": the rest, all number
			// words of one language.
			v = numberWordsValue(middle(bs[f.block].text, key))
		}
		if f.marked > 0 {
			// The marker's number, which confirms no reading of the
			// run's: a heading the others number (by their numbers or
			// places) around it.
			values[k] = f.marked
			increasing = increasing && (k == 0 && f.marked == 1 || k > 0 && f.marked > values[k-1])
			continue
		}
		values[k] = v
		if v > 0 {
			parsed++
		}
		if v == k+1 {
			agree++
		}
		increasing = increasing && v > 0 && (k == 0 && v == 1 || k > 0 && v > values[k-1])
	}
	// The places number the run where the cases below say so, and a
	// marked heading keeps its marker's number among them.
	byPlace := func() {
		for k, fi := range seg {
			if values[k] = k + 1; frames[fi].marked > 0 {
				values[k] = frames[fi].marked
			}
		}
	}
	// untitled: headings whose number is their place alone, all of whose
	// words are their title ("The initial position ..." among "1. The
	// nature ...", "3. The moves ..."): no word of theirs is a label.
	var untitled []bool
	place := false
	moved, movedTo := -1, []int(nil)
	if !increasing && parsed == len(seg) {
		moved, movedTo = movedPlaces(values)
	}
	switch {
	case increasing:
	case parsed == len(seg) && moved >= 0:
		// One heading printed out of place (moved, not exchanged):
		// the others' succession says its number is its own.
		res.numberMoved(bs, frames, seg, values, movedTo, moved)
	case parsed > 0 && placesAgree(agree, parsed, len(seg)):
		// The places, which the numbers printed confirm; headings whose
		// numbers are each other's places (exchanged) stand out of
		// order and keep them.
		untitled = make([]bool, len(seg))
		moved := exchanged(values, frames, seg)
		for k, v := range values {
			untitled[k] = v == 0
			if v > 0 && v != k+1 && !moved[k] {
				res.disagree = append(res.disagree, fmt.Sprintf("%q%s read as %d by its place", bs[frames[seg[k]].block].text, lineOf(bs[frames[seg[k]].block]), k+1))
			}
		}
		printed := slices.Clone(values)
		byPlace()
		for k, m := range moved {
			if m {
				values[k] = printed[k]
			}
		}
		if parsed < len(seg) {
			res.positional = append(res.positional, fmt.Sprintf("%d of %d headings%s that share %q print no number the run reads; their places number them, as the others' numbers confirm", len(seg)-parsed, len(seg), fromLine(bs[frames[seg[0]].block]), keyText(key)))
		}
	case heldIn(segBlocks(frames, seg), held) == len(seg) && slotsVary(bs, frames, seg, key):
		// Headings that print no number the run reads ("Chapter One",
		// "Chapter Two" ...; or words read as numbers that do not
		// succeed one another, as a Hebrew word may), each over a list
		// that starts again: divisions the lists number within,
		// numbered by their places, as numbered ones would be. Their
		// numbers are their first words past the shared one
		// (numberWords), the rest titles. A heading whose number the
		// grammar reads keeps it (apply).
		byPlace()
		for _, fi := range seg {
			if from, to := numberWords(bs[frames[fi].block].text, key); to > from {
				frames[fi].from, frames[fi].to = from, to
			}
		}
		res.positional = append(res.positional, fmt.Sprintf("%d headings%s share %q and print no number, each over a list that starts again: their places number them", len(seg), fromLine(bs[frames[seg[0]].block]), keyText(key)))
	case parsed == 0 && alone && len(seg) >= 5:
		byPlace()
		// Headings that print nothing but what they share ("Article"
		// thirty times) are told apart by their places alone: their
		// items are places, not labels, and name no number a
		// translation could print (ordinal words that differ,
		// "Нэгдүгээр зүйл", "Хоёрдугаар зүйл", are read as the
		// numbers they stand in for).
		place = alike(bs, frames, seg, key)
		how := "their places number them"
		if place {
			how = "their items are named by their places, not by a number (rule:_1 ...)"
		}
		res.positional = append(res.positional, fmt.Sprintf("%d headings%s share %q and print no number: %s", len(seg), fromLine(bs[frames[seg[0]].block]), keyText(key), how))
	default:
		return
	}
	res.apply(bs, frames, seg, key, values, untitled, place)
}

// alike reports whether the headings of a run print the same thing
// besides the part they share (the rest of each, middle, is one text:
// nothing, or one word for all).
func alike(bs []block, frames []headingFrame, seg []int, key runKey) bool {
	first := middle(bs[frames[seg[0]].block].text, key)
	for _, fi := range seg[1:] {
		if middle(bs[frames[fi].block].text, key) != first {
			return false
		}
	}
	return true
}

// keyText is a run key as the notes print it: the number's place in a
// context as "…".
func keyText(k runKey) string { return strings.ReplaceAll(k.text, "\x00", "…") }

// fromLine is " from line N" for a block whose line is known, else "".
func fromLine(b block) string {
	if b.line > 0 {
		return fmt.Sprintf(" from line %d", b.line)
	}
	return ""
}

// lineOf is " (line N)" for a block whose line is known, else "".
func lineOf(b block) string {
	if b.line > 0 {
		return fmt.Sprintf(" (line %d)", b.line)
	}
	return ""
}

// apply gives the run's headings their labels: the label the grammar
// reads where it reads the run's number, else one of the run's form (the
// form most of its read labels print, or the shared word) with the
// number as printed. A heading untitled says prints no number (nil:
// none) keeps all its words as its title: its label is its place alone.
// place says the run's headings print nothing that tells them apart:
// their labels are places (label.place), not numbers.
func (res *runResult) apply(bs []block, frames []headingFrame, seg []int, key runKey, values []int, untitled []bool, place bool) {
	read := make([]*label, len(seg))
	forms := map[string]int{}
	var form *label
	for k, fi := range seg {
		l := frames[fi].read
		if l != nil && l.comps[0].kind == compNum && l.comps[0].n == values[k] {
			read[k] = l
			if forms[l.form()]++; form == nil || forms[l.form()] > forms[form.form()] {
				form = l
			}
		}
	}
	res.misprinted = append(res.misprinted, misprintNotes(bs, frames, seg, key, values)...)
	// What the run's labels print beside their numbers, once for all.
	like := &label{}
	switch {
	case form != nil:
		like.prefix, like.counter = form.prefix, form.counter
		if o := form.ordinal(); o != "" {
			like.edit().ordinal = o
		}
	case key.by == 'C':
		like.prefix = strings.TrimFunc(strings.ReplaceAll(key.text, "\x00", " "), func(r rune) bool { return !isLetterMark(r) })
	default:
		like.prefix = key.text
	}
	if place {
		like.edit().place = true
	}
	for k, fi := range seg {
		b := frames[fi].block
		if l := frames[fi].read; read[k] != nil || l != nil && l.comps[0].kind == compNum {
			// Read by the grammar: its own label stands, and where its
			// number is not the run's, the chain decides.
			continue
		}
		// The number is what ids and citations use, as for "第十二条".
		r := runLabel{block: b, value: values[k], end: runLabelEnd(bs[b].text, frames[fi], key), like: like}
		if untitled != nil && untitled[k] {
			r.end = 0
		}
		res.labels = append(res.labels, r)
	}
}

// applyRuns puts the labels of the runs of headings (numberRuns) among
// the candidates, in block order: a run's label replaces the one read
// from its block, where that one disagrees with the run.
func applyRuns(bs []block, cands []candidate, kinds []corpus.Kind, st *structure) []candidate {
	headed := 0
	for _, c := range cands {
		if bs[c.block].kind == blockHeading {
			headed++
		}
	}
	res := numberHeldRuns(bs, headed < minRun, heldLists(bs, cands))
	// The summary reads the notes; the labels are done with once they
	// are among the candidates.
	st.runs = runResult{positional: res.positional, disagree: res.disagree, misprinted: res.misprinted, moved: res.moved}
	if res.labels == nil {
		return cands
	}
	// Room for every candidate and every run label: grown by appending,
	// the slice was copied over and over, and left a quarter unused.
	out := make([]candidate, 0, len(cands)+len(res.labels))
	// The labels' components, in one slice, not one allocation a label.
	comps := make([]comp, len(res.labels))
	next := 0
	for k, r := range res.labels {
		i := r.block
		for next < len(cands) && cands[next].block < i {
			out = append(out, cands[next])
			next++
		}
		if next < len(cands) && cands[next].block == i {
			next++
		}
		lab := r.label(comps[k:])
		if lab.kind = namedKind(lab.prefix); lab.kind == "" {
			lab.kind = kinds[i]
		}
		out = append(out, candidate{i, lab})
	}
	return append(out, cands[next:]...)
}
