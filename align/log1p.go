package align

import "math"

// twoLog1p is float32(2 * math.Log1p(t)) for t >= 0, the form of Gale &
// Church's length cost (segmenter.lengthCost), the same to the bit and
// about five times as fast: math.Log1p was a fifth of the block
// alignment's time. It computes log1p(t) in float64 to within a
// relative error of about 2^-44 (a series for small t; else the
// exponent, a table of 128 logarithms and a short series, as libm's
// logarithms are made) and rounds that to float32 only where every
// value within 2^-32 of it (far more than its error and math.Log1p's
// one ulp together) rounds to the same float32: math.Log1p's value is
// then among them, and float32 rounding is monotone, so it rounds there
// too. Where the bound straddles a float32 boundary (about one call in
// 200), or t is not a finite number, it is math.Log1p's result.
// TestTwoLog1p checks it against math.Log1p.
func twoLog1p(t float64) float32 {
	var y float64
	switch {
	case t < 1.0/32 && t >= 0:
		// log1p(t) = t - t^2/2 + t^3/3 - ..., to t^9/9: the terms
		// left out are below t^10/10 < t * 2^-45 / 10.
		y = t * (1 - t*(1.0/2-t*(1.0/3-t*(1.0/4-t*(1.0/5-t*(1.0/6-t*(1.0/7-t*(1.0/8-t/9))))))))
	case t < 1e300:
		// w = 1 + t = 2^e m, m in [1, 2), c the middle of m's 1/128
		// of the range: log w = e log 2 + log c + log1p((m - c) / c),
		// the last of |r| <= 2^-8, to r^5/5 (left out: below 2^-48/6).
		// (1 + t rounds by at most 2^-53 of w: 2^-53 in log w, which
		// is 1/32 or more here.)
		b := math.Float64bits(1 + t)
		e := int(b>>52) - 1023
		i := b >> 45 & 127
		m := math.Float64frombits(b&(1<<52-1) | 1023<<52)
		r := (m - logC[i]) * logInvC[i]
		p := r * (1 - r*(1.0/2-r*(1.0/3-r*(1.0/4-r*(1.0/5)))))
		y = float64(e)*math.Ln2 + logLogC[i] + p
	default:
		return float32(2 * math.Log1p(t))
	}
	eps := y*0x1p-32 + 0x1p-1000
	if float32(2*(y-eps)) == float32(2*(y+eps)) {
		return float32(2 * y) // between the two, so the same (and 0, not -0)
	}
	return float32(2 * math.Log1p(t))
}

// The table of twoLog1p: for k = 0..127, c = 1 + (k + 1/2)/128, 1/c and
// log c.
var logC, logInvC, logLogC = func() (c, inv, lg [128]float64) {
	for k := range c {
		c[k] = 1 + (float64(k)+0.5)/128
		inv[k] = 1 / c[k]
		lg[k] = math.Log(c[k])
	}
	return
}()
