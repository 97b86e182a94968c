package reports

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
)

// A worklist is what a translator has to do, in three parts: the items
// to translate (the source's text beside each), the items to update
// (the source's change and the translation as it stands), and the
// findings to check; findings on the whole document come first.

// workKind is a part of a worklist.
type workKind int

const (
	workDocument  workKind = iota // findings on the whole document
	workTranslate                 // missing: the source item has no translation
	workUpdate                    // stale: the source changed since it was translated
	workCheck                     // other findings on an item
)

// workItem is one item a translator works on: the source item (if any),
// the translation item (if any), its findings, and for a stale item the
// source's change.
type workItem struct {
	kind     workKind
	source   *corpus.Item
	target   *corpus.Item
	findings []gaps.Finding
	redline  []diff.Span
}

// worklist groups the findings of r by item and by the work they ask
// for, each part in the report's order. An item's findings that stand
// together in the report's (the usual case: they are sorted by the
// translation's items) are that part of r.Findings, not a copy (a copy
// of every finding was 63 MB at 250k items a side, every item a
// finding): nothing changes them.
func worklist(r *gaps.Report) []workItem {
	var out []workItem
	// The findings of out[i] are r.Findings[first:last+1] where they
	// are n in a row.
	type span struct{ first, last, n int }
	var spans []span
	at := map[string]int{}
	keyOf := func(f *gaps.Finding) string {
		if f.SourceID != "" {
			return f.SourceID
		}
		return f.SourceID + "\x00" + f.TargetID
	}
	item := func(d *corpus.Document, id string) *corpus.Item {
		if d == nil || id == "" {
			return nil
		}
		return d.Item(id)
	}
	for k := range r.Findings {
		f := &r.Findings[k]
		key := keyOf(f)
		i, ok := at[key]
		if !ok {
			w := workItem{kind: workCheck, source: item(r.Source, f.SourceID), target: item(r.Translation, f.TargetID)}
			if w.source == nil && r.Base != nil {
				w.source = item(r.Base, f.SourceID)
			}
			if f.SourceID == "" && f.TargetID == "" {
				w.kind = workDocument
			}
			i = len(out)
			at[key] = i
			out = append(out, w)
			spans = append(spans, span{first: k})
		}
		spans[i].last = k
		spans[i].n++
		w := &out[i]
		if w.target == nil {
			w.target = item(r.Translation, f.TargetID)
		}
		switch f.Check {
		case gaps.Missing:
			w.kind = workTranslate
		case gaps.Stale:
			if w.kind != workTranslate {
				w.kind = workUpdate
			}
			w.redline = f.Redline
		}
	}
	apart := false
	for i, sp := range spans {
		if sp.last-sp.first+1 == sp.n {
			out[i].findings = r.Findings[sp.first : sp.last+1 : sp.last+1]
		} else {
			apart = true
		}
	}
	if apart {
		for k := range r.Findings {
			i := at[keyOf(&r.Findings[k])]
			if sp := spans[i]; sp.last-sp.first+1 != sp.n {
				out[i].findings = append(out[i].findings, r.Findings[k])
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].kind < out[j].kind })
	return out
}

// workParts are the headings of the parts of a worklist.
var workParts = map[workKind]string{
	workDocument:  "The whole document",
	workTranslate: "To translate",
	workUpdate:    "To update",
	workCheck:     "To check",
}

// names gives the printed labels of a report's translation items: the
// number the item prints, or, for an item that prints none, the number
// of the source item it is aligned with ("Rule 7" for the reader page's
// seventh card, never item:6).
type names map[string]string

// targetNames returns the printed labels of r's translation items.
func targetNames(r *gaps.Report) names {
	n := names{}
	if r.Translation == nil {
		return n
	}
	d := r.Translation
	if r.Alignment != nil {
		d = r.Alignment.Numbered()
	}
	for i := range d.Items {
		n[r.Translation.Items[i].ID] = d.Items[i].Label()
	}
	return n
}

// readingIDs returns the id each item of r's translation has in the
// translation's own reading, mapped to its id read through the source,
// where the two differ (none for an item the projection made).
func readingIDs(r *gaps.Report) map[string]string {
	ids := map[string]string{}
	if r.Translation == nil || r.Alignment == nil {
		return ids
	}
	for j := range r.Translation.Items {
		if own, id := r.Alignment.OwnID(j), r.Translation.Items[j].ID; own != "" && own != id {
			ids[own] = id
		}
	}
	return ids
}

// label is an item's printed label and title, its number the aligned one
// when it prints none.
func (n names) label(it *corpus.Item) string {
	if it == nil {
		return ""
	}
	l, ok := n[it.ID]
	if !ok {
		l = it.Label()
	}
	if it.Title != "" && l != it.Title {
		return l + ": " + it.Title
	}
	return l
}

// title names a work item: the source item, then the translation item
// when it is named otherwise ("Rule 7: Seat Draw → Rule 7: 席の抽選").
func (n names) title(w workItem) string {
	s := label(w.source)
	if w.target != nil {
		if t := n.label(w.target); t != s {
			if s != "" {
				return s + " → " + t
			}
			return t
		}
	}
	return s
}

func docName(d *corpus.Document) string {
	if d == nil {
		return ""
	}
	return fmt.Sprintf("%s (%s)", d.Name(), d.Lang)
}

// gapsSummary counts the findings by severity and check.
func gapsSummary(r *gaps.Report) string {
	sev := map[gaps.Severity]int{}
	checks := map[string]int{}
	for _, f := range r.Findings {
		sev[f.Severity]++
		checks[f.Check]++
	}
	var names []string
	for c := range checks {
		names = append(names, c)
	}
	sort.Strings(names)
	var parts []string
	for _, c := range names {
		parts = append(parts, fmt.Sprintf("%d %s", checks[c], c))
	}
	s := fmt.Sprintf("%d findings: %d errors, %d warnings, %d info", len(r.Findings), sev[gaps.Error], sev[gaps.Warning], sev[gaps.Info])
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// GapsMarkdown writes a translator's worklist: the translation and its
// source, coverage and counts, then the items to translate (with the
// source's text), to update (with the source's change since and the
// translation as it stands) and to check, each finding with its
// severity, message and evidence.
func GapsMarkdown(w io.Writer, r *gaps.Report) error {
	p := &printer{w: w}
	if r.Source != nil {
		p.f("# Translation worklist: %s against %s\n\n", mdEscape(docName(r.Translation)), mdEscape(docName(r.Source)))
		if r.Base != nil {
			p.f("Translated from %s; the source is now %s.\n\n", mdEscape(docName(r.Base)), mdEscape(docName(r.Source)))
		}
		if r.Provenance != nil {
			p.f("The base was picked by provenance: the translation %s.\n\n", mdEscape(r.Provenance.Answer()))
		}
		p.f("Progress: %s. %s.\n", r.Progress(), gapsSummary(r))
	} else {
		p.f("# Check of %s\n\n%s.\n", mdEscape(docName(r.Translation)), gapsSummary(r))
	}
	if len(r.Findings) == 0 {
		p.f("\nNothing to do.\n")
		return p.err
	}
	n := targetNames(r)
	part := workKind(-1)
	for _, it := range worklist(r) {
		if it.kind != part {
			part = it.kind
			p.f("\n## %s\n", workParts[part])
		}
		if it.kind != workDocument {
			p.f("\n### %s\n", mdEscape(n.title(it)))
		}
		if how := foundBy(it.target); how != "" {
			p.f("\n_%s._\n", how)
		}
		p.f("\n")
		for _, f := range it.findings {
			p.f("- [ ] **%s** (%s): %s\n", f.Check, f.Severity, mdEscape(f.Message))
			for _, e := range f.Evidence {
				p.f("  - %s\n", mdEscape(e))
			}
		}
		switch {
		case it.kind == workTranslate && it.source != nil:
			p.f("\n  Source text:\n\n  > %s\n", mdQuote(it.source.Text))
		case it.kind == workUpdate:
			if len(it.redline) > 0 {
				p.f("\n  The source's change:\n\n  > %s\n", mdRedline(it.redline))
			}
			if it.target != nil {
				p.f("\n  The translation now:\n\n  > %s\n", mdQuote(it.target.Text))
			}
		}
	}
	return p.err
}

// foundBy says how the reading through the source found the id of a
// translation item that prints no label of its source's: by alignment or
// by projection, and how sure; "" for an item found by its label or not
// read through a source.
func foundBy(it *corpus.Item) string {
	if it == nil {
		return ""
	}
	switch it.IDSource {
	case corpus.IDAligned:
		return fmt.Sprintf("Placed here by alignment, confidence %.2f", it.Confidence)
	case corpus.IDProjected:
		return fmt.Sprintf("Placed here by projection of the source's items, confidence %.2f", it.Confidence)
	}
	return ""
}

// GapsText writes the findings for a terminal, one line each, the most
// serious first (errors, then warnings, then info), in the report's
// order within a severity; color sets the severities in colour (red,
// yellow) and the redlines' markers in red and green.
func GapsText(w io.Writer, r *gaps.Report, color bool) error {
	p := &printer{w: w}
	if r.Source != nil {
		p.f("%s against %s: %s; %s\n", docName(r.Translation), docName(r.Source), r.Progress(), gapsSummary(r))
		if r.Provenance != nil {
			p.f("base %s, picked by provenance: the translation %s\n", docName(r.Base), r.Provenance.Answer())
		}
	} else {
		p.f("%s: %s\n", docName(r.Translation), gapsSummary(r))
	}
	fs := append([]gaps.Finding(nil), r.Findings...)
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Severity.Rank() > fs[j].Severity.Rank() })
	marks := diff.WordDiff
	if color {
		marks = diff.Markers{DelStart: ansiRed + "[-", DelEnd: "-]" + ansiReset, InsStart: ansiGreen + "{+", InsEnd: "+}" + ansiReset}
	}
	for _, f := range fs {
		where := strings.Trim(f.SourceID+" "+f.TargetID, " ")
		if where == "" {
			where = "-"
		}
		sev := fmt.Sprintf("%-8s", f.Severity)
		if color {
			switch f.Severity {
			case gaps.Error:
				sev = ansiRed + sev + ansiReset
			case gaps.Warning:
				sev = ansiYellow + sev + ansiReset
			}
		}
		p.f("%s %-13s %-22s %s\n", sev, f.Check, where, f.Message)
		for _, e := range f.Evidence {
			p.f("%-45s %s\n", "", e)
		}
		if len(f.Redline) > 0 {
			p.f("%-45s %s\n", "", strings.ReplaceAll(marks.Render(f.Redline), "\n", " "))
		}
	}
	return p.err
}

// ProvenanceText says which candidate edition a translation follows,
// on what evidence, and each candidate's votes.
func ProvenanceText(w io.Writer, pv *gaps.Provenance) error {
	p := &printer{w: w}
	p.f("%s %s\n", docName(pv.Translation), pv.Answer())
	if pv.Stated != "" || pv.Translation.Date != "" {
		p.f("the translation states: version %q, date %q\n", pv.Stated, pv.Translation.Date)
	}
	over := "the items whose text votes"
	if len(pv.Candidates) == 1 {
		over = "the items paired with it (one candidate: give more editions to choose between)"
	}
	for k, c := range pv.Candidates {
		placed := ""
		if k < len(pv.Placed) {
			placed = fmt.Sprintf("; the translation read through it places %d of its %d items", pv.Placed[k], pv.Placeable[k])
		}
		p.f("  %-24s %-10s %4d votes (%d by text, %d by structure); mean score %.2f over %s%s\n", c.Name(), c.Date, pv.Votes[k], pv.TextVotes[k], pv.StructureVotes[k], pv.Score[k], over, placed)
	}
	return p.err
}

// DocumentMarkdown writes a document as a Markdown table: its title and
// edition, then one row per item with its printed number, title and
// text (line breaks as <br>).
func DocumentMarkdown(w io.Writer, d *corpus.Document) error {
	p := &printer{w: w}
	p.f("# %s\n\n%s, %s, %d items, read as %s.\n\n| number | title | text |\n| --- | --- | --- |\n", mdEscape(docTitle(d)), mdEscape(d.Name()), mdEscape(d.Lang), len(d.Items), mdEscape(d.Source.Format))
	for _, it := range d.Items {
		var paras []string
		for _, para := range strings.Split(it.Text, "\n") {
			paras = append(paras, mdEscape(para))
		}
		p.f("| %s | %s | %s |\n", mdEscape(it.Label()), mdEscape(it.Title), strings.Join(paras, "<br>"))
	}
	return p.err
}
