package reports

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDraftKeys: draftKeys answers as strings.Contains does, for keys
// in the order of the text, keys out of it, keys at the starts of
// lines, keys of no line and keys of none of the text, before and after
// it makes its suffix array; and keys in the text's order make none.
func TestDraftKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 1))
	word := func() string {
		b := make([]byte, 2+rng.IntN(8))
		for i := range b {
			b[i] = "abcde"[rng.IntN(5)]
		}
		return string(b)
	}
	var text strings.Builder
	var lines []int
	for range 3000 {
		lines = append(lines, text.Len())
		for range 1 + rng.IntN(6) {
			text.WriteString(word())
		}
	}
	keys := text.String()
	ends := append(lines[1:], len(keys))
	// In order: each line's key, and pieces of it.
	x := &draftKeys{keys: keys, lines: lines}
	for i, at := range lines {
		for _, k := range []string{keys[at:ends[i]], keys[at:min(ends[i], at+5)], keys[max(at, ends[i]-7):ends[i]]} {
			if !x.has(k) {
				t.Fatalf("in order: %q of line %d not found", k, i)
			}
		}
	}
	if x.index != nil || x.wholes > 0 {
		t.Errorf("keys in the text's order: %d looks through the whole text, index made %v", x.wholes, x.index != nil)
	}
	// Out of order, across lines, and not there.
	x = &draftKeys{keys: keys, lines: lines}
	for n := range 4000 {
		var k string
		switch n % 4 {
		case 0:
			at := rng.IntN(len(keys))
			k = keys[at:min(len(keys), at+1+rng.IntN(30))]
		case 1:
			i := rng.IntN(len(lines))
			k = keys[lines[i]:ends[i]]
		case 2:
			k = word() + word() + word() + word()
		default:
			k = strings.Repeat("e", rng.IntN(12)) + "f"[:rng.IntN(2)]
		}
		if got, want := x.has(k), strings.Contains(keys, k); got != want {
			t.Fatalf("key %d %q: has %v, strings.Contains %v (index made %v)", n, k, got, want, x.index != nil)
		}
	}
	if x.index == nil {
		t.Errorf("keys out of order: no index made after %d looks through the whole text", x.wholes)
	}
}
