package align_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestEdgeVouches: the documents' start is a neighbour in sequence of the
// pair of their first paired items, where the pair after it is held by
// printed numbers. Every UDHR page opens with an unnumbered preamble
// before its numbered articles: where no signal speaks against that pair
// (a length that disagrees, a number one side lacks), it is not left for
// review. Where the pair beside it is held by nothing but its order, the
// edge adds nothing (two unrelated rulebooks are not vouched for: see
// gaps' TestProvenanceOneCandidate).
func TestEdgeVouches(t *testing.T) {
	_, names := testcorpus.UDHRFiles(t)
	en := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	checked := 0
	for _, name := range names {
		if name == "udhr-1948-en.md" || name == "udhr-1948-en.html" {
			continue
		}
		tr := testcorpus.Doc(t, filepath.Join("udhr", name))
		a := align.Options{}.Align(en, tr)
		for _, p := range a.Pairs {
			if len(p.Source) != 1 || p.Source[0] != 0 || len(p.Target) != 1 {
				continue
			}
			against := false
			for _, e := range p.Evidence {
				against = against || !e.Agrees
			}
			if against {
				continue
			}
			checked++
			if p.Low {
				t.Errorf("%s: the first pair (%s, %s) is left for review with no signal against it: %v",
					name, en.Items[0].ID, tr.Items[p.Target[0]].ID, evidence(p.Evidence))
			}
		}
	}
	if checked < 40 {
		t.Errorf("checked %d pages' first pairs; want the 40 or more with no signal against them", checked)
	}
}

func evidence(es []align.Evidence) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(e.String() + "; ")
	}
	return b.String()
}
