package diff

import (
	"math/rand/v2"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestEdgeWords holds lastWord and firstWord, which cut only the run of
// the text beside the edit into segments, to the same on the whole
// text's segments, on random texts of words, the marks that join words,
// white space of several kinds, scripts written without spaces and
// invalid UTF-8.
func TestEdgeWords(t *testing.T) {
	pieces := []string{"a", "rule", "30", "1", "é", "席", "規則", "できる", "ボタン", "한", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\u0085",
		"'", "’", "-", ",", ".", ";", "(", ")", "“", "\xff", "\u0301"}
	r := rand.New(rand.NewPCG(16, 9))
	for range 50000 {
		s := testgen.Text(r, pieces, 10)
		if got, want := lastWord(s), lastWordOf(Segment(s)); got != want {
			t.Fatalf("lastWord(%q) = %q, on the whole text's segments %q", s, got, want)
		}
		if got, want := firstWord(s), firstWordOf(Segment(s)); got != want {
			t.Fatalf("firstWord(%q) = %q, on the whole text's segments %q", s, got, want)
		}
	}
}
