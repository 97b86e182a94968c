package corpus

import "testing"

// TestCutNumber: a marked heading's number is cut in any script's
// digits, with a mark that closes a label only where mark is set, and
// only before a space, a line break or the end.
func TestCutNumber(t *testing.T) {
	for _, c := range []struct {
		name, s, num string
		mark         bool
		rest         string
		ok           bool
	}{
		{"space", "2.1 General rules", "2.1", true, " General rules", true},
		{"dot", "2.1. General rules", "2.1", true, " General rules", true},
		{"dot in a text", "1. Everyone", "1", false, "", false},
		{"arabic-indic", "٢.١. عام", "2.1", true, " عام", true},
		{"alone", "12", "12", true, "", true},
		{"longer number", "21 rules", "2", true, "", false},
		{"words before", "제 1 조", "1", true, "", false},
		{"parenthesis", "2(1)) text", "2(1)", true, " text", true},
		{"glued", "3A foo", "3", true, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			rest, ok := CutNumber(c.s, c.num, c.mark)
			if ok != c.ok || ok && rest != c.rest {
				t.Errorf("CutNumber(%q, %q, %v) = %q, %v; want %q, %v", c.s, c.num, c.mark, rest, ok, c.rest, c.ok)
			}
		})
	}
}
