package ingest_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkDocumentJSON reads back a generated document JSON of n items
// as rulesync wrote it (what align, diff and gaps do with their inputs).
// B/op is what a read allocates, the document's values included.
func BenchmarkDocumentJSON(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		d, _, _ := synth.Editions(1, n)
		js, err := corpusjson.Marshal(d)
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

// BenchmarkTable ingests a generated table of n rows (number, title and
// text, as bench/scale's curve cuts it from synth's document) and
// writes its document JSON, as "rulesync ingest --from tsv" does. B/op
// is what the ingest and the encoding allocate.
func BenchmarkTable(b *testing.B) {
	for _, n := range []int{100000} {
		d, _, _ := synth.Editions(1, n)
		var tsv bytes.Buffer
		tsv.WriteString("number\ttitle\ttext\n")
		for _, it := range d.Items {
			fmt.Fprintf(&tsv, "%s\t%s\t%s\n", it.Number, it.Title, it.Text)
		}
		data := tsv.Bytes()
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				got, err := ingest.Options{Format: "tsv", MaxBytes: 1 << 30}.Bytes("table.tsv", data)
				if err != nil || len(got.Items) != n {
					b.Fatalf("%v, %d items", err, len(got.Items))
				}
				if err := corpusjson.Encode(io.Discard, got); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
