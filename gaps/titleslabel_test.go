package gaps_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestTitlesLabels: the titles finding names items by their printed
// labels, a number that already prints its kind's prefix ("RP-1") once
// and not as "RP-RP-1".
func TestTitlesLabels(t *testing.T) {
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	ja := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")
	r := gaps.Options{}.Gaps(en, ja, nil)
	seen := false
	for _, f := range r.Findings {
		if f.Check != gaps.Titles {
			continue
		}
		seen = true
		if strings.Contains(f.Message, "RP-RP-") {
			t.Errorf("titles finding prints a prefix twice: %s", f.Message)
		}
	}
	if !seen {
		t.Skip("no titles finding on this pair")
	}
}
