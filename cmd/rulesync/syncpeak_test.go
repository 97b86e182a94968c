package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/gctune"
	"github.com/rulesync/rulesync/internal/longtest"
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
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("needs /proc/self/status for the peak memory")
	}
	dir := filepath.Join(t.TempDir(), "synth")
	if err := (synth.Options{}).Write(context.Background(), dir, 1, 2, 1, syncPeakItems); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestSyncPeakMemory$")
	cmd.Env = append(os.Environ(), "RULESYNC_SYNC_PEAK="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var peak int64
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "peak "); ok {
			peak, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	if peak == 0 {
		t.Fatalf("the child said no peak:\n%s", out)
	}
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
		fmt.Printf("error: exit %d\n%s", code, stderr.String())
		os.Exit(1)
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			fmt.Printf("peak %d\n", kb<<10)
		}
	}
}
