package ingest

import (
	"math/rand/v2"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestKeyLabels holds the keys keyLabels makes for candidates in one
// string to joinComps of their components, on the labels of random
// lines of digits, letters, roman numerals, dots, prefixes and
// full-width forms, with candidates made by hand (one component, none)
// among them.
func TestKeyLabels(t *testing.T) {
	pieces := []string{"1", "12", "0", "a", "b", "e", "B", "II", "iv", ".", ".", "-", "+", ")", "(", " ", "Rule ", "RP-", "１", "Ａ", "第", "条", "§ ", "x"}
	rng := rand.New(rand.NewPCG(5, 6))
	made := 0
	for range 20000 {
		var cands []candidate
		for i := range rng.IntN(12) {
			switch rng.IntN(6) {
			case 0:
				cands = append(cands, candidate{i, label{comps: []comp{{kind: compNum, n: 3, s: "3"}}}})
			case 1:
				cands = append(cands, candidate{i, label{}})
			default:
				if l, ok := readLabel(testgen.Text(rng, pieces, 9)); ok {
					cands = append(cands, candidate{i, l})
				}
			}
		}
		keyLabels(cands)
		for _, c := range cands {
			if got, want := c.lab.key(), joinComps(c.lab.comps); got != want {
				t.Fatalf("key of %+v: %q, want %q", c.lab.comps, got, want)
			}
			if c.lab.keyed != "" {
				made++
			}
		}
	}
	if made < 1000 {
		t.Errorf("%d keys made beforehand", made)
	}
}
