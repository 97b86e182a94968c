package gaps_test

import (
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkGaps checks a generated translation of 500 rules against its
// source: the unit of work a workspace build repeats for every language
// and edition.
func BenchmarkGaps(b *testing.B) {
	docs, _ := synth.Corpus(1, 1, 1, 500)
	src, tr := docs["en-1"], docs["ja-1"]
	b.ReportAllocs()
	for b.Loop() {
		gaps.Options{}.Gaps(src, tr, nil)
	}
}
