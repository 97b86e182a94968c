package align

import "github.com/rulesync/rulesync/corpus"

// JSONReference is the object WriteJSON writes, as a value that
// encoding/json writes by reflection (HTML characters escaped, as
// json.Marshal does): the reference the tests hold WriteJSON to.
func JSONReference(al *Alignment) any {
	out := struct {
		Source          *corpus.Header `json:"source"`
		Target          *corpus.Header `json:"target"`
		Pairs           []jsonPair     `json:"pairs"`
		UnmatchedSource []jsonItem     `json:"unmatched_source"`
		UnmatchedTarget []jsonItem     `json:"unmatched_target"`
		Ratio           float64        `json:"ratio"`
	}{Source: al.Source.Header(), Target: al.Target.Header(), Pairs: []jsonPair{}, UnmatchedSource: []jsonItem{}, UnmatchedTarget: []jsonItem{}, Ratio: round3(al.Ratio)}
	numbered := al.numberedIDs()
	for k := range al.Pairs {
		out.Pairs = append(out.Pairs, al.jsonPair(k, numbered))
	}
	for _, i := range al.UnmatchedSource {
		out.UnmatchedSource = append(out.UnmatchedSource, jsonItemOf(&al.Source.Items[i]))
	}
	for _, j := range al.UnmatchedTarget {
		out.UnmatchedTarget = append(out.UnmatchedTarget, jsonItemOf(&al.Target.Items[j]))
	}
	return out
}
