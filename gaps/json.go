package gaps

import (
	"fmt"
	"io"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/jsoncodec"
)

// jsonFinding is a Finding as the JSON has it.
type jsonFinding struct {
	Check    string   `json:"check"`
	Severity Severity `json:"severity"`
	SourceID string   `json:"source_id"`
	TargetID string   `json:"target_id"`
	Message  string   `json:"message"`
	Evidence []string `json:"evidence"`
	Redline  []string `json:"redline,omitempty"`
	// IDSource and Confidence say how the translation, read through its
	// source, found the target item's source id (label, aligned,
	// projected) and how sure; left out for a translation paired by the
	// ids it carries.
	IDSource   string  `json:"id_source,omitempty"`
	Confidence float64 `json:"confidence,omitempty"`
}

// MarshalJSON is WriteJSON's object without the white space, as
// json.Marshal writes it.
func (r *Report) MarshalJSON() ([]byte, error) { return jsoncodec.Compact(r.WriteJSON) }

// WriteJSON writes the report to w as an object with "source",
// "translation" and "base" (edition and language, or null),
// "input_warnings" (what the reading of each input warned of, when it
// did), "base_picked_by_provenance" (how provenance picked the base, when it
// did), "findings" (each with check, severity, source_id, target_id,
// message, evidence, redline, and id_source and confidence for a target
// item the reading through the source named) and "summary" (counts per
// check and per severity, coverage in percent), indented by two spaces
// and with a newline at the end, as a json.Encoder with
// SetIndent("", "  ") writes it; one finding at a time, rather than the
// whole object compact and then indented.
func (r *Report) WriteJSON(w io.Writer) error {
	o := jsoncodec.NewObjectWriter(w)
	o.Member("source", r.Source.Header())
	o.Member("translation", r.Translation.Header())
	o.Member("base", r.Base.Header())
	if w := r.inputWarnings(); w != nil {
		o.Member("input_warnings", w)
	}
	if p := r.picked(); p != "" {
		o.Member("base_picked_by_provenance", p)
	}
	jsoncodec.ListOf(o, "findings", len(r.Findings), r.jsonFinding)
	o.Member("summary", r.jsonSummary())
	return o.Close()
}

// InputWarnings are the warnings the reading of each input of a check
// left (corpus.Document.Warnings): what a report written to a file would
// otherwise lose with standard error.
type InputWarnings struct {
	Source      []string `json:"source,omitempty"`
	Translation []string `json:"translation,omitempty"`
	Base        []string `json:"base,omitempty"`
}

// ReadingWarnings returns the InputWarnings of a source, a translation
// and a base (each may be nil), or nil when none of them warned.
func ReadingWarnings(src, tr, base *corpus.Document) *InputWarnings {
	w := &InputWarnings{src.Warnings(), tr.Warnings(), base.Warnings()}
	if w.Source == nil && w.Translation == nil && w.Base == nil {
		return nil
	}
	return w
}

// inputWarnings is ReadingWarnings of the report's inputs.
func (r *Report) inputWarnings() *InputWarnings {
	return ReadingWarnings(r.Source, r.Translation, r.Base)
}

// jsonFinding is finding i as the JSON has it.
func (r *Report) jsonFinding(i int) jsonFinding {
	f := &r.Findings[i]
	j := jsonFinding{Check: f.Check, Severity: f.Severity, SourceID: f.SourceID, TargetID: f.TargetID, Message: f.Message, Evidence: f.Evidence}
	if it := r.targetItem(f.TargetID); it != nil {
		j.IDSource, j.Confidence = it.IDSource, it.Confidence
	}
	if j.Evidence == nil {
		j.Evidence = []string{}
	}
	for _, s := range f.Redline {
		j.Redline = append(j.Redline, fmt.Sprintf("%s%s", map[diff.Op]string{diff.Equal: "=", diff.Delete: "-", diff.Insert: "+"}[s.Op], s.Text))
	}
	return j
}

// jsonSummary is the summary of the JSON: counts per check and per
// severity, the findings, and for a translation its progress in
// segments (see Progress) and its coverage: the share of segments with
// a translation, in percent to one decimal.
func (r *Report) jsonSummary() map[string]any {
	counts := map[string]int{}
	bySev := map[Severity]int{}
	for _, f := range r.Findings {
		counts[f.Check]++
		bySev[f.Severity]++
	}
	m := map[string]any{"checks": counts, "severities": bySev, "findings": len(r.Findings)}
	if r.Source != nil && r.Alignment != nil {
		p := r.Progress()
		m["coverage"] = float64(int(p.Covered()*10+0.5)) / 10
		m["progress"] = map[string]int{"segments": p.Total(), "translated": p.Translated, "stale": p.Stale, "fuzzy": p.Fuzzy, "untranslated": p.Untranslated}
	}
	return m
}

// targetItem is the translation's item of the id, or nil.
func (r *Report) targetItem(id string) *corpus.Item {
	if id == "" || r.Translation == nil {
		return nil
	}
	r.byIDOnce.Do(func() {
		r.byID = make(map[string]int, len(r.Translation.Items))
		for j := range r.Translation.Items {
			if _, ok := r.byID[r.Translation.Items[j].ID]; !ok {
				r.byID[r.Translation.Items[j].ID] = j
			}
		}
	})
	if j, ok := r.byID[id]; ok {
		return &r.Translation.Items[j]
	}
	return nil
}
