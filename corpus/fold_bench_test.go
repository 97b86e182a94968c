package corpus_test

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkFold folds the titles and texts of a generated English edition
// and its Japanese translation (1,000 items each), as align and diff do
// for every item.
func BenchmarkFold(b *testing.B) {
	docs, _ := synth.Corpus(1, 1, 1, 1000)
	for _, name := range []string{"en-1", "ja-1"} {
		d := docs[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := range d.Items {
					corpus.Fold(d.Items[i].Title + "\n" + d.Items[i].Text)
				}
			}
		})
	}
}
