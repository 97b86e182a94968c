package gaps_test

import (
	"path"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// gapsPairs are the dev translations, source first; held marks those
// held to the original's findings in bullets and <ul>.
var gapsPairs = []struct {
	src, tr string
	held    bool
}{
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md", false},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md", false},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml", false},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ko.wml", false},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ru.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ar.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-he.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-zh.wml", true},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ru.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ja.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.0-en.wml", "dev/debian-social-contract/debian-social-contract-1.0-ja.wml", false},
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", true},
	{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt", false},
	{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-addendum-pt.txt", false},
}

// TestGapsThroughVariants: gaps reads a translation through its source,
// so a variant the tests write of a dev translation (numbers lost into
// bullets, <ul>, paragraphs or table rows; heading words replaced or
// removed; numbers in Arabic-Indic, Devanagari or full-width digits; a
// table of contents before it, plain or linked; items joined or split)
// should give the findings the original gives on the source's items
// (missing and mismatch, by source id), except on the items the variant
// itself changed (joined or split: testcorpus.RenderChanged says which,
// mapped to source ids through the original's reading).
//
// What holds today, and is held: WCA ja and Social Contract zh give the
// original's findings in bullets and <ul> (90%, at most a tenth more).
// Pooled over the pairs, each variant is held to the share of the
// original's findings it gives back today and to the findings it adds
// (variantHeld). The originals give 17 findings (FIDE hy 7, ru 6, the
// TDA ja reader page 3, Social Contract zh 1): the variants that keep
// the numbers give back 13 or 14 of them and add 0 to 28 (the TDA page's
// 3 are lost in every variant, and one more with heading words
// replaced);
// those that lose them give back 2 to 5 and add 7 to 14. Most of what
// those lose are findings of the original's own misreading, which the
// variant, read by lengths and anchors, does not repeat: FIDE hy prints
// 9.2.1 and 9.2.2 for the source's 9.2.1.1 and 9.2.1.2, and A.4.2 for
// A4.1.2, and FIDE ru prints B.2.2 to B.2.4 for B.2.1 to B.2.3; the
// reader keeps no item of the headings FIDE ru and hy print with no
// number (sec:12, sec:A), and folds hy's first of two 3.8.2.2.1 into
// 3.8.2.2. Of FIDE ru's four true omissions (3.9.2, 3.10.1 to 3.10.3)
// the variants report two; the segmentation gives the other two a
// neighbour's line. A translation of part of its
// source whose numbers are lost (the TDA Portuguese addendum page) is
// not put on its source: gaps says so (Unplaceable, exit 2), which is
// logged here for those variants, not silent.
func TestGapsThroughVariants(t *testing.T) {
	same, want, added := map[testcorpus.Variant]int{}, map[testcorpus.Variant]int{}, map[testcorpus.Variant]int{}
	for _, p := range gapsPairs {
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			base := gaps.Options{}.Gaps(src, orig, nil)
			origSrc := sourceIDs(src, orig)
			for _, v := range testcorpus.Variants {
				d, changed := testcorpus.RenderChanged(t, orig, v)
				r := gaps.Options{}.Gaps(src, d, nil)
				if err := r.Unplaceable(); err != nil {
					if numbersLost(v) {
						t.Logf("%s: %v", v, err)
					} else {
						t.Errorf("%s: %v", v, err)
					}
					continue
				}
				skip := map[string]bool{}
				for id := range changed {
					for _, s := range origSrc[id] {
						skip[s] = true
					}
				}
				w, g := structural(base, skip), structural(r, skip)
				n, more := 0, 0
				for k := range g {
					if w[k] {
						n++
					} else {
						more++
					}
				}
				same[v] += n
				want[v] += len(w)
				added[v] += more
				t.Logf("%-15s %d of %d findings of the original; %d more (%d items changed by the variant)", v, n, len(w), more, len(changed))
				if p.held && (v == testcorpus.Bullets || v == testcorpus.List) && (10*n < 9*len(w) || 10*more > max(len(w), 10)) {
					t.Errorf("%s: %d of %d findings of the original, %d more; want 90%% and at most a tenth more", v, n, len(w), more)
				}
			}
		})
	}
	for _, v := range testcorpus.Variants {
		share, most := variantHeld(v)
		t.Logf("%-15s pooled: %d of %d findings of the original, %d more", v, same[v], want[v], added[v])
		if want[v] > 0 && float64(same[v]) < share*float64(want[v]) || added[v] > most {
			t.Errorf("%s: pooled %d of %d findings of the original and %d more; want %.0f%% and at most %d more", v, same[v], want[v], added[v], 100*share, most)
		}
	}
}

// numbersLost reports whether the variant prints no numbers.
func numbersLost(v testcorpus.Variant) bool {
	switch v {
	case testcorpus.Bullets, testcorpus.List, testcorpus.Paragraphs, testcorpus.Rows, testcorpus.Joined, testcorpus.Split:
		return true
	}
	return false
}

// variantHeld is what a variant is held to, pooled over the pairs: the
// least share of the original's findings it gives back and the most it
// may add; today's figures with a margin (see TestGapsThroughVariants):
// numbers kept 13-14 of 17 (76-82%), numbers lost 2-5 of 17.
func variantHeld(v testcorpus.Variant) (share float64, most int) {
	if numbersLost(v) {
		return 0.1, 40
	}
	return 0.75, 40
}

// sourceIDs maps the ids of the translation's items to the source ids
// their reading through the source gives them.
func sourceIDs(src, tr *corpus.Document) map[string][]string {
	r := align.Options{}.Through(src, tr)
	out := map[string][]string{}
	for j, it := range r.Doc.Items {
		if own := r.Alignment.OwnID(j); own != "" && it.IDSource != "" {
			out[own] = append(out[own], it.ID)
		}
	}
	return out
}

// structural are a report's missing and mismatch findings, by check and
// source id (an extra item has none: its id is the translation's), but
// those on the source ids of skip.
func structural(r *gaps.Report, skip map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, f := range r.Findings {
		switch f.Check {
		case gaps.Missing, gaps.Mismatch:
			if !skip[f.SourceID] {
				out[f.Check+" "+f.SourceID] = true
			}
		}
	}
	return out
}

// TestUnplaceablePerturbed: gaps stops (Unplaceable, exit 2 in the
// commands) with a reason when the source's items cannot be put on the
// translation: a translation of another document (the dev translation
// of the next pair with another source), however many items the block
// alignment, which reads lengths, spreads it over (its pairs share 0%
// to 7% of their numbers, references and terms beyond chance, a
// translation and its variants 15% to 90%: align.Affinity); and a
// translation cut to its first third of items (fewer than half placed).
func TestUnplaceablePerturbed(t *testing.T) {
	for k, p := range gapsPairs {
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			var other string
			for d := 1; other == ""; d++ {
				if q := gapsPairs[(k+d)%len(gapsPairs)]; path.Dir(q.src) != path.Dir(p.src) || path.Dir(q.tr) != path.Dir(p.tr) {
					other = q.tr
				}
			}
			r := gaps.Options{}.Gaps(src, testcorpus.Doc(t, other), nil)
			if err := r.Unplaceable(); err == nil {
				t.Errorf("%s read through it: %d of %d placed, want an error; affinity %+v", other, r.Placed, r.Placeable, r.Affinity)
			} else {
				t.Logf("%s: %v", other, err)
			}
			cut := *orig
			cut.Items = orig.Items[:len(orig.Items)/3]
			r = gaps.Options{}.Gaps(src, &cut, nil)
			if err := r.Unplaceable(); err == nil {
				t.Errorf("cut to a third: %d of %d placed, want an error", r.Placed, r.Placeable)
			} else {
				t.Logf("cut to a third: %v", err)
			}
		})
	}
}
