package align

import (
	"math/rand/v2"
	"testing"
)

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

// TestNumberKeyDigits: numberKey's shortcut for a run of ASCII digits
// gives what the general path gives, and the digits of other scripts
// still take the general path.
func TestNumberKeyDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, 1+r.IntN(8))
		for k := range b {
			b[k] = byte('0' + r.IntN(10))
		}
		n := string(b)
		if !isDigits(n) || numberKey(n) != numberKeyOf(n) {
			t.Fatalf("%q: numberKey %q, general path %q", n, numberKey(n), numberKeyOf(n))
		}
	}
	for _, n := range []string{"", "١٢", "12a", "1.2", " 1"} {
		if isDigits(n) {
			t.Errorf("isDigits(%q) = true", n)
		}
	}
}
