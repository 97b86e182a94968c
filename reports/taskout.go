package reports

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// put writes one output file of a task: write streams its bytes. A task
// makes its files through put one at a time, so that no file is held
// whole in memory and each is gone from memory once written.
type put func(name string, write func(io.Writer) error) error

// putFiles writes files made in memory through p, in the order of their
// names.
func putFiles(p put, fs files) error {
	for _, n := range slices.Sorted(func(yield func(string) bool) {
		for n := range fs {
			if !yield(n) {
				return
			}
		}
	}) {
		data := fs[n]
		if err := p(n, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return err
		}
	}
	return nil
}

// writeError is the error of writing an output file itself (a full
// disk), as against that of making its content.
type writeError struct{ error }

func (e writeError) Unwrap() error { return e.error }

// taskFiles streams a task's files into the build's new output directory
// and records each file's sha256 and size, for the cache to store the
// files from there.
type taskFiles struct {
	dst   *tree
	names []string
	sums  map[string]string
	sizes map[string]int64
}

func newTaskFiles(dst *tree) *taskFiles {
	return &taskFiles{dst: dst, sums: map[string]string{}, sizes: map[string]int64{}}
}

// put writes the file name (see put). A file whose write fails is
// removed; the error of the file's own writing is a writeError.
func (tf *taskFiles) put(name string, write func(io.Writer) error) error {
	f, err := tf.dst.create(name)
	if err != nil {
		return writeError{err}
	}
	fw := &fileSum{f: f, h: sha256.New()}
	bw := bufio.NewWriterSize(fw, 256<<10)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); fw.err == nil {
		fw.err = cerr
	}
	if fw.err != nil {
		err = writeError{fw.err}
	}
	if err != nil {
		tf.dst.removeAll(name)
		return err
	}
	if _, ok := tf.sums[name]; !ok {
		tf.names = append(tf.names, name)
	}
	tf.sums[name] = hex.EncodeToString(fw.h.Sum(nil))
	tf.sizes[name] = fw.n
	return nil
}

// remove removes the files written, after a task failed.
func (tf *taskFiles) remove() {
	for _, n := range tf.names {
		tf.dst.removeAll(n)
	}
}

// fileSum writes to a file, summing and counting what it writes; err is
// the first write error.
type fileSum struct {
	f   *os.File
	h   hash.Hash
	n   int64
	err error
}

func (w *fileSum) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.f.Write(p)
	w.h.Write(p[:n])
	w.n += int64(n)
	w.err = err
	return n, err
}

// create makes (or truncates) the file name for writing, its
// directories made as needed.
func (t *tree) create(name string) (*os.File, error) {
	p, err := t.local(name)
	if err != nil {
		return nil, err
	}
	if d := filepath.Dir(p); d != "." {
		if err := t.root.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	return t.root.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
}

// copyChecked copies the file name of t, which must hold size bytes
// whose sha256 is sum, to the file to of dst (see checkInto).
func (t *tree) copyChecked(name string, size int64, sum string, dst *tree, to string) error {
	out, err := dst.create(to)
	if err != nil {
		return err
	}
	err = t.checkInto(name, size, sum, out)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkInto writes the file name of t, which must hold size bytes whose
// sha256 is sum, to w: read once, no more of it held than a buffer. Its
// error says when the file is not what the sum and size say; w has then
// had some of it.
func (t *tree) checkInto(name string, size int64, sum string, w io.Writer) error {
	p, err := t.local(name)
	if err != nil {
		return err
	}
	f, err := t.root.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file", name)
	}
	if fi.Size() != size {
		return fmt.Errorf("%s: %w %d bytes, not the %d recorded", name, errSize, fi.Size(), size)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(w, h), io.LimitReader(f, size))
	if err == nil && (n != size || hex.EncodeToString(h.Sum(nil)) != sum) {
		err = fmt.Errorf("%s does not match its sha256", name)
	}
	return err
}
