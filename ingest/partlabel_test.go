package ingest

import (
	"math/rand/v2"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestMayPartLabel holds readPartLabel's look (mayPartLabel) to
// partLabelRe: on random texts of words, marks, capitals, digits,
// hyphens, every kind of white space, the labels' punctuation and bytes
// that are not UTF-8, a text mayPartLabel turns away is one the
// expression does not match, and many texts match.
func TestMayPartLabel(t *testing.T) {
	pieces := []string{"Step 1-A:", "Caso 3 - B.", "-C", "2-Ж：", "Example", "Caso", "Ex", "例", "e", "É", "\u0301", "Ⅻ", "١", "１", "1", "12", "1234", "-", "A", "Ж", "b", ".", ":", "：", "。", " ", "\t", "\n", "\f", "\r", "\v", "\u00a0", "(", ")", "§", "\xff", ","}
	r := rand.New(rand.NewPCG(17, 6))
	matched := 0
	for range 100000 {
		s := testgen.Text(r, pieces, 8)
		m := partLabelRe.MatchString(s)
		if m {
			matched++
		}
		if m && !mayPartLabel(s) {
			t.Fatalf("mayPartLabel(%q) is false, but partLabelRe matches it", s)
		}
	}
	if matched < 5000 {
		t.Fatalf("only %d random texts match: the test is too weak", matched)
	}
}
