package ingest

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/klippa-app/go-pdfium/requests"
)

// TestPDFCallsMatchGoPdfium checks that the direct calls into the engine
// (pdfCalls: one font read per text object) read every character of both
// publications as go-pdfium's GetPageTextStructured does with a font read
// per character: the same code points, and for each character that is
// not white space the same box, font size and boldness.
func TestPDFCallsMatchGoPdfium(t *testing.T) {
	for _, e := range pdfEditions {
		t.Run(e.name, func(t *testing.T) {
			data := readCorpus(t, e.base+".pdf")
			pool, err := pdfEngine()
			if err != nil {
				t.Fatal(err)
			}
			inst, err := pool.GetInstance(time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			defer inst.Close()
			c, err := newPDFCalls(inst)
			if err != nil {
				t.Fatal(err)
			}
			defer c.close()
			doc, err := c.open(data)
			if err != nil {
				t.Fatal(err)
			}
			defer doc.close()
			ref, err := inst.OpenDocument(&requests.OpenDocument{File: &data})
			if err != nil {
				t.Fatal(err)
			}
			defer inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: ref.Document})
			n, _ := doc.pages()
			checked := 0
			for i := range n {
				p := requests.Page{ByIndex: &requests.PageByIndex{Document: ref.Document, Index: i}}
				st, err := inst.GetPageTextStructured(&requests.GetPageTextStructured{Page: p, Mode: requests.GetPageTextStructuredModeChars, CollectFontInformation: true})
				if err != nil {
					t.Fatal(err)
				}
				h, err := inst.FPDF_GetPageHeightF(&requests.FPDF_GetPageHeightF{Page: p})
				if err != nil {
					t.Fatal(err)
				}
				height, chars, err := doc.page(i, nil)
				if err != nil {
					t.Fatal(err)
				}
				if height != float64(h.PageHeight) || len(chars) != len(st.Chars) {
					t.Fatalf("page %d: height %v and %d characters, go-pdfium %v and %d", i+1, height, len(chars), h.PageHeight, len(st.Chars))
				}
				for j, want := range st.Chars {
					got := chars[j]
					if got.r == 0 && want.Text == "" || string(got.r) == want.Text && unicode.IsSpace(got.r) {
						continue
					}
					fi, pp := want.FontInformation, want.PointPosition
					wantBold := fi.Weight >= 600 || strings.Contains(strings.ToLower(fi.Name), "bold")
					if string(got.r) != want.Text || got.left != pp.Left || got.right != pp.Right || got.top != pp.Top || got.bottom != pp.Bottom || got.size != fi.Size || got.bold != wantBold {
						t.Fatalf("page %d, character %d: %q %v %v %v %v size %v bold %v; go-pdfium %q %+v size %v bold %v", i+1, j, got.r, got.left, got.right, got.top, got.bottom, got.size, got.bold, want.Text, pp, fi.Size, wantBold)
					}
					checked++
				}
			}
			t.Logf("%d pages, %d characters the same", n, checked)
		})
	}
}

// PDFInflatesPages is true where the engine inflates a page's content
// whole before it reads it, so that a page that inflates too far is
// refused for want of memory: the Go reader and PDFium both do.
const PDFInflatesPages = true
