package align

import (
	"math/rand/v2"
	"testing"
)

// TestLexCandsTried holds the crossing check's record of the pairs of
// pairs tried beyond its window (lexCands: a mark for the pair in hand,
// lists for the later ones) to a set of every pair of pairs marked, on
// random runs in the order partners takes the pairs: marks with later
// pairs (from the tokens) and with earlier or later ones (from the
// lexicon, after a look-up), some twice.
func TestLexCandsTried(t *testing.T) {
	for seed := range uint64(50) {
		r := rand.New(rand.NewPCG(seed, 7))
		n := 1 + r.IntN(300)
		lc := lexCands{with: make([]int32, n), head: make([]int32, n)}
		set := map[[2]int]bool{}
		key := func(k, q int) [2]int { return [2]int{min(k, q), max(k, q)} }
		for k := range n {
			if r.IntN(5) == 0 {
				continue // not a 1-1 pair: never in hand
			}
			lc.begin(k)
			for range r.IntN(4) {
				if q := k + 1 + r.IntN(n); q < n {
					lc.mark(k, q)
					set[key(k, q)] = true
				}
			}
			for range r.IntN(8) {
				q := r.IntN(n)
				if q == k {
					continue
				}
				if got, want := lc.tried(k, q), set[key(k, q)]; got != want {
					t.Fatalf("seed %d: pairs %d and %d tried %v, want %v", seed, k, q, got, want)
				}
				if !set[key(k, q)] && r.IntN(2) == 0 {
					lc.mark(k, q)
					set[key(k, q)] = true
				}
			}
		}
		live := 0
		for n := lc.free; n != 0; n = lc.nodes[n-1].next {
			live++
		}
		for _, h := range lc.head {
			for n := h; n != 0; n = lc.nodes[n-1].next {
				live++
			}
		}
		if live != len(lc.nodes) {
			t.Fatalf("seed %d: %d nodes made, %d in the lists and the free list", seed, len(lc.nodes), live)
		}
	}
}
