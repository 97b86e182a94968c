package reports_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/reports"
)

// TestBuildWeighsSources: the sources a build reads at once weigh their
// bytes within one source's limit, however many workers it has: four
// sources of three fifths of max_bytes each are read one at a time, and
// those of a fifth side by side within the limit.
func TestBuildWeighsSources(t *testing.T) {
	const limit = 6000
	for _, c := range []struct {
		name string
		size int // each source's bytes, about
	}{{"three fifths", limit * 3 / 5}, {"a fifth", limit / 5}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			manifest := fmt.Sprintf("title = \"w\"\nmax_bytes = %d\n", limit)
			sizes := map[string]int64{}
			for s := range 4 {
				var b strings.Builder
				for i := 1; b.Len() < c.size-40; i++ {
					fmt.Fprintf(&b, "%d. Source %d, rule %d applies.\n", i, s, i)
				}
				name := fmt.Sprintf("s%d", s)
				if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				sizes[name] = int64(b.Len())
				manifest += fmt.Sprintf("[[source]]\nname = %q\npath = %q\n", name, name+".txt")
			}
			if err := os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(manifest), 0o644); err != nil {
				t.Fatal(err)
			}
			ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
			if err != nil {
				t.Fatal(err)
			}
			var inFlight, most int64
			b := &reports.Build{Workspace: ws, Out: filepath.Join(dir, "out"), Workers: 4,
				Progress: func(e reports.Event) {
					if e.Stage != "ingest" {
						return
					}
					if e.Done {
						inFlight -= sizes[e.Name]
						return
					}
					inFlight += sizes[e.Name]
					most = max(most, inFlight)
					// Hold the reading a moment, so that reads not
					// weighed would overlap.
					time.Sleep(20 * time.Millisecond)
				}}
			sum, err := b.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(sum.Failed) > 0 {
				t.Fatalf("sources failed: %v", sum.Failed)
			}
			if most > limit {
				t.Errorf("%d bytes of sources read at once, over the %d of one source's limit", most, limit)
			}
		})
	}
}
