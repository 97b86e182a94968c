package gaps

import "github.com/rulesync/rulesync/corpus"

// JSONReference is the object WriteJSON writes, as a value that
// encoding/json writes by reflection (HTML characters escaped, as
// json.Marshal does): the reference the tests hold WriteJSON to.
func JSONReference(r *Report) any {
	fs := []jsonFinding{}
	for i := range r.Findings {
		fs = append(fs, r.jsonFinding(i))
	}
	return struct {
		Source      *corpus.Header `json:"source"`
		Translation *corpus.Header `json:"translation"`
		Base        *corpus.Header `json:"base"`
		Warnings    *InputWarnings `json:"input_warnings,omitempty"`
		BasePicked  string         `json:"base_picked_by_provenance,omitempty"`
		Findings    []jsonFinding  `json:"findings"`
		Summary     any            `json:"summary"`
	}{r.Source.Header(), r.Translation.Header(), r.Base.Header(), r.inputWarnings(), r.picked(), fs, r.jsonSummary()}
}

// NewDraft makes the report's draft again, as Draft made it first.
func NewDraft(r *Report) *Draft { return r.newDraft() }

// ReadingsHeld counts the readings p holds for Gaps to take
// (Options.Read).
func ReadingsHeld(p *Provenance) int {
	n := 0
	for _, rd := range p.reads {
		if rd != nil {
			n++
		}
	}
	return n
}

// NumberSegments is numberSegments, for the tests.
var NumberSegments = numberSegments

var PrintedNumbers = printedNumbers
