package reports_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

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
			ws.Cache = b.TempDir()
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
					os.RemoveAll(ws.Cache)
					b.StartTimer()
				}
				run()
			}
		})
	}
}
