package reports_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulesync/rulesync/reports"
)

// buildWith builds the workspace of dir into out with the cache given,
// the clock at a fixed time, and the title, when not empty, set.
func buildWith(t *testing.T, dir, cache, out, title string) map[string]string {
	t.Helper()
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	ws.Cache = cache
	if title != "" {
		ws.Title = title
	}
	b := &reports.Build{Workspace: ws, Out: out, Now: func() time.Time { return time.Unix(1600000000, 0) }}
	if _, err := b.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return snapshot(t, out)
}

// TestWarmColdIdentical: a build that takes its work from a cache an
// earlier build filled under other settings writes the same bytes as a
// cold build: another SOURCE_DATE_EPOCH, another title, the workspace
// in another folder.
func TestWarmColdIdentical(t *testing.T) {
	for _, c := range []struct {
		name           string
		epoch1, epoch2 string
		title1, title2 string
		moveWorkspace  bool
	}{
		{"epoch", "1700000000", "1800000000", "", "", false},
		{"epoch set then unset", "1700000000", "", "", "", false},
		{"title", "1700000000", "1700000000", "One", "Two", false},
		{"moved", "1700000000", "1700000000", "", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyWorkspace(t)
			cache := filepath.Join(t.TempDir(), "cache")
			t.Setenv("SOURCE_DATE_EPOCH", c.epoch1)
			buildWith(t, dir, cache, filepath.Join(t.TempDir(), "out"), c.title1)
			if c.moveWorkspace {
				moved := filepath.Join(t.TempDir(), "elsewhere")
				if err := os.Rename(dir, moved); err != nil {
					t.Fatal(err)
				}
				dir = moved
			}
			t.Setenv("SOURCE_DATE_EPOCH", c.epoch2)
			warm := buildWith(t, dir, cache, filepath.Join(t.TempDir(), "out"), c.title2)
			cold := buildWith(t, dir, filepath.Join(t.TempDir(), "cold"), filepath.Join(t.TempDir(), "out"), c.title2)
			sameFiles(t, "warm against cold", cold, warm)
		})
	}
}
