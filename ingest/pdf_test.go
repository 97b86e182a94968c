package ingest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/rulesync/rulesync/corpus"
)

// The official TDA publications, each as PDF and DOCX, with the share of
// the DOCX's words that the PDF engine's lines and rulesync's paragraphs
// give back in order, in hundredths of a percent, as measured by
// TestPDFFidelity on PDFium.
var pdfEditions = []struct {
	name, base string
	raw, read  int // at least, in 1/100 %
}{
	{"2024-longform", "tda/tda-2024-longform-en", 9990, 9990},
	{"2022-shortform", "tda/tda-2022-shortform-en", 9993, 9993},
}

// readCorpus reads a file of the real corpus beside the repository
// (../shared/corpus; internal/testcorpus imports this package), skipping
// the test when it is absent.
func readCorpus(t testing.TB, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", rel))
	if err != nil {
		t.Skipf("real corpus not available: %v; lay ../shared/corpus beside the repository to run this test", err)
	}
	return data
}

// words splits s into folded words: runs of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(corpus.Fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// inOrder returns how many of the words of want come out of got in the
// same order: the length of their longest common subsequence, from
// Myers's O(ND) difference algorithm (Myers 1986) over word codes.
func inOrder(want, got []string) int {
	code := map[string]rune{}
	enc := func(ws []string) []rune {
		out := make([]rune, len(ws))
		for i, w := range ws {
			c, ok := code[w]
			if !ok {
				c = rune(0xF0000 + len(code)) // private use: never a letter of the text
				code[w] = c
			}
			out[i] = c
		}
		return out
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	n := 0
	for _, d := range dmp.DiffMainRunes(enc(want), enc(got), false) {
		if d.Type == diffmatchpatch.DiffEqual {
			n += len([]rune(d.Text))
		}
	}
	return n
}

// TestPDFFidelity measures the PDF engine's text (every line of every
// page, before headers and footers are dropped) against the DOCX of the
// same edition: the share of the DOCX's words it gives back in order
// stays at what the README reports.
func TestPDFFidelity(t *testing.T) {
	for _, e := range pdfEditions {
		t.Run(e.name, func(t *testing.T) {
			pdf := readCorpus(t, e.base+".pdf")
			docx := readCorpus(t, e.base+".docx")
			var mk markKinds
			blocks, err := readDOCX(docx, 32<<20, &mk)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, b := range blocks {
				want = append(want, words(b.text)...)
			}
			pages, err := pdfPages(context.Background(), pdf)
			if err != nil {
				t.Fatal(err)
			}
			var raw, read []string
			for _, p := range pages {
				for _, l := range p.lines {
					raw = append(raw, words(l.text)...)
				}
			}
			lines, _ := dropPageChrome(pages)
			for _, b := range pdfParagraphs(lines) {
				read = append(read, words(b.text)...)
			}
			for _, c := range []struct {
				what  string
				got   []string
				least int
			}{{"engine's lines", raw, e.raw}, {"paragraphs", read, e.read}} {
				n := inOrder(want, c.got)
				share := 10000 * n / len(want)
				t.Logf("%s, %s: %d of %d DOCX words in order (%d.%02d%%) among %d", filepath.Base(e.base), c.what, n, len(want), share/100, share%100, len(c.got))
				if share < c.least {
					t.Errorf("%s: %d.%02d%% of the DOCX words in order, want at least %d.%02d%%", c.what, share/100, share%100, c.least/100, c.least%100)
				}
			}
		})
	}
}

// BenchmarkPDF measures PDF ingest of both publications on a warm engine
// (started once per process, before the timing): "extract" is the
// engine's reading of every page's characters, boxes and fonts,
// "ingest" the whole ingest with the language given (language detection
// is the same for every format and is not the PDF reader's cost).
func BenchmarkPDF(b *testing.B) {
	for _, e := range pdfEditions {
		data := readCorpus(b, e.base+".pdf")
		if _, err := pdfPages(context.Background(), data); err != nil {
			b.Fatal(err)
		}
		b.Run(e.name+"/extract", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := pdfPages(context.Background(), data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(e.name+"/ingest", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Options{Lang: "en"}).Bytes(e.base+".pdf", data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
