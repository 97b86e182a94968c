// Package atomicfile writes output files so that a reader never sees a
// partial one: through a temporary file beside the output, synced and
// renamed over it, with the temporary files of killed processes removed
// and those of the running process removable on interrupt.
package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrNotRegular is the error of an output path that names something
// other than a regular file (a directory, a device such as /dev/null, a
// FIFO): it is not replaced.
var ErrNotRegular = errors.New("not a regular file")

// ErrReadOnly is the error of an output file that nobody may write (no
// write permission bit): it is not replaced, whoever runs rulesync.
var ErrReadOnly = errors.New("read-only: not replaced (make it writable, or choose another output)")

// Write writes data to path through a temporary file in the same
// directory that is renamed over path only once it is complete and synced,
// so that path never holds a partial file. An existing file keeps its
// permissions; a new one gets 0644.
func Write(path string, data []byte) error {
	return WriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is Write with the data written by write (buffered), so that a large output need not be held whole in memory;
// an error from write leaves path as it was. A path that is a symlink
// is written where it points, the link kept; one that is not a regular
// file (ErrNotRegular) or is read-only (ErrReadOnly) is refused, as an
// *os.PathError naming it. The temporary file is named
// ".NAME.tmp-PID-RANDOM"; those a killed process left beside path are
// removed first (RemoveStale), and Abandon removes those of
// writes still running.
func WriteFunc(path string, write func(io.Writer) error) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return &os.PathError{Op: "write", Path: path, Err: ErrNotRegular}
		}
		if fi.Mode().Perm()&0o222 == 0 {
			return &os.PathError{Op: "write", Path: path, Err: ErrReadOnly}
		}
		mode = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	RemoveStale(dir, base)
	f, err := os.CreateTemp(dir, tempPrefix(base)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	untrack := Track(tmp)
	defer untrack()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// tempPrefix begins the name of the temporary files of an output named
// base.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// staleTempAge is how old a temporary file of an output must be, when
// its name gives no process (an older rulesync's ".NAME.tmpRANDOM"), to
// be taken for one a killed process left.
const staleTempAge = time.Hour

// RemoveStale removes, in dir, the temporary files of the output
// named base that processes which no longer run left there (killed
// during a write, kill -9 included): ".base.tmp-PID-*" whose PID is not
// a running process, and ".base.tmpDIGITS" (the older naming) last
// changed more than an hour ago. It returns the paths removed.
func RemoveStale(dir, base string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, "."+base+".tmp") {
			continue
		}
		rest := strings.TrimPrefix(name, "."+base+".tmp")
		stale := false
		if pidText, _, ok := strings.Cut(strings.TrimPrefix(rest, "-"), "-"); ok && strings.HasPrefix(rest, "-") {
			pid, err := strconv.Atoi(pidText)
			stale = err == nil && pid != os.Getpid() && !processRuns(pid)
		} else if digits(rest) {
			fi, err := e.Info()
			stale = err == nil && time.Since(fi.ModTime()) > staleTempAge
		}
		if p := filepath.Join(dir, name); stale && os.Remove(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}

// digits reports whether s is one or more ASCII digits.
func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// processRuns reports whether process pid runs on this host.
func processRuns(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

// temps are the temporary files and directories being written, which
// Abandon removes.
var temps struct {
	sync.Mutex
	paths map[string]int
}

// track records path as a temporary file or directory being
// written, until the returned func is called.
func track(path string) (untrack func()) {
	temps.Lock()
	defer temps.Unlock()
	if temps.paths == nil {
		temps.paths = map[string]int{}
	}
	temps.paths[path]++
	return sync.OnceFunc(func() {
		temps.Lock()
		defer temps.Unlock()
		if temps.paths[path]--; temps.paths[path] <= 0 {
			delete(temps.paths, path)
		}
	})
}

// Track records path, a temporary file or directory of an output
// being written, for Abandon to remove if the process gives up
// before the output is complete; the returned func forgets it (once the
// output is in place, or removed).
func Track(path string) (untrack func()) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return track(path)
}

// Abandon removes every temporary file and directory of an output
// still being written: for a process about to exit without waiting for
// its work (a second interrupt, or one the work did not answer in
// time). It returns what it removed.
func Abandon() []string {
	temps.Lock()
	defer temps.Unlock()
	var removed []string
	for p := range temps.paths {
		if err := os.RemoveAll(p); err == nil {
			removed = append(removed, p)
		}
		delete(temps.paths, p)
	}
	return removed
}
