package reports

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rulesync/rulesync/internal/atomicfile"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// outputMark is the file every build output holds: a directory without
// it that is not empty is not replaced, so that "-o ." or a mistyped path
// never deletes a user's files.
const outputMark = ".rulesync-out"

// output is the directory a build writes into, beside the output
// directory it replaces when complete.
type output struct {
	dir    string // the output directory, as given
	parent *tree  // the directory that holds it
	tmp    string // the new directory's name in parent
	files  *tree  // the new directory
	done   bool
	// untrack forgets the new directory, which atomicfile.Abandon
	// removes until then.
	untrack func()
}

// doneMark is the text of outputMark in a finished output: the same in
// every build, for outputs the same in every byte.
const doneMark = "Written by rulesync build. The next build replaces this directory whole.\n"

// markText is the text of outputMark while a build writes: it names the
// process, so that a later build can tell the unfinished directory of a
// killed build from that of one still running.
func markText() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("Written by rulesync build (pid %d on %s). The next build replaces this directory whole.\n", os.Getpid(), host)
}

var markPid = lazyre.New(`\(pid (\d+) on (.*)\)`)

// stale reports whether a directory holding the outputMark text mark,
// last changed at mod, is the unfinished directory of a build that is
// gone: its process no longer runs (on this host), or it was written on
// another host (or by an older rulesync, which named no process) more
// than pruneAge ago.
func stale(mark string, mod time.Time) bool {
	host, _ := os.Hostname()
	if m := markPid.FindStringSubmatch(mark); m != nil && m[2] == host {
		pid, err := strconv.Atoi(m[1])
		return err == nil && !alive(pid)
	}
	return time.Since(mod) > pruneAge
}

// alive reports whether process pid runs.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return !errors.Is(err, os.ErrProcessDone) && !errors.Is(err, syscall.ESRCH)
}

// removeStale removes, beside the output directory base in parent, the
// unfinished directories (".<base>.new-*", and ".old" ones moved aside)
// of builds that were killed: only those that hold outputMark and are
// stale. It says which it removed.
func removeStale(parent *tree, base string, n *notes) {
	entries, err := parent.readDir(".")
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "."+base+".new-") {
			continue
		}
		mark, err := parent.read(e.Name() + "/" + outputMark)
		if err != nil {
			continue // not a build's
		}
		fi, err := e.Info()
		if err == nil && stale(string(mark), fi.ModTime()) && parent.removeAll(e.Name()) == nil {
			n.add("removed %s, the unfinished output of a build that was killed", filepath.Join(parent.dir, e.Name()))
		}
	}
}

// newOutput makes a new directory beside dir for a build to write into,
// after removing those killed builds left there. An existing dir must be
// empty or an earlier build's output (it holds outputMark).
func newOutput(dir string, n *notes) (*output, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	// A symlink is built through: the new directory takes the place of
	// the one it points to, the link kept.
	if target, err := filepath.EvalSymlinks(dir); err == nil {
		dir = target
	}
	if filepath.Dir(dir) == dir {
		return nil, fmt.Errorf("output %s: name a directory of its own to build into", dir)
	}
	if fi, err := os.Stat(dir); err == nil {
		if !fi.IsDir() {
			return nil, fmt.Errorf("output %s is a file, not a directory", dir)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("output %s: %v", dir, err)
		}
		if _, err := os.Stat(filepath.Join(dir, outputMark)); len(entries) > 0 && err != nil {
			return nil, fmt.Errorf("output %s holds files no build wrote (it has no %s); a build replaces its output directory whole, so choose a new or empty one", dir, outputMark)
		}
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("output %s: %v", dir, pathless(err))
	}
	parent, err := openTree(filepath.Dir(dir))
	if err != nil {
		return nil, fmt.Errorf("output %s: %v", dir, err)
	}
	removeStale(parent, filepath.Base(dir), n)
	var r [6]byte
	rand.Read(r[:])
	o := &output{dir: dir, parent: parent, tmp: "." + filepath.Base(dir) + ".new-" + hex.EncodeToString(r[:])}
	o.untrack = atomicfile.Track(filepath.Join(parent.dir, o.tmp))
	if err := parent.root.Mkdir(o.tmp, 0o755); err != nil {
		o.untrack()
		parent.close()
		return nil, fmt.Errorf("output %s: %v", dir, pathless(err))
	}
	if o.files, err = openTree(filepath.Join(parent.dir, o.tmp)); err == nil {
		err = o.files.write(outputMark, []byte(markText()))
	}
	if err != nil {
		o.Discard()
		return nil, err
	}
	return o, nil
}

// write writes one output file (distinct names may be written
// concurrently).
func (o *output) write(name string, data []byte) error { return o.files.write(name, data) }

// writeAll writes a set of files.
func (o *output) writeAll(fs files) error {
	for n, d := range fs {
		if err := o.write(n, d); err != nil {
			return err
		}
	}
	return nil
}

// Discard removes the new directory, unless it was committed.
func (o *output) Discard() {
	if o.done {
		return
	}
	o.done = true
	o.files.close()
	o.parent.removeAll(o.tmp)
	o.untrack()
	o.parent.close()
}

// Commit puts the new directory in the output directory's place, the old
// contents staying whole until then and removed after, and returns the
// number of files written.
func (o *output) Commit() (int, error) {
	n := 0
	fs.WalkDir(o.files.root.FS(), ".", func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != outputMark {
			n++
		}
		return nil
	})
	if err := o.files.write(outputMark, []byte(doneMark)); err != nil {
		return 0, err
	}
	o.files.close()
	base := filepath.Base(o.dir)
	old := ""
	if _, err := o.parent.stat(base); err == nil {
		old = o.tmp + ".old"
		// Moved aside, it is this build's until removed.
		o.parent.writeAtomic(base+"/"+outputMark, []byte(markText()))
		if err := o.parent.rename(base, old); err != nil {
			return 0, fmt.Errorf("moving the previous %s aside: %v", o.dir, err)
		}
	}
	if err := o.parent.rename(o.tmp, base); err != nil {
		if old != "" {
			o.parent.rename(old, base)
		}
		return 0, fmt.Errorf("putting the new %s in place: %v", o.dir, err)
	}
	o.done = true
	o.untrack()
	if old != "" {
		o.parent.removeAll(old)
	}
	o.parent.close()
	return n, nil
}
