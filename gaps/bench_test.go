package gaps_test

import (
	"context"
	"strings"
	"testing"
	"time"

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

// TestGapsCancel: checks whose context has ended do not do the work:
// they return fewer findings than the whole checks. How soon a cancel
// during the checks is seen is logged, not asserted: a timed assertion
// fails on a loaded machine.
func TestGapsCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("checks a translation of 2,000 rules against two editions")
	}
	docs, _ := synth.Corpus(1, 2, 1, 2000)
	src, tr, base := docs["en-2"], docs["ja-1"], docs["en-1"]
	start := time.Now()
	all := gaps.Options{}.Gaps(src, tr, base)
	whole := time.Since(start)
	if len(all.Findings) == 0 {
		t.Fatal("the whole checks find nothing")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := (gaps.Options{Context: ctx}).Gaps(src, tr, base); len(r.Findings) >= len(all.Findings) {
		t.Errorf("checks cancelled before they started found %d, as many as the whole checks (%d)", len(r.Findings), len(all.Findings))
	}
	for _, at := range []time.Duration{whole / 10, whole / 2} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(at, cancel)
		start = time.Now()
		gaps.Options{Context: ctx}.Gaps(src, tr, base)
		t.Logf("whole checks %v, cancelled at %v: stopped after %v", whole.Round(time.Millisecond), at.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
		cancel()
	}
}
