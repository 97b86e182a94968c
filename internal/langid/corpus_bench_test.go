package langid_test

import (
	"testing"

	"github.com/rulesync/rulesync/internal/langid"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// BenchmarkDocumentCorpus reads the language of documents of the real
// corpus as ingest does (the title, and each item's title and text
// joined, made on demand): the WCA Regulations in English (ASCII: ten
// languages), the FIDE Laws in Russian and the Debian Constitution in
// Korean, mostly English (the vote reads all 64 texts). It is skipped
// when the corpus is absent.
func BenchmarkDocumentCorpus(b *testing.B) {
	for _, c := range []struct{ name, file string }{
		{"wca-en", "wca/wca-regulations-2024-01-01-en.md"},
		{"fide-ru", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"debian-ko", "dev/debian-constitution/debian-constitution-1.7-ko.wml"},
	} {
		b.Run(c.name, func(b *testing.B) {
			d := testcorpus.Doc(b, c.file)
			text := func(i int) (string, string) { return d.Items[i].Title, d.Items[i].Text }
			want := langid.DocumentOf(d.Title, len(d.Items), text)
			b.ResetTimer()
			report := langid.StartCPU()
			for b.Loop() {
				if r := langid.DocumentOf(d.Title, len(d.Items), text); r != want {
					b.Fatalf("%v, then %v", want, r)
				}
			}
			report(b)
		})
	}
}
