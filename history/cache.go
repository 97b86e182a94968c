package history

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"
	"sync"

	"github.com/rulesync/rulesync/corpus"
)

// Cache keeps the documents of a series by content key (a git blob
// hash) and the steps between them by the two keys, in memory and, when
// Dir is set, on disk, so that a history read again ingests and compares
// only what is new. The texts of the items are kept once however many
// editions share them. Its methods are safe for concurrent use, and a
// nil *Cache keeps nothing.
type Cache struct {
	// Dir, when not empty, is a directory for the cache's files; a file
	// that cannot be read or written there is a miss, never an error.
	Dir string
	// Version names what made the cached values (the program and the
	// options that shape a document); values of another Version are not
	// used.
	Version string

	mu     sync.Mutex
	docs   map[string]*corpus.Document
	steps  map[[2]string]*Step
	texts  map[string]string
	kept   map[string]bool   // the series snapshots read or written
	scopes map[string]string // the scope of each series asked for
}

// NewCache returns an empty cache, kept on disk in dir if dir is not
// empty.
func NewCache(dir, version string) *Cache {
	return &Cache{Dir: dir, Version: version, docs: map[string]*corpus.Document{}, steps: map[[2]string]*Step{}, texts: map[string]string{}}
}

// Doc returns the document of the key, or nil.
func (c *Cache) Doc(key string) *corpus.Document {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	d := c.docs[key]
	c.mu.Unlock()
	if d != nil {
		return d
	}
	var disk corpus.Document
	if !c.load("doc-"+key, &disk) {
		return nil
	}
	return c.keep(key, &disk)
}

// PutDoc keeps the document of the key and returns the one kept (with
// its texts shared with the other documents').
func (c *Cache) PutDoc(key string, d *corpus.Document) *corpus.Document {
	if c == nil {
		return d
	}
	c.store("doc-"+key, d)
	return c.keep(key, d)
}

// keep interns the document's texts and files it in memory.
func (c *Cache) keep(key string, d *corpus.Document) *corpus.Document {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.docs == nil {
		c.docs, c.texts = map[string]*corpus.Document{}, map[string]string{}
	}
	if old := c.docs[key]; old != nil {
		return old
	}
	intern := func(s *string) {
		if t, ok := c.texts[*s]; ok {
			*s = t
		} else {
			c.texts[*s] = *s
		}
	}
	for i := range d.Items {
		it := &d.Items[i]
		intern(&it.Text)
		intern(&it.Title)
		intern(&it.Section)
	}
	c.docs[key] = d
	return d
}

// Step returns the step between the editions of two keys, or nil.
func (c *Cache) Step(oldKey, newKey string) *Step {
	if c == nil {
		return nil
	}
	k := [2]string{oldKey, newKey}
	c.mu.Lock()
	s := c.steps[k]
	c.mu.Unlock()
	if s != nil {
		return s
	}
	s = &Step{}
	if !c.load("step-"+oldKey+"-"+newKey, s) {
		return nil
	}
	c.putStep(k, s)
	return s
}

// PutStep keeps the step between the editions of two keys.
func (c *Cache) PutStep(oldKey, newKey string, s *Step) {
	if c == nil {
		return
	}
	c.putStep([2]string{oldKey, newKey}, s)
	c.store("step-"+oldKey+"-"+newKey, s)
}

// putStep files a step in memory.
func (c *Cache) putStep(k [2]string, s *Step) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.steps == nil {
		c.steps = map[[2]string]*Step{}
	}
	c.steps[k] = s
}

// file is the path of a cached value's file, "" with no Dir.
func (c *Cache) file(name string) string {
	if c.Dir == "" {
		return ""
	}
	return filepath.Join(c.Dir, name+".gob")
}

// load reads a value from disk; ok is false on any failure or a value
// of another Version.
func (c *Cache) load(name string, v any) bool {
	path := c.file(name)
	if path == "" {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	dec := gob.NewDecoder(bytes.NewReader(data))
	var version string
	return dec.Decode(&version) == nil && version == c.Version && dec.Decode(v) == nil
}

// store writes a value to disk atomically (a temporary file renamed),
// with the cache's Version first; a failure leaves no file.
func (c *Cache) store(name string, v any) {
	path := c.file(name)
	if path == "" {
		return
	}
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	if enc.Encode(c.Version) != nil || enc.Encode(v) != nil {
		return
	}
	if os.MkdirAll(c.Dir, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(c.Dir, ".tmp-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}
