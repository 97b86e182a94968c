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

// TestDraftKeysNearlyInOrder: keys in nearly the text's order (each
// pair of neighbouring lines looked for the second first, its first
// piece, then the rest of it), in a text whose lines begin alike (a text
// of few words: hundreds of lines share their first keyStart bytes),
// are found without a look through the whole text and make no suffix
// array (at 100,000 generated items a side such a draft made one, 7%
// of sync's processor time).
func TestDraftKeysNearlyInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 2))
	words := []string{"deck", "position", "card", "raise", "fold", "dealer"}
	var text strings.Builder
	var lines []int
	for range 3000 {
		lines = append(lines, text.Len())
		text.WriteString("declare")
		text.WriteString("position")
		for range 10 + rng.IntN(30) {
			text.WriteString(words[rng.IntN(len(words))])
		}
	}
	keys := text.String()
	ends := append(lines[1:], len(keys))
	x := &draftKeys{keys: keys, lines: lines}
	for i := 0; i+1 < len(lines); i += 2 {
		for _, l := range []int{i + 1, i} {
			mid := (lines[l] + ends[l]) / 2
			for _, k := range []string{keys[lines[l]:mid], keys[mid:ends[l]]} {
				if !x.has(k) {
					t.Fatalf("%q of line %d not found", k, l)
				}
			}
		}
	}
	if x.index != nil || x.wholes > 0 {
		t.Errorf("keys nearly in the text's order: %d looks through the whole text, index made %v", x.wholes, x.index != nil)
	}
}
