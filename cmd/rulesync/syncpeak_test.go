package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/gctune"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/peaktest"
	"github.com/rulesync/rulesync/internal/synth"
)

// syncPeakItems is the size of the documents TestSyncPeakMemory syncs,
// items a side, and syncPeakLimit the most memory the sync may take.
const (
	syncPeakItems = 200_000
	syncPeakLimit = 1 << 30
)

// TestSyncPeakMemory runs `rulesync sync --base en-1 --to md en-2 ja-1`
// on a generated corpus (rulesync synth) of 200k items a side (three
// documents JSON of 90 MB each), in a process of its own set up as the
// command's (the collector settings of main), and fails when the
// process's peak resident memory (VmHWM) passes syncPeakLimit. A long
// test: it runs with -tags long.
func TestSyncPeakMemory(t *testing.T) {
	longtest.Skip(t)
	if dir := os.Getenv("RULESYNC_SYNC_PEAK"); dir != "" {
		syncPeakChild(dir)
		return
	}
	if testing.Short() {
		t.Skip("syncs 200k items a side: not with -short")
	}
	peaktest.Skip(t)
	dir := filepath.Join(t.TempDir(), "synth")
	if err := (synth.Options{}).Write(context.Background(), dir, 1, 2, 1, syncPeakItems); err != nil {
		t.Fatal(err)
	}
	peak := peaktest.Run(t, "TestSyncPeakMemory", "RULESYNC_SYNC_PEAK="+dir)
	t.Logf("sync of %d items a side: peak %d MB", syncPeakItems, peak>>20)
	if peak > syncPeakLimit {
		t.Errorf("sync of %d items a side: peak %d MB, over %d MB", syncPeakItems, peak>>20, syncPeakLimit>>20)
	}
}

// syncPeakChild syncs the corpus in dir as the command does and prints
// the process's peak resident memory: "peak BYTES".
func syncPeakChild(dir string) {
	debug.SetMemoryLimit(memoryLimit)
	gctune.Lazy(smallHeap, memoryLimit)
	docs := filepath.Join(dir, "docs")
	var stderr strings.Builder
	args := []string{"rulesync", "sync", "--base", filepath.Join(docs, "en-1.json"), "--to", "md", "-o", filepath.Join(dir, "draft.md"),
		filepath.Join(docs, "en-2.json"), filepath.Join(docs, "ja-1.json")}
	if code := run(args, nil, io.Discard, &stderr); code != 0 {
		peaktest.Fail(fmt.Errorf("exit %d\n%s", code, stderr.String()))
	}
	peaktest.Report()
}
