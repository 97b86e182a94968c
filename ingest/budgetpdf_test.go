package ingest_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/pdftest"
)

// TestBudgetPDFPages: a PDF is counted by its lines as its pages are
// read, and refused at the page that passes the block limit, not once
// every page is read and its paragraphs made (a 32 MiB PDF holds 680
// thousand lines). 1,000 numbered lines, 50 a page: with a limit of 120
// blocks the reading stops at page 3 of 20, for each engine; within the
// limit it reads.
func TestBudgetPDFPages(t *testing.T) {
	data := pagesPDF(1000)
	for _, engine := range ingest.PDFEngines() {
		t.Run(engine, func(t *testing.T) {
			d, err := ingest.Options{PDFEngine: engine, MaxBlocks: 2000}.Bytes("rules.pdf", data)
			if err != nil {
				t.Fatalf("1,000 lines, limit 2,000: %v", err)
			}
			if len(d.Items) < 900 {
				t.Fatalf("1,000 numbered lines read as %d items", len(d.Items))
			}
			_, err = ingest.Options{PDFEngine: engine, MaxBlocks: 120}.Bytes("rules.pdf", data)
			msg := fmt.Sprint(err)
			if !errors.Is(err, ingest.ErrTooManyBlocks) || !strings.Contains(msg, "page 3 of 20") || !strings.Contains(msg, "150 lines") || !strings.Contains(msg, "--max-blocks") {
				t.Errorf("1,000 lines, limit 120: %v, want refused at page 3 of 20 (150 lines), naming --max-blocks", err)
			}
		})
	}
}

// TestBudgetPDFStopsReading: the Go reader gives each page as it reads
// it, so a PDF refused at the page that passes the block limit is not
// read past that page: 20 pages of 50 numbered lines whose last page
// the Go reader cannot read (a stream in a filter it does not know) is
// refused at page 3 by its lines, with the Go reader alone, not for the
// last page; within the limit the last page is the error.
func TestBudgetPDFStopsReading(t *testing.T) {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
	var kids []string
	for p := range 20 {
		kids = append(kids, fmt.Sprintf("%d 0 R", len(objs)+1))
		var c strings.Builder
		for i := p*50 + 1; i <= p*50+50; i++ {
			fmt.Fprintf(&c, "BT /F1 10 Tf 72 %d Td (%d. Players act in turn; rule %d applies.) Tj ET\n", 760-14*((i-1)%50), i, i)
		}
		filter := ""
		if p == 19 {
			filter = " /Filter /NoSuchDecode"
		}
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Resources << /Font << /F1 3 0 R >> >> >>", len(objs)+2),
			fmt.Sprintf("<< /Length %d%s >>\nstream\n%s\nendstream", c.Len(), filter, c.String()))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count 20 >>", strings.Join(kids, " "))
	data := pdftest.File(objs, "")
	_, err := ingest.Options{PDFEngine: "go", MaxBlocks: 120}.Bytes("rules.pdf", data)
	if msg := fmt.Sprint(err); !errors.Is(err, ingest.ErrTooManyBlocks) || !strings.Contains(msg, "page 3 of 20") {
		t.Errorf("limit 120: %v, want refused at page 3 of 20 before the last page is read", err)
	}
	if os.Getenv("RULESYNC_PDF_GO") == "0" {
		return // PDFium reads every page, the one the Go reader cannot too
	}
	_, err = ingest.Options{PDFEngine: "go", MaxBlocks: 2000}.Bytes("rules.pdf", data)
	if err == nil || errors.Is(err, ingest.ErrTooManyBlocks) {
		t.Errorf("limit 2,000: %v, want the last page's error", err)
	}
}
