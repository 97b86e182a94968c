package gaps_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/cputime"
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

// BenchmarkGapsScale checks a generated Japanese translation of n rules
// against the second of two English editions with the first as its base
// (the three sides `rulesync gaps --base` reads in bench/scale curve),
// for n from 1k to 100k. It reports the CPU time (of every core) per
// item and the bytes allocated per item of each side: the machine is
// shared, so the process's CPU time says more than the wall clock.
func BenchmarkGapsScale(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		docs, _ := synth.Corpus(1, 2, 1, n)
		base, src, tr := docs["en-1"], docs["en-2"], docs["ja-1"]
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var r *gaps.Report
			c0, _ := cputime.Used()
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				r = gaps.Options{}.Gaps(src, tr, base)
			}
			c1, ok := cputime.Used()
			runtime.ReadMemStats(&m1)
			if len(r.Findings) == 0 || r.Unplaceable() != nil {
				b.Fatalf("%d findings, %v", len(r.Findings), r.Unplaceable())
			}
			if ok {
				b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/item")
			}
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(3*n), "B/item/side")
		})
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
