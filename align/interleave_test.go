package align

import (
	"slices"
	"testing"
)

// TestInterleave holds the merge that places the pairs of the dynamic
// programme (and of items left over) among the anchors: each extra pair
// before the pair at its index, several at one index in their order, at
// len(ps) after all; a pair out of place would misorder the alignment.
// With room in ps's array the pairs are moved there, from the back, and
// no pair may be written over before it has moved; without, they go to
// a new array and ps is left as it was.
func TestInterleave(t *testing.T) {
	p := func(i int) Pair { return Pair{Source: []int{i}, Target: []int{i}} }
	sources := func(ps []Pair) []int {
		var out []int
		for _, q := range ps {
			out = append(out, q.Source[0])
		}
		return out
	}
	cases := []struct {
		ps, extra []int
		at        []int
		want      []int
	}{
		{[]int{1, 3, 6}, []int{0, 2, 4, 5, 7}, []int{0, 1, 2, 2, 3}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{[]int{1, 3, 6}, nil, nil, []int{1, 3, 6}},
		{nil, []int{0, 1}, []int{0, 0}, []int{0, 1}},
		{[]int{2, 3, 4}, []int{0, 1}, []int{0, 0}, []int{0, 1, 2, 3, 4}},
		{[]int{0, 1}, []int{2, 3, 4}, []int{2, 2, 2}, []int{0, 1, 2, 3, 4}},
		{[]int{0, 2, 4, 6}, []int{1, 3, 5}, []int{1, 2, 3}, []int{0, 1, 2, 3, 4, 5, 6}},
	}
	for _, c := range cases {
		var extra []Pair
		for _, i := range c.extra {
			extra = append(extra, p(i))
		}
		for _, room := range []bool{false, true} {
			n := len(c.ps)
			if room {
				n += len(c.extra)
			}
			ps := make([]Pair, 0, n)
			for _, i := range c.ps {
				ps = append(ps, p(i))
			}
			out := interleave(ps, extra, c.at)
			if got := sources(out); !slices.Equal(got, c.want) {
				t.Errorf("interleave(%v, %v, %v), room %v = %v, want %v", c.ps, c.extra, c.at, room, got, c.want)
			}
			inPlace := len(out) > 0 && cap(ps) > 0 && &out[:1][0] == &ps[:1][0]
			if room && len(c.extra) > 0 && !inPlace {
				t.Errorf("interleave(%v, %v, %v) with room made a new array", c.ps, c.extra, c.at)
			}
			if !room && len(c.extra) > 0 {
				if inPlace {
					t.Errorf("interleave(%v, %v, %v) without room wrote in ps's array", c.ps, c.extra, c.at)
				}
				if got := sources(ps); !slices.Equal(got, c.ps) {
					t.Errorf("interleave without room changed ps to %v", got)
				}
			}
		}
	}
}
