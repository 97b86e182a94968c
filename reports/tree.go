package reports

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// A tree is a directory a build writes and deletes in: the output under
// construction, the cache, or the directory beside OUTDIR. Every name it
// takes is checked by local and then resolved through an os.Root, so that
// neither a name from the manifest nor a symbolic link in the directory
// can take a write or a delete outside it.
type tree struct {
	dir  string
	root *os.Root
}

// openTree opens the directory dir (which must exist) as a tree.
func openTree(dir string) (*tree, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &tree{dir: dir, root: r}, nil
}

func (t *tree) close() {
	if t != nil {
		t.root.Close()
	}
}

// local checks that name, slash-separated, is a clean relative path that
// stays inside the tree ("gaps/ja.md", not "../x", "/x", "a/../b" or
// ""), and returns it in the form of the operating system. It is the one
// place a build turns a name into a path: every method of tree calls it.
func (t *tree) local(name string) (string, error) {
	p := filepath.FromSlash(name)
	if name == "" || path.Clean(name) != name || !filepath.IsLocal(p) || strings.ContainsRune(name, '\\') {
		return "", fmt.Errorf("%q is not a path inside %s", name, t.dir)
	}
	return p, nil
}

// path is the full path of name, for messages.
func (t *tree) path(name string) string {
	if p, err := t.local(name); err == nil {
		return filepath.Join(t.dir, p)
	}
	return filepath.Join(t.dir, "?")
}

// write writes a new file (its directories made as needed); the output
// under construction needs nothing more.
func (t *tree) write(name string, data []byte) error {
	p, err := t.local(name)
	if err != nil {
		return err
	}
	if d := filepath.Dir(p); d != "." {
		if err := t.root.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	return t.root.WriteFile(p, data, 0o644)
}

// writeAtomic writes name through a temporary file beside it that is
// renamed into place once complete and synced, so that a reader never
// finds a partial file (the cache is shared by concurrent builds).
func (t *tree) writeAtomic(name string, data []byte) error {
	p, err := t.local(name)
	if err != nil {
		return err
	}
	if d := filepath.Dir(p); d != "." {
		if err := t.root.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	var r [8]byte
	rand.Read(r[:])
	tmp := filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".tmp-"+hex.EncodeToString(r[:]))
	f, err := t.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = t.root.Rename(tmp, p)
	}
	if err != nil {
		t.root.Remove(tmp)
	}
	return err
}

func (t *tree) read(name string) ([]byte, error) {
	p, err := t.local(name)
	if err != nil {
		return nil, err
	}
	return t.root.ReadFile(p)
}

func (t *tree) readDir(name string) ([]fs.DirEntry, error) {
	p, err := t.local(name)
	if err != nil {
		return nil, err
	}
	f, err := t.root.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

func (t *tree) stat(name string) (fs.FileInfo, error) {
	p, err := t.local(name)
	if err != nil {
		return nil, err
	}
	return t.root.Lstat(p)
}

func (t *tree) removeAll(name string) error {
	p, err := t.local(name)
	if err != nil {
		return err
	}
	return t.root.RemoveAll(p)
}

func (t *tree) rename(from, to string) error {
	f, err := t.local(from)
	if err != nil {
		return err
	}
	g, err := t.local(to)
	if err != nil {
		return err
	}
	return t.root.Rename(f, g)
}

func (t *tree) touch(name string, now time.Time) error {
	p, err := t.local(name)
	if err != nil {
		return err
	}
	return t.root.Chtimes(p, now, now)
}

// pathless drops the path an *fs.PathError repeats: messages name the
// directory already.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// errSize is the error of a file whose size is not what it should be.
var errSize = errors.New("size")

// readBounded reads name if it holds at most max bytes: a larger file
// (in the cache, one grown or replaced) is an error, found by its size
// before anything is read, and never read whole into memory.
func (t *tree) readBounded(name string, max int64) ([]byte, error) {
	return t.readChecked(name, func(size int64) error {
		if size > max {
			return fmt.Errorf("%w %d bytes is over the %d a file of its kind may hold", errSize, size, max)
		}
		return nil
	})
}

// readSized reads name if it holds exactly size bytes (see readBounded).
func (t *tree) readSized(name string, size int64) ([]byte, error) {
	return t.readChecked(name, func(got int64) error {
		if got != size {
			return fmt.Errorf("%w %d bytes, not the %d recorded", errSize, got, size)
		}
		return nil
	})
}

// readChecked reads name once check accepts its size, and no more
// bytes than that size (a file that grows while read is cut there).
func (t *tree) readChecked(name string, check func(int64) error) ([]byte, error) {
	p, err := t.local(name)
	if err != nil {
		return nil, err
	}
	f, err := t.root.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	if err := check(fi.Size()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return data, nil
}
