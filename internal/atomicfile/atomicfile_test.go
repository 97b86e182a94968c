package atomicfile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWriteFileAtomicRefuses: a read-only file and one that is not a
// regular file are not replaced, and the error names the path once.
func TestWriteFileAtomicRefuses(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.json")
	if err := os.WriteFile(ro, []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	err := Write(ro, []byte("new"))
	if !errors.Is(err, ErrReadOnly) {
		t.Fatalf("read-only: got %v, want ErrReadOnly", err)
	}
	if data, _ := os.ReadFile(ro); string(data) != "keep" {
		t.Errorf("read-only file replaced: %q", data)
	}
	err = Write(dir, []byte("new"))
	var pe *os.PathError
	if !errors.Is(err, ErrNotRegular) || !errors.As(err, &pe) || pe.Path != dir {
		t.Errorf("directory: got %v, want a PathError of ErrNotRegular", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left %d entries, want the one file", len(entries))
	}
}

// TestWriteFileAtomicSymlink: a symlink is written through, and stays a
// link.
func TestWriteFileAtomicSymlink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "t.json"), filepath.Join(dir, "l.json")
	os.WriteFile(target, []byte("old"), 0o600)
	if err := os.Symlink("t.json", link); err != nil {
		t.Skip(err)
	}
	if err := Write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Errorf("target holds %q", data)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the target's 0600", fi.Mode().Perm())
	}
}

// deadPid is the id of a process that ran and is gone.
func deadPid(t *testing.T) int {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestStaleTemps: the temporary files of killed writes are removed by
// the next write of the same output, those of running processes and of
// other outputs kept.
func TestStaleTemps(t *testing.T) {
	dir := t.TempDir()
	mk := func(name string, age time.Duration) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("partial"), 0o644)
		old := time.Now().Add(-age)
		os.Chtimes(p, old, old)
		return p
	}
	dead := mk(".out.json.tmp-"+strconv.Itoa(deadPid(t))+"-1", 0)
	running := mk(".out.json.tmp-"+strconv.Itoa(os.Getppid())+"-2", 0)
	oldStyle := mk(".out.json.tmp123456", 2*time.Hour)
	newStyle := mk(".out.json.tmp654321", time.Minute)
	other := mk(".other.json.tmp-"+strconv.Itoa(deadPid(t))+"-3", 0)
	if err := Write(filepath.Join(dir, "out.json"), []byte("{}")); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{dead: false, running: true, oldStyle: false, newStyle: true, other: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}

// TestAbandonTemps: a write given up on (the process exits on a second
// interrupt) leaves no temporary file.
func TestAbandonTemps(t *testing.T) {
	dir := t.TempDir()
	started, release := make(chan struct{}), make(chan struct{})
	done := make(chan error)
	go func() {
		done <- WriteFunc(filepath.Join(dir, "big.json"), func(w io.Writer) error {
			w.Write([]byte("partial"))
			close(started)
			<-release
			return errors.New("stopped")
		})
	}()
	<-started
	if removed := Abandon(); len(removed) != 1 {
		t.Errorf("removed %v, want the one temporary file", removed)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
	close(release)
	<-done
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := Write(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "two" {
		t.Errorf("content %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("temporary files left behind: %v", ents)
	}
	if err := Write(filepath.Join(dir, "no", "such", "dir.json"), []byte("x")); err == nil {
		t.Errorf("writing into a missing directory succeeded")
	}
}

// TestStaleDirs: the directory of a killed process's output directory
// (kill -9 during synth) is removed when the next one is made; those of
// running processes, of other outputs and of other naming are kept.
func TestStaleDirs(t *testing.T) {
	dir := t.TempDir()
	mk := func(name string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Join(p, "docs"), 0o755)
		os.WriteFile(filepath.Join(p, "docs", "en-1.json"), []byte("partial"), 0o644)
		return p
	}
	dead := mk(".out.new-" + strconv.Itoa(deadPid(t)) + "-123")
	running := mk(".out.new-" + strconv.Itoa(os.Getppid()) + "-456")
	build := mk(".out.new-0a1b2c3d4e5f")
	other := mk(".other.new-" + strconv.Itoa(deadPid(t)) + "-789")
	p, err := NewDir(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(p), ".out.new-"+strconv.Itoa(os.Getpid())+"-") {
		t.Errorf("NewDir made %s, want it named by the process", p)
	}
	for p, want := range map[string]bool{dead: false, running: true, build: true, other: true, p: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
