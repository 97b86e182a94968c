package reports_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/cputime"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// BenchmarkBuild builds the example workspace (../workspace, on the real
// corpus): cold, with an empty workspace cache (the PDF engine's compiled
// code, kept in the user cache, is warm after the first run), and warm,
// with nothing changed since the last build.
func BenchmarkBuild(b *testing.B) {
	manifest := "../workspace/rulesync.toml"
	if _, err := os.Stat(filepath.Join(testcorpus.Dir(), "tda")); err != nil {
		b.Skipf("real corpus not available: %v", err)
	}
	for _, warm := range []bool{false, true} {
		name := "cold"
		if warm {
			name = "warm"
		}
		b.Run(name, func(b *testing.B) {
			ws, err := reports.LoadWorkspace(manifest)
			if err != nil {
				b.Fatal(err)
			}
			ws.Granted.Cache = b.TempDir()
			out := filepath.Join(b.TempDir(), "out")
			run := func() {
				if _, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			if warm {
				run()
			}
			b.ResetTimer()
			for b.Loop() {
				if !warm {
					b.StopTimer()
					os.RemoveAll(ws.Granted.Cache)
					b.StartTimer()
				}
				run()
			}
		})
	}
}

// BenchmarkSync makes the Markdown draft of a generated Japanese
// translation of n rules on the second of two English editions, the
// first its base, as `rulesync sync --base --to md` does from the
// documents' JSON (bench/scale curve): the checks, the draft, and the
// draft written and read back to prove its ids. It reports the CPU time
// (of every core) per item and the bytes allocated per item of each of
// the three sides.
func BenchmarkSync(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		docs, _ := synth.Corpus(1, 2, 1, n)
		base, src, tr := docs["en-1"], docs["en-2"], docs["ja-1"]
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var st *reports.DraftStats
			var buf bytes.Buffer
			c0, _ := cputime.Used()
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				d := gaps.Options{}.Gaps(src, tr, base).Draft()
				d.Release()
				buf.Reset()
				var err error
				if st, err = reports.WriteDraft(&buf, d, reports.DraftOptions{Format: "md"}); err != nil {
					b.Fatal(err)
				}
			}
			c1, ok := cputime.Used()
			runtime.ReadMemStats(&m1)
			if st.IDsDiffer != 0 || st.Reread != "" || buf.Len() == 0 {
				b.Fatalf("the draft reads back with %d ids not the source's (%s)", st.IDsDiffer, st.Reread)
			}
			if ok {
				b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/item")
			}
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(3*n), "B/item/side")
		})
	}
}
