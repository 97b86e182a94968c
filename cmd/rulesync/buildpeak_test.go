package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/peaktest"
)

// TestBuildPeakMemory builds a workspace of one source within the default
// limits: numbered lines of text, nearly as many as the block limit
// allows (ingest.DefaultMaxBlocks, less 2%) and nearly as many bytes as
// the size limit, each line cut short of a sentence's end so that the
// document's check finds every item a preview (a finding per item, the
// most its page holds). The build's process (a child, set up as main
// sets up a command) must stay under commandPeakLimit. A long test: it
// runs with -tags long.
func TestBuildPeakMemory(t *testing.T) {
	longtest.Skip(t)
	if testing.Short() {
		t.Skip("builds a workspace of a source of 490k items: not with -short")
	}
	peaktest.Skip(t)
	dir := t.TempDir()
	items := ingest.DefaultMaxBlocks * 49 / 50
	words := strings.Fields("the player may call a clock when the opponent has taken a reasonable time and the floor decides")
	f, err := os.Create(filepath.Join(dir, "rules.txt"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	size := 0
	for i := 1; i <= items; i++ {
		var line strings.Builder
		fmt.Fprintf(&line, "%d.", i)
		for k := range 9 {
			line.WriteString(" " + words[(i*7+k*3)%len(words)])
		}
		line.WriteByte('\n')
		size += line.Len()
		w.WriteString(line.String())
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if size > ingest.DefaultMaxBytes {
		t.Fatalf("the source is %d bytes, over the default limit", size)
	}
	manifest := filepath.Join(dir, "rulesync.toml")
	if err := os.WriteFile(manifest, []byte("title = \"peak\"\n[[source]]\nname = \"rules\"\npath = \"rules.txt\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"rulesync", "build", "-c", manifest, "-o", filepath.Join(dir, "site")}
	peak := peaktest.Run(t, "TestCommandPeakMemory", "RULESYNC_COMMAND_PEAK="+strings.Join(args, "\n"))
	t.Logf("build of one source of %d items, %d bytes: peak %d MB", items, size, peak>>20)
	if peak > commandPeakLimit {
		t.Errorf("build of one source of %d items: peak %d MB, over %d MB", items, peak>>20, commandPeakLimit>>20)
	}
}
