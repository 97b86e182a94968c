package align

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTwoLog1p: twoLog1p gives math.Log1p's float32 of twice the
// logarithm to the bit, on lengths costs as the segmentation makes them
// (squared deviations of runes over their variance) and on values
// drawn over every range it reads, its table's boundaries among them.
func TestTwoLog1p(t *testing.T) {
	want := func(x float64) float32 { return float32(2 * math.Log1p(x)) }
	check := func(x float64) {
		if got, w := twoLog1p(x), want(x); math.Float32bits(got) != math.Float32bits(w) {
			t.Fatalf("twoLog1p(%v) = %v, want %v", x, got, w)
		}
	}
	for _, x := range []float64{0, 0x1p-1074, 1e-300, 1e-20, 1.0 / 32, math.Nextafter(1.0/32, 0), 1, 2, math.Nextafter(1, 2), 1e10, 1e299, 1e300, 1e308, math.Inf(1), math.NaN()} {
		if x != x {
			if got := twoLog1p(x); got == got {
				t.Fatalf("twoLog1p(NaN) = %v", got)
			}
			continue
		}
		check(x)
	}
	// Every boundary of the table, and just either side of it.
	for e := -5; e < 40; e++ {
		for k := range 129 {
			w := math.Ldexp(1+float64(k)/128, e)
			for _, x := range []float64{w - 1, math.Nextafter(w-1, 0), math.Nextafter(w-1, math.Inf(1))} {
				if x >= 0 {
					check(x)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2_000_000 {
		check(math.Exp(r.Float64()*60 - 40)) // 4e-18 to 1e9
	}
	// The length costs the programme makes: runes of 0 to 5,000 a
	// side at ratios of 0.3 to 3.
	for range 2_000_000 {
		ls, lt, ratio := float64(r.IntN(5000)), float64(r.IntN(5000)), 0.3+2.7*r.Float64()
		x := lt / ratio
		d := x - ls
		check(d * d / (lengthVariance * ((ls+x)/2 + 1)) / 4)
	}
}
