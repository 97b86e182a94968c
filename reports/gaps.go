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

// worklistItem is one source item (or translation item) and its findings.
type worklistItem struct {
	key      string
	findings []gaps.Finding
}

// byItem groups findings by the item they concern, in the report's order;
// findings on the whole document come first.
func byItem(r *gaps.Report) []worklistItem {
	var out []worklistItem
	at := map[string]int{}
	for _, f := range r.Findings {
		key := f.SourceID
		if key == "" {
			key = f.TargetID
		}
		if f.TargetID != "" && f.SourceID != "" {
			key = f.SourceID + " / " + f.TargetID
		}
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, worklistItem{key: key})
		}
		out[i].findings = append(out[i].findings, f)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].key == "" && out[j].key != "" })
	return out
}

// heading names the item a worklist entry is about: the source item and
// its title, then the translation item and its title.
func heading(r *gaps.Report, f gaps.Finding) string {
	name := func(d *corpus.Document, id string) string {
		if d == nil || id == "" {
			return ""
		}
		if it := d.Item(id); it != nil && it.Title != "" {
			return id + " " + it.Title
		}
		return id
	}
	s := name(r.Source, f.SourceID)
	if s == "" && r.Base != nil {
		s = name(r.Base, f.SourceID)
	}
	if t := name(r.Translation, f.TargetID); t != "" {
		if s != "" {
			return s + " → " + t
		}
		return t
	}
	return s
}

func docName(d *corpus.Document) string {
	if d == nil {
		return ""
	}
	return fmt.Sprintf("%s (%s)", d.Edition, d.Lang)
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
// source, coverage and counts, then one entry per item to work on, in the
// translation's order, each finding with its severity, message and
// evidence, and for a stale item the source's redline to translate from.
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
		p.f("Coverage: %.1f%% of the source items in scope have a translation. %s.\n", r.Coverage, gapsSummary(r))
	} else {
		p.f("# Check of %s\n\n%s.\n", mdEscape(docName(r.Translation)), gapsSummary(r))
	}
	if len(r.Findings) == 0 {
		p.f("\nNothing to do.\n")
		return p.err
	}
	for _, it := range byItem(r) {
		if it.key == "" {
			p.f("\n## The whole document\n\n")
		} else {
			p.f("\n## %s\n\n", mdEscape(heading(r, it.findings[0])))
		}
		for _, f := range it.findings {
			box := "- [ ]"
			p.f("%s **%s** (%s): %s\n", box, f.Check, f.Severity, mdEscape(f.Message))
			for _, e := range f.Evidence {
				p.f("  - %s\n", mdEscape(e))
			}
			if len(f.Redline) > 0 {
				p.f("\n  > %s\n\n", mdRedline(f.Redline))
			}
		}
	}
	return p.err
}

// GapsText writes the findings for a terminal, one line each.
func GapsText(w io.Writer, r *gaps.Report) error {
	p := &printer{w: w}
	if r.Source != nil {
		p.f("%s against %s: coverage %.1f%%; %s\n", docName(r.Translation), docName(r.Source), r.Coverage, gapsSummary(r))
		if r.Provenance != nil {
			p.f("base %s, picked by provenance: the translation %s\n", docName(r.Base), r.Provenance.Answer())
		}
	} else {
		p.f("%s: %s\n", docName(r.Translation), gapsSummary(r))
	}
	for _, f := range r.Findings {
		where := strings.Trim(f.SourceID+" "+f.TargetID, " ")
		if where == "" {
			where = "-"
		}
		p.f("%-8s %-13s %-22s %s\n", f.Severity, f.Check, where, f.Message)
		for _, e := range f.Evidence {
			p.f("%-45s %s\n", "", e)
		}
		if len(f.Redline) > 0 {
			p.f("%-45s %s\n", "", strings.ReplaceAll(diff.WordDiff.Render(f.Redline), "\n", " "))
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
		p.f("  %-24s %-10s %4d votes (%d by text, %d by structure); mean score %.2f over %s\n", c.Edition, c.Date, pv.Votes[k], pv.TextVotes[k], pv.StructureVotes[k], pv.Score[k], over)
	}
	return p.err
}
