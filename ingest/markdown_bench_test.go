package ingest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// BenchmarkMarkdownReaders measures the reading of a Markdown rulebook:
// CommonMark blocks (goldmark) through the structure recognizer, with the
// WCA dialect's tags read where the source has them (markdown.go), and
// without. Items are reported per reading.
func BenchmarkMarkdownReaders(b *testing.B) {
	for _, file := range []string{"wca/wca-regulations-2024-01-01-en.md", "dev/fide-laws/fide-laws-2023-en.md", "dev/usau-rules/usau-rules-2024-2025-en.md"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", file))
		if err != nil {
			b.Skipf("real corpus not available: %v", err)
		}
		text := string(data)
		for _, r := range []struct {
			name string
			read func(string, *corpus.Document) error
		}{
			{"goldmark+tags+recognizer", parseMarkdown},
			{"goldmark+recognizer", func(t string, d *corpus.Document) error {
				bs, err := markdownBlocks(t)
				if err == nil {
					_, err = fromBlocks(bs, d)
				}
				return err
			}},
		} {
			b.Run(filepath.Base(file)+"/"+r.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					d := &corpus.Document{}
					if err := r.read(text, d); err != nil {
						b.Fatal(err)
					}
					n = structured(d)
				}
				b.ReportMetric(float64(n), "numbered-items")
			})
		}
	}
}

// BenchmarkMarkdownInline measures MarkdownInline on one short text (a
// rule's text with emphasis, strikethrough and code), as the drafts and
// the checks of translations call it for every item.
func BenchmarkMarkdownInline(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		MarkdownInline("Rule **1a** applies ~~here~~ to `x` and *y*.")
	}
}
