package ingest

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestClipShortcut holds clip, which cuts s where its first runes are
// valid UTF-8, to the cut of its runes on random strings with bytes that
// are no UTF-8.
func TestClipShortcut(t *testing.T) {
	pieces := []string{"a", " ", "é", "漢", "😀", "…", "\xff", "\xc3", "\xe2\x82", "\ufffd"}
	rng := rand.New(rand.NewPCG(13, 14))
	for range 50000 {
		s, n := testgen.Text(rng, pieces, 12), rng.IntN(12)
		want := s
		if utf8.RuneCountInString(s) > n {
			want = string([]rune(s)[:n]) + "…"
		}
		if got := clip(s, n); got != want {
			t.Fatalf("clip(%q, %d) = %q, want %q", s, n, got, want)
		}
	}
}
