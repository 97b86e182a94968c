package align

import "testing"

// TestNumberKey: printed numbers compare in one form; a word before the
// number compares as a word whatever its language, apart from the bare
// number; roman numerals are numbers, not words.
func TestNumberKey(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"A.2", "A2", true},
		{"2(1)", "2.1", false},
		{"Appendix A", "Приложение A", true},
		{"RP-1", "1", false},
		{"RP-1", "RP-2", false},
		{"II.3", "III.3", false},
		{"1e1a", "1E1A", true},
	} {
		if got := numberKey(c.a) == numberKey(c.b); got != c.same {
			t.Errorf("%q (%q) and %q (%q): same %v, want %v", c.a, numberKey(c.a), c.b, numberKey(c.b), got, c.same)
		}
	}
}
