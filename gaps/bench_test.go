package gaps_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkGaps checks a generated translation of 500 rules against its
// source: the unit of work a workspace build repeats for every language
// and edition.
func BenchmarkGaps(b *testing.B) {
	docs, _ := synth.Corpus(1, 1, 1, 500)
	src, tr := docs["en-1"], docs["ja-1"]
	b.ReportAllocs()
	for b.Loop() {
		gaps.Options{}.Gaps(src, tr, nil)
	}
}

// TestSyntheticDefects checks generated translations against their
// sources: every defect the generator put in (an item left out, a wrong
// number, a text cut short) is found by its check on its item, and those
// checks report nothing else.
func TestSyntheticDefects(t *testing.T) {
	docs, truth := synth.Corpus(5, 2, 3, 300)
	found, total, other := 0, 0, 0
	for name, defects := range truth.Defects {
		src := docs["en-"+name[strings.Index(name, "-")+1:]]
		r := gaps.Options{}.Gaps(src, docs[name], nil)
		want := map[string]bool{}
		for _, d := range defects {
			want[d.Check+" "+d.Item] = true
		}
		got := map[string]bool{}
		for _, f := range r.Findings {
			switch f.Check {
			case gaps.Missing, gaps.Numbers, gaps.Truncated:
				k := f.Check + " " + f.SourceID
				got[k] = true
				if !want[k] {
					other++
					t.Errorf("%s: %s %s: %s (not a generated defect)", name, f.Check, f.SourceID, f.Message)
				}
			}
		}
		for k := range want {
			total++
			if got[k] {
				found++
			} else {
				t.Errorf("%s: generated defect %s not found", name, k)
			}
		}
	}
	t.Logf("%d of %d generated defects found, %d other findings", found, total, other)
}
