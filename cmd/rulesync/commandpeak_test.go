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

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/gctune"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/peaktest"
	"github.com/rulesync/rulesync/internal/synth"
)

// commandPeakLimit is the most memory a command may take on inputs
// within the default limits, as the resident set's high-water mark.
const commandPeakLimit = 1 << 30

// commandPeak is a command TestCommandPeakMemory runs: args after
// "rulesync", in which the documents of a generated corpus (rulesync
// synth: en-1, en-2, ja-1) are named "@NAME" and the output "@out".
// docs is how many documents it reads: each has nearly as many items as
// the default block limit allows them together (ingest.DefaultMaxBlocks,
// which the inputs of one command share).
type commandPeak struct {
	name string
	args []string
	docs int
	// skip, when not "", is why the run leaves the command out unless
	// RULESYNC_PEAK_ALL is set: its peak, measured, is under
	// commandPeakLimit by less than a sixth, which the collector's
	// timing may pass by chance (as ingest's TestPeakMemory).
	skip string
}

// commandPeaks are the commands that hold several documents at once.
var commandPeaks = []commandPeak{
	{"sync-base", []string{"sync", "--base", "@en-1", "--to", "md", "-o", "@out", "@en-2", "@ja-1"}, 3, ""},
	{"gaps-base", []string{"gaps", "--base", "@en-1", "--to", "json", "-o", "@out", "@en-2", "@ja-1"}, 3, ""},
	{"diff", []string{"diff", "--to", "json", "-o", "@out", "@en-1", "@en-2"}, 2, ""},
	{"gaps", []string{"gaps", "--to", "json", "-o", "@out", "@en-1", "@ja-1"}, 2, ""},
	{"align", []string{"align", "--to", "json", "-o", "@out", "@en-1", "@ja-1"}, 2, ""},
	{"sync", []string{"sync", "--to", "md", "-o", "@out", "@en-1", "@ja-1"}, 2, ""},
}

// TestCommandPeakMemory runs each command of commandPeaks on a
// generated corpus (rulesync synth) whose documents together have
// nearly the default block limit's items (ingest.DefaultMaxBlocks, less
// 2%: 163k items a side for three documents, 245k for two), in a process of its own set
// up as the command's (the collector settings of main), and fails when
// the process's peak resident memory (VmHWM) passes commandPeakLimit.
// A long test: it runs with -tags long.
func TestCommandPeakMemory(t *testing.T) {
	longtest.Skip(t)
	if args := os.Getenv("RULESYNC_COMMAND_PEAK"); args != "" {
		commandPeakChild(strings.Split(args, "\n"))
		return
	}
	if testing.Short() {
		t.Skip("runs commands on documents of 166k to 250k items: not with -short")
	}
	peaktest.Skip(t)
	corpora, tmp := map[int]string{}, t.TempDir()
	for _, cmd := range commandPeaks {
		t.Run(cmd.name, func(t *testing.T) {
			if cmd.skip != "" && os.Getenv("RULESYNC_PEAK_ALL") == "" {
				t.Skip(cmd.skip + "; RULESYNC_PEAK_ALL=1 measures it")
			}
			// The editions synth writes differ in their items by up
			// to 1% (some added, some removed): 2% less than the
			// limit's share keeps them within it together.
			items := ingest.DefaultMaxBlocks / cmd.docs * 49 / 50
			dir, ok := corpora[cmd.docs]
			if !ok {
				dir = filepath.Join(tmp, fmt.Sprint("synth-", items))
				if err := (synth.Options{}).Write(context.Background(), dir, 1, 2, 1, items); err != nil {
					t.Fatal(err)
				}
				corpora[cmd.docs] = dir
			}
			args := commandPeakArgs(cmd.args, dir)
			peak := peaktest.Run(t, "TestCommandPeakMemory", "RULESYNC_COMMAND_PEAK="+strings.Join(args, "\n"))
			t.Logf("%s of %d documents of %d items: peak %d MB", strings.Join(cmd.args, " "), cmd.docs, items, peak>>20)
			if peak > commandPeakLimit {
				t.Errorf("%s of %d documents of %d items: peak %d MB, over %d MB", cmd.name, cmd.docs, items, peak>>20, commandPeakLimit>>20)
			}
		})
	}
}

// commandPeakArgs are args with "@NAME" the path of the document NAME
// of the corpus in dir and "@out" a file in dir.
func commandPeakArgs(args []string, dir string) []string {
	out := []string{"rulesync"}
	for _, a := range args {
		switch {
		case a == "@out":
			a = filepath.Join(dir, "out")
		case strings.HasPrefix(a, "@"):
			a = filepath.Join(dir, "docs", a[1:]+".json")
		}
		out = append(out, a)
	}
	return out
}

// commandPeakChild runs args as the command does and prints the
// process's peak resident memory: "peak BYTES". Exit status 0 and 1
// (differences found) are a run.
func commandPeakChild(args []string) {
	debug.SetMemoryLimit(memoryLimit)
	gctune.Lazy(smallHeap, memoryLimit)
	var stderr strings.Builder
	if code := run(args, nil, io.Discard, &stderr); code != 0 && code != 1 {
		peaktest.Fail(fmt.Errorf("exit %d\n%s", code, stderr.String()))
	}
	peaktest.Report()
}
