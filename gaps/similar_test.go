package gaps

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// jaccard is the Jaccard index of two sorted sets, merged to the end:
// the oracle jaccardAtLeast is held to.
func jaccard(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return float64(n) / float64(len(a)+len(b)-n)
}

// TestJaccardAtLeast holds the early-stopping comparison to the whole
// index on random sets drawn near the threshold (one set a copy of the
// other with a few elements dropped or added), far from it, and empty.
func TestJaccardAtLeast(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	set := func(n, universe int) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = uint64(r.IntN(universe))
		}
		slices.Sort(s)
		return slices.Compact(s)
	}
	near := func(a []uint64, drop, add int) []uint64 {
		b := slices.Clone(a)
		for range drop {
			if len(b) > 0 {
				i := r.IntN(len(b))
				b = slices.Delete(b, i, i+1)
			}
		}
		for range add {
			b = append(b, uint64(r.IntN(1000)))
		}
		slices.Sort(b)
		return slices.Compact(b)
	}
	for k := range 20000 {
		a := set(r.IntN(300), 1000)
		var b []uint64
		switch k % 3 {
		case 0:
			b = set(r.IntN(300), 1000)
		default:
			b = near(a, r.IntN(1+len(a)/8), r.IntN(1+len(a)/8))
		}
		for _, th := range []float64{0.9, 0.5, 0, 1} {
			if got, want := jaccardAtLeast(a, b, th), jaccard(a, b) >= th; got != want {
				t.Fatalf("jaccardAtLeast(%d elements, %d elements, %v) = %v, the index %v says %v", len(a), len(b), th, got, jaccard(a, b), want)
			}
		}
	}
}
