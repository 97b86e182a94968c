package align

import (
	"fmt"
	"math"
	"testing"
)

// TestLengthDetail holds the length evidence's cached details to what
// fmt.Sprintf made for every pair, rounding halves included, and to the
// ratio learned last: a stale "expected" would misreport every pair of
// the second pass.
func TestLengthDetail(t *testing.T) {
	sc := &scorer{ratio: 1}
	rs := []float64{0, 0.005, 0.125, 0.375, 1, 1.005, 1.015, 1.125, 2.675, 3.14159, 10.555, 123.456}
	for k := 0; k < 2000; k++ {
		rs = append(rs, float64(k)/997)
	}
	for _, ratio := range []float64{1, 0.6125, 1.875} {
		sc.ratio = ratio
		for round := 0; round < 2; round++ { // the second round reads the cache
			for _, r := range rs {
				want := fmt.Sprintf("ratio %.2f, expected %.2f", r, ratio)
				if got := sc.lengthDetail(r); got != want {
					t.Fatalf("lengthDetail(%v) with ratio %v = %q, want %q", r, ratio, got, want)
				}
			}
		}
	}
}

// TestLogRunes holds the table to math.Log for every length it holds and
// beyond it.
func TestLogRunes(t *testing.T) {
	for n := int32(-1); n < 5000; n++ {
		if got, want := logRunes(n), math.Log(float64(max(1, n))); got != want {
			t.Fatalf("logRunes(%d) = %v, want %v", n, got, want)
		}
	}
}
