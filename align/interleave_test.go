package align

import (
	"slices"
	"testing"
)

// TestInterleave holds the merge that places the pairs of the dynamic
// programme (and of items left over) among the anchors: each extra pair
// before the pair at its index, several at one index in their order, at
// len(ps) after all; a pair out of place would misorder the alignment.
func TestInterleave(t *testing.T) {
	p := func(i int) Pair { return Pair{Source: []int{i}, Target: []int{i}} }
	ps := []Pair{p(1), p(3), p(6)}
	extra := []Pair{p(0), p(2), p(4), p(5), p(7)}
	at := []int{0, 1, 2, 2, 3}
	out := interleave([]Pair{p(-1)}, ps, extra, at)
	var got []int
	for _, q := range out {
		got = append(got, q.Source[0])
	}
	if want := []int{-1, 0, 1, 2, 3, 4, 5, 6, 7}; !slices.Equal(got, want) {
		t.Errorf("interleave = %v, want %v", got, want)
	}
	if out := interleave(nil, ps, nil, nil); len(out) != 3 || out[2].Source[0] != 6 {
		t.Errorf("interleave without extra pairs = %v, want ps", out)
	}
}
