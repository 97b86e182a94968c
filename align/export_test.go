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

// LexiconLearned reports whether learnLexicon learns a lexicon from the
// pairs of the items of src and tgt that have one id (the first
// lexPairs of them, each source item read with its neighbours, as
// learnFrom reads a first segmentation's runs): whether the documents'
// vocabulary is one a block-level alignment learns from.
func LexiconLearned(src, tgt *corpus.Document) bool {
	at := map[string]int{}
	for i := range src.Items {
		at[src.Items[i].ID] = i
	}
	var pairs [][2]int
	for j := range tgt.Items {
		if i, ok := at[tgt.Items[j].ID]; ok && len(pairs) < lexPairs {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	lx := learnLexicon(len(pairs), func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
		for i := max(0, pairs[k][0]-lexWindow); i <= min(len(src.Items)-1, pairs[k][0]+lexWindow); i++ {
			hs, buf = lexTokens(src.Items[i].Title, hs, buf)
			hs, buf = lexTokens(src.Items[i].Text, hs, buf)
		}
		return hs, buf
	}, func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
		t := &tgt.Items[pairs[k][1]]
		hs, buf = lexTokens(t.Title, hs, buf)
		return lexTokens(t.Text, hs, buf)
	})
	return lx != nil
}

// AffinityUnheld is o.Affinity of al read from its items, whatever
// reading al holds (heldReading).
func AffinityUnheld(o Options, al *Alignment) Affinity {
	c := *al
	c.held = nil
	return o.Affinity(&c)
}

// Held reports whether al holds a reading of its items that Affinity
// can take (heldReading).
func Held(al *Alignment) bool {
	h := al.held
	if h == nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.fs != nil && (h.scratch == nil || h.scratch.gen == h.gen)
}
