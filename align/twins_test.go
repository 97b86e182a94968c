package align_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// repeatedLines are n numbered rules, 1 to n, whose texts are nine words
// of words taken at a stride: their texts repeat every len(words) rules
// (the generator of TestBuildPeakMemory, with a full stop).
func repeatedLines(n int, words []string) []string {
	out := make([]string, n)
	for i := 1; i <= n; i++ {
		ws := make([]string, 9)
		for k := range ws {
			ws[k] = words[(i*7+k*3)%len(words)]
		}
		out[i-1] = fmt.Sprintf("%d||%s.", i, strings.Join(ws, " "))
	}
	return out
}

// TestRepeatedTextsKeepLabels: a translation that prints its source's
// labels, in its source's order, keeps them as its ids however many of
// its items print the same text: a text printed many times cannot tell
// which of its places is its own, so it is no evidence against the
// labels. Removed items are left unplaced (missing), not filled by a
// shift of the texts after them; two items swapped keep their labels.
func TestRepeatedTextsKeepLabels(t *testing.T) {
	en := strings.Fields("the player may call a clock when the opponent has taken a reasonable time and the floor decides")
	fr := strings.Fields("le joueur peut appeler une horloge quand son adversaire a pris un temps raisonnable et l'arbitre décide")
	// 300 rules are judged whole; 3,000 by a sample of them
	// (sampledAffinity).
	for _, n := range []int{300, 3000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) { repeatedTextsKeepLabels(t, n, en, fr) })
	}
}

// repeatedTextsKeepLabels is TestRepeatedTextsKeepLabels at n rules.
func repeatedTextsKeepLabels(t *testing.T, n int, en, fr []string) {
	src := doc("en", repeatedLines(n, en)...)
	lines := repeatedLines(n, fr)
	removed := []string{"rule:50", "rule:51", "rule:200"}
	variants := map[string][]string{
		"original": lines,
		"removed": slices.DeleteFunc(slices.Clone(lines), func(l string) bool {
			return slices.Contains(removed, "rule:"+l[:strings.IndexByte(l, '|')])
		}),
		"swapped": func() []string {
			s := slices.Clone(lines)
			s[99], s[100] = s[100], s[99]
			return s
		}(),
	}
	for name, ls := range variants {
		t.Run(name, func(t *testing.T) {
			tgt := doc("fr", ls...)
			r := align.Options{}.Through(src, tgt)
			if r.Projected {
				t.Errorf("read by projection, not by the labels the translation prints")
			}
			wrong := 0
			for j := range r.Doc.Items {
				it := &r.Doc.Items[j]
				own := "rule:" + it.Number
				if it.ID != own || it.IDSource != corpus.IDLabel {
					if wrong++; wrong <= 5 {
						t.Errorf("item %d printing %s: id %s found by %s, want %s by label", j, it.Number, it.ID, it.IDSource, own)
					}
				}
			}
			if wrong > 5 {
				t.Errorf("... %d items in all not by their labels", wrong)
			}
			want := []string(nil)
			if name == "removed" {
				want = removed
			}
			if !slices.Equal(r.Unplaced, want) {
				t.Errorf("unplaced %v, want %v", r.Unplaced, want)
			}
		})
	}
}
