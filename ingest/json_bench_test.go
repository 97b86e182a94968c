package ingest_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkDocumentJSON reads back a generated document JSON of n items
// as rulesync wrote it (what align, diff and gaps do with their inputs).
// B/op is what a read allocates, the document's values included.
func BenchmarkDocumentJSON(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		d, _, _ := synth.Editions(1, n)
		js, err := corpus.Marshal(d)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(js)))
			for b.Loop() {
				got, err := ingest.Options{}.Read("doc.json", bytes.NewReader(js))
				if err != nil || len(got.Items) != n {
					b.Fatalf("%v, %d items", err, len(got.Items))
				}
			}
		})
	}
}
