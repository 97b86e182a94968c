package ingest_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
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
