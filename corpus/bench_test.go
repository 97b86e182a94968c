package corpus

import (
	"strings"
	"testing"
	"unicode"
)

// BenchmarkFold folds a rule's text of ordinary English (ASCII with a
// curly quote and a dash), the comparison form diff and align take of
// every item.
func BenchmarkFold(b *testing.B) {
	s := strings.Repeat("A player who is not present at the table when all cards have been dealt on the initial deal has a dead hand – the dealer’s button moves.\n", 4)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Fold(s)
	}
}

// BenchmarkFoldJapanese folds a rule's text in Japanese that is its own
// comparison form (no full-width digit, no white space but single
// spaces), as most texts of a translation into Japanese are.
func BenchmarkFoldJapanese(b *testing.B) {
	s := strings.Repeat("プレーヤーは、自分の手番でのみベット、コール、レイズまたはフォールドできる。NLHE のミニマムレイズは 100 とする。", 4)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Fold(s)
	}
}

// TestFoldASCII checks Fold's path for ASCII against the general tests it
// stands for, on every ASCII character between letters.
func TestFoldASCII(t *testing.T) {
	for r := rune(0); r < 0x80; r++ {
		s := "a" + string(r) + "b"
		want := "a" + string(r) + "b"
		switch {
		case unicode.IsSpace(r):
			want = "a b"
		case unicode.IsControl(r):
			want = "ab"
		case foldRune[r] != 0:
			want = "a" + string(foldRune[r]) + "b"
		}
		if got := Fold(s); got != want {
			t.Errorf("Fold(%q) = %q, want %q", s, got, want)
		}
	}
}
