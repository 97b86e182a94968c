package corpusjson

import "fmt"

// take takes item n's block of the budget, if any: an error at start,
// where the item's JSON starts, when it refuses.
func (s *stream) take(n, start int) error {
	if s.dc.Budget == nil {
		return nil
	}
	if err := s.dc.Budget.Take(1); err != nil {
		return s.in.at(start, fmt.Sprintf("item %d: %v", n+1, err))
	}
	return nil
}

// cap bounds an estimate of the items to come by what the budget has left.
func (s *stream) cap(est int) int {
	if s.dc.Budget == nil {
		return est
	}
	return min(est, s.dc.Budget.Left())
}
