package gaps

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// The progress of a translation is counted in segments, the one unit
// every output shares: the site's bars, the worklists, `build`'s
// summary, the PO (as `msgfmt --statistics` counts its messages) and the
// XLIFF (as Translate Toolkit's pocount counts its units).
//
// A segment is one translatable string: the title or the text of a
// current source item, each on its own, when it is not blank. The
// segments counted are those of the items the translation covers (the
// kinds of item it has, preambles never: Unit.InScope), and those of any
// other item the translation has a text for, so that no translated text
// goes uncounted. Each segment is in one of three states:
//
//   - translated and current: it has a translation and nothing calls for
//     a look;
//   - needs review: it has a translation, but stale (the source changed
//     since the translation, the text moved here from another item, or
//     the translation marks it stale) or fuzzy (marked for review or
//     fuzzy in the translation, a cut preview, an error finding on the
//     item's translation, a pair the aligner is unsure of, a number
//     printed where the source has another);
//   - untranslated: it has no translation, or the text it has is the
//     source's, left in the source's language (an untranslated finding
//     on the whole item).

// Status is where a segment stands.
type Status string

// The states of a Segment.
const (
	Current       Status = "translated" // translated and current
	NeedsReview   Status = "review"     // translated, stale or fuzzy
	NotTranslated Status = "untranslated"
)

// Segment is one translatable string of a Draft: the title or the text
// of an entry's source item.
type Segment struct {
	Entry *Entry
	// Title is set for the item's title, else the segment is its text.
	Title bool
	// Target is the translation ("" when there is none), cross-references
	// renumbered, as Draft.Title and Draft.Text give it.
	Target string
	Status Status
	// Stale is set for a segment that needs review because it is stale
	// (else it is fuzzy). Why says why it needs review.
	Stale bool
	Why   string
	// Previous is the source text the translation was made from, when
	// the source changed since or the text moved here: PrevID is then
	// the id it had, when another item's.
	Previous, PrevID string
}

// ID is the segment's unit id: the source item's id, with "/title" for
// its title ("rule:12", "rule:12/title").
func (s *Segment) ID() string {
	if s.Title {
		return s.Entry.Source.ID + "/title"
	}
	return s.Entry.Source.ID
}

// Source is the segment's source text.
func (s *Segment) Source() string {
	if s.Title {
		return s.Entry.Source.Title
	}
	return s.Entry.Source.Text
}

// State is the segment's state as translators' tools name the states of
// a unit: New without a translation, StaleState when it needs review,
// else Translated.
func (s *Segment) State() State {
	switch s.Status {
	case NotTranslated:
		return New
	case NeedsReview:
		return StaleState
	}
	return Translated
}

// Segments lists the draft's segments in the source's order: each
// entry's title, then its text. See Progress for which are counted and
// how each is decided.
func (d *Draft) Segments() []Segment {
	// At most a title and a text an entry: made once, not grown (the
	// copies of the growing were half of what the segments allocate).
	out := make([]Segment, 0, 2*len(d.Entries))
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil && !d.template && (e.Source.Kind == corpus.KindPreamble || !d.Holds(e)) {
			// A preamble without translation, or an item of a kind a
			// partial translation does not cover (Holds; InScope
			// where the draft is not Whole).
			continue
		}
		for _, title := range []bool{true, false} {
			s := Segment{Entry: e, Title: title}
			var prev string
			if title {
				s.Target = d.Title(e)
				if e.Previous != nil {
					prev = e.Previous.Title
				}
			} else {
				s.Target = d.Text(e)
				if e.Previous != nil {
					prev = e.Previous.Text
				}
			}
			if strings.TrimSpace(s.Source()) == "" {
				continue
			}
			d.decide(&s, prev)
			out = append(out, s)
		}
	}
	return out
}

// decide sets the segment's status from its entry: untranslated without
// a target or with the source's text left in its language; stale where the source of this field changed since the
// translation, the text moved or the translation marks it stale; fuzzy
// where the entry carries a reason to review or an error finding on its
// translation; else translated and current.
func (d *Draft) decide(s *Segment, prev string) {
	e := s.Entry
	s.Status = NeedsReview
	switch {
	case s.Target == "", !s.Title && e.textLeft():
		// No text, or the source's text in the source's language
		// standing in for one.
		s.Status = NotTranslated
		return
	case e.State == StaleState && e.MovedFrom != "":
		s.Stale, s.Why = true, "moved: the source has this text as "+e.Source.ID+" now, "+e.MovedFrom+" before"
		s.Previous, s.PrevID = prev, e.MovedFrom
		if s.Title {
			s.PrevID += "/title"
		}
		return
	case e.State == StaleState && e.Previous != nil && prev != s.Source():
		s.Stale, s.Why, s.Previous = true, "the source changed since the translation", prev
		return
	case e.State == StaleState && e.Previous == nil:
		s.Stale, s.Why = true, "marked stale in the translation"
		return
	}
	if s.Title && e.titleLeft {
		s.Why = reasonTitleLeft
		return
	}
	// A stale entry whose field did not change is current in that field.
	if why := append(append([]string(nil), e.Review...), e.Errors()...); len(why) > 0 {
		s.Why = strings.Join(why, "; ")
		return
	}
	s.Status = Current
}

// textLeft reports whether every text placed on the entry reads as
// the source's language, the source's words (an untranslated finding on
// the whole item, untranslated.go).
func (e *Entry) textLeft() bool {
	if len(e.Targets) == 0 {
		return false
	}
	for _, t := range e.Targets {
		if !slices.ContainsFunc(e.Findings, func(f Finding) bool { return f.whole && f.TargetID == t.ID }) {
			return false
		}
	}
	return true
}

// Progress counts a translation's segments by state (see Segments).
// Stale and Fuzzy together are the segments that need review.
type Progress struct {
	Translated, Stale, Fuzzy, Untranslated int
}

// Progress counts the draft's segments.
func (d *Draft) Progress() Progress {
	return Count(d.Segments())
}

// Progress counts the segments of the report's draft: none for the
// check of a document alone. The draft is made at the first call only
// (a report is not changed after Gaps): the text, the JSON and a
// build's summary of one report each made it again.
func (r *Report) Progress() Progress {
	if r.Source == nil || r.Translation == nil || r.Alignment == nil {
		return Progress{}
	}
	r.progressOnce.Do(func() { r.progress = r.Draft().Progress() })
	return r.progress
}

// Count counts segments by state.
func Count(segs []Segment) Progress {
	var p Progress
	for i := range segs {
		switch s := &segs[i]; {
		case s.Status == Current:
			p.Translated++
		case s.Status == NotTranslated:
			p.Untranslated++
		case s.Stale:
			p.Stale++
		default:
			p.Fuzzy++
		}
	}
	return p
}

// Review is how many segments need review: stale and fuzzy.
func (p Progress) Review() int { return p.Stale + p.Fuzzy }

// Total is how many segments are counted.
func (p Progress) Total() int { return p.Translated + p.Review() + p.Untranslated }

// Percent is n as a share of the segments counted, in percent (0 when
// there are none).
func (p Progress) Percent(n int) float64 {
	if p.Total() == 0 {
		return 0
	}
	return 100 * float64(n) / float64(p.Total())
}

// Covered is the share of segments with a translation, current or not,
// in percent.
func (p Progress) Covered() float64 { return p.Percent(p.Translated + p.Review()) }

// String says the figures in words: "60 of 217 segments translated and
// current (27.6%), 115 need review (0 stale, 115 fuzzy), 42
// untranslated".
func (p Progress) String() string {
	return fmt.Sprintf("%d of %d segments translated and current (%.1f%%), %d need review (%d stale, %d fuzzy), %d untranslated",
		p.Translated, p.Total(), p.Percent(p.Translated), p.Review(), p.Stale, p.Fuzzy, p.Untranslated)
}

// account gives every segment the progress counts as untranslated or in
// need of review a finding where none names it, so that the counts and
// the findings agree and --fail-on sees every one: an untranslated title
// or text of an item the translation has is missing (a warning: the item
// itself is there), a segment stale for a reason no redline gives is
// stale, and one fuzzy for a reason only the draft finds (a pair the
// aligner is unsure of, a length far from the pair's ratio, a number
// printed where the source has another, fuzzy in the catalogue) is
// review; the titles left untranslated are one titles finding. A title and a text of one item for one reason are one finding.
// The draft made here is the one Progress counts and Draft returns: the
// findings added are warnings, which change no segment's state (Gaps
// gives its entries the findings once they are complete).
func (r *Report) account() {
	if r.Source == nil || r.Translation == nil || r.Alignment == nil {
		return
	}
	segs := r.Draft().Segments()
	// Titles left untranslated are one finding for the document, not
	// one an item: a page that prints no titles leaves them all.
	var untitled []string
	last := -1 // the finding added for the title just before, if any
	for i := range segs {
		s := &segs[i]
		e := s.Entry
		f := Finding{Severity: Warning, SourceID: e.Source.ID}
		var one, both, detail string // the verb for one segment and for two, and why
		switch {
		case s.Status == Current:
			continue
		case s.Status == NotTranslated:
			if hasCheck(e.Findings, Missing, Untranslated, Stale) {
				continue
			}
			if s.Title && e.Target != nil {
				untitled = append(untitled, e.Source.Label())
				continue
			}
			f.Check, one, both, detail = Missing, "is not translated", "are not translated", label(e.Source)
		case s.Title && s.Why == reasonTitleLeft:
			untitled = append(untitled, e.Source.Label())
			continue
		case s.Stale:
			if hasCheck(e.Findings, Stale) {
				continue
			}
			f.Check, one, both, detail = Stale, "is stale", "are stale", s.Why
		default:
			// Without reasons no finding gives, the segment is fuzzy
			// for the findings on it (errors, markers, cut previews).
			why := e.unexplained()
			if len(why) == 0 {
				continue
			}
			f.Check, one, both, detail = Review, "needs review", "need review", strings.Join(why, "; ")
		}
		if t := e.Target; t != nil {
			f.TargetID = t.ID
		}
		if !s.Title && last >= 0 {
			if p := &r.Findings[last]; p.SourceID == f.SourceID && p.Check == f.Check && p.Message == "the title "+one+": "+detail {
				p.Message = "the title and the text " + both + ": " + detail
				last = -1
				continue
			}
		}
		last = -1
		if s.Title {
			f.Message = "the title " + one + ": " + detail
			last = len(r.Findings)
		} else {
			f.Message = "the text " + one + ": " + detail
		}
		r.add(f)
	}
	if len(untitled) > 0 {
		r.add(Finding{Check: Titles, Severity: Warning, Message: fmt.Sprintf("%d titles of items the translation has are not translated: %s", len(untitled), listIDs(untitled, 8))})
	}
	r.progressOnce.Do(func() { r.progress = Count(segs) })
}

// hasCheck reports whether one of fs is of one of checks.
func hasCheck(fs []Finding, checks ...string) bool {
	for _, f := range fs {
		if slices.Contains(checks, f.Check) {
			return true
		}
	}
	return false
}

// listIDs lists names, the first n of them and how many more.
func listIDs(ids []string, n int) string {
	if len(ids) <= n {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ids[:n], ", "), len(ids)-n)
}
