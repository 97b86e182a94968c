package diff

import "github.com/rulesync/rulesync/corpus"

// JSONReference is the object WriteJSON writes, as a value that
// encoding/json writes by reflection (HTML characters escaped, as
// json.Marshal does): the reference the tests hold WriteJSON to.
func JSONReference(c *Comparison) any {
	out := struct {
		Old       *corpus.Header `json:"old"`
		New       *corpus.Header `json:"new"`
		Scope     []jsonScope    `json:"scope"`
		Changes   []jsonChange   `json:"changes"`
		Moves     []jsonMove     `json:"moves"`
		StaleRefs []jsonStale    `json:"stale_refs"`
	}{Old: c.Old.Header(), New: c.New.Header(), Scope: []jsonScope{}, Changes: []jsonChange{}, Moves: []jsonMove{}, StaleRefs: []jsonStale{}}
	for k := range c.Scope {
		out.Scope = append(out.Scope, c.jsonScope(k))
	}
	for i := range c.Changes {
		out.Changes = append(out.Changes, c.jsonChange(i))
	}
	for k := range c.Moves {
		out.Moves = append(out.Moves, c.jsonMove(k))
	}
	for k := range c.StaleRefs {
		out.StaleRefs = append(out.StaleRefs, c.jsonStale(k))
	}
	return out
}
