package ingest

import (
	"math"
	"math/rand/v2"
	"testing"
)

// columnRightsPairs is columnRights as every pair of a page's lines: the
// definition the linear one is held to.
func columnRightsPairs(lines []pdfLine) []float64 {
	out := make([]float64, len(lines))
	for i, l := range lines {
		r := l.right
		for _, m := range lines {
			if m.page == l.page && math.Abs(m.left-l.left) < columnSpan {
				r = max(r, m.right)
			}
		}
		out[i] = r
	}
	return out
}

// TestColumnRights holds columnRights to every pair of lines on random
// pages: lefts on a coarse grid (ties, lines exactly columnSpan apart),
// fine ones, and a few NaN and infinite edges.
func TestColumnRights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	odd := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, 40, -40}
	for n := range 3000 {
		lines := make([]pdfLine, rng.IntN(40))
		for i := range lines {
			l := &lines[i]
			l.page = rng.IntN(3)
			if n%2 == 0 {
				l.left = float64(rng.IntN(12) * 10)
			} else {
				l.left = rng.Float64() * 300
			}
			l.right = l.left + rng.Float64()*400
			if rng.IntN(20) == 0 {
				l.left = odd[rng.IntN(len(odd))]
			}
			if rng.IntN(30) == 0 {
				l.right = odd[rng.IntN(len(odd))]
			}
		}
		got, want := columnRights(lines), columnRightsPairs(lines)
		for i := range lines {
			if got[i] != want[i] && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
				t.Fatalf("case %d line %d (left %v right %v page %d): %v, want %v\n%+v", n, i, lines[i].left, lines[i].right, lines[i].page, got[i], want[i], lines)
			}
		}
	}
}

// BenchmarkColumnRights is one page of 150,000 lines in four columns.
func BenchmarkColumnRights(b *testing.B) {
	lines := make([]pdfLine, 150000)
	for i := range lines {
		lines[i].left = float64(72 + 130*(i%4))
		lines[i].right = lines[i].left + float64(50+i%70)
	}
	for b.Loop() {
		columnRights(lines)
	}
}
