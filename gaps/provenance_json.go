package gaps

import (
	"encoding/json"

	"github.com/rulesync/rulesync/corpus"
)

// MarshalJSON writes the provenance as an object: "translation" (edition,
// language, title), "stated_version" and "stated_date", "answer" (the
// line Answer gives), "follows" (the edition, or null), "ambiguous" (the
// tied editions), "runner_up", "margin", "decided", "candidates" (in
// order of their dates: edition, date, votes, text_votes,
// structure_votes, score) and "evidence" (target_id, id, by, follows:
// the editions voted for).
func (p *Provenance) MarshalJSON() ([]byte, error) {
	name := func(k int) any {
		if k < 0 {
			return nil
		}
		return p.Candidates[k].Name()
	}
	names := func(ks []int) []string {
		out := []string{}
		for _, k := range ks {
			out = append(out, p.Candidates[k].Name())
		}
		return out
	}
	type jc struct {
		Edition        string  `json:"edition"`
		Date           string  `json:"date"`
		Votes          int     `json:"votes"`
		TextVotes      int     `json:"text_votes"`
		StructureVotes int     `json:"structure_votes"`
		Score          float64 `json:"score"`
		Placed         int     `json:"placed"`
		Placeable      int     `json:"placeable"`
	}
	type jv struct {
		TargetID string   `json:"target_id"`
		ID       string   `json:"id"`
		By       string   `json:"by"`
		Follows  []string `json:"follows"`
		// The id the item reads as through the answer, and how.
		SourceID   string  `json:"source_id,omitempty"`
		IDSource   string  `json:"id_source,omitempty"`
		Confidence float64 `json:"confidence,omitempty"`
	}
	cs := []jc{}
	for k, d := range p.Candidates {
		c := jc{d.Edition, d.Date, p.Votes[k], p.TextVotes[k], p.StructureVotes[k], float64(int(p.Score[k]*1000+0.5)) / 1000, 0, 0}
		if k < len(p.Placed) {
			c.Placed, c.Placeable = p.Placed[k], p.Placeable[k]
		}
		cs = append(cs, c)
	}
	ev := []jv{}
	for _, v := range p.Evidence {
		ev = append(ev, jv{v.TargetID, v.ID, v.By, names(v.Candidates), v.SourceID, v.IDSource, v.Confidence})
	}
	return json.Marshal(struct {
		Translation   *corpus.Header `json:"translation"`
		StatedVersion string         `json:"stated_version"`
		StatedDate    string         `json:"stated_date"`
		Answer        string         `json:"answer"`
		Follows       any            `json:"follows"`
		Ambiguous     []string       `json:"ambiguous"`
		RunnerUp      any            `json:"runner_up"`
		Margin        int            `json:"margin"`
		Decided       int            `json:"decided"`
		Candidates    []jc           `json:"candidates"`
		Evidence      []jv           `json:"evidence"`
	}{p.Translation.Header(), p.Stated, p.Translation.Date, p.Answer(), name(p.Best), names(p.Tied), name(p.RunnerUp), p.Margin, p.Decided, cs, ev})
}
