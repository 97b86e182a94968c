package gaps_test

import (
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestGapsThroughVariants: gaps reads a translation through its source,
// so a variant that lost the translation's numbers (bullets, <ul>)
// gives the findings the original gives on the source's items: missing
// and mismatch, by source id. (Findings that read the numbers the
// variant removed, or the wording its layout changed, are not compared:
// the variant changed that text.) At least 90% of the original's must
// come back, and the variant may add no more than a tenth of them (or
// one): held for WCA ja and Social Contract zh; FIDE ru and Debian
// Constitution ru, where the projection pairs 86% of the labelled items
// (align's TestThroughVariants), are measured and logged, not yet held.
func TestGapsThroughVariants(t *testing.T) {
	for _, p := range []struct {
		src, tr string
		held    bool // false: measured and logged, not yet held (see the doc)
	}{
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", true},
		{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-zh.wml", true},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md", false},
		{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ru.wml", false},
	} {
		t.Run(p.tr, func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			want := structural(gaps.Options{}.Gaps(src, orig, nil))
			for _, v := range []testcorpus.Variant{testcorpus.Bullets, testcorpus.List} {
				r := gaps.Options{}.Gaps(src, testcorpus.Render(t, orig, v), nil)
				if err := r.Unplaceable(); err != nil {
					t.Errorf("%s: %v", v, err)
					continue
				}
				got := structural(r)
				same, added := 0, 0
				for k := range got {
					if want[k] {
						same++
					} else {
						added++
					}
				}
				t.Logf("%s: %d of %d findings of the original; %d more", v, same, len(want), added)
				if p.held && (10*same < 9*len(want) || 10*added > max(len(want), 10)) {
					t.Errorf("%s: %d of %d findings of the original, %d more; want 90%% and at most a tenth more", v, same, len(want), added)
				}
			}
		})
	}
}

// structural are a report's missing and mismatch findings, by check and
// source id (an extra item has none: its id is the translation's).
func structural(r *gaps.Report) map[string]bool {
	out := map[string]bool{}
	for _, f := range r.Findings {
		switch f.Check {
		case gaps.Missing, gaps.Mismatch:
			out[f.Check+" "+f.SourceID] = true
		}
	}
	return out
}
