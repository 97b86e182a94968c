package align

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// SectionHeadings returns al with an item in its target for each
// heading of the source (a title, no text) that no target item pairs
// with, or that the aligner paired with a body (bodyPair), where the
// target holds that heading only as its items' Section: a translation
// whose headings lost their numbers (a word processor's heading
// numbering dropped in conversion) while the rules under them kept
// theirs is read, alone, as numbered rules under headings that print
// nothing and hold no text, and such a heading lives on only as the
// Section of the rules under it (ingest), so the source's heading had
// no item to pair with.
//
// The pairing is the alignment's own, carried through the rules: a
// source heading is the target heading its rules sit under where half
// or more of the source items under it (those after it up to the next
// heading) that have a pair are paired with target items under one
// heading of the target, and the first target item under that heading
// is paired with one of them (the heading stands before its section's
// items, so a heading the translation left out, whose rules then sit
// under the heading before, is not read into that one). A target
// heading goes to one source heading only, and never where the target
// has an item for it (an item whose title it is, a heading item whose
// Section it is).
// The item made has the source heading's id and kind, the target
// heading's whole text as its title and Section, no number (it prints
// none), and stands before the first item under the heading; its
// pair's score is the share of the source heading's items paired under
// a heading of the target that are under it. The body a made heading
// replaces in a pair is left without a partner, with its own id (made
// unique). It returns al itself when
// no heading is made, else a copy whose target is a copy of al's.
func SectionHeadings(al *Alignment) *Alignment {
	src, tgt := al.Source, al.Target
	if src == nil || tgt == nil {
		return al
	}
	pairOf := make([]int, len(src.Items)) // source item -> pair index, -1 for none
	for i := range pairOf {
		pairOf[i] = -1
	}
	for k, p := range al.Pairs {
		for _, i := range p.Source {
			pairOf[i] = k
		}
	}
	held := map[string]bool{} // target headings that have an item
	first := map[string]int{} // target heading -> its first item
	for j := range tgt.Items {
		it := &tgt.Items[j]
		if heading(it) && ownSection(it) {
			held[it.Section] = true
		}
		if it.Title != "" {
			held[it.Title] = true
		}
		if _, ok := first[it.Section]; !ok {
			first[it.Section] = j
		}
	}
	var made []madeHeading
	claimed := map[string]int{} // target heading -> index in made, -1 once two claim it
	for i := range src.Items {
		s := &src.Items[i]
		if s.Title == "" || s.Text != "" || s.Kind == corpus.KindPreamble || pairOf[i] >= 0 && !bodyPair(al, pairOf[i]) && !underOther(al, pairOf[i]) {
			continue
		}
		h, ok := headingUnder(al, pairOf, held, i)
		// The first target item under the heading is paired with one
		// under the source's, or is the body the aligner paired with
		// the source heading itself (a line of the translation's own
		// before its rules, "8.1 How to record", read as the heading's).
		if !ok || !firstPaired(al, pairOf, i, h.under, first[h.title]) && (pairOf[i] < 0 || !slices.Contains(al.Pairs[pairOf[i]].Target, first[h.title])) {
			continue
		}
		if k, ok := claimed[h.title]; ok {
			if k >= 0 {
				made[k].src = -1
			}
			claimed[h.title] = -1
			continue
		}
		h.src, h.at, h.pair = i, first[h.title], pairOf[i]
		claimed[h.title] = len(made)
		made = append(made, h)
	}
	made = slices.DeleteFunc(made, func(h madeHeading) bool { return h.src < 0 })
	if len(made) == 0 {
		return al
	}
	return al.withHeadings(made)
}

// madeHeading is a target heading SectionHeadings makes an item of.
type madeHeading struct {
	src   int    // the source heading's index; -1 where two claim the target heading
	at    int    // the target index it stands before
	title string // the target heading's text (its items' Section)
	sure  int    // source items under the heading that sit under the target's
	under int    // source items under the heading paired under a heading without an item
	pair  int    // the pair of the source heading it replaces, -1 for none
}

// score is the pair's score: the share of the source heading's items
// paired under a heading of the target (not under an item of its own)
// that are under this one.
func (h madeHeading) score() float64 { return float64(h.sure) / float64(h.under) }

// bodyPair reports whether pair k pairs one source item with target
// items that all have text: for a source heading (no text), the
// aligner's pick among the target's bodies where the target's heading
// had no item (a paragraph that prints the heading's number, "1." in a
// list of the introduction), which the heading its rules sit under
// replaces.
func bodyPair(al *Alignment, k int) bool {
	p := &al.Pairs[k]
	if len(p.Source) != 1 || len(p.Target) == 0 {
		return false
	}
	for _, j := range p.Target {
		if al.Target.Items[j].Text == "" {
			return false
		}
	}
	return true
}

// underOther reports whether pair k pairs one source item with target
// items that each stand under a heading not their own (ownSection): a
// titled line of the translation's own under a heading it holds only as
// its Section ("8.1 How to record" under "THE RECORDING OF THE MOVES"),
// which that heading replaces as bodyPair's bodies are.
func underOther(al *Alignment, k int) bool {
	p := &al.Pairs[k]
	if len(p.Source) != 1 || len(p.Target) == 0 {
		return false
	}
	for _, j := range p.Target {
		if it := &al.Target.Items[j]; it.Section == "" || ownSection(it) {
			return false
		}
	}
	return true
}

// headingUnder is the target heading that most of the paired source
// items under source heading i sit under (see SectionHeadings), and
// false where there is none: no item under i, none paired, or no
// heading holding half of those paired or more. Items paired with
// target items under a heading held by an item (a titled rule of the
// target's, "6.4 Title", over the rules after it) sit under that item,
// not under a heading that lost its number: they are not counted.
func headingUnder(al *Alignment, pairOf []int, held map[string]bool, i int) (madeHeading, bool) {
	tgt := al.Target
	votes := map[string]int{}
	var h madeHeading
	for u := range underHeading(al.Source, i) {
		if pairOf[u] < 0 {
			continue
		}
		// An item of a pair of several target items votes once, for
		// the heading of its first.
		t := tgt.Items[al.Pairs[pairOf[u]].Target[0]].Section
		if held[t] {
			continue
		}
		h.under++
		votes[t]++
	}
	for t, n := range votes {
		if t != "" && 2*n >= h.under && n > h.sure {
			h.title, h.sure = t, n
		}
	}
	return h, h.title != ""
}

// underHeading yields the items under heading i of d: those after it
// up to the next heading, under one heading (the Section of the first;
// a heading's own Section may be its title or its whole line, or its
// parent's).
func underHeading(d *corpus.Document, i int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for u := i + 1; u < len(d.Items) && !heading(&d.Items[u]) && d.Items[u].Section == d.Items[i+1].Section; u++ {
			if !yield(u) {
				return
			}
		}
	}
}

// heading reports whether it is a heading: a section, or a title
// without text.
func heading(it *corpus.Item) bool {
	return it.Kind == corpus.KindSection || it.Text == "" && it.Title != ""
}

// ownSection reports whether heading item it is its Section's own
// heading: the Section holds its title (or its text, where it has no
// title), as a heading's Section is its title or its whole line. A
// heading under another (a subsection the alignment made of a numbered
// line, "II.3 ...", whose Section is its parent's) holds no Section.
func ownSection(it *corpus.Item) bool {
	own := it.Title
	if own == "" {
		own = it.Text
	}
	return own == "" || strings.Contains(it.Section, own)
}

// firstPaired reports whether target item j, the first under its
// heading, is paired with one of the under items after source heading
// i that share its Section.
func firstPaired(al *Alignment, pairOf []int, i, under, j int) bool {
	for u := range underHeading(al.Source, i) {
		if pairOf[u] >= 0 && slices.Contains(al.Pairs[pairOf[u]].Target, j) {
			return true
		}
	}
	return false
}

// withHeadings is a copy of al whose target has the items of made
// inserted, each paired with its source heading.
func (al *Alignment) withHeadings(made []madeHeading) *Alignment {
	// The pairs' evidence is made before they are copied (see
	// alignScratch.lazy): it is made for al's pairs by their places.
	al.explained()
	slices.SortStableFunc(made, func(a, b madeHeading) int { return a.at - b.at })
	// shift[j] is where target item j goes.
	tgt := al.Target
	shift := make([]int, len(tgt.Items))
	items := make([]corpus.Item, 0, len(tgt.Items)+len(made))
	var own []string
	if al.own != nil {
		own = make([]string, 0, len(tgt.Items)+len(made))
	}
	newAt := make([]int, len(made))
	isMade := make([]bool, 0, len(tgt.Items)+len(made))
	k := 0
	for j := range tgt.Items {
		for ; k < len(made) && made[k].at == j; k++ {
			newAt[k] = len(items)
			items = append(items, headingItem(&al.Source.Items[made[k].src], made[k]))
			isMade = append(isMade, true)
			if own != nil {
				own = append(own, "")
			}
		}
		shift[j] = len(items)
		items = append(items, tgt.Items[j])
		isMade = append(isMade, al.Made(j))
		if own != nil {
			own = append(own, al.own[j])
		}
	}
	t := *tgt
	t.Items = items
	out := *al
	out.Target, out.own, out.made = &t, own, isMade
	moved := func(js []int) []int {
		o := make([]int, len(js))
		for n, j := range js {
			o[n] = shift[j]
		}
		return o
	}
	replaced := map[int]bool{}
	for _, h := range made {
		if h.pair >= 0 {
			replaced[h.pair] = true
		}
	}
	out.Pairs = make([]Pair, 0, len(al.Pairs)+len(made))
	out.UnmatchedTarget = moved(al.UnmatchedTarget)
	named := make([]bool, len(items))
	for k, p := range al.Pairs {
		if replaced[k] {
			// Its target items are left without a partner, with
			// their own ids again.
			for _, j := range p.Target {
				it := &items[shift[j]]
				if o := al.OwnID(j); o != "" {
					it.ID = o
				}
				it.IDSource, it.Confidence = "", 0
			}
			out.UnmatchedTarget = append(out.UnmatchedTarget, moved(p.Target)...)
			continue
		}
		for _, j := range p.Target {
			named[shift[j]] = true
		}
		p.Target = moved(p.Target)
		out.Pairs = append(out.Pairs, p)
	}
	slices.Sort(out.UnmatchedTarget)
	for _, j := range newAt {
		named[j] = true
	}
	unique(&t, named)
	var paired []int
	for k, h := range made {
		score := h.score()
		out.Pairs = append(out.Pairs, Pair{Source: []int{h.src}, Target: []int{newAt[k]}, Score: score,
			Evidence: []Evidence{{Signal: "section", Agrees: true,
				Detail: fmt.Sprintf("%d of its %d items paired under a heading are under this one", h.sure, h.under)}}})
		paired = append(paired, h.src)
	}
	slices.SortStableFunc(out.Pairs, func(a, b Pair) int { return firstOf(a.Source) - firstOf(b.Source) })
	out.UnmatchedSource = slices.DeleteFunc(slices.Clone(al.UnmatchedSource), func(i int) bool { return slices.Contains(paired, i) })
	return &out
}

// headingItem is the target item of heading h, paired with source item s.
func headingItem(s *corpus.Item, h madeHeading) corpus.Item {
	return corpus.Item{ID: s.ID, Kind: s.Kind, Title: h.title, Section: h.title,
		Parts: []corpus.Part{}, Refs: []string{}, Flags: []corpus.Flag{}, Marks: []corpus.Mark{},
		IDSource: corpus.IDAligned, Confidence: h.score()}
}

// firstOf is the first of is, -1 for none.
func firstOf(is []int) int {
	if len(is) == 0 {
		return -1
	}
	return is[0]
}
