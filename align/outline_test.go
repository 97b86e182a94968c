package align_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestThroughOutlineIDs: a section that prints no number has its place
// in the outline as its id, and the same section has another place in
// a translation laid out otherwise (the FIDE Laws' "INTRODUCTION" is
// sec:_1 in the English, where the Russian has its title above it and
// makes it sec:_1.1). Read through the source, every unnumbered section
// of the source the translation has takes the source's id: each dev
// translation's reading places all of them, and the readings that
// rename at least one (the ids disagree read alone) are logged; FIDE ru
// must be among them.
func TestThroughOutlineIDs(t *testing.T) {
	renamed := map[string]int{}
	for _, p := range throughPairs {
		name := p[1][strings.LastIndex(p[1], "/")+1:]
		t.Run(name, func(t *testing.T) {
			src, tgt := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
			r := align.Options{}.Through(src, tgt)
			got := map[string]bool{}
			for j, it := range r.Doc.Items {
				if it.IDSource == "" || it.Kind != corpus.KindSection {
					continue
				}
				got[it.ID] = true
				if own := r.Alignment.OwnID(j); own != "" && own != it.ID {
					renamed[name]++
					t.Logf("%s (own reading %s) -> %s, by %s", it.Title, own, it.ID, it.IDSource)
				}
			}
			for _, it := range src.Items {
				if it.Kind == corpus.KindSection && strings.HasPrefix(it.ID, "sec:_") && !got[it.ID] {
					t.Errorf("the source's unnumbered section %s (%q) has no item in the reading", it.ID, it.Title)
				}
			}
		})
	}
	if renamed["fide-laws-2023-ru.md"] == 0 {
		t.Errorf("FIDE ru: no section renamed to its source's id; read alone, its INTRODUCTION is sec:_1.1 where the English's is sec:_1")
	}
}
