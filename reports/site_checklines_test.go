package reports

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// TestDocumentPageCheckLines: a check that finds something in every item
// of a long document lists at most checkLines of those findings above
// the items (the most serious first) and says how many more there are;
// every finding is still on the page in its item's row, and the
// document's own findings are all listed, however many.
func TestDocumentPageCheckLines(t *testing.T) {
	for _, n := range []int{10, checkLines + 500} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			d := &corpus.Document{Title: "T", Edition: "1", Lang: "en"}
			r := &gaps.Report{Source: d}
			for i := 1; i <= n; i++ {
				id := fmt.Sprintf("rule:%d", i)
				d.Items = append(d.Items, corpus.Item{ID: id, Kind: "rule", Number: fmt.Sprint(i), Text: "Text."})
				sev := gaps.Info
				if i%3 == 0 {
					sev = gaps.Warning
				}
				r.Findings = append(r.Findings, gaps.Finding{Check: "c", Severity: sev, SourceID: id, TargetID: id, Message: fmt.Sprintf("finding-%d.", i)})
			}
			r.Findings = append(r.Findings, gaps.Finding{Check: "d", Severity: gaps.Info, Message: "whole-document."})
			page, err := documentPage(namedDoc{"doc", d}, r, "site")
			if err != nil {
				t.Fatal(err)
			}
			s := string(page)
			check, rows, ok := strings.Cut(s, "<h2>Items</h2>")
			if !ok {
				t.Fatal("no items heading")
			}
			listed := strings.Count(check, "finding-")
			wantListed, more := n, 0
			if n > checkLines {
				wantListed, more = checkLines-1, n-checkLines+1
			}
			if listed != wantListed {
				t.Errorf("%d item findings listed above the items, want %d", listed, wantListed)
			}
			if got := strings.Contains(check, fmt.Sprintf("%d more findings", more)); got != (more > 0) {
				t.Errorf("more-findings line for %d: %v", more, got)
			}
			if !strings.Contains(check, "whole-document.") {
				t.Error("the document's own finding is not listed")
			}
			for i := 1; i <= n; i++ {
				if !strings.Contains(rows, fmt.Sprintf("finding-%d.", i)) {
					t.Fatalf("finding %d is in no row", i)
				}
			}
		})
	}
}
