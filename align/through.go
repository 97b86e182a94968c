package align

import (
	"slices"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/sched"
)

// Reading is a translation read through its source (Through).
type Reading struct {
	// Doc is the translation with the source's ids: each item paired with
	// a source item has that item's id, kind and number, and says how it
	// found them (Item.IDSource) and how sure (Item.Confidence); an item
	// paired with none keeps its own id (made unique against the
	// source's), and takes the kind of the source items that print its
	// number where its own is another (its id's prefix with it).
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
	sc := &alignScratch{} // the two alignments' storage
	if few(src, tgt) {
		// Fewer than an eighth as many items as the source's: one to one
		// they could place few of them, and the item-level programme's
		// band, as wide as the difference of the counts, would cost
		// their product. (Above that, the articles an item-level
		// alignment pairs whole keep the projection in place.)
		al = &Alignment{Source: src, Target: tgt}
	} else {
		// With room for the second alignment's reading, which has an
		// item for most source items where the translation may have
		// fewer.
		sc.reserve(len(src.Items), max(len(src.Items), len(tgt.Items)))
		// The source's reading is kept for a second alignment where the
		// translation has fewer items than the source has places: one
		// to one they cannot place them all, and where most print their
		// labels the reading is projected and aligned again (a copy of
		// the source's tokens for a reading that stands was 4% more
		// bytes for the WCA ja, 475 items for 475; for the FIDE ru, 363
		// for 367, keeping it is 6% fewer).
		sc.share = len(tgt.Items) < placeable(src)
		// Its pairs' evidence is made only where its reading is
		// returned (keep): where the projection's is, it is not read.
		sc.lazy = true
		al = o.alignIn(src, tgt, nil, sc)
		sc.lazy = false
		// Its reading, where not kept with the reading returned
		// (Options.KeepReading), is let go with the storage.
		defer al.held.settle()
	}
	// The item-level reading: its counts (r), its document made only
	// where it is returned (keep), with its pairs' evidence.
	nm := newNamingBy(al, sc.numberKindsOf(src))
	r := nm.count()
	keep := func() *Reading {
		al.explained()
		out := nm.reading()
		out.Partial = r.Partial
		return out
	}
	// Where most items print their source's label or are paired with
	// confidence, a reading that places every source item stands; where
	// few are (numbers lost, the items not the source's), placing them
	// all says nothing of where, and the projection is read too.
	held := nm.labelled() + confident(al)
	sure := 2*held >= r.Items || held == len(tgt.Items)
	// Labels that put on the source items texts sharing no more with
	// them than with the items a few places away (Affinity.Unrelated)
	// number something else: two articles joined or one split, the
	// headings after them renumbered; the numbered paragraphs of one
	// article read as the items where the headings were lost. They hold
	// nothing: the projection reads every item, by its text alone (the
	// printed numbers, which anchor the blocks, taken off a copy).
	// Pair by pair (mismatched) only where the labels place most of the
	// source: labels that place fewer fail its coverage as they are,
	// and a text of another document read by its text alone would be
	// spread over the source.
	aff := o.sampledAffinityOf(al, nm)
	distrusted := nm.labelled() > 0 && (aff.Unrelated() || 2*nm.labelled() >= r.Items && aff.mismatched())
	if distrusted {
		sure = false
		tgt = unnumbered(tgt)
	}
	if r.Placed == r.Items && sure || stopped(o.done()) || sure && moved(al) {
		return keep()
	}
	// A part of the source, by the sizes of its sure pairs (partial);
	// pairs by distrusted labels say nothing of it.
	if r.Partial = !distrusted && partial(al); r.Partial || previews(tgt) {
		return keep()
	}
	if sure && kept(al, nm) {
		// No projection could move an item (spread would mark none):
		// it is not made.
		return keep()
	}
	pieces, bt, ratio := o.project(src, tgt)
	if stopped(o.done()) {
		return keep()
	}
	bad := spread(al, nm, pieces, bt)
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
		return keep()
	}
	if sure {
		pieces = o.anchored(src, tgt, al, bad, bt, pieces)
		if stopped(o.done()) {
			return keep()
		}
	}
	d := *al.Target
	var srcOf []int32
	var own []string
	d.Items, srcOf, own = hybrid(src, tgt, nm, al, bad, pieces, bt)
	// Where the items print their labels, the pairs by id take their
	// scores and evidence from an alignment of the source with the
	// reading; where they print none, from the projection (one pass).
	if sure && placedBy(src, srcOf) <= r.Placed {
		// The projection places no more source items than the items
		// did (as below): the translation's own items stand, and the
		// alignment of the reading is not made.
		return keep()
	}
	byAl := &Alignment{Ratio: ratio}
	if sure {
		// r is not returned past this point (its evidence is never
		// made): the alignment takes its storage.
		al.lazy = nil
		// Nor are its pairs read: their array goes to the alignment
		// (its room, made for it: reserve).
		clear(al.Pairs[:cap(al.Pairs)])
		sc.spare = append(sc.spare, al.Pairs[:0])
		// Nor its target's features (held.take refuses them once the
		// storage is given to another alignment): their tokens' blocks
		// go to the alignment's reading.
		sc.recycle()
		byAl = o.alignIn(src, &d, nil, sc)
	}
	pr := byID(src, &d, srcOf, byAl)
	pr.Projected = true
	pr.Alignment.own = own
	if distrusted && o.sampledAffinity(pr.Alignment).Unrelated() {
		// Read by its text alone, the translation shares no more with
		// its source than by its labels: another document (which
		// lengths alone would spread over any source), read as its
		// labels give it.
		return keep()
	}
	if pr.Placed < r.Placed || pr.Placed == r.Placed && sure {
		// The projection places fewer source items than the items did
		// (or no more, where the items print their labels): the
		// translation's own items stand.
		return keep()
	}
	if !sure {
		// Read by the projection alone, with no labels to hold a text to
		// its place: where it is unsure, a shift may hide an omission.
		pr.Alignment.Doubts = doubts(src, pr.Doc, pr.Alignment)
	}
	return pr
}

// placedBy counts the source items other than preambles that srcOf,
// the source item of each item of a reading (-1 for none), places: the
// Placed of byID's reading.
func placedBy(src *corpus.Document, srcOf []int32) int {
	placed := make([]bool, len(src.Items))
	for _, i := range srcOf {
		if i >= 0 {
			placed[i] = true
		}
	}
	n := 0
	for i, p := range placed {
		if p && src.Items[i].Kind != corpus.KindPreamble {
			n++
		}
	}
	return n
}

// unnumbered is a copy of d whose items print no number.
func unnumbered(d *corpus.Document) *corpus.Document {
	t := *d
	t.Items = slices.Clone(d.Items)
	for j := range t.Items {
		t.Items[j].Number = ""
	}
	return &t
}

// renamed is the item-level reading of al: its target with the ids of
// the source items its items are paired with.
func renamed(al *Alignment) *Reading { return newNaming(al).reading() }

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
	// A pair al made has its items and evidence; the others' are made
	// here, for as many as there are (made for every item, they were a
	// twentieth of what reading a translation through its source
	// allocated where the pairs of al are most).
	by := func(j, i int) *Pair {
		if k := made[j] - 1; k >= 0 && al.Pairs[k].Source[0] == i {
			return &al.Pairs[k]
		}
		return nil
	}
	n := 0
	for j := range p.Items {
		if i := int(srcOf[j]); i >= 0 && by(j, i) == nil {
			n++
		}
	}
	one := make([]int, 2*n)   // the pairs' one-element slices, in one array
	ev := make([]Evidence, n) // and their evidence of the projection
	w := 0
	for j := range p.Items {
		i := int(srcOf[j])
		if i < 0 || placed[i] {
			continue
		}
		var pr Pair
		if m := by(j, i); m != nil {
			pr = Pair{Source: m.Source, Target: m.Target, Score: m.Score, Evidence: m.Evidence, Low: m.Low, Anchor: m.Anchor}
		} else {
			one[2*w], one[2*w+1] = i, j
			ev[w] = Evidence{Signal: "projected", Agrees: true, Detail: p.Items[j].IDSource}
			pr = Pair{Source: one[2*w : 2*w+1 : 2*w+1], Target: one[2*w+1 : 2*w+2 : 2*w+2], Score: p.Items[j].Confidence,
				Evidence: ev[w : w+1 : w+1]}
			w++
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
	n := 0
	for i := range src.Items {
		if !placed[i] && src.Items[i].Kind != corpus.KindPreamble {
			n++
		}
	}
	if n > 0 {
		r.Unplaced = make([]string, 0, n) // made at its size, not grown
	}
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

func round2(x float64) float64 { return float64(int(x*100+0.5)) / 100 }

// ThroughEach reads each target through src (Through), concurrently, in
// the order of the targets.
func (o Options) ThroughEach(src *corpus.Document, targets ...*corpus.Document) []*Reading {
	out := make([]*Reading, len(targets))
	sched.Each(len(targets), len(targets), func(i int) { out[i] = o.Through(src, targets[i]) })
	return out
}

// moved reports whether the alignment moved a shifted run of texts
// (aligner.shifted): the source item it left is the one the
// translation lost, which no projection is to fill.
func moved(al *Alignment) bool {
	for _, p := range al.Pairs {
		for _, e := range p.Evidence {
			if e.Signal == "shift" {
				return true
			}
		}
	}
	return false
}
