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

// TestBuildPeakMemory builds two workspaces within the default limits
// in a process of its own each, set up as main sets up a command, and
// fails when the process's peak resident memory passes
// commandPeakLimit:
//   - "source": one source of numbered lines of text, nearly as many as
//     the block limit allows (ingest.DefaultMaxBlocks, less 2%) and
//     nearly as many bytes as the size limit, each line cut short of a
//     sentence's end so that the document's check finds every item a
//     preview (a finding per item, the most its page holds);
//   - "translation": a source and its translation into French, numbered
//     lines of half the block limit each (less 2%, 245k a side): the
//     build's step checks the translation and writes its report, draft,
//     PO, XLIFF, TMX and pages, every item a finding.
//
// A long test: it runs with -tags long.
func TestBuildPeakMemory(t *testing.T) {
	longtest.Skip(t)
	if testing.Short() {
		t.Skip("builds workspaces of sources of 245k to 490k items: not with -short")
	}
	peaktest.Skip(t)
	words := strings.Fields("the player may call a clock when the opponent has taken a reasonable time and the floor decides")
	mots := strings.Fields("le joueur peut appeler une horloge quand son adversaire a pris un temps raisonnable et l'arbitre décide")
	t.Run("source", func(t *testing.T) {
		dir := t.TempDir()
		items := ingest.DefaultMaxBlocks * 49 / 50
		size := writeNumbered(t, filepath.Join(dir, "rules.txt"), items, words)
		if size > ingest.DefaultMaxBytes {
			t.Fatalf("the source is %d bytes, over the default limit", size)
		}
		buildPeak(t, dir, "[[source]]\nname = \"rules\"\npath = \"rules.txt\"\n", fmt.Sprintf("build of one source of %d items, %d bytes", items, size))
	})
	t.Run("translation", func(t *testing.T) {
		dir := t.TempDir()
		items := ingest.DefaultMaxBlocks / 2 * 49 / 50
		en := writeNumbered(t, filepath.Join(dir, "en.txt"), items, words)
		fr := writeNumbered(t, filepath.Join(dir, "fr.txt"), items, mots)
		manifest := "[[source]]\nname = \"en\"\npath = \"en.txt\"\nlang = \"en\"\n" +
			"[[source]]\nname = \"fr\"\npath = \"fr.txt\"\nlang = \"fr\"\n" +
			"[[translation]]\nname = \"fr\"\nsource = \"en\"\n"
		buildPeak(t, dir, manifest, fmt.Sprintf("build of a translation of %d items a side (%d and %d bytes)", items, en, fr))
	})
}

// writeNumbered writes items numbered lines of nine of words each to
// path, and returns its size.
func writeNumbered(t *testing.T, path string, items int, words []string) int {
	t.Helper()
	f, err := os.Create(path)
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
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return size
}

// buildPeak builds the workspace of the manifest's sources in dir, in a
// child process, and fails t when its peak passes commandPeakLimit.
func buildPeak(t *testing.T, dir, sources, what string) {
	t.Helper()
	manifest := filepath.Join(dir, "rulesync.toml")
	if err := os.WriteFile(manifest, []byte("title = \"peak\"\n"+sources), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"rulesync", "build", "-c", manifest, "-o", filepath.Join(dir, "site")}
	peak := peaktest.Run(t, "TestCommandPeakMemory", "RULESYNC_COMMAND_PEAK="+strings.Join(args, "\n"))
	t.Logf("%s: peak %d MB", what, peak>>20)
	if peak > commandPeakLimit {
		t.Errorf("%s: peak %d MB, over %d MB", what, peak>>20, commandPeakLimit>>20)
	}
}
