package gaps

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// Draft is a translation re-laid on its source's current structure, as
// `rulesync sync` writes it: one entry per current source item, in the
// source's order, with the translation's text where the source did not
// change since the edition translated, that text marked stale where it
// did, and none where there is no translation. Translation items with no
// place in the source are Orphans, never dropped in silence.
type Draft struct {
	Source, Translation, Base *corpus.Document
	Entries                   []Entry
	Orphans                   []Orphan
	// Renumbered maps the ids of the edition translated (the base) to
	// the ids the same items have in the source, where they differ: the
	// cross-references inside carried text are rewritten by it.
	Renumbered map[string]string
	// Report is the translation report the draft rests on.
	Report *Report
	// partial is set where the translation covers only some kinds of
	// its source's items (Partial).
	partial bool
	// template is set for a translation not begun (Template): its
	// segments are every title and text of the source, preambles too.
	template bool
}

// Partial reports whether the translation covers only some kinds of its
// source's items (the scope of Gaps: a page of addendum examples does
// not cover the rules): its draft holds the entries of the kinds it
// covers and those it translates (Holds), not the whole source.
func (d *Draft) Partial() bool { return d.partial }

// Holds reports whether the draft's files hold entry e: every entry of
// a translation that covers every kind of its source's items; of a
// partial one (Partial), those of the kinds it covers (Unit.InScope)
// and those it translates, a preamble only where it translates it.
func (d *Draft) Holds(e *Entry) bool { return !d.partial || e.InScope || e.Target != nil }

// Whole is the draft holding every entry, as the draft of a translation
// that covers every kind of its source's items (a partial translation's
// draft padded to its whole source, which a user asks for): d itself
// where it is not partial.
func (d *Draft) Whole() *Draft {
	if !d.partial {
		return d
	}
	c := *d
	c.partial = false
	return &c
}

// Template is the draft of a translation of src not yet begun: an entry
// for each of its items, none translated, into no language. Its
// segments (Segments) are every title and text of src, preambles too, so
// that a template (POT) written from it holds the units a draft of any
// translation of src holds, with the same source texts.
func Template(src *corpus.Document) *Draft {
	d := &Draft{Source: src, Translation: &corpus.Document{}, Renumbered: map[string]string{}, template: true}
	d.Entries = make([]Entry, len(src.Items))
	for i := range src.Items {
		it := &src.Items[i]
		d.Entries[i] = Entry{Unit: Unit{Source: it, State: New, InScope: it.Kind != corpus.KindPreamble}}
	}
	return d
}

// Held is the draft as its files hold it (Holds): d itself where it
// holds every entry, else a copy with the entries it holds, in order.
func (d *Draft) Held() *Draft {
	n := 0
	for i := range d.Entries {
		if d.Holds(&d.Entries[i]) {
			n++
		}
	}
	if n == len(d.Entries) {
		return d
	}
	c := *d
	c.Entries = make([]Entry, 0, n)
	for i := range d.Entries {
		if d.Holds(&d.Entries[i]) {
			c.Entries = append(c.Entries, d.Entries[i])
		}
	}
	return &c
}

// partialScope reports whether the report's scope leaves out a kind of
// its source's items (preambles aside).
func (r *Report) partialScope() bool {
	if r.inScope == nil {
		return false
	}
	for i := range r.Source.Items {
		if k := r.Source.Items[i].Kind; k != corpus.KindPreamble && !r.inScope[k] {
			return true
		}
	}
	return false
}

// Entry is one source item of a Draft. Unit.State says what the draft
// holds: Translated (the translation, carried over), StaleState (the
// translation of an earlier text, with Previous and Redline) or New (no
// translation: the source's text stands in).
type Entry struct {
	Unit
	// Targets are all the translation items placed here: one, or two
	// where the translation split the item (Target is the first).
	Targets []*corpus.Item
	// From is the id the translation had when it differs from the
	// source's (renumbered, or moved from a removed item).
	From string
	// MovedFrom is the base id of a removed item whose whole text this
	// new item has: its translation is carried here, marked stale.
	MovedFrom string
	// Review lists why the translator should look again, besides a
	// stale source: marked so in the translation (a fuzzy entry, a
	// needs-review unit, a review marker), a cut preview.
	Review []string
	// titleLeft is set where the translation left the title in the
	// source's language (leftTitles): it counts as not translated yet.
	titleLeft bool
}

// Orphan is a translation item with no place in the current source.
type Orphan struct {
	Target *corpus.Item
	// Was is the base item it translated, when the source removed it.
	Was    *corpus.Item
	Reason string
}

// Title returns the translation's title for the entry, cross-references
// renumbered, or "" when it has none (or marks its title untranslated:
// the source's title stands in).
func (d *Draft) Title(e *Entry) string {
	if e.Target == nil || e.Target.Has(corpus.FlagTitleUntranslated) {
		return ""
	}
	return corpus.RenumberCited(e.Target.Title, e.Target.Refs, d.Renumbered)
}

// Text returns the translation's text for the entry (the texts of a
// split item joined by a line break), cross-references renumbered, or
// "" when it has none.
func (d *Draft) Text(e *Entry) string {
	var parts []string
	for _, t := range e.Targets {
		if t.Text != "" {
			parts = append(parts, corpus.RenumberCited(t.Text, t.Refs, d.Renumbered))
		}
	}
	return strings.Join(parts, "\n")
}

// Count returns how many entries the draft holds (Holds) in state s.
func (d *Draft) Count(s State) int {
	n := 0
	for i := range d.Entries {
		if d.Entries[i].State == s && d.Holds(&d.Entries[i]) {
			n++
		}
	}
	return n
}

// Reviews returns how many entries the draft holds (Holds) carry a
// reason to review.
func (d *Draft) Reviews() int {
	n := 0
	for i := range d.Entries {
		if len(d.Entries[i].Review) > 0 && d.Holds(&d.Entries[i]) {
			n++
		}
	}
	return n
}

// Sync re-lays translation on source's current structure. base is the
// source edition the translation was made from (nil: the source itself,
// and nothing is stale but what the translation marks so). The
// translation's own markers count: an item marked untranslated (a draft
// synced again) holds the source's text and is New, one marked stale
// stays stale, one marked for review or fuzzy is reviewed again.
func (o Options) Sync(source, translation, base *corpus.Document) *Draft {
	return o.Gaps(source, translation, base).Draft()
}

// Release lets go of what the draft's report holds that the draft does
// not read once it is made: the alignment (with the evidence of every
// pair) and the comparison (its entries keep the items, redlines and
// findings they need). The draft's Report becomes a report of its own
// without them, its findings and counts the same; the report the draft
// was made from is not changed, and a caller that holds nothing else of
// it frees them. (The alignment and comparison of 100k items a side are
// some 70 MB, live while a draft is written and read back.)
func (d *Draft) Release() {
	r := d.Report
	if r == nil {
		return
	}
	d.Report = &Report{Source: r.Source, Translation: r.Translation, Base: r.Base, Findings: r.Findings,
		Coverage: r.Coverage, Provenance: r.Provenance, Placed: r.Placed, Placeable: r.Placeable,
		Unplaced: r.Unplaced, Affinity: r.Affinity, inScope: r.inScope, printed: r.printed}
}

// newDraft re-lays the report's translation on its source (Draft).
func (r *Report) newDraft() *Draft {
	source, translation, base := r.Source, r.Translation, r.Base
	d := &Draft{Source: source, Translation: translation, Base: base, Report: r, Renumbered: map[string]string{}, partial: r.partialScope()}
	var index map[*corpus.Item]int // translation item -> its index, when one is wanted
	orig := source
	if base != nil {
		orig = base
	}
	// All the translation items of each original item (1-2 pairs), by
	// index (maps of 100k items were a tenth of a draft's time).
	targets := make([][]int, len(orig.Items))
	for _, p := range r.Alignment.Pairs {
		targets[p.Source[0]] = append(targets[p.Source[0]], p.Target...)
	}
	placed := make([]bool, len(translation.Items))
	units := r.Units()
	d.Entries = make([]Entry, 0, len(units)) // one each, no growing
	// current index -> orig indexes (two where two items were merged)
	curOrig := make([][]int, len(source.Items))
	if r.Comparison != nil {
		for _, p := range r.Comparison.Alignment.Pairs {
			curOrig[p.Target[0]] = p.Source
			for _, b := range p.Source {
				if b, c := base.Items[b].ID, source.Items[p.Target[0]].ID; b != c {
					d.Renumbered[b] = c
				}
			}
		}
	}
	for i, u := range units {
		e := Entry{Unit: u}
		if u.Target != nil {
			ois := []int{i}
			if r.Comparison != nil {
				ois = curOrig[i]
			}
			for _, oi := range ois {
				for _, j := range targets[oi] {
					e.Targets = append(e.Targets, &translation.Items[j])
					placed[j] = true
				}
			}
			if len(e.Targets) == 0 {
				if index == nil {
					index = make(map[*corpus.Item]int, len(translation.Items))
					for j := range translation.Items {
						index[&translation.Items[j]] = j
					}
				}
				e.Targets = []*corpus.Item{u.Target}
				placed[index[u.Target]] = true
			}
			d.carry(&e)
		}
		d.Entries = append(d.Entries, e)
	}
	d.moves(placed)
	d.leftTitles()
	defer d.checkFindings() // after the orphans' reasons, which may add their own
	d.checkCarried(func(i int) (int, bool) {
		if r.Comparison == nil {
			return i, true
		}
		// Two items merged into one have no one number to compare.
		if os := curOrig[i]; len(os) == 1 {
			return os[0], true
		}
		return 0, false
	})
	// What has no place.
	origOf := make([]int, len(translation.Items)) // translation index -> original index (-1: none)
	for j := range origOf {
		origOf[j] = -1
	}
	for _, p := range r.Alignment.Pairs {
		for _, j := range p.Target {
			origOf[j] = p.Source[0]
		}
	}
	var ids orphanIDs
	for j := range translation.Items {
		if placed[j] {
			continue
		}
		t := &translation.Items[j]
		if t.Has(corpus.FlagUntranslated) {
			continue // the source's text of a removed item, in a draft
		}
		orphan := Orphan{Target: t, Reason: "no counterpart in " + orig.Name()}
		if o := origOf[j]; o >= 0 {
			orphan.Was = &orig.Items[o]
			orphan.Reason = fmt.Sprintf("translates %s of %s, which %s removed", orphan.Was.ID, orig.Name(), source.Name())
		} else if why := d.orphanReason(t, r.ownID(j), orig, &ids); why != "" {
			orphan.Reason = why
		}
		d.Orphans = append(d.Orphans, orphan)
	}
	for i := range translation.Obsolete {
		d.Orphans = append(d.Orphans, obsoleteOrphan(&translation.Obsolete[i], source))
	}
	return d
}

// obsoleteOrphan is the orphan a translation kept obsolete (a PO's "#~"
// entries: the orphans of the sync that wrote it, or messages msgmerge
// dropped): the reason its entries give, else the source text they give
// as what it translates (Was), so that a catalogue written from the
// draft keeps the entries as they were.
func obsoleteOrphan(o *corpus.Obsolete, source *corpus.Document) Orphan {
	orphan := Orphan{Target: &o.Item, Reason: o.Reason}
	if o.SourceTitle != "" || o.SourceText != "" {
		orphan.Was = &corpus.Item{ID: o.Item.ID, Kind: o.Item.Kind, Number: o.Item.Number, Title: o.SourceTitle, Text: o.SourceText}
	}
	switch {
	case orphan.Reason != "":
	case orphan.Was != nil:
		orphan.Reason = fmt.Sprintf("translates %s of an earlier edition, kept obsolete by the catalogue: %s has no place for it", o.Item.ID, source.Name())
	default:
		orphan.Reason = fmt.Sprintf("kept obsolete by the catalogue: %s has no place for it", source.Name())
	}
	return orphan
}

// carry decides an entry with a translation: the translation's markers,
// its cut previews and the errors found on it.
func (d *Draft) carry(e *Entry) {
	t := e.Target
	if t.ID != e.Source.ID {
		e.From = t.ID
	}
	switch {
	case t.Has(corpus.FlagUntranslated):
		// The source's text standing in: no translation.
		e.State, e.Target, e.Targets, e.Previous, e.Redline = New, nil, nil, nil, nil
		return
	case t.Has(corpus.FlagStale) && e.State == Translated:
		e.State = StaleState
		e.Previous, e.Redline = previousOf(e.Source, t)
	}
	if t.Has(corpus.FlagReview) {
		what := reasonMarked
		if d.Translation.Source.Format == "po" {
			what = reasonFuzzy
		} else if keyedByID(d.Translation) {
			what = reasonUnitReview
		}
		e.Review = append(e.Review, what)
	}
	if t.Has(corpus.FlagTruncated) {
		e.Review = append(e.Review, reasonCut)
	}
}

// previousOf is the source item a translation marked stale was made
// from, where the file it was read from gives that source (a PO's
// previous msgid: Item.PreviousTitle, PreviousText), with the source's
// change from it: the current item with the fields given, so that the
// draft written again keeps them; nil where the file gives none, or the
// same as the current source (a text that moved, whose marker alone
// says it is stale).
func previousOf(source, t *corpus.Item) (*corpus.Item, []diff.Span) {
	if t.PreviousTitle == "" && t.PreviousText == "" {
		return nil, nil
	}
	prev := *source
	if t.PreviousTitle != "" {
		prev.Title = t.PreviousTitle
	}
	if t.PreviousText != "" {
		prev.Text = t.PreviousText
	}
	if prev.Title == source.Title && prev.Text == source.Text {
		return nil, nil
	}
	var spans []diff.Span
	switch {
	case prev.Text == source.Text:
	case source.Kind == corpus.KindPreamble:
		_, spans = diff.LineRedline(prev.Text, source.Text)
	default:
		_, spans = diff.Redline(prev.Text, source.Text)
	}
	return &prev, spans
}

// The reasons to review an entry that its translation gives (carry):
// each is also a finding, review or truncated.
const (
	reasonMarked     = "marked for review in the translation"
	reasonFuzzy      = "fuzzy in the catalogue"
	reasonUnitReview = "needs review in the translation file"
	reasonCut        = "the translation is a cut preview"
)

// ReasonMarked is the reason to review an entry whose translation is
// marked for review ({{rulesync:review}}): a draft synced again has the
// note of that marker beside it, which says why.
const ReasonMarked = reasonMarked

// unexplained returns the entry's reasons to review that no finding on
// it gives: a marker without a review finding, a cut preview without a
// truncated one, and every reason the draft alone finds (checkCarried);
// not those a finding gives (checkFindings).
func (e *Entry) unexplained() []string {
	var out []string
	found := map[string]bool{}
	for k := range e.Findings {
		if w := disagreement(e, &e.Findings[k]); w != "" {
			found[w] = true
		}
	}
	for _, w := range e.Review {
		if found[w] {
			continue
		}
		switch w {
		case reasonMarked, reasonFuzzy, reasonUnitReview:
			if hasCheck(e.Findings, Review) {
				continue
			}
		case reasonCut:
			if hasCheck(e.Findings, Truncated) {
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// Errors returns the messages of the error findings on the entry's
// translation (wrong numbers, references, parts; not its being stale or
// missing, which the entry's state says) that its reasons to review do
// not state already (a carried entry's hold them: checkFindings).
func (e *Entry) Errors() []string {
	var out []string
	for _, f := range e.Findings {
		if f.Severity == Error && e.Target != nil && f.TargetID == e.Target.ID && f.Check != Stale && f.Check != Missing && f.Check != Untranslated {
			if w := f.Check + ": " + f.Message; !slices.ContainsFunc(e.Review, func(r string) bool { return strings.Contains(r, w) }) {
				out = append(out, w)
			}
		}
	}
	return out
}

// moves carries the translation of a removed item to a new item that
// has its whole text (the source moved it under another number without
// the diff pairing the two), marked stale: its context changed.
func (d *Draft) moves(placed []bool) {
	cmp := d.Report.Comparison
	if cmp == nil {
		return
	}
	removed := map[string]int{} // folded text -> base index of a removed item
	for _, ch := range cmp.Changes {
		if ch.Kind == diff.Removed {
			it := &d.Base.Items[ch.Old[0]]
			if key := corpus.Fold(it.Text); len(key) >= 20 {
				removed[key] = ch.Old[0]
			}
		}
	}
	transOf := map[int]int{} // base index -> translation index
	for _, p := range d.Report.Alignment.Pairs {
		transOf[p.Source[0]] = p.Target[0]
	}
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.State != New {
			continue
		}
		b, ok := removed[corpus.Fold(e.Source.Text)]
		if !ok {
			continue
		}
		j, ok := transOf[b]
		if !ok || placed[j] || d.Translation.Items[j].Has(corpus.FlagUntranslated) {
			continue
		}
		placed[j] = true
		t := &d.Translation.Items[j]
		e.Target, e.Targets, e.State = t, []*corpus.Item{t}, StaleState
		e.Previous, e.MovedFrom, e.From = &d.Base.Items[b], d.Base.Items[b].ID, t.ID
		e.Redline = []diff.Span{{Op: diff.Equal, Text: e.Source.Text}}
	}
}
