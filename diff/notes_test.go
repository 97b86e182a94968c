package diff

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMayNote: where mayNote says no, deletionNoteRe finds nothing, on
// random texts of the notes' words, brackets, years and what lies
// between; and it says yes to the notes themselves.
func TestMayNote(t *testing.T) {
	notes := []string{"[deleted]", "(removed 2022)", "[Rule 26 deleted]", "D) Deleted 2022.", "removed in 1999", "(Intentionally left blank)"}
	for _, s := range notes {
		if !deletionNoteRe.MatchString(s) {
			t.Fatalf("deletionNoteRe does not match %q", s)
		}
		if !mayNote(s) {
			t.Errorf("mayNote(%q) is false", s)
		}
	}
	alphabet := []string{"deleted", "DELETED", "removed", "omitted", "intentionally left blank", "in", "rule", "a)", "D.", "[", "]", "(", ")",
		"19", "20", "2022", "1999", "0", "7", ".", ":", " ", "  ", "\t", "\n", "ſ", "\u212a", "x", "é"}
	rng := rand.New(rand.NewPCG(3, 4))
	yes := 0
	for range 100000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		if deletionNoteRe.MatchString(s) {
			yes++
			if !mayNote(s) {
				t.Fatalf("mayNote(%q) is false, but deletionNoteRe matches %q", s, deletionNoteRe.FindString(s))
			}
		}
	}
	if yes < 100 {
		t.Errorf("deletionNoteRe matched %d random texts", yes)
	}
}
