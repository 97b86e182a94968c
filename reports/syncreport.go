package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/ingest"
)

// SyncReport is what `rulesync sync` says about a draft it wrote: the
// base and how it was chosen, the counts of carried, stale,
// untranslated and orphaned items, and every orphan (a translation item
// with no place in the source), so that none is lost in silence.
type SyncReport struct {
	Draft  *gaps.Draft
	Format string
	// BaseChosen says how the base was found: "given" (--base),
	// "provenance" (among several --base), "source" (none given: the
	// translation is taken to follow the source), "catalogue" (an
	// interchange file made for the source).
	BaseChosen string
	// BaseNote is provenance's account: of the candidates when it chose,
	// of the source alone when no base was given.
	BaseNote string
	Stats    *DraftStats
	// Series, when not nil, is the source's history from the base to the
	// source: each stale item says which of its editions changed it.
	Series *history.History
}

// Counts returns the counts of the draft by name: items, carried,
// stale, untranslated, review, orphaned. Review counts the entries with
// reasons to review (the checks of what sync carries, the marks of the
// translation) and those the draft as written marks for the lines next
// to them an interchange file left untranslated (Stats.FrameReview).
func (s *SyncReport) Counts() map[string]int {
	d := s.Draft
	review := d.Reviews()
	if s.Stats != nil {
		review += s.Stats.FrameReview
	}
	items := 0
	for i := range d.Entries {
		if d.Holds(&d.Entries[i]) {
			items++
		}
	}
	return map[string]int{"items": items, "carried": d.Count(gaps.Translated), "stale": d.Count(gaps.StaleState),
		"untranslated": d.Count(gaps.New), "review": review, "orphaned": len(d.Orphans)}
}

// Text writes the report for a terminal: one line for the base, one for
// the counts, one per orphan, one per fault of the inline markup of a
// translation read from a PO, XLIFF or TMX file (gaps.Markup).
func (s *SyncReport) Text(w io.Writer) error {
	p := &printer{w: w}
	d := s.Draft
	switch {
	case d.Base == nil:
		// A translation that names the source's edition (a catalogue or a
		// draft sync wrote) has its stale items marked already, whatever
		// its version line says.
		same := d.Translation.Edition != "" && d.Translation.Edition != corpus.UnknownEdition && d.Translation.Edition == d.Source.Edition
		if same {
			p.f("sync: no base: the translation says it follows %s, the source's edition", d.Source.Name())
		} else {
			p.f("sync: no base: the translation is taken to follow %s", d.Source.Name())
		}
		if s.BaseNote != "" {
			p.f(" (provenance: %s)", s.BaseNote)
		}
		p.f(", so only its own markers make items stale")
		if t := d.Translation; !same && t.Date != "" && d.Source.Date != "" && t.Date != d.Source.Date {
			p.f("; it states %s: give --base with that edition of the source to find what changed since", t.Date)
		}
		p.f("\n")
	case s.BaseChosen == "provenance":
		p.f("sync: base %s, chosen by provenance: %s\n", d.Base.Name(), s.BaseNote)
	default:
		p.f("sync: base %s (%s)\n", d.Base.Name(), s.BaseChosen)
	}
	c := s.Counts()
	p.f("sync: %d items of %s: %d carried, %d stale, %d untranslated (%d to review); %d translation items have no place (orphaned)\n",
		c["items"], d.Source.Name(), c["carried"], c["stale"], c["untranslated"], c["review"], c["orphaned"])
	if d.Partial() {
		p.f("sync: the translation covers only some kinds of %s's items (rulesync gaps names them): the draft holds %d of its %d items, not the whole source (--whole writes them all)\n",
			d.Source.Name(), c["items"], len(d.Entries))
	}
	if st := s.Stats; st != nil {
		if st.VersionLine != "" {
			p.f("sync: version line renamed to %s, marked for review\n", d.Source.Name())
		}
		if st.VersionUnwritten != "" {
			p.f("sync: warning: the translation gives its version as %q (%s), which no line of the draft holds: the draft writes the version line as the file's own line (%s) gives it; edit that line too\n", st.VersionUnwritten, ingest.FrameVersion, ingest.FrameFront)
		}
		if st.IDMarkers > 0 {
			p.f("sync: %d items carry an id marker ({{rulesync:id ...}}): their layout says no kind, or reads them back with other ids\n", st.IDMarkers)
		}
		if st.IDsDiffer > 0 {
			p.f("sync: warning: %d items read back with other ids than %s's", st.IDsDiffer, d.Source.Name())
			if len(st.Differ) > 0 {
				p.f(": %s", strings.Join(st.Differ, ", "))
			}
			if st.Reread != "" {
				p.f(" (%s)", st.Reread)
			}
			p.f("\n")
		}
		if st.RunOn > 0 && s.Format == "md" {
			p.f("sync: %d lines of items' text run on after the line before them, a blank for their line break: each reads back as an item of its own where it begins a line, escaped as it is\n", st.RunOn)
		} else if st.RunOn > 0 {
			p.f("sync: %d lines of items' text run on after the line before them, a blank for their line break: each reads as a label where it begins a line, and plain text has no escape (--to md keeps their lines)\n", st.RunOn)
		}
		if len(st.Unwritten) > 0 {
			p.f("sync: warning: the draft reads back with %d items no entry wrote, its lines read as items of their own: %s", len(st.Unwritten), strings.Join(st.Unwritten, "; "))
			if s.Format == "text" {
				p.f(" (plain text has no escape for a line of text that reads as a label: --to md escapes them)")
			}
			p.f("\n")
		}
	}
	for _, o := range d.Orphans {
		p.f("sync: orphaned %s: %s: %s\n", o.Target.ID, o.Reason, excerpt(o.Target))
	}
	if d.Report != nil {
		for _, f := range d.Report.Findings {
			if f.Check == gaps.Markup {
				p.f("sync: %s: markup: %s\n", f.Severity, f.Message)
			}
		}
	}
	if s.Series != nil {
		for i := range d.Entries {
			if e := &d.Entries[i]; e.State == gaps.StaleState {
				if evs, ok := seriesEvents(s.Series, e.Source.ID); ok {
					p.f("sync: stale %s: %s\n", e.Source.ID, changedIn(s.Series, evs))
				}
			}
		}
	}
	return p.err
}

func excerpt(it *corpus.Item) string {
	s := strings.Join(strings.Fields(strings.TrimSpace(it.Title+" "+it.Text)), " ")
	r := []rune(s)
	if len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// MarshalJSON writes {source, translation, base, base_chosen, format,
// counts, version_line, orphans: [{id, number, title, text, was,
// reason}], entries: [{id, state, from, moved_from, review, changed_in:
// [{edition, kind, severity, reason, redline}]}]}, changed_in for a
// stale item of a report with a Series.
func (s *SyncReport) MarshalJSON() ([]byte, error) {
	d := s.Draft
	type orphan struct {
		ID     string `json:"id"`
		Number string `json:"number"`
		Title  string `json:"title"`
		Text   string `json:"text"`
		Was    string `json:"was"`
		Reason string `json:"reason"`
	}
	type entry struct {
		ID        string          `json:"id"`
		State     string          `json:"state"`
		From      string          `json:"from,omitempty"`
		MovedFrom string          `json:"moved_from,omitempty"`
		Review    []string        `json:"review,omitempty"`
		ChangedIn []editionChange `json:"changed_in,omitempty"`
	}
	orphans := []orphan{}
	for _, o := range d.Orphans {
		was := ""
		if o.Was != nil {
			was = o.Was.ID
		}
		orphans = append(orphans, orphan{o.Target.ID, o.Target.Number, o.Target.Title, o.Target.Text, was, o.Reason})
	}
	entries := []entry{}
	for i := range d.Entries {
		e := &d.Entries[i]
		if !d.Holds(e) {
			continue
		}
		var changed []editionChange
		if s.Series != nil && e.State == gaps.StaleState {
			if evs, ok := seriesEvents(s.Series, e.Source.ID); ok {
				changed = editionChanges(s.Series, evs)
			}
		}
		entries = append(entries, entry{e.Source.ID, status(e), e.From, e.MovedFrom, e.Review, changed})
	}
	version := ""
	if s.Stats != nil {
		version = corpus.DropNotes(s.Stats.VersionLine)
	}
	return json.Marshal(struct {
		Source      *corpus.Header      `json:"source"`
		Translation *corpus.Header      `json:"translation"`
		Base        *corpus.Header      `json:"base"`
		Warnings    *gaps.InputWarnings `json:"input_warnings,omitempty"`
		BaseChosen  string              `json:"base_chosen"`
		Format      string              `json:"format"`
		Counts      map[string]int      `json:"counts"`
		VersionLine string              `json:"version_line"`
		Orphans     []orphan            `json:"orphans"`
		Entries     []entry             `json:"entries"`
	}{d.Source.Header(), d.Translation.Header(), d.Base.Header(), gaps.ReadingWarnings(d.Source, d.Translation, d.Base), s.BaseChosen, s.Format, s.Counts(), version, orphans, entries})
}

// ProvenanceNote is the one-line account of a provenance: its votes per
// candidate.
func ProvenanceNote(pv *gaps.Provenance) string {
	var parts []string
	for k, c := range pv.Candidates {
		parts = append(parts, fmt.Sprintf("%d items follow %s", pv.Votes[k], c.Name()))
	}
	return strings.Join(parts, ", ")
}
