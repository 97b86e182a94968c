package ingest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/cputime"
	"github.com/rulesync/rulesync/internal/pdftest"
)

// The official TDA publications, each as PDF and DOCX, with the share of
// the DOCX's words that the PDF engine's lines and rulesync's paragraphs
// give back in order, in hundredths of a percent, as measured by
// TestPDFFidelity (the Go reader and PDFium give the same figures).
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
			blocks, err := readDOCX(docx, 32<<20, &mk, nil)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, b := range blocks {
				want = append(want, words(b.text)...)
			}
			pages, _, err := pdfPages(context.Background(), pdf)
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

// TestPDFTruncated reads the publications cut short: each engine refuses
// them as corrupt or truncated, never rebuilding the file from the
// objects it finds to give part of the pages.
func TestPDFTruncated(t *testing.T) {
	for _, e := range pdfEditions {
		data := readCorpus(t, e.base+".pdf")
		for _, pct := range []int{50, 90} {
			t.Run(fmt.Sprintf("%s/%d%%", e.name, pct), func(t *testing.T) {
				_, _, err := pdfPages(context.Background(), data[:len(data)*pct/100])
				if err == nil || err.Error() != "not a readable PDF: the file is corrupt or truncated" {
					t.Errorf("error %v, want the file said to be corrupt or truncated", err)
				}
			})
		}
	}
}

// TestPDFDamaged reads the publications with a sixth of the file, in the
// middle, overwritten with zeros: each engine refuses them or says that
// it rebuilt them, never reads them as whole (PDFium read the 2022 short
// form as 69 items of 73 without a word), and the document read says so in a warning.
func TestPDFDamaged(t *testing.T) {
	for _, e := range pdfEditions {
		data := readCorpus(t, e.base+".pdf")
		n := len(data)
		damaged := append(append(append([]byte(nil), data[:n/3]...), make([]byte, n/6)...), data[n/2:]...)
		t.Run(e.name, func(t *testing.T) {
			pages, repaired, err := pdfPages(context.Background(), damaged)
			if err != nil {
				return
			}
			if !repaired {
				t.Fatalf("read as %d pages, not said to be rebuilt", len(pages))
			}
			d, err := Options{Format: "pdf"}.Bytes("damaged.pdf", damaged)
			if err != nil {
				t.Fatal(err)
			}
			if _, w := Report(d); !slices.ContainsFunc(w, func(n string) bool { return strings.Contains(n, "the PDF is damaged") }) {
				t.Errorf("warnings %q, want one that says the PDF is damaged", w)
			}
		})
	}
}

// cpuTime is the processor time this process has used, user and system
// (0 where the system does not say).
func cpuTime() time.Duration {
	d, _ := cputime.Used()
	return d
}

// BenchmarkPDF measures PDF ingest of both publications on a warm engine
// (started once per process, before the timing): "extract" is the
// engine's reading of every page's characters, boxes and fonts,
// "ingest" the whole ingest with the language given (language detection
// is the same for every format and is not the PDF reader's cost). Besides
// wall time it reports processor time per operation (cpu-ns/op), which
// other processes on a shared machine disturb less.
func BenchmarkPDF(b *testing.B) {
	for _, e := range pdfEditions {
		data := readCorpus(b, e.base+".pdf")
		if _, _, err := pdfPages(context.Background(), data); err != nil {
			b.Fatal(err)
		}
		b.Run(e.name+"/extract", func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if _, _, err := pdfPages(context.Background(), data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
		b.Run(e.name+"/ingest", func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if _, err := (Options{Lang: "en"}).Bytes(e.base+".pdf", data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// FuzzPDF feeds the PDF reader (its engines, the reader of their
// characters, the page furniture and paragraphs, the structure) arbitrary
// files, seeded with small PDFs of text in a regular and a bold font, a
// page tree and arrays nested deep, and the bad PDFs of TestBadPublications:
// no input may panic (the engine's goroutine turns a Go panic into an
// error, so an error that tells of one fails too); an error is an *Error
// of one line that names the input and does not show the WebAssembly
// underneath; a document read is valid.
func FuzzPDF(f *testing.F) {
	page := func(content string) []byte {
		return pdftest.File([]string{
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
			"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
		}, "")
	}
	f.Add(page("BT /F2 14 Tf 72 720 Td (1: Seats) Tj ET\nBT /F1 10 Tf 72 700 Td (Players must be seated.) Tj 0 -12 Td (A: one 4) Tj 3 Ts (th) Tj ET"))
	f.Add(page("BT /F1 10 Tf 300 40 Td (Page 1 of 2) Tj ET"))
	f.Add(page("BT /F1 10 Tf 72 700 Td (non-) Tj 0 -12 Td (standard) Tj ET")[:200])
	f.Add(page("q q q BT /F1 10 Tf 72 700 Td [(1. a) -200 [(b)] " + strings.Repeat("[", 200) + "(c)" + strings.Repeat("]", 200) + "] TJ ET Q Q Q"))
	f.Add(pdftest.File([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>",
		"<< /Length 44 >>\nstream\nBT /F1 10 Tf 72 700 Td (1. Rule one) Tj ET\nendstream",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /X " + strings.Repeat("<< /A ", 100) + "1" + strings.Repeat(" >>", 100) + " >>",
	}, ""))
	f.Add([]byte("%PDF-1.7\nthis is not a PDF at all\n"))
	f.Add(pdftest.File([]string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"}, "")[:60])
	f.Add(pdftest.File([]string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
		"<< /Filter /Standard /V 1 /R 2 /O <" + strings.Repeat("8f", 32) + "> /U <" + strings.Repeat("3c", 32) + "> /P -44 >>"},
		"/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		d, err := Options{Format: "pdf", Now: func() time.Time { return time.Unix(0, 0) }}.Bytes("fuzz.pdf", data)
		if err != nil {
			msg := err.Error()
			var e *Error
			if !errors.As(err, &e) || e.Input != "fuzz.pdf" || !strings.HasPrefix(msg, "fuzz.pdf") {
				t.Fatalf("error does not name the input: %q", msg)
			}
			if strings.Contains(msg, "\n") || strings.Contains(msg, "wasm") || strings.Contains(msg, "panic") || strings.Contains(msg, "runtime error") {
				t.Fatalf("error %q", msg)
			}
			return
		}
		if err := d.Validate(); err != nil {
			t.Fatalf("invalid document: %v", err)
		}
	})
}
