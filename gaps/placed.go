package gaps

import (
	"fmt"
	"maps"
	"slices"

	"github.com/rulesync/rulesync/corpus"
)

// A translation that leaves an item out and prints the next one's
// number in its place (1f gone, 1g printed 1f; §5.2 gone, 5.3 printed
// 5.2) has its numbers and its positions agree: sync would carry the
// next item's text to the one left out, in silence. Its text does not
// agree: scored as the aligner scores a pair's texts (the numbers,
// references, terms and words they share, their length against the
// translation's usual ratio), it reads like the item after its place,
// better than like its place's own, and better than whatever text that
// next item is carried from. The check reads no word of the document's
// language: only the aligner's scores and the succession of the numbers.

// placeMargin is how much better than with its place's item a carried
// text must score with the next one (and than the next one's own
// carried text does) to be reviewed; placeFloor the score with the next
// one it needs at least, so that two texts that read like neither are
// left alone.
const (
	placeMargin = 0.02
	placeFloor  = 0.2
)

// nextSibling is the index of the item after item o in its numbering
// (same depth, same parent: 1g after 1f and its sub-items, 5.3 after
// 5.2, 3.4 after 3.3), given the segments of the items' numbers (orig);
// false when o prints no number or is its parent's last.
func nextSibling(orig [][]string, o int) (int, bool) {
	own := orig[o]
	if len(own) == 0 {
		return 0, false
	}
	for k := o + 1; k < len(orig); k++ {
		segs := orig[k]
		if len(segs) == 0 {
			continue
		}
		if len(segs) < len(own) {
			return 0, false
		}
		if len(segs) > len(own) {
			continue
		}
		if !slices.Equal(segs[:len(own)-1], own[:len(own)-1]) {
			return 0, false
		}
		return k, true
	}
	return 0, false
}

// checkPlaces marks for review each carried entry whose text is one of
// a run shifted one place back (shiftedTo): it reads like the next item
// of its numbering better than like its own, and that item holds no
// text, or one shifted so. origOf gives each entry's index in orig, the
// edition translated, which the report's alignment pairs with the
// translation (else nothing is checked).
func (d *Draft) checkPlaces(orig *corpus.Document, origOf func(i int) (int, bool), number func(*corpus.Item) string) {
	al := d.Report.Alignment
	if al == nil || keyedByID(d.Translation) || al.Source != orig || al.Target != d.Translation {
		return
	}
	r := d.placeRuns(orig, origOf, number)
	type cand struct{ entry, x, y, j, jy int }
	var cs []cand
	var ps [][2]int
	for _, o := range slices.Sorted(maps.Keys(r.next)) {
		if !r.endsInHole(o) {
			continue
		}
		y := r.next[o]
		c := cand{entry: r.at[o], x: o, y: y, j: r.target[o], jy: -1}
		ps = append(ps, [2]int{o, c.j}, [2]int{y, c.j})
		if jy, ok := r.target[y]; ok {
			c.jy = jy
			ps = append(ps, [2]int{y, jy})
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return
	}
	scores := d.Report.align.TextScores(al, ps)
	if scores == nil {
		return
	}
	steps := make(map[int]placeStep, len(cs))
	k := 0
	for _, c := range cs {
		st := placeStep{y: c.y, sx: scores[k], sy: scores[k+1], syy: -1}
		k += 2
		if c.jy >= 0 {
			st.syy = scores[k]
			k++
		}
		steps[c.x] = st
	}
	for _, c := range cs {
		if hole, ok := shiftedTo(steps, c.x); ok {
			st, its := steps[c.x], orig.Items
			e := &d.Entries[c.entry]
			e.Review = append(e.Review, fmt.Sprintf("the text reads like %s of %s (scored %.2f) better than like %s (%.2f), and %s's own text is not in the translation: check that this is the text of %s", its[st.y].Number, orig.Name(), st.sy, its[c.x].Number, st.sx, its[hole].Number, its[c.x].Number))
		}
	}
}

// placeRuns are what checkPlaces reads of a draft's entries, by their
// index in the edition translated: those that hold a text (hasText); of
// them, the carried ones of one target that prints a number (at: the
// entry's index, target: the target's), and the next item of each of
// those in its numbering (next).
type placeRuns struct {
	hasText          map[int]bool
	at, target, next map[int]int
}

// placeRuns reads the runs of d's entries on orig (placeRuns).
func (d *Draft) placeRuns(orig *corpus.Document, origOf func(i int) (int, bool), number func(*corpus.Item) string) placeRuns {
	r := placeRuns{hasText: map[int]bool{}, at: map[int]int{}, target: map[int]int{}}
	tindex := make(map[*corpus.Item]int, len(d.Translation.Items))
	for j := range d.Translation.Items {
		tindex[&d.Translation.Items[j]] = j
	}
	for i := range d.Entries {
		e := &d.Entries[i]
		o, ok := origOf(i)
		if e.Target == nil || e.State == New || !ok || o >= len(orig.Items) {
			continue
		}
		r.hasText[o] = true
		j, found := tindex[e.Target]
		// A stale text is marked already, and it translates an earlier
		// text than its item's: it is not read against the source's.
		if e.State == Translated && len(e.Targets) == 1 && found && number(e.Target) != "" {
			r.at[o], r.target[o] = i, j
		}
	}
	segs := make([][]string, len(orig.Items))
	for i := range orig.Items {
		segs[i] = numberSegments(orig.Items[i].Number)
	}
	r.next = make(map[int]int, len(r.at))
	for o := range r.at {
		if y, ok := nextSibling(segs, o); ok {
			r.next[o] = y
		}
	}
	return r
}

// endsInHole says whether the run of next items from x reaches, within
// maxShift, an item without a text through carried ones: only such a
// run is scored (where the translation holds every item's text there is
// nothing to read).
func (r *placeRuns) endsInHole(x int) bool {
	for range maxShift {
		y, ok := r.next[x]
		switch {
		case !ok:
			return false
		case !r.hasText[y]:
			return true
		}
		if _, ok := r.at[y]; !ok {
			return false
		}
		x = y
	}
	return false
}

// placeStep is what checkPlaces scored of the text carried to a source
// item: y, the next item of its numbering; sx and sy, the text's scores
// with its item and with y; syy, the score of y's own carried text with
// y (below 0 where y is not carried).
type placeStep struct {
	y           int
	sx, sy, syy float64
}

// maxShift is how many items a run of shifted texts (shiftedTo) may
// span.
const maxShift = 8

// shiftedTo says whether the text carried to source item x is one of a
// run of texts each carried to the item before its own: it reads like
// the next item of its numbering (by placeMargin, placeFloor at least)
// and that item is not carried (the hole the run ends in, returned),
// or its carried text reads like it worse (by placeMargin) and is
// itself shifted so.
func shiftedTo(steps map[int]placeStep, x int) (int, bool) {
	for range maxShift {
		st, ok := steps[x]
		if !ok || st.sy < placeFloor || st.sy < st.sx+placeMargin {
			return 0, false
		}
		if st.syy < 0 {
			return st.y, true
		}
		if st.sy < st.syy+placeMargin {
			return 0, false
		}
		x = st.y
	}
	return 0, false
}
