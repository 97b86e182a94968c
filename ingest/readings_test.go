package ingest

import (
	"errors"
	"testing"
)

// TestReadingScore holds the weights of a reading's score to what
// readingScore documents: an item placed is 1, a restart costs
// scoreRestart (the chain's own cost), a lopsided reading is worth
// scoreLopsided of itself, and between two readings of one value the
// one that numbers more items is better.
func TestReadingScore(t *testing.T) {
	for _, c := range []struct {
		s    readingScore
		want float64
	}{
		{readingScore{placed: 10}, 10},
		{readingScore{placed: 10, restarts: 2}, 10 - 2*4.5},
		{readingScore{placed: 10, lopsided: true}, 5},
		{readingScore{placed: 10, restarts: 1, lopsided: true}, (10 - 4.5) / 2},
		{readingScore{placed: 2, restarts: 1}, -2.5},
	} {
		if got := c.s.value(); got != c.want {
			t.Errorf("%+v: value %v, want %v", c.s, got, c.want)
		}
	}
	if scoreRestart != chainRestart {
		t.Errorf("a restart costs a reading %v, the chain %v: one cost", scoreRestart, chainRestart)
	}
	a, b := readingScore{placed: 8, numbered: 3}, readingScore{placed: 8, numbered: 5}
	if !b.better(a) || a.better(b) || a.better(a) {
		t.Errorf("of one value, more numbered items must be better, and a reading no better than itself")
	}
	if !(readingScore{placed: 9}).better(readingScore{placed: 12, restarts: 1}) {
		t.Errorf("9 items against 12 less a restart (7.5): 9 is better")
	}
}

// TestBestReading: the first reading in order of preference that no
// later one beats; a failed reading never; -1 when all failed.
func TestBestReading(t *testing.T) {
	fail := errors.New("unreadable")
	s := func(placed, numbered int) readingScore { return readingScore{placed: placed, numbered: numbered} }
	for _, c := range []struct {
		name string
		rs   []reading
		want int
	}{
		{"tie keeps the first", []reading{{s(5, 5), nil}, {s(5, 5), nil}}, 0},
		{"more items", []reading{{s(5, 5), nil}, {s(6, 0), nil}}, 1},
		{"tie, more numbered", []reading{{s(5, 2), nil}, {s(5, 3), nil}}, 1},
		{"a failed reading is never kept", []reading{{s(1, 0), nil}, {s(9, 9), fail}}, 0},
		{"the first failed", []reading{{s(9, 9), fail}, {s(0, 0), nil}}, 1},
		{"three", []reading{{s(4, 0), nil}, {s(7, 0), nil}, {s(6, 9), nil}}, 1},
		{"all failed", []reading{{s(1, 1), fail}, {s(2, 2), fail}}, -1},
		{"none", nil, -1},
	} {
		if got := bestReading(c.rs); got != c.want {
			t.Errorf("%s: reading %d kept, want %d", c.name, got, c.want)
		}
	}
}
