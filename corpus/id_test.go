package corpus

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestIDShortcut holds ID, which splits a number only where maySpace
// says it may hold white space, to the split on every number: random
// numbers of digits, letters, dots and every kind of white space
// strings.Fields knows (ASCII and beyond), with bytes that are no UTF-8;
// a number that makes no well-formed id gives none.
func TestIDShortcut(t *testing.T) {
	pieces := []string{"1", "36", "e", "A", "+", ".", "-", "(", ")", "Appendix", "大会",
		" ", "\t", "\n", "\v", "\f", "\r", "\x1c", "\x85", "\u0085", "\u00a0", "\u1680", "\u2000", "\u2028", "\u3000", "\ufeff", "\xff", "\xe3\x80"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		n := testgen.Text(rng, pieces, 8)
		k := []Kind{KindRule, KindSection, KindRegulation, Kind("other")}[rng.IntN(4)]
		want := ""
		if n != "" {
			p, ok := idPrefix[k]
			if !ok {
				p = "item"
			}
			want = p + ":" + strings.Join(strings.Fields(n), "-")
			if !WellFormedID(want) {
				want = ""
			}
		}
		if got := ID(k, n); got != want {
			t.Fatalf("ID(%q, %q) = %q, want %q", k, n, got, want)
		}
	}
}
