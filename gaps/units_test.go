package gaps_test

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestUnitsAgreeWithReport: the units in scope, by state, give the
// report's numbers: as many new units as missing findings, as many stale
// units as stale findings, and the coverage (what a site's coverage bar
// shows must be what the report says).
func TestUnitsAgreeWithReport(t *testing.T) {
	for _, c := range []struct{ name, source, translation, base string }{
		{"reader page", "tda/tda-2024-longform-en.pdf", "seeds/tda-2024-ja-reader-page.txt", ""},
		{"portuguese addendum", "tda/tda-2024-longform-en.pdf", "seeds/tda-2024-addendum-pt.txt", ""},
		{"wca with base", "wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "wca/wca-regulations-2021-05-01-en.md"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, tr := testcorpus.Doc(t, c.source), testcorpus.Doc(t, c.translation)
			var base *corpus.Document
			if c.base != "" {
				base = testcorpus.Doc(t, c.base)
			}
			r := gaps.Options{}.Gaps(src, tr, base)
			total, done, stale, missing := 0, 0, 0, 0
			for _, u := range r.Units() {
				if !u.InScope {
					continue
				}
				total++
				switch u.State {
				case gaps.New:
					missing++
				case gaps.StaleState:
					stale++
					done++
				default:
					done++
				}
			}
			if missing != r.Count(gaps.Missing) || stale != r.Count(gaps.Stale) {
				t.Errorf("units: %d missing, %d stale; report: %d missing, %d stale", missing, stale, r.Count(gaps.Missing), r.Count(gaps.Stale))
			}
			if cov := 100 * float64(done) / float64(total); cov-r.Coverage > 0.01 || r.Coverage-cov > 0.01 {
				t.Errorf("units cover %.2f%% (%d of %d), the report %.2f%%", cov, done, total, r.Coverage)
			}
		})
	}
}
