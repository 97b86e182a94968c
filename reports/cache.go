package reports

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/atomicfile"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// maxEntryRecord bounds the size of an entry's entry.json (its sums,
// sizes and a task's summary: a few KB).
const maxEntryRecord = 16 << 20

// maxCacheEntry bounds the bytes of an entry's files together (a build
// holds a document's in memory as it stores and loads it; a step's it
// streams): an entry over it is
// not stored, and one whose entry.json records more is refused before
// any of its files is read, whatever the files' sizes (a tampered
// record and files grown to match it asked for 5 GB at once). A
// variable for the tests.
var maxCacheEntry int64 = 1 << 30

// errEntrySize is the error of an entry over maxCacheEntry.
var errEntrySize = errors.New("entry too large")

// entryFits reports whether the sizes an entry's record gives its files
// are none negative and together within maxCacheEntry.
func entryFits(sizes map[string]int64) bool {
	var n int64
	for _, s := range sizes {
		if s < 0 || s > maxCacheEntry-n {
			return false
		}
		n += s
	}
	return true
}

// cacheVersion names the shape of the cached documents and outputs; a
// new version of rulesync that writes them differently changes it.
const cacheVersion = "rulesync-build-4"

// cacheMark is the file that makes a directory rulesync's cache, in the
// form of the Cache Directory Tagging Specification (backup tools skip
// such a directory). A build prunes only a directory that holds it, and
// there only the entries it writes.
const cacheMark = "CACHEDIR.TAG"

const cacheMarkText = "Signature: 8a477f597d28d172789f06886806bc55\n" +
	"# This file is a cache directory tag created by rulesync build.\n" +
	"# For information about cache directory tags, see https://bford.info/cachedir/\n"

// cache is a build's cache directory. Each entry is a directory: a
// document by the hash of its source (docs/<key>), what was fetched of a
// URL source (fetch/<key>), the outputs of a comparison or a check by the
// hashes of its inputs (tasks/<key>). An entry holds its files under
// files/ and entry.json, the sha256 of each file (and a task's summary);
// it is written beside its place and renamed into it when complete, and
// read only when every file matches its sha256.
//
// A nil *cache is no cache: nothing is found and nothing is stored. A
// cache that fails a write stores nothing more in this build: a cache
// costs time when it fails, never output.
type cache struct {
	*tree
	notes *notes
	off   atomic.Bool // a write failed: store nothing more
}

// cacheFault, when set, is the error of every entry stored in a cache:
// a test makes the disk full or read-only with it, which running as
// root cannot.
var cacheFault error

// errCacheOff is a store into a cache that stores nothing more.
var errCacheOff = errors.New("the cache is not written to in this build")

// notes collects what a build has to tell, from several goroutines.
type notes struct {
	mu   sync.Mutex
	list []string
}

func (n *notes) add(format string, args ...any) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.list = append(n.list, fmt.Sprintf(format, args...))
}

// openCache makes and opens the cache directory dir, and marks it as
// rulesync's. A directory that holds other files than rulesync's and no
// mark is not used: the build runs without a cache (nil), and says so.
func openCache(dir string, n *notes) *cache {
	without := func(reason string, args ...any) *cache {
		n.add("cache %s %s: building without a cache", dir, fmt.Sprintf(reason, args...))
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return without("cannot be made (%v)", pathless(err))
	}
	t, err := openTree(dir)
	if err != nil {
		return without("cannot be opened (%v)", pathless(err))
	}
	c := &cache{tree: t, notes: n}
	if c.tagged() {
		return c
	}
	// A build that started at the same time may have just tagged it.
	if !c.adoptable() && !c.tagged() {
		t.close()
		return without("holds files rulesync did not write and no %s of rulesync's; name an empty or new directory in the manifest's cache", cacheMark)
	}
	if err := t.writeAtomic(cacheMark, []byte(cacheMarkText)); err != nil {
		t.close()
		return without("cannot be written (%v)", pathless(err))
	}
	return c
}

// tagged reports whether the cache directory holds rulesync's
// cacheMark.
func (c *cache) tagged() bool {
	b, err := c.readBounded(cacheMark, 4<<10)
	return err == nil && bytes.Contains(b, []byte("rulesync"))
}

// adoptable reports whether the cache directory is empty or holds only
// entries rulesync writes (a cache of an earlier rulesync, which had no
// mark).
func (c *cache) adoptable() bool {
	top, err := c.readDir(".")
	if err != nil {
		return false
	}
	for _, e := range top {
		switch e.Name() {
		case "docs", "fetch", "tasks":
			entries, err := c.readDir(e.Name())
			if err != nil {
				return false
			}
			for _, f := range entries {
				if !entryName.MatchString(f.Name()) {
					return false
				}
			}
		case cacheMark:
			// Written by a build that started at the same time.
		default:
			if !markTemp.MatchString(e.Name()) {
				return false
			}
		}
	}
	return true
}

// markTemp matches the temporary file of a cacheMark being written
// (tree.writeAtomic's naming).
var markTemp = lazyre.New(`^\.` + strings.ReplaceAll(cacheMark, ".", `\.`) + `\.tmp-[0-9a-f]+$`)

// entryName matches the names rulesync gives entries: a key, the key of
// an entry of an earlier rulesync (a file "<key>.json"), an entry being
// written (".<key>.tmp-<random>").
var entryName = lazyre.New(`^(\.?[0-9a-f]{64}(\.json)?(\.tmp-[0-9a-f]+)?)$`)

// isKey reports whether s can be a cache key.
func isKey(s string) bool { return len(s) == 64 && entryName.MatchString(s) }

// entryRecord is an entry's entry.json.
type entryRecord struct {
	SHA256 map[string]string `json:"sha256"`
	// Size is each file's size in bytes: a file of another size is not
	// read (see readSized).
	Size        map[string]int64    `json:"size"`
	Changelog   *ChangelogSummary   `json:"changelog,omitempty"`
	Translation *TranslationSummary `json:"translation,omitempty"`
	Check       *CheckSummary       `json:"check,omitempty"`
}

// load returns the files and record of an entry ("docs/<key>"); all nil
// when the cache has no such entry. An entry whose files do not match
// their sha256 (edited, cut short, half removed) is removed and reported
// as not found, with a note naming what it held.
func (c *cache) load(entry, what string) (files, *entryRecord) {
	if c == nil {
		return nil, nil
	}
	got, rec, err := c.verify(entry)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		c.notes.add("cache entry %s (%s) failed its checksum (%v): edited or cut short, it was made again", c.path(entry), what, pathless(err))
		if !c.off.Load() {
			c.removeAll(entry)
		}
		return nil, nil
	}
	return got, rec
}

// holds reports whether the entry is in the cache whole (its files
// match their record) with the files whose sha256 are sums.
func (c *cache) holds(entry string, sums map[string]string) bool {
	rec, err := c.record(entry)
	if err != nil || !maps.Equal(rec.SHA256, sums) {
		return false
	}
	for name, sum := range rec.SHA256 {
		if c.checkInto(entry+"/files/"+name, rec.Size[name], sum, io.Discard) != nil {
			return false
		}
	}
	return true
}

// verify reads an entry and checks its files against their recorded
// sizes and sha256; an error wrapping fs.ErrNotExist when it has no
// entry.json.
func (c *cache) verify(entry string) (files, *entryRecord, error) {
	rec, err := c.record(entry)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	got := files{}
	if err == nil {
		for name, sum := range rec.SHA256 {
			var b []byte
			if b, err = c.readSized(entry+"/files/"+name, rec.Size[name]); err != nil {
				break
			}
			if hex.EncodeToString(sha256Of(b)) != sum {
				err = fmt.Errorf("%s does not match its sha256", name)
				break
			}
			got[name] = b
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return got, rec, nil
}

// record reads an entry's entry.json and checks it: it names files, each
// with a size, within maxCacheEntry together. Its error wraps
// fs.ErrNotExist when the entry has none.
func (c *cache) record(entry string) (*entryRecord, error) {
	data, err := c.readBounded(entry+"/entry.json", maxEntryRecord)
	if err != nil {
		return nil, err
	}
	var rec entryRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, err
	}
	if len(rec.SHA256) == 0 {
		return nil, errors.New("no files")
	}
	if !entryFits(rec.Size) {
		return nil, fmt.Errorf("%w: entry.json records sizes over the %d bytes an entry may hold", errSize, maxCacheEntry)
	}
	for name := range rec.SHA256 {
		if _, ok := rec.Size[name]; !ok {
			return nil, fmt.Errorf("%s has no size recorded", name)
		}
	}
	return &rec, nil
}

// store writes an entry: into a directory beside its place, renamed
// into place when complete, so that a concurrent build finds the whole
// entry or none. The first write that fails turns the cache off for the
// rest of the build, with a note.
func (c *cache) store(entry string, fs files, rec entryRecord) error {
	if c == nil {
		return errCacheOff
	}
	if c.off.Load() {
		return errCacheOff
	}
	rec.SHA256, rec.Size = map[string]string{}, map[string]int64{}
	for n, d := range fs {
		rec.SHA256[n] = hex.EncodeToString(sha256Of(d))
		rec.Size[n] = int64(len(d))
	}
	return c.storeWith(entry, rec, func(tmp string) error {
		for n, d := range fs {
			if err := c.write(tmp+"/files/"+n, d); err != nil {
				return err
			}
		}
		return nil
	})
}

// storeWith stores an entry whose record gives its files' sums and
// sizes: writeFiles writes them under tmp+"/files/".
func (c *cache) storeWith(entry string, rec entryRecord, writeFiles func(tmp string) error) error {
	if c == nil || c.off.Load() {
		return errCacheOff
	}
	var n int64
	for _, d := range rec.Size {
		n += d
	}
	if n > maxCacheEntry {
		c.notes.add("cache %s: %s not stored: its files hold %d bytes, over the %d an entry may hold (the next build makes them again)", c.dir, entry, n, maxCacheEntry)
		return errEntrySize
	}
	err := cacheFault
	var r [8]byte
	rand.Read(r[:])
	kind, k, _ := strings.Cut(entry, "/")
	tmp := kind + "/." + k + ".tmp-" + hex.EncodeToString(r[:])
	if err == nil {
		err = writeFiles(tmp)
	}
	if err == nil {
		var data []byte
		if data, err = json.Marshal(rec); err == nil {
			err = c.writeAtomic(tmp+"/entry.json", data)
		}
	}
	if err == nil {
		err = c.rename(tmp, entry)
		if err != nil && !c.holds(entry, rec.SHA256) {
			// An entry in the way that is not whole, or holds other
			// files (a URL's memo of an earlier fetch), is replaced.
			c.removeAll(entry)
			err = c.rename(tmp, entry)
		}
		if err != nil && c.holds(entry, rec.SHA256) {
			// A concurrent build stored the same files whole: its
			// entry is kept (never removed under a build that reads
			// it back), this one discarded.
			c.removeAll(tmp)
			return nil
		}
	}
	if err != nil {
		c.removeAll(tmp)
		if !c.off.Swap(true) {
			c.notes.add("cache %s cannot be written (%v): this build stores nothing more in it (the next one redoes what it could not store)", c.dir, pathless(err))
		}
	}
	return err
}

// docEntry is the cache's name for a document.
func docEntry(key string) string { return "docs/" + key }

// taskEntry is the cache's name for a task's outputs.
func taskEntry(key string) string { return "tasks/" + key }

// fetchEntry is where a build keeps what it fetched of a URL source.
func fetchEntry(s Source) string {
	return "fetch/" + key("fetch", s.URL, s.Format, s.Edition, s.Lang)
}

// loadDoc returns the document cached under key, or nil.
func (c *cache) loadDoc(key, what string) *corpus.Document {
	fs, _ := c.load(docEntry(key), what)
	if fs == nil {
		return nil
	}
	d, err := corpusjson.Unmarshal(fs["document.json"])
	if err != nil {
		return nil
	}
	return d
}

// storeDoc caches a document's JSON under key.
func (c *cache) storeDoc(key string, js []byte) error {
	return c.store(docEntry(key), files{"document.json": js}, entryRecord{})
}

// fetchMemo is what a build keeps of a URL source for the next: the page
// as fetched (its validators; no body) and the key of its document.
type fetchMemo struct {
	Page ingest.Page
	Doc  string
	// Settings is the settingsKey of the build that made Doc: a build
	// of other settings fetches the page whole.
	Settings string
}

// loadMemo returns what an earlier build kept of a URL source, or nil.
func (c *cache) loadMemo(s Source) *fetchMemo {
	fs, _ := c.load(fetchEntry(s), "the fetch record of "+s.Name)
	var m fetchMemo
	if fs == nil || json.Unmarshal(fs["memo.json"], &m) != nil || !isKey(m.Doc) {
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
	return c.store(fetchEntry(s), files{"memo.json": js}, entryRecord{})
}

// pruneAge is how long a cache entry no build uses is kept: a day, so
// that builds of other manifests sharing the cache directory, or running
// beside this one, keep theirs.
const pruneAge = 24 * time.Hour

// prune marks the used cache entries (documents, fetched pages' records,
// task outputs, by their names in the cache) as used now (the clock's
// time, not Build.Now) and removes the others that nothing has used for
// pruneAge. It touches nothing but entries (names of entryName) in
// docs/, fetch/ and tasks/ of a marked cache. It returns how many it
// removed. Errors only leave an entry in
// place: a cache that cannot be cleaned is larger, not wrong.
func (c *cache) prune(used map[string]bool, now time.Time) int {
	if c == nil {
		return 0
	}
	removed := 0
	for _, kind := range []string{"docs", "fetch", "tasks"} {
		entries, err := c.readDir(kind)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := kind + "/" + e.Name()
			if !entryName.MatchString(e.Name()) {
				continue // not rulesync's
			}
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
				if fi, err := os.Stat(memo); err == nil && fi.Size() == 64 {
					if b, err := os.ReadFile(memo); err == nil && len(b) == 64 {
						return string(b)
					}
				}
			}
			if f, err := os.Open(exe); err == nil {
				defer f.Close()
				h := sha256.New()
				if _, err := io.Copy(h, f); err == nil {
					sum := hex.EncodeToString(h.Sum(nil))
					if memo != "" && os.MkdirAll(filepath.Dir(memo), 0o755) == nil {
						atomicfile.Write(memo, []byte(sum))
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
