package align

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/sched"
)

// Reading is a translation read through its source (Through).
type Reading struct {
	// Doc is the translation with the source's ids: each item paired with
	// a source item has that item's id, kind and number, and says how it
	// found them (Item.IDSource) and how sure (Item.Confidence); an item
	// paired with none keeps its own id (made unique against the source's).
	Doc *corpus.Document
	// Alignment pairs the source with Doc, one to one by id, with the
	// aligner's scores and evidence.
	Alignment *Alignment
	// Projected is set when Doc was made by block-level alignment and the
	// projection of the source's items (its items are not the
	// translation's own).
	Projected bool
	// Partial is set when the target, by the length of its sure pairs,
	// holds a part of the source (one chapter, a page of addenda): its
	// items are not held to place half of the source's (see partial).
	Partial bool
	// Placed counts the source items other than preambles that have an
	// item in Doc, of Items.
	Placed, Items int
	// Unplaced are the ids of the source items (not preambles) that have
	// none.
	Unplaced []string
}

// Coverage is how much of a source a reading put on the translation:
// of the source's items of the kinds the translation covers (the kinds
// its pairs reach, all where they reach none; preambles aside),
// Placeable counts them, Placed those that have a counterpart, Unplaced
// names the others. Affinity, where the caller measured it, says
// whether the pairs share more than chance.
type Coverage struct {
	Placed, Placeable int
	Unplaced          []string
	Affinity          Affinity
}

// Covered is the coverage of the source of al by its target, over the
// kinds of source item its pairs cover: a page of addendum entries is
// not held to the rules it does not translate.
func Covered(al *Alignment) Coverage {
	src := al.Source
	placed := make([]bool, len(src.Items))
	kinds := map[corpus.Kind]bool{}
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			placed[i] = true
			kinds[src.Items[i].Kind] = true
		}
	}
	var c Coverage
	for i := range src.Items {
		if k := src.Items[i].Kind; k == corpus.KindPreamble || len(kinds) > 0 && !kinds[k] {
			continue
		}
		c.Placeable++
		if placed[i] {
			c.Placed++
		} else {
			c.Unplaced = append(c.Unplaced, src.Items[i].ID)
		}
	}
	return c
}

// Err is the error of a coverage under half: the translation could not
// be put on its source (fewer than half of the items it should cover
// have a counterpart). It names how many and the first ten of those left
// out; nil for half or more, or nothing to place. Where the pairs share
// no more than chance (Affinity.Unrelated), it is the error of a text
// that does not translate the source, however many items it placed.
func (c Coverage) Err() error {
	if a := c.Affinity; a.Unrelated() {
		return fmt.Errorf("the translation could not be put on its source: the %d items placed share %.0f%% of their numbers, references and terms with their source items beyond what items paired at random share, under 10%%: it reads as a text of another document",
			a.Pairs, 100*max(0, a.Shared-a.Chance)/a.Mass)
	}
	if c.Placeable == 0 || 2*c.Placed >= c.Placeable {
		return nil
	}
	names := c.Unplaced
	more := ""
	if len(names) > 10 {
		names, more = names[:10], fmt.Sprintf(" and %d more", len(c.Unplaced)-10)
	}
	return fmt.Errorf("the translation could not be put on its source: %d of %d source items matched, fewer than half; not matched: %s%s",
		c.Placed, c.Placeable, strings.Join(names, ", "), more)
}

// Through reads tgt, a translation of src (or another edition of it),
// through src: the source is the master of identity, and what the
// translation prints of its own numbering is evidence for the alignment,
// not the answer. The items are aligned as Align does, and each item
// paired one to one takes its source item's id. Where most items print
// their source item's label and every source item is placed, that
// reading stands. Otherwise (a translation whose numbers were lost,
// whose list entries, paragraphs or table rows are not its source's
// items one for one, two rules in a paragraph or one over two entries)
// the translation's lines are cut into runs of the source's items and
// the source's item boundaries projected onto them (project). Where the
// items print labels, an item not paired one to one, or whose blocks the
// projection spreads over several source items, is replaced by the
// items the projection makes of its blocks, and the reading is taken
// where it places more source items; where they print few, the
// projection makes every item, in one pass. A translation of part of
// its source (partial), or one of cut previews (previews), is not
// projected. The final alignment of the
// source with the reading is made by id.
func (o Options) Through(src, tgt *corpus.Document) *Reading {
	r := o.through(src, tgt)
	if few(src, tgt) && 2*r.Placed < r.Items && !stopped(o.done()) {
		// Few items, read without the item-level alignment, and
		// placing little: where that alignment finds the target to hold
		// a part of the source (a chapter of it), its reading stands.
		if al := o.Align(src, tgt); partial(al) {
			r = renamed(al)
			r.Partial = true
		}
	}
	return r
}

// few reports whether tgt has fewer than an eighth as many items as
// src has items other than preambles.
func few(src, tgt *corpus.Document) bool { return 8*len(tgt.Items) < placeable(src) }

// through is Through but for a target of few items that holds a part
// of the source.
func (o Options) through(src, tgt *corpus.Document) *Reading {
	var al *Alignment
	if few(src, tgt) {
		// Fewer than an eighth as many items as the source's: one to one
		// they could place few of them, and the item-level programme's
		// band, as wide as the difference of the counts, would cost
		// their product. (Above that, the articles an item-level
		// alignment pairs whole keep the projection in place.)
		al = &Alignment{Source: src, Target: tgt}
	} else {
		al = o.Align(src, tgt)
	}
	r := renamed(al)
	// Where most items print their source's label or are paired with
	// confidence, a reading that places every source item stands; where
	// few are (numbers lost, the items not the source's), placing them
	// all says nothing of where, and the projection is read too.
	held := r.labelled() + confident(al)
	sure := 2*held >= r.Items || held == len(tgt.Items)
	if r.Placed == r.Items && sure || stopped(o.done()) {
		return r
	}
	if r.Partial = partial(al); r.Partial || previews(tgt) {
		return r
	}
	if sure && kept(al, r.Doc) {
		// No projection could move an item (spread would mark none):
		// it is not made.
		return r
	}
	pieces, bt, ratio := o.project(src, tgt)
	if stopped(o.done()) {
		return r
	}
	bad := spread(al, r.Doc, pieces, bt)
	if !sure {
		// No labels to hold the items to their sources: the projection
		// reads them all.
		for j := range bad {
			bad[j] = true
		}
	}
	any := false
	for _, b := range bad {
		any = any || b
	}
	if !any {
		return r
	}
	if sure {
		pieces = o.anchored(src, tgt, al, bad, bt)
		if stopped(o.done()) {
			return r
		}
	}
	d := *r.Doc
	var srcOf []int32
	var own []string
	d.Items, srcOf, own = hybrid(src, tgt, r.Doc, al, bad, pieces, bt)
	// Where the items print their labels, the pairs by id take their
	// scores and evidence from an alignment of the source with the
	// reading; where they print none, from the projection (one pass).
	byAl := &Alignment{Ratio: ratio}
	if sure {
		byAl = o.Align(src, &d)
	}
	pr := byID(src, &d, srcOf, byAl)
	pr.Projected = true
	pr.Alignment.own = own
	if pr.Placed < r.Placed || pr.Placed == r.Placed && sure {
		// The projection places fewer source items than the items did
		// (or no more, where the items print their labels): the
		// translation's own items stand.
		return r
	}
	return pr
}

// previews reports whether a quarter or more of d's items are one cut
// preview each (onePreview), and none holds several: their lengths say
// nothing of their source items', and a projection, which reads
// lengths, would misplace them. Where an item holds several (entries
// a layout set under one heading), its items are not the source's and
// the projection reads them.
func previews(d *corpus.Document) bool {
	for j := range d.Items {
		if severalCut(&d.Items[j]) {
			return false
		}
	}
	return mostlyCut(d)
}

// mostlyCut reports whether a quarter or more of d's items are cut
// previews (cutPreview).
func mostlyCut(d *corpus.Document) bool {
	n := 0
	for j := range d.Items {
		if cutPreview(&d.Items[j]) {
			n++
		}
	}
	return n > 0 && 4*n >= len(d.Items)
}

// severalCut reports whether a line of it other than its last ends in
// a cut mark: it holds several previews.
func severalCut(it *corpus.Item) bool {
	t := strings.TrimRightFunc(it.Text, unicode.IsSpace)
	return strings.Contains(strings.TrimSuffix(t, "…"), "…\n")
}

// partial reports whether the target of al holds less than 60% of the
// text its source predicts at the length ratio of its sure pairs (their
// median): those whose items print the same number, or that the
// alignment is confident of, at least three and half the target's
// items. Such a target translates part of the source (one appendix, a
// page of previews) and has no blocks for most of the source's, where
// block alignment, which like Gale & Church's (1993) takes the two to
// say the same, would spread its blocks over the whole source. Without
// enough sure pairs the translation is taken to be whole.
func partial(al *Alignment) bool {
	size := func(it *corpus.Item) float64 {
		return float64(utf8.RuneCountInString(it.Title) + utf8.RuneCountInString(it.Text))
	}
	var rs []float64
	// A cut preview's size says nothing of the ratio; it stands for its
	// source item's at the ratio, where it is paired one to one.
	cutOf := map[int]int{}
	for _, p := range al.Pairs {
		if len(p.Source) != 1 || len(p.Target) != 1 {
			continue
		}
		s, t := &al.Source.Items[p.Source[0]], &al.Target.Items[p.Target[0]]
		if cutPreview(t) {
			cutOf[p.Target[0]] = p.Source[0]
			continue
		}
		sure := t.Number != "" && numberKey(t.Number) == numberKey(s.Number) || !p.Low && p.Score >= 0.5
		if sure && size(s) >= 20 && size(t) >= 10 {
			rs = append(rs, size(t)/size(s))
		}
	}
	if len(rs) < 3 || 2*(len(rs)+len(cutOf)) < len(al.Target.Items) {
		return false
	}
	slices.Sort(rs)
	r := rs[len(rs)/2]
	var ns, nt float64
	for i := range al.Source.Items {
		ns += size(&al.Source.Items[i])
	}
	for j := range al.Target.Items {
		if i, ok := cutOf[j]; ok {
			nt += max(size(&al.Target.Items[j]), r*size(&al.Source.Items[i]))
			continue
		}
		nt += size(&al.Target.Items[j])
	}
	return nt < 0.6*r*ns
}

// spread marks the target items that keep no item-level reading, of
// those that do not print their source item's label (a label the
// translation prints twice names neither item for sure): those the
// alignment al does not pair one to one; those whose blocks the
// projection gives less than three quarters of to any one source item;
// and those that print no label of their source's where the projection
// gives most of their blocks to another source item than al's.
func spread(al *Alignment, renamed *corpus.Document, pieces []piece, bt []block) []bool {
	cut := mostlyCut(al.Target)
	n := len(renamed.Items)
	bad := make([]bool, n)
	pairOf := make([]int, n)
	for j := range pairOf {
		pairOf[j] = -1
	}
	sure := make([]bool, n)
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			pairOf[p.Target[0]] = p.Source[0]
			sure[p.Target[0]] = !p.Low
		}
	}
	placed := make([]bool, len(al.Source.Items))
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			placed[i] = true
		}
	}
	tot := make([]int, n)
	top := make([]int, n)
	topSrc := make([]int, n)
	nested := make([]bool, n)
	for k := 0; k < len(pieces); {
		j := bt[pieces[k].block].item
		share := map[int]int{}
		k0 := k
		for ; k < len(pieces) && bt[pieces[k].block].item == j; k++ {
			l := utf8.RuneCountInString(pieces[k].text)
			tot[j] += l
			share[pieces[k].src] += l
			if share[pieces[k].src] > top[j] {
				top[j], topSrc[j] = share[pieces[k].src], pieces[k].src
			}
		}
		nested[j] = pairOf[j] >= 0 && subItems(al.Source, pairOf[j], placed, pieces[k0:k], bt)
	}
	twice := printedTwice(al.Target)
	for j := range bad {
		label := renamed.Items[j].IDSource == corpus.IDLabel && !twice[j]
		switch {
		case label:
			// Its printed label names its source item: a source item
			// the projection gives part of its blocks to (one the
			// translation lacks, or of another edition) takes none,
			// but for the source's sub-items its text holds as list
			// entries or paragraphs of their own (subItems).
			bad[j] = nested[j]
		case pairOf[j] < 0:
			bad[j] = true
		case !severalCut(&al.Target.Items[j]) && (cutPreview(&al.Target.Items[j]) || cut && sure[j]):
			// A cut preview paired one to one, or a pair the alignment
			// is confident of among cut previews: the projection, which
			// reads lengths, says nothing of where it goes (an item of
			// several previews is not the source's).
		case tot[j] > 0 && 4*top[j] < 3*tot[j]:
			bad[j] = true
		case tot[j] > 0 && topSrc[j] != pairOf[j] && (!sure[j] || twice[j]):
			// The projection, by lengths, gives it to another source
			// item than the alignment, which is not confident of it, or
			// leans on a label printed twice (a confident pair stands: a
			// projection shifted by a source item the translation lacks
			// would move it).
			bad[j] = true
		}
	}
	return bad
}

// kept reports whether spread would mark no item of renamed, the
// item-level reading of al, whatever the projection: every item prints
// its source item's label (a label printed twice aside), and no source
// item that al leaves unplaced has a number that extends the number of
// the source item of a one to one pair (a sub-item, D.2.6.2.1 under
// D.2.6.2: the only pieces that subItems, and so spread, moves an item
// that prints its label for). The projection, a block alignment of the
// whole translation that would change nothing, is then not made (it was
// half of the checks of a translation that lacks a few of its source's
// items).
func kept(al *Alignment, renamed *corpus.Document) bool {
	twice := printedTwice(al.Target)
	for j := range renamed.Items {
		if renamed.Items[j].IDSource != corpus.IDLabel || twice[j] {
			return false
		}
	}
	placed := make([]bool, len(al.Source.Items))
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			placed[i] = true
		}
	}
	// The number keys that the number of an unplaced source item extends.
	under := map[string]bool{}
	for i := range al.Source.Items {
		if placed[i] || al.Source.Items[i].Number == "" {
			continue
		}
		key := numberKey(al.Source.Items[i].Number)
		for k := 0; k < len(key); k++ {
			if key[k] == '.' {
				under[key[:k]] = true
			}
		}
	}
	if len(under) == 0 {
		return true
	}
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			if n := al.Source.Items[p.Source[0]].Number; n != "" && under[numberKey(n)] {
				return false
			}
		}
	}
	return true
}

// anchored is the projection of the source onto the bad items of tgt
// between the items that keep their item-level reading: each run of
// bad items is aligned block by block with the source items between
// those of the good items around it (the pairs of al), as sentence
// aligners align between anchors (hunalign's ladder, vecalign's
// recursion), so that lengths alone never move a block past an item
// the alignment placed (a page that lacks its source's first rule
// would otherwise shift every block by one). Its pieces index src and
// bt, the blocks of all tgt; time and memory linear in the blocks.
func (o Options) anchored(src, tgt *corpus.Document, al *Alignment, bad []bool, bt []block) []piece {
	nameOf := make([]int, len(tgt.Items))
	for j := range nameOf {
		nameOf[j] = -1
	}
	for _, p := range al.Pairs {
		if j := p.Target[0]; nameOf[j] < 0 {
			nameOf[j] = p.Source[0]
		}
	}
	first := make([]int, len(tgt.Items)+1) // the first block of each item
	for j := range first {
		first[j] = len(bt)
	}
	for k := len(bt) - 1; k >= 0; k-- {
		first[bt[k].item] = k
	}
	for j := len(tgt.Items) - 1; j >= 0; j-- {
		first[j] = min(first[j], first[j+1])
	}
	var out []piece
	lo := -1 // the source item of the last good item
	for j := 0; j < len(bad); {
		if !bad[j] {
			if nameOf[j] >= 0 {
				lo = max(lo, nameOf[j])
			}
			j++
			continue
		}
		end := j
		for end < len(bad) && bad[end] {
			end++
		}
		hi := len(src.Items)
		for k := end; k < len(bad); k++ {
			if !bad[k] && nameOf[k] >= 0 {
				hi = nameOf[k]
				break
			}
		}
		if lo+1 < hi {
			s, t := *src, *tgt
			s.Items, t.Items = src.Items[lo+1:hi], tgt.Items[j:end]
			ps, _, _ := o.project(&s, &t)
			for _, p := range ps {
				p.src += lo + 1
				p.block += first[j]
				out = append(out, p)
			}
		}
		j = end
	}
	return out
}

// printedTwice marks the items of d whose number another item of the
// same numbering prints too: the reader gave the second (and any later)
// the first's id with a count ("rule:6.12.1-2"), and both are marked.
func printedTwice(d *corpus.Document) []bool {
	at := make(map[string]int, len(d.Items))
	for j := range d.Items {
		at[d.Items[j].ID] = j
	}
	out := make([]bool, len(d.Items))
	for j := range d.Items {
		it := &d.Items[j]
		k := strings.LastIndexByte(it.ID, '-')
		if it.Number == "" || k < 0 || !isDigits(it.ID[k+1:]) {
			continue
		}
		if f, ok := at[it.ID[:k]]; ok && numberKey(d.Items[f].Number) == numberKey(it.Number) {
			out[j], out[f] = true, true
		}
	}
	return out
}

// subItems reports whether the pieces ps of one target item, paired
// by its printed label with source item i, hold i's sub-items that the
// translation prints no labels of (a list of "1)" entries, bullets or
// paragraphs under a numbered item): the projection gives its first
// block to i, and each later run of it to a source item that no item
// of the translation was paired with and whose number extends i's
// (D.2.6.2.1 under D.2.6.2), starting on a line of its own (not one
// that continues a paragraph, nor a cut block). A numbering nests its sub-items by construction, in any
// language; a run of a source item the translation lacks, or of
// another edition's, is not taken for one.
func subItems(src *corpus.Document, i int, placed []bool, ps []piece, bt []block) bool {
	if len(ps) < 2 || ps[0].src != i || src.Items[i].Number == "" {
		return false
	}
	prefix := numberKey(src.Items[i].Number) + "."
	other := false
	for k, p := range ps {
		if p.src == i {
			continue
		}
		other = true
		if p.src < i || placed[p.src] || !strings.HasPrefix(numberKey(src.Items[p.src].Number), prefix) {
			return false
		}
		if ps[k-1].src != p.src && (bt[p.block].cont || p.text != bt[p.block].text) {
			return false
		}
	}
	return other
}

// hybrid is the reading's items, with the index of the source item
// each has the id of (-1 for none): the renamed item of each good target
// item, and in place of each bad one the items the projection makes of
// its pieces, for the source items no good item has. A piece whose
// source item a good item has goes with the piece before it in the same
// target item (or after it); a bad item left with none of its own keeps
// its text under its own id, and one that prints the label of a source
// item none of its pieces went to keeps that id, with no text, before
// them. It also returns the translation's own id of each item, "" for
// those the projection made.
func hybrid(src, tgt, renamed *corpus.Document, al *Alignment, bad []bool, pieces []piece, bt []block) ([]corpus.Item, []int32, []string) {
	// The source item each good target item was named after (renamed:
	// the first pair of each target item).
	taken := make([]bool, len(src.Items))
	named := make([]bool, len(renamed.Items))
	nameOf := make([]int32, len(renamed.Items))
	for _, p := range al.Pairs {
		if j := p.Target[0]; !named[j] {
			named[j], nameOf[j] = true, int32(p.Source[0])
			taken[p.Source[0]] = taken[p.Source[0]] || !bad[j]
		}
	}
	group := make([]int32, len(src.Items)) // source item -> index in groups, -1 for none
	for i := range group {
		group[i] = -1
	}
	var groups [][]piece
	starts := make([][]int, len(bad)) // groups that start in each target item
	pending := make([][]piece, len(bad))
	last := make([]int, len(bad))
	for j := range last {
		last[j] = -1
	}
	for _, p := range pieces {
		j := bt[p.block].item
		if !bad[j] {
			continue
		}
		if taken[p.src] {
			if last[j] < 0 {
				pending[j] = append(pending[j], p)
				continue
			}
			p.src, p.low = groups[last[j]][0].src, true
		}
		g := int(group[p.src])
		if g < 0 {
			g = len(groups)
			group[p.src] = int32(g)
			groups = append(groups, nil)
			starts[j] = append(starts[j], g)
		}
		if len(pending[j]) > 0 {
			for _, q := range pending[j] {
				q.src, q.low = p.src, true
				groups[g] = append(groups[g], q)
			}
			pending[j] = nil
		}
		groups[g] = append(groups[g], p)
		last[j] = g
	}
	made := assemble(src, tgt, groups, bt)
	items := make([]corpus.Item, 0, len(made)+len(renamed.Items))
	srcOf := make([]int32, 0, cap(items))
	own := make([]string, 0, cap(items))
	wasNamed := named
	named = make([]bool, 0, cap(items))
	for j := range renamed.Items {
		if !bad[j] {
			items = append(items, renamed.Items[j])
			named = append(named, renamed.Items[j].IDSource != "")
			if wasNamed[j] && renamed.Items[j].IDSource != "" {
				srcOf = append(srcOf, nameOf[j])
			} else {
				srcOf = append(srcOf, -1)
			}
			own = append(own, tgt.Items[j].ID)
			continue
		}
		if it := renamed.Items[j]; wasNamed[j] && it.IDSource == corpus.IDLabel && len(starts[j]) > 0 && group[nameOf[j]] < 0 {
			// It prints its source item's label, but the projection gave
			// all its blocks to other source items (its paragraphs,
			// which the source makes items of under a heading of no
			// text): it keeps the label's place, as that heading.
			it.Text, it.Parts = "", nil
			items = append(items, it)
			named = append(named, true)
			srcOf = append(srcOf, nameOf[j])
			own = append(own, tgt.Items[j].ID)
		}
		for _, g := range starts[j] {
			items = append(items, made[g])
			named = append(named, true)
			srcOf = append(srcOf, int32(groups[g][0].src))
			own = append(own, "")
		}
		if len(starts[j]) == 0 {
			it := tgt.Items[j]
			it.IDSource, it.Confidence = "", 0
			items = append(items, it)
			named = append(named, false)
			srcOf = append(srcOf, -1)
			own = append(own, tgt.Items[j].ID)
		}
	}
	d := corpus.Document{Items: items}
	unique(&d, named)
	return d.Items, srcOf, own
}

// renamed is the item-level reading of al: its target with the ids of
// the source items its items are paired with.
func renamed(al *Alignment) *Reading {
	src, tgt := al.Source, al.Target
	d := *tgt
	d.Items = append([]corpus.Item(nil), tgt.Items...)
	named := make([]bool, len(d.Items))
	placed := make([]bool, len(src.Items))
	for _, p := range al.Pairs {
		i, j := p.Source[0], p.Target[0]
		if named[j] {
			continue
		}
		s, t := &src.Items[i], &d.Items[j]
		how, conf := corpus.IDAligned, round2(p.Score)
		if t.Number != "" && numberKey(t.Number) == numberKey(s.Number) {
			how, conf = corpus.IDLabel, 1
		}
		t.ID, t.Kind, t.Number = s.ID, s.Kind, s.Number
		t.IDSource, t.Confidence = how, max(conf, 0.01)
		named[j], placed[i] = true, true
	}
	unique(&d, named)
	r := &Reading{Doc: &d}
	out := *al
	out.Target = &d
	out.own = make([]string, len(tgt.Items))
	for j := range tgt.Items {
		out.own[j] = tgt.Items[j].ID
	}
	r.Alignment = &out
	r.count(src, placed)
	return r
}

// byID is the reading of p, a projection of the translation onto src:
// srcOf gives the source item each of its items has the id of (-1 for
// none); the alignment al of src with p gives the scores and evidence of
// the pairs it makes by id, the others are pairs by id with the
// projection's confidence.
func byID(src, p *corpus.Document, srcOf []int32, al *Alignment) *Reading {
	made := make([]int32, len(p.Items)) // the 1-1 pair of al of each item, + 1
	for k := range al.Pairs {
		pr := &al.Pairs[k]
		if len(pr.Source) == 1 && len(pr.Target) == 1 {
			made[pr.Target[0]] = int32(k + 1)
		}
	}
	out := &Alignment{Source: src, Target: p, Ratio: al.Ratio, Pairs: make([]Pair, 0, len(p.Items))}
	placed := make([]bool, len(src.Items))
	usedT := make([]bool, len(p.Items))
	one := make([]int, 2*len(p.Items)) // the pairs' one-element slices, in one array
	for j := range p.Items {
		i := int(srcOf[j])
		if i < 0 || placed[i] {
			continue
		}
		one[2*j], one[2*j+1] = i, j
		pr := Pair{Source: one[2*j : 2*j+1 : 2*j+1], Target: one[2*j+1 : 2*j+2 : 2*j+2], Score: p.Items[j].Confidence,
			Evidence: []Evidence{{Signal: "projected", Agrees: true, Detail: p.Items[j].IDSource}}}
		if k := made[j] - 1; k >= 0 && al.Pairs[k].Source[0] == i {
			m := &al.Pairs[k]
			pr.Score, pr.Evidence, pr.Low, pr.Anchor = m.Score, m.Evidence, m.Low, m.Anchor
		}
		pr.Low = pr.Low || pr.Score < 0.5
		out.Pairs = append(out.Pairs, pr)
		placed[i], usedT[j] = true, true
	}
	for i, u := range placed {
		if !u {
			out.UnmatchedSource = append(out.UnmatchedSource, i)
		}
	}
	for j, u := range usedT {
		if !u {
			out.UnmatchedTarget = append(out.UnmatchedTarget, j)
		}
	}
	r := &Reading{Doc: p, Alignment: out}
	r.count(src, placed)
	return r
}

// confident counts the one to one pairs of al that print no label of
// their source item's and that the alignment is confident of.
func confident(al *Alignment) int {
	n := 0
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 && !p.Low {
			s, t := &al.Source.Items[p.Source[0]], &al.Target.Items[p.Target[0]]
			if t.Number == "" || numberKey(t.Number) != numberKey(s.Number) {
				n++
			}
		}
	}
	return n
}

// labelled counts the items of the reading that print their source
// item's label.
func (r *Reading) labelled() int {
	n := 0
	for j := range r.Doc.Items {
		if r.Doc.Items[j].IDSource == corpus.IDLabel {
			n++
		}
	}
	return n
}

// placeable counts the items of d other than preambles.
func placeable(d *corpus.Document) int {
	n := 0
	for i := range d.Items {
		if d.Items[i].Kind != corpus.KindPreamble {
			n++
		}
	}
	return n
}

// count sets Placed, Items and Unplaced from the source items placed.
func (r *Reading) count(src *corpus.Document, placed []bool) {
	for i := range src.Items {
		if src.Items[i].Kind == corpus.KindPreamble {
			continue
		}
		r.Items++
		if placed[i] {
			r.Placed++
		} else {
			r.Unplaced = append(r.Unplaced, src.Items[i].ID)
		}
	}
}

// unique gives each item of d not named by the source an id no other
// item has: its own, else its own with a "_" and a count ("rule:3_2"),
// which no printed label makes.
func unique(d *corpus.Document, named []bool) {
	used := make(map[string]bool, len(d.Items))
	for j := range d.Items {
		if named[j] {
			used[d.Items[j].ID] = true
		}
	}
	for j := range d.Items {
		if named[j] {
			continue
		}
		id := d.Items[j].ID
		for n := 2; used[id]; n++ {
			id = d.Items[j].ID + "_" + strconv.Itoa(n)
		}
		d.Items[j].ID, used[id] = id, true
	}
}

func round2(x float64) float64 { return float64(int(x*100+0.5)) / 100 }

// ThroughEach reads each target through src (Through), concurrently, in
// the order of the targets.
func (o Options) ThroughEach(src *corpus.Document, targets ...*corpus.Document) []*Reading {
	out := make([]*Reading, len(targets))
	sched.Each(len(targets), len(targets), func(i int) { out[i] = o.Through(src, targets[i]) })
	return out
}
