package main

import (
	"os"
	"sync"

	"github.com/rulesync/rulesync/ingest"
)

// warnedInputs are the inputs a run has read and shown the warnings of,
// so that a file named twice (SOURCE given as --base too, or as
// TRANSLATION) has its warnings shown once: the same file by device and
// inode (through links too), the same URL by its text. Standard input
// that is no regular file, or a path that cannot be read, is never the
// same as another.
type warnedInputs struct {
	mu    sync.Mutex
	files []os.FileInfo
	urls  map[string]bool
}

// first records the input in and reports whether it is the first time
// the run names it.
func (w *warnedInputs) first(c *call, in string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ingest.IsURL(in) {
		if w.urls[in] {
			return false
		}
		if w.urls == nil {
			w.urls = map[string]bool{}
		}
		w.urls[in] = true
		return true
	}
	fi := inputStat(c, in)
	if fi == nil {
		return true
	}
	for _, seen := range w.files {
		if os.SameFile(seen, fi) {
			return false
		}
	}
	w.files = append(w.files, fi)
	return true
}
