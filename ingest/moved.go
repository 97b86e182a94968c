package ingest

import (
	"fmt"
	"slices"
)

// movedPlaces finds the one heading of a run printed out of place (an
// article moved, not exchanged with another) by succession: without it,
// the run's numbers are its places, its own number skipped (an article
// printed after the one it follows, or moved ahead, leaves the others
// one place off between where it was and where it is). It returns the
// heading's index and the number the succession gives each heading: the
// moved one the number it prints, which no other prints, the others
// their places; the places agree with the numbers printed as a run's
// places must (placesAgree), so that a misprinted number among them is
// read by its place. It returns -1 where no heading does so. Of the
// headings farthest from their places, the first three are tried.
func movedPlaces(values []int) (int, []int) {
	if len(values) < minRun || slices.Contains(values, 0) {
		return -1, nil
	}
	dist := func(k int) int { return max(values[k]-(k+1), k+1-values[k]) }
	var tried []int
	for range 3 {
		best := -1
		for k := range values {
			if d := dist(k); d > 0 && !slices.Contains(tried, k) && (best < 0 || d > dist(best)) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		tried = append(tried, best)
		if places, ok := placesWithout(values, best); ok {
			return best, places
		}
	}
	return -1, nil
}

// placesWithout numbers the headings of a run by their places, values[m]
// skipped, heading m by the number it prints, and reports whether those
// numbers agree with the ones printed (placesAgree), and no other
// heading prints heading m's.
func placesWithout(values []int, m int) ([]int, bool) {
	v := values[m]
	places := make([]int, len(values))
	agree, p := 0, 0
	for k, w := range values {
		if k == m {
			places[k] = v
			continue
		}
		if w == v {
			return nil, false
		}
		if p++; p == v {
			p++
		}
		places[k] = p
		if w == p {
			agree++
		}
	}
	return places, placesAgree(agree, len(values)-1, len(values)-1)
}

// placesAgree reports whether agree of a run's headings, of parsed whose
// numbers were read, of n, print their places: enough that the places
// number the run.
func placesAgree(agree, parsed, n int) bool {
	return agree >= minRun && agree*3 >= parsed*2 && agree*2 >= n
}

// numberMoved numbers a run of headings one of which, m (by index in
// seg), is printed out of place: each by the number the succession
// gives it (places, movedPlaces). It warns of the moved heading, and of
// each other whose printed number its place contradicts.
func (res *runResult) numberMoved(bs []block, frames []headingFrame, seg []int, values, places []int, m int) {
	b := bs[frames[seg[m]].block]
	res.moved = append(res.moved, fmt.Sprintf("%q%s", b.text, lineOf(b)))
	for k, v := range values {
		if v != places[k] {
			b := bs[frames[seg[k]].block]
			res.disagree = append(res.disagree, fmt.Sprintf("%q%s read as %d by its place", b.text, lineOf(b), places[k]))
		}
		values[k] = places[k]
	}
}
