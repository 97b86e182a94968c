// Package gaps finds what a translation lacks or gets wrong against its
// source edition, as a translator's worklist.
package gaps

import (
	"context"
	"sort"
	"sync"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// Severity ranks findings: errors are wrong, warnings need a look, info
// is for the record.
type Severity string

// The severities, from the most serious.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Rank orders severities: error 3, warning 2, info 1, anything else 0.
func (s Severity) Rank() int {
	switch s {
	case Error:
		return 3
	case Warning:
		return 2
	case Info:
		return 1
	}
	return 0
}

// The checks, by their stable names.
const (
	Missing      = "missing"      // source item with no counterpart in the translation
	Extra        = "extra"        // translation item with no source
	Stale        = "stale"        // the source changed since the edition translated
	Truncated    = "truncated"    // a cut preview, or far shorter than expected
	Untranslated = "untranslated" // source-language text left in the translation
	Numbers      = "numbers"      // amounts, blinds, times, counts that differ
	Refs         = "refs"         // cross-references to another item than the source's
	Parts        = "parts"        // sub-parts missing, extra or out of order
	Enumeration  = "enumeration"  // a broken list sequence inside one item
	Duplicate    = "duplicate"    // the same text in two items
	Terminology  = "terminology"  // a glossary term rendered in different ways
	Mismatch     = "mismatch"     // the text belongs to another item than its place says
	Scope        = "scope"        // what part of the source the translation covers
	Titles       = "titles"       // titles of items the translation has, left untranslated
	Omission     = "omission"     // a run of places whose texts are too short and unsure: one item may be left out
)

// Finding is one problem with a translation (or a document).
type Finding struct {
	Check    string
	Severity Severity
	SourceID string // the source item, if any
	TargetID string // the translation item, if any
	Message  string
	Evidence []string
	// Redline is the source's own change from the base edition to the
	// current one, for a stale item.
	Redline []diff.Span

	other string // the other item of a duplicate
	// whole is set on an untranslated finding whose item's whole text is
	// in the source's language: the text counts as not translated.
	whole bool
}

// Report is the findings on one translation (or one document).
type Report struct {
	Source, Translation, Base *corpus.Document
	Findings                  []Finding
	// Coverage is the share of the source items in the translation's
	// scope that have a counterpart, in percent: the aligner's measure.
	// What the outputs show is Progress, counted in segments.
	Coverage float64
	// Alignment is the alignment the findings rest on (nil for Check):
	// of the base edition with the translation when there is a base.
	Alignment *align.Alignment
	// Comparison is the edition diff of base and source, with a base.
	Comparison *diff.Comparison
	// Provenance is how the base was picked when it was not given: by
	// Provenance among candidates (nil when the base was given or there
	// is none).
	Provenance *Provenance
	// Placeable counts the items of the source the translation is
	// aligned with (the base, with one) of the kinds its pairs cover,
	// preambles aside; Placed those
	// of them that have a counterpart, Unplaced the ids of the others.
	// Unplaceable says when too few are placed to check anything.
	Placed, Placeable int
	Unplaced          []string
	// Affinity is what the pairs of a translation read through its
	// source share beyond chance (zero for one paired by the ids it
	// carries): Unplaceable reads it.
	Affinity align.Affinity
	// Unsure, where not "", says why the placement of the source's
	// items on the translation is in doubt: a projection (no printed
	// labels held the items to their places) that puts fewer than half
	// of the placeable items with confidence. A source item it leaves
	// unplaced is then a warning, not a missing translation: its text
	// may be in the translation, placed elsewhere.
	Unsure string

	inScope map[corpus.Kind]bool // the kinds of source item the translation covers
	// unitKinds is, for a catalogue (PO, XLIFF, TMX), the kinds of the
	// source items its units name, translated or not (unitKinds); nil
	// for another translation.
	unitKinds map[corpus.Kind]bool
	// printed is the number the translation prints for each item of a
	// reading through the source whose items are not its own (by id;
	// "" where it printed none, absent where that is not known).
	printed map[string]string
	// readOwn is set where the report's translation is the
	// translation's own items read through the source (not a
	// projection): each has, besides the reading's id, the id its own
	// numbering gave it (ownID).
	readOwn bool
	// align are the aligner's options the report was made with: the
	// draft scores its carried texts with them (checkPlaces).
	align align.Options

	byIDOnce sync.Once
	byID     map[string]int // the translation's items by id (targetItem)

	progressOnce sync.Once
	progress     Progress // of the report's draft (Progress), once

	draftOnce sync.Once
	draft     *Draft // the report's draft (Draft), once
}

// Options configures the checks. The zero value uses the aligner's and
// the differ's defaults.
type Options struct {
	Align align.Options
	Diff  diff.Options
	// Context, when not nil, stops the checks (and Provenance) early once
	// it is done (an interrupted command), and is the alignment's and the
	// comparison's when they have none: the Report returned is then
	// incomplete, and the caller, seeing Context.Err(), must not use it.
	Context context.Context
	// Read, when set, is a Provenance of the translation Gaps checks,
	// made with these options: where it read that translation through
	// the original Gaps aligns it with (the base, else the source), Gaps
	// takes that reading instead of making it again. The Provenance lets
	// go of its readings then: a second Gaps with the same Read reads the
	// translation again.
	Read *Provenance
}

// withContext gives the alignment and the comparison the checks' Context
// where they have none.
func (o Options) withContext() Options {
	if o.Align.Context == nil {
		o.Align.Context = o.Context
	}
	if o.Diff.Context == nil {
		o.Diff.Context = o.Context
	}
	return o
}

// stopped reports whether the checks' Context is done.
func (o Options) stopped() bool {
	return o.Context != nil && o.Context.Err() != nil
}

// Gaps checks translation against source. With base (the source edition
// the translation was made from, nil if unknown), items whose source
// changed from base to source are stale, items added since are missing
// and items the translation keeps of removed ones are extra, exactly as
// the edition diff says; the translation is then aligned with base, its
// own original. Without base the translation is aligned with source
// directly.
func (o Options) Gaps(source, translation, base *corpus.Document) *Report {
	o = o.withContext()
	// A translation in progress, most of it still the source's text,
	// is in the language of the part it translated.
	translation = OwnLanguage(source, translation)
	r := &Report{Source: source, Translation: translation, Base: base, align: o.Align}
	orig := source
	var cmp *diff.Comparison
	if base != nil {
		orig = base
		cmp = o.Diff.Compare(base, source)
	}
	if o.stopped() {
		return r
	}
	translation, al := o.read(r, orig, translation)
	r.Translation = translation
	r.Alignment, r.Comparison = al, cmp
	if o.stopped() {
		return r
	}
	c := &checker{r: r, orig: orig, al: al, gloss: o.glossary(), curID: map[string]string{}}
	if cmp != nil {
		for _, p := range cmp.Alignment.Pairs {
			for _, b := range p.Source {
				c.curID[base.Items[b].ID] = source.Items[p.Target[0]].ID
			}
		}
	}
	c.scope()
	r.inScope = c.inScope
	c.pairs()
	c.uncheckedRefs()
	if o.stopped() {
		return r
	}
	if cmp != nil {
		c.edition(cmp)
	} else {
		c.unmatched()
	}
	c.document(translation)
	c.marked(translation)
	c.inline(translation)
	c.dropSourceDuplicates()
	r.account()
	r.sort()
	if r.draft != nil {
		// The draft account made carries the findings as they were
		// before it added its own and sorted them.
		r.findingsOn(func(i int, fs []Finding) { r.draft.Entries[i].Findings = fs })
	}
	return r
}

// Draft re-lays the report's translation on its source, as Sync does.
// It is made once, by Gaps (whose accounting of the segments reads it)
// or at the first call, and every call returns that one (a sync made
// it twice, a build and the interchange writers again): a caller that
// would change it (its entries, its Report) changes a copy.
func (r *Report) Draft() *Draft {
	r.draftOnce.Do(func() { r.draft = r.newDraft() })
	return r.draft
}

// findingsOn calls set with the index of each current source item and
// the report's findings on it (by source id), in the report's order:
// nil for an item with none. Findings that stand together in the
// report's (the usual case: they are sorted by the translation's items)
// are given as that part of r.Findings, not copied (a copy of every
// finding was 34 MB at 250k items a side, every item a finding), its
// capacity cut to its length so that an append copies; others are
// copied. A change to a finding of the report (SeriesEvidence's evidence)
// is seen where it is shared: nothing reads an entry's or unit's findings
// for what such a change touches before it is made.
func (r *Report) findingsOn(set func(i int, fs []Finding)) {
	on := map[string][]int{}
	for k := range r.Findings {
		on[r.Findings[k].SourceID] = append(on[r.Findings[k].SourceID], k)
	}
	for i := range r.Source.Items {
		ks := on[r.Source.Items[i].ID]
		switch {
		case len(ks) == 0:
			set(i, nil)
		case ks[len(ks)-1]-ks[0] == len(ks)-1: // increasing: a run
			set(i, r.Findings[ks[0]:ks[0]+len(ks):ks[0]+len(ks)])
		default:
			fs := make([]Finding, len(ks))
			for n, k := range ks {
				fs[n] = r.Findings[k]
			}
			set(i, fs)
		}
	}
}

// LetGo drops what the report's alignment holds beyond its pairs'
// places, scores and marks (their evidence, the reading kept for
// Affinity: align.Alignment.LetGo), the draft made first (Draft). The
// report's text, JSON, draft, interchange files and pages read none of
// it: a caller that writes only those lets a large translation's memory
// go before the draft is written and read back. One that reads the
// alignment's evidence, or measures its Affinity, does not call it.
func (r *Report) LetGo() {
	if r.Source == nil || r.Translation == nil || r.Alignment == nil {
		return
	}
	r.Draft()
	r.Alignment.LetGo()
}

// Check runs the checks that need no source on one document: duplicate,
// enumeration, terminology and truncated.
func (o Options) Check(d *corpus.Document) *Report {
	if keyedByID(d) {
		d = unitsTranslated(d)
	}
	r := &Report{Translation: d}
	if o.stopped() {
		return r
	}
	c := &checker{r: r, gloss: o.glossary()}
	for i := range d.Items {
		it := &d.Items[i]
		if it.Has(corpus.FlagTruncated) {
			r.add(Finding{Check: Truncated, Severity: Info, TargetID: it.ID, Message: "the text is cut short (a preview)"})
		}
	}
	c.document(d)
	c.marked(d)
	c.inline(d)
	r.sort()
	return r
}

func (o Options) glossary() *align.Glossary {
	if o.Align.Glossary != nil {
		return o.Align.Glossary
	}
	return align.DefaultGlossary()
}

func (r *Report) add(f Finding) { r.Findings = append(r.Findings, f) }

// sort orders findings by the translation's order (the source's for
// items it lacks), then by check.
func (r *Report) sort() {
	// The places of the translation's items and of the source's, by id
	// (two maps, where keys made of a prefix and the id were a copy of
	// every id).
	tpos, spos := map[string]int{}, map[string]int{}
	if r.Translation != nil {
		for i, it := range r.Translation.Items {
			tpos[it.ID] = i*2 + 1
		}
	}
	src := r.Source
	if r.Base != nil {
		src = r.Base
	}
	if src != nil {
		n := len(r.Translation.Items) + 1
		for i, it := range src.Items {
			spos[it.ID] = i * 2 * n / max(1, len(src.Items))
		}
		if r.Source != nil && r.Source != src {
			for i, it := range r.Source.Items {
				if _, ok := spos[it.ID]; !ok {
					spos[it.ID] = i * 2 * n / max(1, len(r.Source.Items))
				}
			}
		}
	}
	at := func(f *Finding) int {
		if p, ok := tpos[f.TargetID]; ok && f.TargetID != "" {
			return p
		}
		if p, ok := spos[f.SourceID]; ok {
			return p
		}
		return -1
	}
	sort.SliceStable(r.Findings, func(i, j int) bool {
		a, b := &r.Findings[i], &r.Findings[j]
		if pa, pb := at(a), at(b); pa != pb {
			return pa < pb
		}
		return a.Check < b.Check
	})
}

// Count returns the number of findings of a check, or of all checks for
// "".
func (r *Report) Count(check string) int {
	n := 0
	for _, f := range r.Findings {
		if check == "" || f.Check == check {
			n++
		}
	}
	return n
}

// Worst returns the most serious severity among the findings, or "".
func (r *Report) Worst() Severity {
	var w Severity
	for _, f := range r.Findings {
		if f.Severity.Rank() > w.Rank() {
			w = f.Severity
		}
	}
	return w
}

// picked says how provenance picked the base, or "".
func (r *Report) picked() string {
	if r.Provenance == nil {
		return ""
	}
	return "the translation " + r.Provenance.Answer()
}
