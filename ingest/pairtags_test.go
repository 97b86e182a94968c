package ingest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// pairTagsByScan is pairTags as the definition says it: each start tag
// takes the first end tag after it of its fault not taken yet, sought
// among all the faults after it.
func pairTagsByScan(faults []corpus.InlineFault) []corpus.InlineFault {
	var out []corpus.InlineFault
	used := make([]bool, len(faults))
	for i, f := range faults {
		if used[i] {
			continue
		}
		name, ok := strings.CutPrefix(f.Markup, "<")
		name, _, _ = strings.Cut(strings.TrimSuffix(name, ">"), " ")
		if ok && name != "" && !strings.HasPrefix(name, "/") && !strings.Contains(f.Markup, "…") {
			for j := i + 1; j < len(faults); j++ {
				if !used[j] && faults[j].Fault == f.Fault && faults[j].Markup == "</"+name+">" {
					used[j] = true
					f.Markup += "…" + faults[j].Markup
					break
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// TestPairTags: pairTags pairs as the scan over every fault after each
// start tag does, on random lists of start and end tags of two
// elements and two faults, with other marks between.
func TestPairTags(t *testing.T) {
	marks := []string{"<b>", "</b>", "<q cite=x>", "</q>", "**…**", "<br>", "</i>", "<b>…</b>"}
	kinds := []string{corpus.InlineMissing, corpus.InlineMalformed}
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 2000 {
		faults := make([]corpus.InlineFault, r.IntN(12))
		for i := range faults {
			faults[i] = corpus.InlineFault{Segment: "rule:1", Fault: kinds[r.IntN(2)], Markup: marks[r.IntN(len(marks))]}
		}
		want := pairTagsByScan(slices.Clone(faults))
		if got := pairTags(slices.Clone(faults)); !slices.Equal(got, want) {
			t.Fatalf("round %d: %v\n got %v\nwant %v", round, faults, got, want)
		}
	}
}
