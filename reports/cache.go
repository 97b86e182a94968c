package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// cacheVersion names the shape of the cached documents and outputs; a
// new version of rulesync that writes them differently changes it.
const cacheVersion = "rulesync-build-1"

// cache is a build's cache directory: documents by the hash of their
// source (docs/), what was fetched of URL sources (fetch/), and the
// outputs of the comparisons and checks by the hashes of their inputs
// (tasks/). Every name goes through its tree.
type cache struct {
	*tree
}

// openCache makes and opens the cache directory dir.
func openCache(dir string) (*cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	t, err := openTree(dir)
	if err != nil {
		return nil, err
	}
	return &cache{t}, nil
}

// docEntry is the cache's name for a document.
func docEntry(key string) string { return "docs/" + key + ".json" }

// taskEntry is the cache's name for a task's outputs.
func taskEntry(key string) string { return "tasks/" + key }

// fetchEntry is where a build keeps what it fetched of a URL source.
func fetchEntry(s Source) string {
	return "fetch/" + key("fetch", s.URL, s.Format, s.Edition, s.Lang) + ".json"
}

// loadDoc returns the document cached under key, or nil.
func (c *cache) loadDoc(key string) *corpus.Document {
	js, err := c.read(docEntry(key))
	if err != nil {
		return nil
	}
	d, err := corpus.Unmarshal(js)
	if err != nil {
		return nil
	}
	return d
}

// storeDoc caches a document's JSON under key.
func (c *cache) storeDoc(key string, js []byte) error { return c.writeAtomic(docEntry(key), js) }

// fetchMemo is what a build keeps of a URL source for the next: the page
// as fetched (its validators; no body) and the key of its document.
type fetchMemo struct {
	Page ingest.Page
	Doc  string
}

// loadMemo returns what an earlier build kept of a URL source, or nil.
func (c *cache) loadMemo(s Source) *fetchMemo {
	var m fetchMemo
	if js, err := c.read(fetchEntry(s)); err != nil || json.Unmarshal(js, &m) != nil || m.Doc == "" {
		return nil
	}
	return &m
}

// storeMemo keeps what was fetched of a URL source; without it the next
// build only fetches the page whole.
func (c *cache) storeMemo(s Source, m fetchMemo) error {
	js, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return c.writeAtomic(fetchEntry(s), js)
}

// A cached task is a directory under the cache's tasks/: its files as
// they go into the output, and summary.json.
type taskSummary struct {
	Changelog   *ChangelogSummary   `json:"changelog,omitempty"`
	Translation *TranslationSummary `json:"translation,omitempty"`
}

// loadTask returns a task's cached outputs and its summary, if the cache
// has them.
func (c *cache) loadTask(key string) (files, any, bool) {
	dir := taskEntry(key)
	data, err := c.read(dir + "/summary.json")
	if err != nil {
		return nil, nil, false
	}
	var rec taskSummary
	if json.Unmarshal(data, &rec) != nil {
		return nil, nil, false
	}
	var s any
	switch {
	case rec.Changelog != nil:
		s = rec.Changelog
	case rec.Translation != nil:
		s = rec.Translation
	default:
		return nil, nil, false
	}
	fs := files{}
	var walk func(rel string) error
	walk = func(rel string) error {
		entries, err := c.readDir(dir + "/files" + rel)
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := strings.TrimPrefix(rel+"/"+e.Name(), "/")
			if e.IsDir() {
				if err := walk("/" + name); err != nil {
					return err
				}
				continue
			}
			if fs[name], err = c.read(dir + "/files/" + name); err != nil {
				return err
			}
		}
		return nil
	}
	if walk("") != nil {
		return nil, nil, false
	}
	return fs, s, true
}

// storeTask caches a task's outputs; summary.json is written last, so
// that a task half stored is not found.
func (c *cache) storeTask(key string, fs files, summary any) error {
	dir := taskEntry(key)
	c.removeAll(dir)
	for n, d := range fs {
		if err := c.write(dir+"/files/"+n, d); err != nil {
			return err
		}
	}
	var rec taskSummary
	switch s := summary.(type) {
	case *ChangelogSummary:
		rec.Changelog = s
	case *TranslationSummary:
		rec.Translation = s
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return c.writeAtomic(dir+"/summary.json", data)
}

// pruneAge is how long a cache entry no build uses is kept: a day, so
// that builds of other manifests sharing the cache directory, or running
// beside this one, keep theirs.
const pruneAge = 24 * time.Hour

// prune marks the used cache entries (documents, fetched pages' records,
// task outputs, by their names in the cache) as used now (the clock's
// time, not Build.Now) and removes the others that nothing has used for
// pruneAge. It returns how many it removed. Errors only leave an entry in
// place: a cache that cannot be cleaned is larger, not wrong.
func (c *cache) prune(used map[string]bool, now time.Time) int {
	removed := 0
	for _, kind := range []string{"docs", "fetch", "tasks"} {
		entries, err := c.readDir(kind)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := kind + "/" + e.Name()
			if used[name] {
				c.touch(name, now)
				continue
			}
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > pruneAge && c.removeAll(name) == nil {
				removed++
			}
		}
	}
	return removed
}

// key is a cache key for a task: its kind, the hashes of its inputs, the
// cache version and the program that made it.
func key(parts ...string) string {
	h := sha256.Sum256([]byte(cacheVersion + "\x00" + program() + "\x00" + strings.Join(parts, "\x00")))
	return hex.EncodeToString(h[:])
}

// program names the running rulesync exactly: the sha256 of its
// executable, so that a cache filled by another build of rulesync (whose
// parsers or reports may differ) is not taken for this one's. When the
// executable cannot be read, its module version and VCS revision stand in.
//
// Hashing the executable takes some 30 ms, a third of a warm build, so the
// hash is kept in the user cache directory under the executable's path,
// size and modification time, and read from there while they are the same.
var program = sync.OnceValue(func() string {
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			stamp := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%d", exe, fi.Size(), fi.ModTime().UnixNano()))
			memo := ""
			if dir, err := os.UserCacheDir(); err == nil {
				memo = filepath.Join(dir, "rulesync", "program-"+hex.EncodeToString(stamp[:12]))
				if b, err := os.ReadFile(memo); err == nil && len(b) == 64 {
					return string(b)
				}
			}
			if f, err := os.Open(exe); err == nil {
				defer f.Close()
				h := sha256.New()
				if _, err := io.Copy(h, f); err == nil {
					sum := hex.EncodeToString(h.Sum(nil))
					if memo != "" && os.MkdirAll(filepath.Dir(memo), 0o755) == nil {
						corpus.WriteFileAtomic(memo, []byte(sum))
					}
					return sum
				}
			}
		}
	}
	id := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		id = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += " " + s.Value
			}
		}
	}
	return id
})
