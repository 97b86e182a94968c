package ingest

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/pdftest"
)

// RULESYNC_PDF_GO=0 runs this package's tests with the Go PDF reader off:
// every PDF is read by PDFium, the fallback, alone (.ci/run runs the
// tests both ways).
func init() {
	if os.Getenv("RULESYNC_PDF_GO") == "0" {
		pdfGoFirst = false
	}
}

// TestPDFGoEnv reads RULESYNC_PDF_GO inside a test, where go test
// records the variables a test consults for its cache: read in init
// alone it was not, and the run of .ci/run with RULESYNC_PDF_GO=0 was
// served from the cache of the run before it, PDFium alone never
// tested.
func TestPDFGoEnv(t *testing.T) {
	if off := os.Getenv("RULESYNC_PDF_GO") == "0"; off == pdfGoFirst {
		t.Errorf("RULESYNC_PDF_GO=%q, but the Go reader first is %v", os.Getenv("RULESYNC_PDF_GO"), pdfGoFirst)
	}
}

// readWith reads data with the Go reader first (goFirst) or PDFium
// alone, and returns the document, the engine that read it and why the
// Go reader did not.
func readWith(t *testing.T, goFirst bool, path string, data []byte) (*corpus.Document, string, error, error) {
	t.Helper()
	saveFirst, saveBy := pdfGoFirst, pdfReadBy
	defer func() { pdfGoFirst, pdfReadBy = saveFirst, saveBy }()
	pdfGoFirst = goFirst
	var by string
	var why error
	pdfReadBy = func(e string, w error) { by, why = e, w }
	d, err := Options{Lang: "en"}.Bytes(path, data)
	return d, by, why, err
}

// TestPDFGoMatchesPDFium reads both publications with the Go reader (not
// the fallback) and with PDFium alone: the same items, ids, kinds,
// numbers, titles, sections, parts' labels, notes and edition, and the
// same texts, paragraph breaks and all: the two engines' boxes differ (the
// Go reader's are a glyph's advance and the font's ascent and descent,
// PDFium's its ink, and PDFium reads some runs of two printed lines as
// one), and where a paragraph ends must not depend on them.
func TestPDFGoMatchesPDFium(t *testing.T) {
	for _, e := range pdfEditions {
		t.Run(e.name, func(t *testing.T) {
			data := readCorpus(t, e.base+".pdf")
			got, by, why, err := readWith(t, true, e.base+".pdf", data)
			if err != nil || by != "go" {
				t.Fatalf("read by %s (the Go reader: %v), error %v; want the Go reader", by, why, err)
			}
			want, by, _, err := readWith(t, false, e.base+".pdf", data)
			if err != nil || by != "pdfium" {
				t.Fatalf("read by %s, error %v; want PDFium", by, err)
			}
			if got.Edition != want.Edition || got.Title != want.Title || got.Date != want.Date || !reflect.DeepEqual(got.Notes, want.Notes) {
				t.Errorf("edition %q title %q date %q notes %q; PDFium %q %q %q %q", got.Edition, got.Title, got.Date, got.Notes, want.Edition, want.Title, want.Date, want.Notes)
			}
			if len(got.Items) != len(want.Items) {
				t.Fatalf("%d items, PDFium %d", len(got.Items), len(want.Items))
			}
			joined := func(s string) string { return strings.ReplaceAll(s, "\n", " ") }
			var breaks []string
			for i, g := range got.Items {
				w := want.Items[i]
				if g.ID != w.ID || g.Kind != w.Kind || g.Number != w.Number || g.Title != w.Title || g.Section != w.Section || len(g.Parts) != len(w.Parts) || !reflect.DeepEqual(g.Refs, w.Refs) || !reflect.DeepEqual(g.Flags, w.Flags) {
					t.Errorf("item %d: %s %s %q %q %q, %d parts; PDFium %s %s %q %q %q, %d parts", i, g.ID, g.Kind, g.Number, g.Title, g.Section, len(g.Parts), w.ID, w.Kind, w.Number, w.Title, w.Section, len(w.Parts))
					continue
				}
				same := g.Text == w.Text
				if joined(g.Text) != joined(w.Text) {
					t.Errorf("%s: text\n%q\nPDFium\n%q", g.ID, g.Text, w.Text)
				}
				for k, gp := range g.Parts {
					wp := w.Parts[k]
					if gp.Label != wp.Label || gp.Marker != wp.Marker || joined(gp.Text) != joined(wp.Text) {
						t.Errorf("%s part %d: %q %q %q; PDFium %q %q %q", g.ID, k, gp.Label, gp.Marker, gp.Text, wp.Label, wp.Marker, wp.Text)
					}
					same = same && gp.Text == wp.Text
				}
				if !same {
					breaks = append(breaks, g.ID)
				}
			}
			if len(breaks) > 0 {
				t.Errorf("line breaks fall differently in %q", breaks)
			}
		})
	}
}

// TestPDFFallback reads files the Go reader does not take, one per
// reason: PDFium reads each (the Go reader said why), and the result,
// document or error, is what PDFium alone gives.
func TestPDFFallback(t *testing.T) {
	page := func(font string) []byte {
		content := "BT /F1 12 Tf 72 700 Td (1: Seats) Tj ET"
		return pdftest.Page(content,
			font,
			"<< /Length 0 >>\nstream\n\nendstream",
		)
	}
	good := page("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	damaged := []byte(strings.Replace(string(good), "0000000009 00000 n", "0000000019 00000 n", 1))
	for _, c := range []struct {
		name, why string
		pdf       []byte
	}{
		{"Type3 font", "a Type3 font", page("<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 6 0 R >> /Encoding << /Type /Encoding /Differences [32 /a 49 /a 58 /a 83 /a 97 /a 101 /a 115 /a 116 /a] >> /FirstChar 32 /LastChar 116 /Widths [" + strings.Repeat("500 ", 85) + "] /Resources << >> >>")},
		{"a code without Unicode", "no Unicode text", page("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [49 /g49] >> >>")},
		{"encrypted", "encrypted", pdftest.File([]string{
			"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>",
			"<< /Filter /Standard /V 1 /R 2 /Length 40 /O <" + strings.Repeat("00", 32) + "> /U <" + strings.Repeat("00", 32) + "> /P -4 >>",
		}, "/Encrypt 3 0 R /ID [<00> <00>]")},
		{"a damaged cross-reference table", "damaged", damaged},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, by, why, err := readWith(t, true, "x.pdf", c.pdf)
			if by != "pdfium" || why == nil || !strings.Contains(why.Error(), c.why) {
				t.Fatalf("read by %q, the Go reader said %v; want PDFium, the Go reader saying %q", by, why, c.why)
			}
			want, _, _, werr := readWith(t, false, "x.pdf", c.pdf)
			if fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Errorf("error %v, PDFium alone %v", err, werr)
			}
			if err == nil {
				got.Source.Ingested = want.Source.Ingested // the clock's, not the reading's
				dropFallbackNote(t, got, c.why)
			}
			if err == nil && !reflect.DeepEqual(got, want) {
				t.Errorf("document %+v, PDFium alone %+v", got, want)
			}
		})
	}
	// The good file is read by the Go reader.
	if _, by, why, err := readWith(t, true, "x.pdf", good); by != "go" || err != nil {
		t.Errorf("the good file: read by %s (%v), error %v", by, why, err)
	}
}

// TestPDFTextAsPDFium reads pages whose text PDFium does not read as
// their glyphs are drawn: Latin ligatures (the Go reader gives their
// letters, as PDFium does), and what the Go reader leaves to PDFium
// (marked content with /ActualText, right-to-left text, runs drawn out
// of order on a line). Either way the document is PDFium's.
func TestPDFTextAsPDFium(t *testing.T) {
	const helv = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
	for _, c := range []struct {
		name, content, font, by, why string
	}{
		{"ligatures", "BT /F1 12 Tf 72 700 Td (1. The \\226rst of\\226cial rule.) Tj 0 -20 Td (2. The second rule.) Tj ET",
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [150 /fi] >> >>", "go", ""},
		{"ActualText", "BT /F1 12 Tf 72 700 Td (1. Rule ) Tj /Span << /ActualText (2023) >> BDC (XXXX) Tj EMC ( applies.) Tj 0 -20 Td (2. The second rule.) Tj ET",
			helv, "pdfium", "ActualText"},
		{"Hebrew in visual order", "BT /F1 12 Tf 72 700 Td (1. Rule ) Tj (DCBA) Tj 0 -20 Td (2. The second rule.) Tj ET",
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /uni05E9 /uni05DC /uni05D5 /uni05DD] >> >>", "pdfium", "right-to-left"},
		{"runs out of order", "BT /F1 12 Tf 72 700 Td (1.) Tj ET BT /F1 12 Tf 146 700 Td (rule applies to all players.) Tj ET BT /F1 12 Tf 86 700 Td (The first) Tj ET BT /F1 12 Tf 72 680 Td (2. The second rule.) Tj ET",
			helv, "pdfium", "out of order"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := pdftest.Page(c.content,
				c.font,
			)
			got, by, why, err := readWith(t, true, "x.pdf", data)
			if by != c.by || c.why != "" && (why == nil || !strings.Contains(why.Error(), c.why)) {
				t.Errorf("read by %q, the Go reader said %v; want %s, saying %q", by, why, c.by, c.why)
			}
			want, _, _, werr := readWith(t, false, "x.pdf", data)
			if err != nil || werr != nil {
				t.Fatalf("error %v, PDFium alone %v", err, werr)
			}
			got.Source.Ingested = want.Source.Ingested
			if c.by == "pdfium" {
				dropFallbackNote(t, got, c.why)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("document %+v,\nPDFium alone %+v", got.Items, want.Items)
			}
		})
	}
}

// dropFallbackNote checks that d's first note says PDFium read it
// because of why, the one difference from PDFium's reading alone, and
// removes it.
func dropFallbackNote(t *testing.T, d *corpus.Document, why string) {
	t.Helper()
	const note = FormatNote + "read with PDFium: the Go PDF reader does not read this file with confidence ("
	if len(d.Notes) == 0 || !strings.HasPrefix(d.Notes[0], note) || !strings.Contains(d.Notes[0], why) {
		t.Errorf("notes %q; want first a note that PDFium read it because of %s", d.Notes, why)
		return
	}
	d.Notes = d.Notes[1:]
}

// TestPDFBoldAsPDFium reads a line in fonts whose names do not say bold
// and whose descriptors give a weight or not: the Go reader finds bold
// what PDFium finds bold (a /FontWeight of 600 or more, else a /StemV
// of 120 or more; not the ForceBold flag).
func TestPDFBoldAsPDFium(t *testing.T) {
	widths := strings.TrimSpace(strings.Repeat("500 ", 95))
	for _, c := range []struct {
		desc string
		bold bool
	}{
		{"/Flags 32 /StemV 80", false},
		{"/Flags 32 /StemV 80 /FontWeight 700", true},
		{"/Flags 32 /StemV 200 /FontWeight 400", false},
		{"/Flags 262176 /StemV 80", false},
		{"/Flags 32 /StemV 120", true},
		{"/Flags 32 /StemV 119", false},
		{"/Flags 32", false},
	} {
		content := "BT /F1 12 Tf 72 700 Td (Seats) Tj ET"
		data := pdftest.Page(content,
			"<< /Type /Font /Subtype /TrueType /BaseFont /Foo /FirstChar 32 /LastChar 126 /Widths ["+widths+"] /Encoding /WinAnsiEncoding /FontDescriptor 6 0 R >>",
			"<< /Type /FontDescriptor /FontName /Foo /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /FontBBox [0 -200 1000 800] "+c.desc+" >>",
		)
		for _, goFirst := range []bool{true, false} {
			saveFirst, saveBy := pdfGoFirst, pdfReadBy
			pdfGoFirst = goFirst
			by := ""
			pdfReadBy = func(e string, _ error) { by = e }
			pages, _, err := pdfPages(context.Background(), data)
			pdfGoFirst, pdfReadBy = saveFirst, saveBy
			if err != nil {
				t.Fatal(err)
			}
			if l := pages[0].lines[0]; l.boldAll != c.bold || l.text != "Seats" {
				t.Errorf("%s, read by %s: %q bold %v, want bold %v", c.desc, by, l.text, l.boldAll, c.bold)
			}
		}
	}
}

// TestPDFSizeAsPDFium reads a line set at 12 points by Tf, and by the
// text or graphics matrix scaling a smaller Tf, with Tz, and rotated: the
// Go reader gives the size PDFium gives, Tf's.
func TestPDFSizeAsPDFium(t *testing.T) {
	for _, c := range []struct {
		content string
		size    float64
	}{
		{"BT /F1 12 Tf 72 700 Td (Seats) Tj ET", 12},
		{"BT /F1 1 Tf 12 0 0 12 72 700 Tm (Seats) Tj ET", 1},
		{"q 2 0 0 2 0 0 cm BT /F1 6 Tf 36 350 Td (Seats) Tj ET Q", 6},
		{"BT /F1 12 Tf 50 Tz 72 700 Td (Seats) Tj ET", 12},
		{"BT /F1 12 Tf 0 1 -1 0 300 300 Tm (Seats) Tj ET", 12},
	} {
		data := pdftest.Page(c.content,
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		)
		for _, goFirst := range []bool{true, false} {
			saveFirst := pdfGoFirst
			pdfGoFirst = goFirst
			pages, _, err := pdfPages(context.Background(), data)
			pdfGoFirst = saveFirst
			if err != nil {
				t.Fatal(err)
			}
			if l := pages[0].lines[0]; l.size != c.size || l.text != "Seats" {
				t.Errorf("%s, the Go reader first %v: %q size %v, want %v", c.content, goFirst, l.text, l.size, c.size)
			}
		}
	}
}

// TestPDFFallbackFailure: a file the Go reader leaves to PDFium, which
// then fails on a page, is refused with PDFium's words and the Go
// reader's reason: a page tree whose Kids hold the tree itself.
func TestPDFFallbackFailure(t *testing.T) {
	content := "BT /F1 12 Tf 72 700 Td (1: Seats) Tj ET"
	data := pdftest.File([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}, "")
	_, by, why, err := readWith(t, true, "loop.pdf", data)
	if by != "pdfium" || why == nil || !strings.Contains(why.Error(), "loops") {
		t.Fatalf("read by %q, the Go reader said %v; want PDFium, the page tree looping", by, why)
	}
	if err == nil || !strings.Contains(err.Error(), "loop.pdf: page 2: ") || !strings.HasSuffix(err.Error(), "(the Go PDF reader: damaged: the page tree loops)") {
		t.Errorf("error %v; want PDFium's failure on page 2 and the Go reader's reason", err)
	}
}
