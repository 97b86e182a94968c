package ingest_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// BenchmarkIngest measures ingest throughput per format on the real
// corpus: decoding, detection, parsing, normalization and ids. The pdf
// case runs on a warm engine (PDFium compiled once per process, outside
// the timing); the cold start is measured on the command in the README.
func BenchmarkIngest(b *testing.B) {
	for _, c := range []struct{ name, file string }{
		{"reader", "seeds/tda-2024-ja-reader-page.txt"},
		{"numbered", "seeds/wsop-2009-ja-rules-page9.txt"},
		{"guide", "seeds/general-poker-rules-ja.txt"},
		{"addendum", "seeds/tda-2024-addendum-pt.txt"},
		{"markdown", "wca/wca-regulations-2024-01-01-en.md"},
		{"scripts", "udhr/udhr-1948-hi.md"},  // Devanagari digits, list tags "(१)"
		{"ordinals", "udhr/udhr-1948-mn.md"}, // headings numbered by place
		{"docx", "tda/tda-2024-longform-en.docx"},
		{"pdf", "tda/tda-2024-longform-en.pdf"},
	} {
		b.Run(c.name, func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join(testcorpus.Dir(), c.file))
			if err != nil {
				b.Skipf("real corpus not available: %v", err)
			}
			if _, err := (ingest.Options{}).Bytes(c.file, data); err != nil {
				b.Fatal(err) // warm up: the PDF engine starts on first use
			}
			b.SetBytes(int64(len(data)))
			b.ResetTimer()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (ingest.Options{}).Bytes(c.file, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIngestJSON reads back a document JSON rulesync wrote (the WCA
// regulations, 473 items), as diff, align and gaps do with their inputs:
// decoding, markers, cleaning.
func BenchmarkIngestJSON(b *testing.B) {
	d := testcorpus.Doc(b, "wca/wca-regulations-2024-01-01-en.md")
	data, err := corpusjson.Marshal(d)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (ingest.Options{}).Bytes("wca.json", data); err != nil {
			b.Fatal(err)
		}
	}
}
