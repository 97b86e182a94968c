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
// next item is carried from. A heading that holds a title alone says
// little by its words; the items the translation prints under it say
// more: read with them, each matched by its number's last segment to a
// sub-item of the item compared (familyScorer.family), it reads like
// the next item's. Where the words share nothing with either item (a
// translation scored by its words, whose words are not the source's),
// the sub-items' numbers still count (families.count): none of its
// place's sub-items is printed under it, and those printed are the
// next item's. The check reads no word of the document's language:
// only the aligner's scores and the numbers the translation prints.

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
// of its numbering better than like its own, alone, with its sub-items
// or by their numbers, and that item holds no text, or one the aligner
// is not confident of, or one shifted so, or one that prints no number
// and reads like it worse. The sub-items of an entry marked so, carried
// from the items the translation prints under its text, are marked with
// it. origOf gives each entry's index in orig, the edition translated,
// which the report's alignment pairs with the translation (else nothing
// is checked).
func (d *Draft) checkPlaces(orig *corpus.Document, origOf func(i int) (int, bool), number func(*corpus.Item) string) {
	al := d.Report.Alignment
	if al == nil || keyedByID(d.Translation) || al.Source != orig || al.Target != d.Translation {
		return
	}
	// A reading through the source carries the source's numbers: an
	// item the projection made of part of one, or of several, prints no
	// number of its own that is known, and is read as printing none.
	if pr, read := d.Report.printed, number; pr != nil {
		number = func(t *corpus.Item) string {
			if _, ok := pr[t.ID]; !ok {
				return ""
			}
			return read(t)
		}
	}
	r := d.placeRuns(orig, origOf, number)
	type cand struct{ entry, x, y, j, jy int }
	var cs []cand
	for _, o := range slices.Sorted(maps.Keys(r.next)) {
		if !r.endsInHole(o) {
			continue
		}
		y := r.next[o]
		c := cand{entry: r.at[o], x: o, y: y, j: r.target[o], jy: -1}
		if jy, ok := r.target[y]; ok && !r.low[y] {
			c.jy = jy
		} else if jy, ok := r.unnumbered[y]; ok && !r.low[y] {
			c.jy = jy
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return
	}
	fam := newFamilies(orig, d.Translation, number)
	sc := familyScorer{fam: fam, index: map[[2]int]int{}}
	for _, c := range cs {
		sc.want(c.x, c.j)
		sc.want(c.y, c.j)
		if c.jy >= 0 {
			sc.want(c.y, c.jy)
		}
	}
	scores := d.Report.align.TextScores(al, sc.pairs)
	if scores == nil {
		return
	}
	sc.scores = scores
	// Each text is read alone (plain), then with its sub-items (family),
	// then by their numbers (count): any of the readings may find the run.
	plain, family, count := make(map[int]placeStep, len(cs)), make(map[int]placeStep, len(cs)), make(map[int]placeStep, len(cs))
	for _, c := range cs {
		n := placeStep{y: c.y, sx: fam.count(c.x, c.j), sy: fam.count(c.y, c.j), syy: -1}
		p := placeStep{y: c.y, sx: sc.pair(c.x, c.j), sy: sc.pair(c.y, c.j), syy: -1}
		p.peak, n.peak = p.sy, n.sy
		f := placeStep{y: c.y, sx: sc.family(c.x, c.j), syy: -1}
		f.sy, f.peak = sc.familyPeak(c.y, c.j)
		if c.jy >= 0 {
			p.syy, f.syy = sc.pair(c.y, c.jy), sc.family(c.y, c.jy)
			n.syy = fam.count(c.y, c.jy)
			_, p.end = r.unnumbered[c.y]
			f.end, n.end = p.end, p.end
		}
		plain[c.x], family[c.x] = p, f
		// The sub-items' numbers alone, where the texts do not say
		// otherwise (they share no token: each scores 0) and none of
		// x's sub-items is printed under the text: a count that
		// matches y's where x's sub-items are all missing.
		if p.sy >= p.sx && f.sy >= f.sx && fam.apart(c.x, c.j) {
			count[c.x] = n
		}
	}
	for _, c := range cs {
		steps, how := plain, ""
		hole, ok := shiftedTo(steps, c.x)
		if !ok {
			steps, how = family, ", with the items under it,"
			hole, ok = shiftedTo(steps, c.x)
		}
		if !ok {
			steps, how = count, " (by the numbers of the items under it)"
			hole, ok = shiftedTo(steps, c.x)
		}
		if !ok {
			continue
		}
		st, its := steps[c.x], orig.Items
		e := &d.Entries[c.entry]
		own := fmt.Sprintf("%s's own text is not in the translation", its[hole].Number)
		switch {
		case r.low[hole]:
			own = fmt.Sprintf("the aligner is not confident of the text carried to %s", its[hole].Number)
		case r.hasText[hole]:
			own = fmt.Sprintf("the text carried to %s reads like it less", its[hole].Number)
		}
		e.Review = append(e.Review, fmt.Sprintf("the text%s reads like %s of %s (scored %.2f) better than like %s (%.2f), and %s: check that this is the text of %s", how, its[st.y].Number, orig.Name(), st.sy, its[c.x].Number, st.sx, own, its[c.x].Number))
		// The sub-items the translation prints under this text are
		// carried under the wrong parent with it.
		xs, ys, ts := fam.of(fam.src, fam.srcSegs, c.x), fam.of(fam.src, fam.srcSegs, c.y), fam.of(fam.tr, fam.trSegs, c.j)
		for _, k := range slices.Sorted(maps.Keys(ts)) {
			x, ok := xs[k]
			if j, carried := r.target[x]; !ok || !carried || j != ts[k] {
				continue
			}
			i := r.at[x]
			like := ""
			if y, ok := ys[k]; ok {
				like = fmt.Sprintf(" (this may be the text of %s)", its[y].Number)
			}
			d.Entries[i].Review = append(d.Entries[i].Review, fmt.Sprintf("the translation prints it under the text of %s, which reads like %s%s: check that this is the text of %s", its[c.x].Number, its[st.y].Number, like, its[x].Number))
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
	// unnumbered are the carried entries of one target that prints no
	// number: the target's index, by the entry's index in orig. Such a
	// text may end a run (it reads like its item worse than the text
	// before it does), never shift along it.
	unnumbered map[int]int
	// low are the items whose pair the aligner is not confident of: a
	// text it does not vouch for is no text of the item's, and ends a
	// run as an item without one does.
	low map[int]bool
}

// placeRuns reads the runs of d's entries on orig (placeRuns).
func (d *Draft) placeRuns(orig *corpus.Document, origOf func(i int) (int, bool), number func(*corpus.Item) string) placeRuns {
	r := placeRuns{hasText: map[int]bool{}, at: map[int]int{}, target: map[int]int{}, unnumbered: map[int]int{}}
	r.low = map[int]bool{}
	for _, p := range d.Report.Alignment.Pairs {
		r.low[p.Source[0]] = r.low[p.Source[0]] || p.Low
	}
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
		if e.State == Translated && len(e.Targets) == 1 && found {
			if number(e.Target) != "" && !r.low[o] {
				r.at[o], r.target[o] = i, j
			} else {
				r.unnumbered[o] = j
			}
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
// maxShift, an item without a text, or with a text that prints no
// number, through carried ones: only such a run is scored (where the
// translation holds every item's text, each printing its number, there
// is nothing to read).
func (r *placeRuns) endsInHole(x int) bool {
	for range maxShift {
		y, ok := r.next[x]
		switch {
		case !ok:
			return false
		case !r.hasText[y] || r.low[y]:
			return true
		}
		if _, ok := r.at[y]; !ok {
			_, ok = r.unnumbered[y]
			return ok
		}
		x = y
	}
	return false
}

// placeStep is what checkPlaces scored of the text carried to a source
// item: y, the next item of its numbering; sx and sy, the text's scores
// with its item and with y; syy, the score of y's own carried text with
// y (below 0 where y is not carried); peak, the best score with y of
// the text or of one of its sub-items (sy where it is read alone); end,
// that y's text prints no number (the run ends at y, however that text
// is scored).
type placeStep struct {
	y                 int
	sx, sy, syy, peak float64
	end               bool
}

// maxShift is how many items a run of shifted texts (shiftedTo) may
// span.
const maxShift = 8

// shiftedTo says whether the text carried to source item x is one of a
// run of texts each carried to the item before its own: it reads like
// the next item of its numbering (by placeMargin; it, or one of its
// sub-items, with placeFloor at least)
// and that item is not carried (the hole the run ends in, returned),
// or its carried text reads like it worse (by placeMargin) and is
// itself shifted so, or prints no number (the run's end).
func shiftedTo(steps map[int]placeStep, x int) (int, bool) {
	for range maxShift {
		st, ok := steps[x]
		if !ok || st.peak < placeFloor || st.sy < st.sx+placeMargin {
			return 0, false
		}
		if st.syy < 0 {
			return st.y, true
		}
		if st.sy < st.syy+placeMargin {
			return 0, false
		}
		if st.end {
			return st.y, true
		}
		x = st.y
	}
	return 0, false
}

// families are the direct sub-items of the items of the edition
// translated (src) and of the translation (tr), by the last segment of
// their numbers ("(2)" of 5.2(2) and of 5.3(2)), read where they are
// asked for (of); srcSegs and trSegs are the segments of the numbers
// each item prints.
type families struct {
	srcSegs, trSegs [][]string
	src, tr         map[int]map[string]int
}

// newFamilies reads the numbers of orig's items and of tr's as number
// gives them (the numbers the translation prints).
func newFamilies(orig, tr *corpus.Document, number func(*corpus.Item) string) *families {
	f := &families{srcSegs: make([][]string, len(orig.Items)), trSegs: make([][]string, len(tr.Items)), src: map[int]map[string]int{}, tr: map[int]map[string]int{}}
	for i := range orig.Items {
		f.srcSegs[i] = numberSegments(orig.Items[i].Number)
	}
	for j := range tr.Items {
		f.trSegs[j] = numberSegments(number(&tr.Items[j]))
	}
	return f
}

// of is the direct sub-items of item i (cached in seen): the items after
// it, to the first that prints a number not under i's, that print i's
// number and one segment more, keyed by that segment (the first of two
// that print one number). An item that prints no number has none.
func (f *families) of(seen map[int]map[string]int, segs [][]string, i int) map[string]int {
	if m, ok := seen[i]; ok {
		return m
	}
	m := map[string]int{}
	seen[i] = m
	own := segs[i]
	if len(own) == 0 {
		return m
	}
	for k := i + 1; k < len(segs); k++ {
		s := segs[k]
		if len(s) == 0 {
			continue
		}
		if len(s) <= len(own) || !slices.Equal(s[:len(own)], own) {
			break
		}
		if _, dup := m[s[len(own)]]; len(s) == len(own)+1 && !dup {
			m[s[len(own)]] = k
		}
	}
	return m
}

// count is how far the sub-items of source item o and of translation
// item j agree, by the last segments of their numbers: those both print,
// the items themselves counted, over those either prints (Jaccard's
// index; 1 where neither has sub-items or they print the same).
func (f *families) count(o, j int) float64 {
	xs, ts := f.of(f.src, f.srcSegs, o), f.of(f.tr, f.trSegs, j)
	both := 1
	for k := range xs {
		if _, ok := ts[k]; ok {
			both++
		}
	}
	return float64(both) / float64(len(xs)+len(ts)-both+2)
}

// apart says whether source item o has sub-items and translation item
// j prints none of them (no last segment in common).
func (f *families) apart(o, j int) bool {
	xs, ts := f.of(f.src, f.srcSegs, o), f.of(f.tr, f.trSegs, j)
	for k := range xs {
		if _, ok := ts[k]; ok {
			return false
		}
	}
	return len(xs) > 0
}

// familyScorer scores a source item with a translation item together
// with their sub-items (family): the pairs it needs (want) go to the
// aligner's TextScores at once, their scores come back in scores.
type familyScorer struct {
	fam    *families
	pairs  [][2]int
	index  map[[2]int]int // pair -> its place in pairs
	scores []float64
}

// want asks for the scores family(o, j) needs.
func (s *familyScorer) want(o, j int) {
	add := func(p [2]int) {
		if _, ok := s.index[p]; !ok {
			s.index[p] = len(s.pairs)
			s.pairs = append(s.pairs, p)
		}
	}
	add([2]int{o, j})
	ts := s.fam.of(s.fam.tr, s.fam.trSegs, j)
	for k, x := range s.fam.of(s.fam.src, s.fam.srcSegs, o) {
		if t, ok := ts[k]; ok {
			add([2]int{x, t})
		}
	}
}

// pair is the score of source item o with translation item j alone.
func (s *familyScorer) pair(o, j int) float64 {
	return s.scores[s.index[[2]int{o, j}]]
}

// family is the score of source item o with translation item j read
// with their sub-items: the mean of the pair's score and of each pair
// of sub-items that print the same last segment, over the pair and
// every sub-item either prints (one that the other lacks counts 0), so
// that a text whose sub-items are another parent's, or are as many as
// another parent's, reads like that parent. Where neither has
// sub-items it is the pair's score.
func (s *familyScorer) family(o, j int) float64 {
	f, _ := s.familyPeak(o, j)
	return f
}

// familyPeak is family(o, j) and the best of the scores it is the mean
// of.
func (s *familyScorer) familyPeak(o, j int) (float64, float64) {
	xs, ts := s.fam.of(s.fam.src, s.fam.srcSegs, o), s.fam.of(s.fam.tr, s.fam.trSegs, j)
	sum, n := s.scores[s.index[[2]int{o, j}]], 1
	peak := sum
	for k, x := range xs {
		n++
		if t, ok := ts[k]; ok {
			sc := s.scores[s.index[[2]int{x, t}]]
			sum += sc
			peak = max(peak, sc)
		}
	}
	for k := range ts {
		if _, ok := xs[k]; !ok {
			n++
		}
	}
	return sum / float64(n), peak
}
