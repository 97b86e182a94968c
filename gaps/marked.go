package gaps

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// Review is the check of items a translator is asked to look at again:
// a fuzzy PO entry, an XLIFF unit that needs review, a draft's
// "{{rulesync:review}}" marker.
const Review = "review"

// keyedByID reports whether a translation's items carry the ids of the
// source items they translate: a PO, XLIFF or TMX file keys every unit
// by its source item's id, so it is paired by id, not aligned.
func keyedByID(d *corpus.Document) bool {
	switch d.Source.Format {
	case "po", "xliff", "tmx":
		return true
	}
	return false
}

// unitsTranslated is a PO, XLIFF or TMX translation as its translated
// units give it: ingest reads a unit without translation as its item
// marked untranslated (or title-untranslated) with the source's text
// standing in (corpus.FlagEmptyUnit). An empty entry is kept, marked
// untranslated as the draft of the same catalogue marks it (present
// but not translated, as msgfmt counts it; missing is an item with no
// counterpart); an empty title unit of a translated item leaves the
// item untitled. A marker a translator left in a unit's text counts as
// in a draft. d itself where no item is read so.
func unitsTranslated(d *corpus.Document) *corpus.Document {
	if !slices.ContainsFunc(d.Items, func(it corpus.Item) bool { return it.Has(corpus.FlagEmptyUnit) }) {
		return d
	}
	c := *d
	c.Items = make([]corpus.Item, 0, len(d.Items))
	for _, it := range d.Items {
		switch {
		case !it.Has(corpus.FlagEmptyUnit), it.Has(corpus.FlagUntranslated):
		default:
			it.Title = ""
			it.Flags = slices.DeleteFunc(slices.Clone(it.Flags), func(f corpus.Flag) bool {
				return f == corpus.FlagEmptyUnit || f == corpus.FlagTitleUntranslated
			})
		}
		c.Items = append(c.Items, it)
	}
	return &c
}

// unitKinds is the kinds of the items of orig that the units of a
// catalogue name by their ids, translated or not (an empty unit is
// read as its item marked untranslated): the scope the catalogue
// states (checker.scope). A unit whose id names no item of orig gives
// its own kind.
func unitKinds(orig, catalogue *corpus.Document) map[corpus.Kind]bool {
	kind := make(map[string]corpus.Kind, len(orig.Items))
	for i := range orig.Items {
		kind[orig.Items[i].ID] = orig.Items[i].Kind
	}
	out := map[corpus.Kind]bool{}
	for i := range catalogue.Items {
		k, ok := kind[catalogue.Items[i].ID]
		if !ok {
			k = catalogue.Items[i].Kind
		}
		if k != corpus.KindPreamble {
			out[k] = true
		}
	}
	return out
}

// align pairs the translation with its original: by id for a
// translation keyed by id, else with the aligner.
func (o Options) align(orig, translation *corpus.Document) *align.Alignment {
	if keyedByID(translation) {
		return PairByID(orig, translation)
	}
	al := o.Align.Align(orig, translation)
	if translation.IsDraft() {
		// A draft of rulesync sync has its source's ids where its
		// layout prints them (numbers): items are paired by them, the
		// aligner pairing the rest (headings and items named by their
		// place, which the draft's layout need not repeat).
		return withIDs(pairByID(orig, translation, false), al)
	}
	return al
}

// read pairs the translation with its original as align does, except
// for a translation the aligner reads: that is read through its
// original (align.Options.Through), and where the item-level alignment
// could not place the original's items and the blocks of the
// translation were projected onto them, the report's translation is the
// projection (its items with the original's ids), else a copy of the
// translation whose items say how the reading found their original's
// ids (Item.IDSource, Item.Confidence). It returns the
// translation the checks read and the alignment, and sets the report's
// placement counts (none for a translation paired by the ids it carries).
func (o Options) read(r *Report, orig, translation *corpus.Document) (*corpus.Document, *align.Alignment) {
	var al *align.Alignment
	r.Placed, r.Placeable, r.Unplaced, r.Affinity = 0, 0, nil, align.Affinity{}
	r.readOwn, r.unitKinds = false, nil
	if keyedByID(translation) || translation.IsDraft() {
		// Paired by the ids it carries: nothing to place (a unit left
		// untranslated is reported as such).
		if keyedByID(translation) {
			r.unitKinds = unitKinds(orig, translation)
			translation = unitsTranslated(translation)
		}
		translation, al = sourceKinds(translation, o.align(orig, translation))
		al.Ratio = pairedRatio(al)
		return translation, al
	}
	// The reading of the items is kept for Affinity, below, where the
	// translation is read here.
	rd := o.Read.take(orig, translation)
	if rd == nil {
		through := o.Align
		through.KeepReading = true
		rd = through.Through(orig, translation)
	}
	if rd.Projected {
		r.printed = printedNumbers(translation, rd)
		translation, al = rd.Doc, rd.Alignment
	} else {
		// The translation's own items (the checks read what it prints:
		// titles, texts, numbers), each with the id and kind the
		// reading gave it (its source item's, for an item paired with
		// one: findings name it so) and how the reading found them:
		// the reading's copy of them (renamed: one item for each of the
		// translation's) made the translation's again, rather than a
		// copy of its own (some 200 bytes an item).
		t := *translation
		t.Items = rd.Doc.Items
		for j := range t.Items {
			r := &t.Items[j]
			id, kind, how, conf := r.ID, r.Kind, r.IDSource, r.Confidence
			*r = translation.Items[j]
			r.ID, r.Kind, r.IDSource, r.Confidence = id, kind, how, conf
		}
		a := *rd.Alignment
		a.Target = &t
		translation, al = &t, &a
		r.readOwn = true
	}
	translation, al = sourceKinds(translation, al)
	r.Affinity = o.Align.Affinity(reheaded(translation, al))
	// The source's headings the translation holds only as its items'
	// Section (headings that lost their numbers over rules that kept
	// theirs) are items of it, paired through their rules, before a
	// line paired with a heading is read as one (sourceHeadings); the
	// affinity is measured on the pairs the aligner made.
	if h := align.SectionHeadings(al); h != al {
		translation, al = h.Target, h
	}
	translation, al = sourceHeadings(translation, al)
	translation, al = placedHeadings(translation, al)
	c := align.Covered(al)
	r.Placed, r.Placeable, r.Unplaced = c.Placed, c.Placeable, c.Unplaced
	if rd.Projected {
		r.Unsure = unsure(al, c.Placeable)
	}
	return translation, al
}

// unsure is Report.Unsure of a projection al that has placeable source
// items to place: "" where its confident pairs (not Low) place at least
// half of them.
func unsure(al *align.Alignment, placeable int) string {
	sure := 0
	for _, p := range al.Pairs {
		if p.Low {
			continue
		}
		for _, i := range p.Source {
			if al.Source.Items[i].Kind != corpus.KindPreamble {
				sure++
			}
		}
	}
	if placeable == 0 || 2*sure >= placeable {
		return ""
	}
	return fmt.Sprintf("the source's items were projected onto the translation's text, and only %d of its %d are placed with confidence: the ids the translation was given, and the items it lacks, are unsure", sure, placeable)
}

// reheaded is the alignment of sourceHeadings(translation, al).
func reheaded(translation *corpus.Document, al *align.Alignment) *align.Alignment {
	_, a := sourceHeadings(translation, al)
	return a
}

// sourceHeadings reads as a heading each item of the translation that
// al pairs one to one with a heading of the source (a title, no text)
// and that is one line of text without a title: a translation read
// through its source, whose own reading took the heading for a
// numbered paragraph ("II.3 ..." where the source has a heading
// "II.3 Chess960 castling rules"), has that line for the heading's
// title. It returns translation and al themselves when no item is
// such, else a copy of the translation and al made the copy's.
func sourceHeadings(translation *corpus.Document, al *align.Alignment) (*corpus.Document, *align.Alignment) {
	var t *corpus.Document
	for _, p := range al.Pairs {
		if len(p.Source) != 1 || len(p.Target) != 1 {
			continue
		}
		s, it := &al.Source.Items[p.Source[0]], &translation.Items[p.Target[0]]
		if s.Title == "" || s.Text != "" || it.Title != "" || it.Text == "" || len(it.Parts) > 0 || strings.Contains(it.Text, "\n") {
			continue
		}
		if t == nil {
			c := *translation
			c.Items = slices.Clone(translation.Items)
			t = &c
		}
		h := &t.Items[p.Target[0]]
		h.Title, h.Text = h.Text, ""
	}
	if t == nil {
		return translation, al
	}
	a := *al
	a.Target = t
	return t, &a
}

// sourceKinds gives each item of the translation that al pairs the kind
// of its source item: a translation is read through its source, so the
// kind its own reading gave it (an id's prefix, a heading's word) decides
// nothing, and the checks' scope (checker.scope) is that of the source
// items the pairs cover. It returns translation and al themselves when
// every kind agrees, else a copy of the translation with those kinds and
// al made the copy's.
func sourceKinds(translation *corpus.Document, al *align.Alignment) (*corpus.Document, *align.Alignment) {
	var t *corpus.Document
	for _, p := range al.Pairs {
		k := al.Source.Items[p.Source[0]].Kind
		for _, j := range p.Target {
			if translation.Items[j].Kind == k {
				continue
			}
			if t == nil {
				c := *translation
				c.Items = slices.Clone(translation.Items)
				t = &c
			}
			t.Items[j].Kind = k
		}
	}
	if t == nil {
		return translation, al
	}
	a := *al
	a.Target = t
	return t, &a
}

// printedNumbers is the number tr prints for each item of rd, its
// reading through its source (which carries the source's numbers): that
// of the translation's own item it is, by its own id, else by the same
// title and text, by the reading's id; an item the projection made of
// part of one, or of several, is left out. Where several items of the
// translation not found by their ids print one title and text ("Reserved.",
// or one line printed under two numbers), the reading's items that
// print it are theirs in order where they are as many (the reading
// keeps the translation's order); else which is which, and so their
// numbers, is not known.
func printedNumbers(tr *corpus.Document, rd *align.Reading) map[string]string {
	byID := make(map[string]int, len(tr.Items))
	for j := range tr.Items {
		byID[tr.Items[j].ID] = j
	}
	// The translation's item of each item of the reading, + 1 (0: not
	// known), and the translation's items so found.
	of := make([]int32, len(rd.Doc.Items))
	used := make([]bool, len(tr.Items))
	for j := range rd.Doc.Items {
		if k, ok := byID[rd.Alignment.OwnID(j)]; ok {
			of[j], used[k] = int32(k+1), true
		}
	}
	// The others by their text: for each title and text, the
	// translation's items left that print it (in order, chained by next
	// from first) and how many of the reading's items left print it.
	type printing struct{ first, last, n, want int32 }
	var texts []printing
	at := make(map[string]int32, len(tr.Items))
	next := make([]int32, len(tr.Items)) // + 1, 0: the last
	text := func(it *corpus.Item) string { return it.Title + "\x00" + it.Text }
	for k := range tr.Items {
		if used[k] {
			continue
		}
		t := text(&tr.Items[k])
		x, ok := at[t]
		if !ok {
			x = int32(len(texts))
			at[t] = x
			texts = append(texts, printing{first: int32(k + 1)})
		} else {
			next[texts[x].last-1] = int32(k + 1)
		}
		texts[x].last = int32(k + 1)
		texts[x].n++
	}
	for j := range rd.Doc.Items {
		if of[j] == 0 {
			if x, ok := at[text(&rd.Doc.Items[j])]; ok {
				texts[x].want++
			}
		}
	}
	for j := range rd.Doc.Items {
		if of[j] != 0 {
			continue
		}
		if x, ok := at[text(&rd.Doc.Items[j])]; ok && texts[x].n == texts[x].want {
			p := &texts[x]
			of[j], p.first = p.first, next[p.first-1]
		}
	}
	out := make(map[string]string, len(rd.Doc.Items))
	for j := range rd.Doc.Items {
		if k := of[j]; k != 0 {
			out[rd.Doc.Items[j].ID] = tr.Items[k-1].Number
		}
	}
	return out
}

// Unplaceable is the error of a report whose translation could not be
// put on its source: fewer than half of the source's items of the kinds
// its pairs cover (preambles aside) have a counterpart, or its pairs
// share no more than chance (align.Affinity.Unrelated: a text of
// another document). It names how many and the first of those left
// out, or what the pairs share; nil for a report that placed half or
// more of a translation of its source, or had nothing to place.
func (r *Report) Unplaceable() error {
	return align.Coverage{Placed: r.Placed, Placeable: r.Placeable, Unplaced: r.Unplaced, Affinity: r.Affinity}.Err()
}

// withIDs adds to the pairs by id those of the aligner between items
// both left unpaired.
func withIDs(byID, al *align.Alignment) *align.Alignment {
	srcUsed, tgtUsed := map[int]bool{}, map[int]bool{}
	for _, p := range byID.Pairs {
		srcUsed[p.Source[0]], tgtUsed[p.Target[0]] = true, true
	}
	out := &align.Alignment{Source: byID.Source, Target: byID.Target, Pairs: byID.Pairs, Ratio: al.Ratio}
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 && !srcUsed[p.Source[0]] && !tgtUsed[p.Target[0]] {
			out.Pairs = append(out.Pairs, p)
			srcUsed[p.Source[0]], tgtUsed[p.Target[0]] = true, true
		}
	}
	sort.Slice(out.Pairs, func(a, b int) bool { return out.Pairs[a].Source[0] < out.Pairs[b].Source[0] })
	for i := range out.Source.Items {
		if !srcUsed[i] {
			out.UnmatchedSource = append(out.UnmatchedSource, i)
		}
	}
	for j := range out.Target.Items {
		if !tgtUsed[j] {
			out.UnmatchedTarget = append(out.UnmatchedTarget, j)
		}
	}
	return out
}

// PairByID pairs the items of target with the items of source that have
// the same id, as an alignment (score 1 for each pair); the rest are
// unmatched.
func PairByID(source, target *corpus.Document) *align.Alignment {
	return pairByID(source, target, true)
}

// pairByID is PairByID; places says whether ids that name an item by its
// place (corpus.PlaceID) pair too (one a draft's id marker gives always
// does).
func pairByID(source, target *corpus.Document, places bool) *align.Alignment {
	al := &align.Alignment{Source: source, Target: target}
	index := make(map[string]int, len(source.Items))
	for i := range source.Items {
		index[source.Items[i].ID] = i
	}
	paired := make([]bool, len(source.Items))
	for j := range target.Items {
		t := &target.Items[j]
		i, ok := index[t.ID]
		if ok && !places && corpus.PlaceID(t.ID) && t.IDSource != corpus.IDMarked {
			// A place the draft's own layout gave: the aligner pairs it.
			ok = false
		}
		if !ok || paired[i] {
			al.UnmatchedTarget = append(al.UnmatchedTarget, j)
			continue
		}
		paired[i] = true
		al.Pairs = append(al.Pairs, align.Pair{Source: []int{i}, Target: []int{j}, Score: 1, Anchor: true})
	}
	sort.Slice(al.Pairs, func(a, b int) bool { return al.Pairs[a].Source[0] < al.Pairs[b].Source[0] })
	for i, ok := range paired {
		if !ok {
			al.UnmatchedSource = append(al.UnmatchedSource, i)
		}
	}
	return al
}

// sourceIDs maps the index of each paired item of the translation to
// the current id of its source item.
func (c *checker) sourceIDs() map[int]string {
	srcOf := map[int]string{}
	if c.al != nil {
		for _, p := range c.al.Pairs {
			srcOf[p.Target[0]] = c.current(c.orig.Items[p.Source[0]].ID)
		}
	}
	return srcOf
}

// marked reports every item of the translation that carries a marker's
// flag (stale, untranslated, review: see corpus.Marker), and a marker on
// its version or title line, until the translator removes the marker.
// A title marked untranslated alone is counted untranslated and named
// by the titles finding (Report.account).
func (c *checker) marked(d *corpus.Document) {
	srcOf := c.sourceIDs()
	for j := range d.Items {
		t := &d.Items[j]
		for _, fl := range t.Flags {
			f := Finding{SourceID: srcOf[j], TargetID: t.ID, Evidence: []string{"marker " + corpus.Marker(fl)}}
			switch fl {
			case corpus.FlagStale:
				f.Check, f.Severity = Stale, Warning
				f.Message = "marked stale: the source changed since this was translated; update the translation, then delete the marker"
			case corpus.FlagUntranslated:
				f.Check, f.Severity = Untranslated, Error
				f.Message = "marked untranslated: the source's text stands in for a translation; translate it, then delete the marker"
				if t.Has(corpus.FlagEmptyUnit) {
					f.Evidence = []string{"empty entry"}
					f.Message = "an empty entry: no translation yet; translate it"
				}
			case corpus.FlagReview:
				f.Check, f.Severity = Review, Warning
				f.Message = "marked for review (a fuzzy entry, a cut preview, a text moved from another item, findings on it): check it, then delete the marker"
			default:
				continue
			}
			c.r.add(f)
		}
	}
	for _, m := range d.DocumentMarkers() {
		c.r.add(Finding{Check: Review, Severity: Warning, Evidence: []string{"marker " + corpus.Marker(corpus.Flag(m[0]))},
			Message: fmt.Sprintf("the %s line is marked %s: check it, then delete the marker", m[1], m[0])})
	}
}
