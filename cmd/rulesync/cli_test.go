package main

import (
	"io"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionOf: the version line gives the module's version, the VCS
// revision, its time and whether the tree had changes, and the Go that
// built it; a build without VCS information says so.
func TestVersionOf(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/rulesync/rulesync", Version: "v1.4.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0602566abc"}, {Key: "vcs.time", Value: "2025-11-30T12:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionOf(info, true), "rulesync v1.4.0, revision 0602566abc (2025-11-30T12:00:00Z), with uncommitted changes, go1.26.8"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	info = &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/rulesync/rulesync", Version: "(devel)"}}
	if got, want := versionOf(info, true), "rulesync (devel), no VCS revision recorded, go1.26.8"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := versionOf(nil, false); !strings.Contains(got, "no build information") {
		t.Errorf("without build information: %q", got)
	}
}

// TestNearest: the suggestions for a mistyped command or flag.
func TestNearest(t *testing.T) {
	commands := []string{"ingest", "align", "diff", "gaps", "check", "provenance", "build", "synth", "show", "help", "h"}
	for _, c := range []struct{ typed, want string }{
		{"dif", "diff"}, {"buidl", "build"}, {"chek", "check"}, {"provenace", "provenance"}, {"ingset", "ingest"},
		{"bogus", ""}, {"x", ""}, {"gap", "gaps"},
	} {
		t.Run(c.typed, func(t *testing.T) {
			if got := nearest(c.typed, commands); got != c.want {
				t.Errorf("nearest(%q) = %q, want %q", c.typed, got, c.want)
			}
		})
	}
	if got := nearest("colour", []string{"color", "config", "output"}); got != "color" {
		t.Errorf("nearest(colour) = %q", got)
	}
}

// TestPrepare: what the command line asks before a command runs.
func TestPrepare(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard)
	for _, c := range []struct {
		in     string
		out    string
		status int
		done   bool
	}{
		{"rulesync", "", 2, true},
		{"rulesync --version", "", 0, true},
		{"rulesync bogus a", "", 2, true},
		{"rulesync --bogus", "", 2, true},
		{"rulesync help bogus", "", 2, true},
		{"rulesync --help", "rulesync --help", 0, false},
		{"rulesync diff -h a b", "rulesync diff --help", 0, false},
		{"rulesync diff a b --help", "rulesync diff --help", 0, false},
		{"rulesync diff a -- -h", "rulesync diff a -- -h", 0, false},
		{"rulesync diff a b --to md", "rulesync diff a b --to md", 0, false},
		{"rulesync diff a b --version", "", 0, true},
	} {
		t.Run(c.in, func(t *testing.T) {
			out, status, done := prepare(app, strings.Fields(c.in), io.Discard, io.Discard)
			if strings.Join(out, " ") != c.out || status != c.status || done != c.done {
				t.Errorf("got %q, %d, %v; want %q, %d, %v", out, status, done, c.out, c.status, c.done)
			}
		})
	}
}
