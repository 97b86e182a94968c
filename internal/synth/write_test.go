package synth

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/atomicfile"
)

// TestFailedWriteLeavesNothing: a synth that fails part way (here the
// last file cannot be written) leaves nothing in its directory, so that
// the same command runs again (synth writes only into a new or empty
// directory).
func TestFailedWriteLeavesNothing(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty")
	os.Mkdir(empty, 0o755)
	for _, dir := range []string{filepath.Join(t.TempDir(), "new"), empty} {
		writeFile = func(path string, data []byte) error {
			if strings.HasSuffix(path, "truth.json") {
				return errors.New("disk full")
			}
			return atomicfile.Write(path, data)
		}
		err := Write(context.Background(), dir, 1, 2, 1, 5)
		writeFile = atomicfile.Write
		if err == nil {
			t.Fatal("the failing write was not reported")
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) > 0 {
			t.Errorf("%s: a failed synth left %d entries (%s)", dir, len(entries), entries[0].Name())
		}
		siblings, _ := os.ReadDir(filepath.Dir(dir))
		for _, e := range siblings {
			if e.Name() != filepath.Base(dir) {
				t.Errorf("a failed synth left %s beside %s", e.Name(), dir)
			}
		}
		if err := Write(context.Background(), dir, 1, 2, 1, 5); err != nil {
			t.Fatalf("the rerun: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "truth.json")); err != nil {
			t.Error(err)
		}
	}
}

// TestStaleDirRemoved: the directory a synth killed with kill -9 left
// beside its output (".DIR.new-PID-*", its process gone) is removed by
// the next synth into that directory.
func TestStaleDirRemoved(t *testing.T) {
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	stale := filepath.Join(parent, ".out.new-"+strconv.Itoa(dead.Process.Pid)+"-42")
	if err := os.MkdirAll(filepath.Join(stale, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(context.Background(), filepath.Join(parent, "out"), 1, 2, 1, 5); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		if e.Name() != "out" {
			t.Errorf("left beside the output: %s", e.Name())
		}
	}
}
