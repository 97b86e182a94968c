package reports

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
}

// newOutput makes a new directory beside dir for a build to write into.
// An existing dir must be empty or an earlier build's output (it holds
// outputMark).
func newOutput(dir string) (*output, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
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
		return nil, err
	}
	parent, err := openTree(filepath.Dir(dir))
	if err != nil {
		return nil, err
	}
	var r [6]byte
	rand.Read(r[:])
	o := &output{dir: dir, parent: parent, tmp: "." + filepath.Base(dir) + ".new-" + hex.EncodeToString(r[:])}
	if err := parent.root.Mkdir(o.tmp, 0o755); err != nil {
		parent.close()
		return nil, err
	}
	if o.files, err = openTree(filepath.Join(parent.dir, o.tmp)); err == nil {
		mark := "Written by rulesync build. The next build replaces this directory whole.\n"
		err = o.files.write(outputMark, []byte(mark))
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
	o.files.close()
	base := filepath.Base(o.dir)
	old := ""
	if _, err := o.parent.stat(base); err == nil {
		old = o.tmp + ".old"
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
	if old != "" {
		o.parent.removeAll(old)
	}
	o.parent.close()
	return n, nil
}
