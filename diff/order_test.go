package diff

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rulesync/rulesync/align"
)

// alignmentOf is an alignment of items 0..n-1 of an old edition with the
// new places targets gives them.
func alignmentOf(targets []int) *align.Alignment {
	al := &align.Alignment{}
	for i, t := range targets {
		al.Pairs = append(al.Pairs, align.Pair{Source: []int{i}, Target: []int{t}})
	}
	return al
}

// TestOutOfOrder holds outOfOrder to the fewest pairs that moved.
func TestOutOfOrder(t *testing.T) {
	for _, tc := range []struct {
		name    string
		targets []int
		want    []int
	}{
		{"in order", []int{0, 1, 2, 3}, nil},
		{"gaps are not moves", []int{0, 2, 5, 9}, nil},
		{"neighbours swapped: the first moved", []int{0, 2, 1, 3}, []int{1}},
		{"one taken to the back", []int{3, 0, 1, 2}, []int{0}},
		{"one brought to the front", []int{1, 2, 3, 0}, []int{3}},
		{"two far apart swapped", []int{0, 4, 2, 3, 1, 5}, []int{1, 4}},
		{"a block of two moved", []int{3, 4, 0, 1, 2}, []int{0, 1}},
	} {
		if got := outOfOrder(alignmentOf(tc.targets)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v moved, want %v", tc.name, got, tc.want)
		}
	}
}

// TestOutOfOrderLongest checks on random orders that the pairs kept
// ascend and are as many as the longest ascending run has (quadratic
// dynamic programming).
func TestOutOfOrderLongest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		targets := r.Perm(1 + r.IntN(40))
		moved := outOfOrder(alignmentOf(targets))
		var kept []int
		for i, tg := range targets {
			if !slices.Contains(moved, i) {
				kept = append(kept, tg)
			}
		}
		if !slices.IsSorted(kept) {
			t.Fatalf("%v: kept %v, not in order", targets, kept)
		}
		if want := longestRun(targets); len(kept) != want {
			t.Fatalf("%v: kept %d, the longest run has %d", targets, len(kept), want)
		}
	}
}

// longestRun is the length of the longest ascending subsequence of xs.
func longestRun(xs []int) int {
	best := make([]int, len(xs))
	out := 0
	for i := range xs {
		best[i] = 1
		for j := range i {
			if xs[j] < xs[i] {
				best[i] = max(best[i], best[j]+1)
			}
		}
		out = max(out, best[i])
	}
	return out
}
