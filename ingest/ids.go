package ingest

import (
	"fmt"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// idState is what the builder keeps to give numbered items their ids
// (see "Item ids" in corpus/id.go): the ids given so far, without their
// prefix (those of headings apart), and the source line of each item
// made, for the warning about a number printed twice.
type idState struct {
	given, givenHeads idSet
	line              int   // the line of the block being built
	lines             []int // the line of each item of d.Items, as built
	// divs are the divisions (label.div) whose first item has its id,
	// and whether the division goes back (numberID).
	divs map[int]bool
}

// numberID gives the numbered item it its id, from its label and the
// headings in force only: its number ("rule:36"), with the letters its
// label prints joined to it ("rule:RP-7"); where the number was given
// already (by an item that is a heading, or one that is not, as this one)
// and the label starts a numbering again ("1", "A", "i"), or a division's own numbering goes back
// (lab.div: an addendum from rule 10 after rule 71), the numbering
// started again under the innermost heading in force, and its items are
// qualified by that heading ("rule:_14_10", "rule:3_1") while it is in
// force. heading says the item is a heading itself, the innermost
// heading in force then: its own id fragment qualifies the items under
// it, not itself. The id is left to corpus.AssignIDs where it is the
// plain one.
func (b *builder) numberID(it *corpus.Item, lab label, heading bool) {
	letters := ""
	if lab.joined {
		letters = lab.prefix
	}
	// A division's own numbering (lab.div: one that does not go on
	// through its heading) starts again with its first label: where that
	// number was given already (procedures 1-3 after rules 1-71), the
	// division's heading qualifies it and the labels after it; where it
	// was not (appendix A.1 after article 12), the id is the number
	// alone, as the same division's in a language whose heading prints
	// its number. A division whose first label is no first one goes back
	// to numbers of the document's (an addendum from rule 10 after rule
	// 71): it is apart from its first item on.
	restart, apart := len(lab.comps) == 1 && allFirst(lab.comps), false
	if lab.div > 0 && letters == "" {
		back, seen := b.ids.divs[lab.div]
		if !seen {
			if b.ids.divs == nil {
				b.ids.divs = map[int]bool{}
			}
			back = !allFirst(lab.comps)
			b.ids.divs[lab.div] = back
			restart = true
		}
		if back {
			restart, apart = true, true
		}
	}
	b.giveID(it, letters, restart, apart, heading)
}

// giveID is numberID for an item whose label prints letters joined to
// its number (or ""), and starts a numbering (restart) or not; apart
// says the numbering is the division's own, qualified from its first item.
func (b *builder) giveID(it *corpus.Item, letters string, restart, apart, heading bool) {
	heads := b.heads
	if heading && len(heads) > 0 {
		heads = heads[:len(heads)-1]
	}
	// The unnumbered heading a run of numbered headings of its level
	// follows is innermost for them (lapse).
	var rbuf [8]*inForce
	refs := rbuf[:0]
	for i := range heads {
		refs = append(refs, &heads[i])
	}
	if heading && b.lapsed != nil && len(b.heads) > 0 && b.heads[len(b.heads)-1].level == b.lapsed.level {
		refs = append(refs, b.lapsed)
	}
	plain := it.Number
	if letters != "" && !strings.HasPrefix(plain, letters) {
		plain = letters + "-" + plain
	}
	id := corpus.ID(it.Kind, plain)
	// A heading's number may make it a section (finish): its id is then
	// "sec:", apart from the rules'.
	given := &b.ids.given
	if heading {
		given = &b.ids.givenHeads
	}
	// A numbering that starts again where no heading is in force (two
	// lists with nothing between) is a run of its own: its place among
	// the runs qualifies its ids ("rule:_2_1") as an unnumbered heading's
	// place would, so that no number it repeats takes a duplicate's "-2".
	// The lapsed heading is in force for the headings it qualifies: a
	// numbering of them that starts again is qualified by it, its first
	// item as the rest (an anonymous run for the first alone gave
	// "rule:_2_1, rule:2-2").
	headed := len(refs) > 0
	if !headed && b.run != nil {
		refs = append(refs, b.run)
	}
	if restart && !apart && !headed && given.has(idFrag(id)) {
		if b.runs == 0 {
			b.runs = 1
		}
		b.runs++
		b.run = &inForce{frag: corpus.OutlinePlace([]int{b.runs}), again: true}
		refs = []*inForce{b.run}
	}
	if (apart || restart && given.has(idFrag(id))) && len(refs) > 0 {
		refs[len(refs)-1].again = true
	}
	qualified := false
	for i := len(refs) - 1; i >= 0; i-- {
		if refs[i].again && refs[i].frag != "" {
			qualified = true
			id = corpus.QualifiedID(it.Kind, refs[i].frag, plain)
			// A numbering that starts again under the heading a run of
			// it started under already is a further run: its place
			// among them qualifies it too ("rule:_2_2_1").
			if r := refs[i]; restart && !apart && given.has(idFrag(id)) {
				if r.runs == 0 {
					r.base, r.runs = r.frag, 1
				}
				r.runs++
				r.frag = r.base + corpus.OutlinePlace([]int{r.runs})
				id = corpus.QualifiedID(it.Kind, r.frag, plain)
			}
			break
		}
	}
	given.add(idFrag(id))
	// The plain id of the item's own number is corpus.AssignIDs' to give;
	// made again only where it may differ from id.
	if (qualified || plain != it.Number) && id != corpus.ID(it.Kind, it.Number) {
		it.ID = id
	}
	if heading && len(b.heads) > 0 {
		b.heads[len(b.heads)-1].frag = idFrag(id)
	}
}

// lapse keeps the unnumbered heading that a numbered heading of its
// level (numbered) ends as the one the numbered headings after it are
// under: in a layout that sets every heading at one level ("## Rules",
// "## 1. ...", "## Guidelines", "## 1. ..."), the heading between two
// numberings divides them as a heading above them would, and qualifies
// the second's ids ("rule:_2_1") where its numbers are taken. A heading
// above its level, or an unnumbered one at its level, ends it.
func (b *builder) lapse(level int, numbered bool) {
	if l := b.lapsed; l != nil && (level < l.level || !numbered && level == l.level) {
		b.lapsed = nil
	}
	if n := len(b.heads); numbered && n > 0 {
		if top := b.heads[n-1]; top.level == level && !top.numbered {
			b.lapsed = &top
		}
	}
}

// idFrag is an id without its prefix: "36" of "rule:36".
func idFrag(id string) string {
	_, f, _ := strings.Cut(id, ":")
	return f
}

// sectionID is the id of a numbered item made a section (finish): its
// own, with the section's prefix ("rule:_2_3" -> "sec:_2_3"); "" where
// corpus.AssignIDs gives it ("sec:3").
func sectionID(id string) string {
	if id == "" {
		return ""
	}
	return "sec:" + idFrag(id)
}

// duplicateWarnings names the items of d that would share an id (a
// number the source prints twice: the second keeps a "-2" id), with the
// source lines of both where the format gives them (lines, one per item,
// 0 unknown).
func duplicateWarnings(d *corpus.Document, lines []int) []string {
	var out []string
	at := func(i int) string {
		s := d.Items[i].Label()
		if i < len(lines) && lines[i] > 0 {
			s += fmt.Sprintf(" (line %d)", lines[i])
		}
		return s
	}
	for _, dup := range corpus.Duplicates(d) {
		out = append(out, fmt.Sprintf("%s at %s and %s", dup.ID, at(dup.First), at(dup.Second)))
	}
	return out
}
