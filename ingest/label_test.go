package ingest

import "testing"

// TestLabelPartLetter checks labels that join a part letter to their
// number with a hyphen ("Rule 40-A:", "1-A:"), read as the number and the
// letter, and that a hyphen between numbers or before a word ends no
// label.
func TestLabelPartLetter(t *testing.T) {
	for _, c := range []struct {
		in, prefix, printed, key string // key "" for no label
	}{
		{"Rule 40-A: Methods of Betting", "Rule", "40-A", "40.A"},
		{"1-A: Player A opens for 1200", "", "1-A", "1.A"},
		{"Example 4-B. Same opener", "Example", "4-B", "4.B"},
		{"RP-5-D. Premature card", "RP", "5-D", "5.D"},
		{"2-motion rule", "", "", ""},
		{"1000-2000 blinds", "", "", ""},
		{"40-A text without punctuation", "", "", ""},
		{"40-AB: two letters", "", "", ""},
	} {
		l, ok := readLabel(c.in)
		if c.key == "" {
			if ok {
				t.Errorf("readLabel(%q) = %+v, want no label", c.in, l)
			}
			continue
		}
		if !ok || l.prefix != c.prefix || l.printed != c.printed || l.key() != c.key || !l.hyphen {
			t.Errorf("readLabel(%q) = %+v, %v; want prefix %q, printed %q, key %q", c.in, l, ok, c.prefix, c.printed, c.key)
		}
	}
}
