package ingest

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestListLinesCountsAsTheExpression holds listLines to what it stands
// for, the count of sniffMDListRe's matches (up to a limit), on random
// texts of lines with and without list markers, blank lines (whose
// blanks a match may open with) and near misses.
func TestListLinesCountsAsTheExpression(t *testing.T) {
	pieces := []string{"", " ", "\t", "\f", "\r", "\v", "- a", "-a", "* b", "*b", "+ c", "+ ", "- ", "-\tx",
		"1. x", "1.x", "12.x", "1.2", "1.)", "1..", " 3. y", "  12.x", "\f- z", "\v- a", "1234567890.x", "123456789.x",
		"text", "# h", "1) a", "- \t", "x - a", "٣. y", "１. z", "* * *", "10. ", "7.\u00a0a", "- é"}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 20000 {
		var b strings.Builder
		for i := range rng.IntN(12) {
			if i > 0 {
				b.WriteByte('\n')
			}
			for range 1 + rng.IntN(2) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		text := b.String()
		for _, limit := range []int{1, 3, 200} {
			want := len(sniffMDListRe.FindAllStringIndex(text, limit))
			if got := listLines(text, limit); got != want {
				t.Fatalf("text %d %q, limit %d: %d lines, the expression %d", k, text, limit, got, want)
			}
		}
	}
}

// TestNumberedRunSkipsNoLine checks that numberedRun's look at a
// line's first byte leaves out no line the expression reads a number
// from.
func TestNumberedRunSkipsNoLine(t *testing.T) {
	for _, l := range []string{"1. a", "12) b", "3 c", "7：d", "1．e", "a 1. b", "١. x", "１. y", "- 1. z"} {
		opens := l != "" && l[0] >= '0' && l[0] <= '9'
		if m := sniffNumberedRe.FindStringSubmatch(l); m != nil && !opens {
			t.Errorf("%q: the expression reads %q, the line opens with no digit", l, m[1])
		}
	}
	if got := numberedRun(lines("1. a\n2. b\ntext\n3. c\n")); got != 3 {
		t.Errorf("numberedRun = %d, want 3", got)
	}
}
