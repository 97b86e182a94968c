package reports

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// TestCacheTagConcurrent: builds that start at once on a new cache
// directory all use it; none takes another's tag (or its temporary
// file) for a stranger's files.
func TestCacheTagConcurrent(t *testing.T) {
	for round := range 30 {
		dir := filepath.Join(t.TempDir(), "cache")
		var wg sync.WaitGroup
		var mu sync.Mutex
		var without []string
		for range 8 {
			wg.Go(func() {
				var n notes
				c := openCache(dir, &n)
				mu.Lock()
				defer mu.Unlock()
				if c == nil {
					without = append(without, n.list...)
				} else {
					c.close()
				}
			})
		}
		wg.Wait()
		if len(without) > 0 {
			t.Fatalf("round %d: %d builds ran without the cache: %s", round, len(without), without[0])
		}
	}
}

// cachedDoc is a cache in a new folder dir holding one document entry,
// of key k, and the notes it makes (closed at t's end).
func cachedDoc(t *testing.T) (dir string, c *cache, n *notes, k string) {
	t.Helper()
	dir, n = t.TempDir(), new(notes)
	c = openCache(dir, n)
	t.Cleanup(c.close)
	k = key("test")
	if err := c.storeDoc(k, []byte(`{"edition":"x"}`)); err != nil {
		t.Fatal(err)
	}
	return dir, c, n, k
}

// TestCacheFileBounded: a cache file larger than its entry records is
// not read (a file grown to gigabytes would be read whole into memory):
// its size is checked first, and the entry made again.
func TestCacheFileBounded(t *testing.T) {
	dir, c, n, k := cachedDoc(t)
	p := filepath.Join(dir, "docs", k, "files", "document.json")
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse hole: large by its size, nothing to write.
	if err := f.Truncate(64 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if fs, _ := c.load(docEntry(k), "test"); fs != nil {
		t.Fatal("a grown cache file was taken")
	}
	if len(n.list) == 0 || !strings.Contains(strings.Join(n.list, "\n"), "size") {
		t.Errorf("notes %q, want one naming the size", n.list)
	}
}

// TestCacheRecordedSizeBounded: an entry whose entry.json records a
// size as large as its file, grown to match (a sparse hole), is refused
// by the size recorded before anything is allocated for it: a record of
// 5 GB made a build allocate 5 GB at once and die out of memory.
func TestCacheRecordedSizeBounded(t *testing.T) {
	defer func(m int64) { maxCacheEntry = m }(maxCacheEntry)
	maxCacheEntry = 16 << 20
	const grown = 64 << 20
	dir, c, n, k := cachedDoc(t)
	entry := filepath.Join(dir, "docs", k)
	if err := os.Truncate(filepath.Join(entry, "files", "document.json"), grown); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(entry, "entry.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rec entryRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	rec.Size["document.json"] = grown
	if data, err = json.Marshal(rec); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(entry, "entry.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fs, _ := c.load(docEntry(k), "test")
	runtime.ReadMemStats(&after)
	if fs != nil {
		t.Fatal("an entry recording more than an entry may hold was taken")
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > grown/4 {
		t.Errorf("loading the entry allocated %d bytes, want far fewer than the %d recorded", got, grown)
	}
	if !strings.Contains(strings.Join(n.list, "\n"), "records sizes over the") {
		t.Errorf("notes %q, want one naming the recorded size", n.list)
	}
	// An entry over the bound is not stored, with a note.
	n.list = nil
	if err := c.storeDoc(key("big"), make([]byte, maxCacheEntry+1)); err == nil {
		t.Error("an entry over the bound was stored")
	}
	if !strings.Contains(strings.Join(n.list, "\n"), "not stored") {
		t.Errorf("notes %q, want one saying the entry is not stored", n.list)
	}
}

// TestCacheStoreConcurrent: builds that store the same entry at once
// (cold builds of one workspace) never take it from a build that reads
// it: an entry another build stored whole is kept, not replaced, so a
// build that dropped a document once it was stored finds it again (the
// replacing build's removal made "the cached document of ja is gone",
// exit 2, in about one of eight rounds of four concurrent builds).
func TestCacheStoreConcurrent(t *testing.T) {
	dir := t.TempDir()
	k := key("test")
	js, err := corpusjson.Marshal(&corpus.Document{Edition: "x", Lang: "en", Items: []corpus.Item{{ID: "rule:1", Kind: "rule", Number: "1", Text: "Players act in turn."}}})
	if err != nil {
		t.Fatal(err)
	}
	var n notes
	reader := openCache(dir, &n)
	defer reader.close()
	if err := reader.storeDoc(k, js); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var storeErrs []error
	for range 2 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				var n notes
				c := openCache(dir, &n)
				if err := c.storeDoc(k, js); err != nil {
					mu.Lock()
					storeErrs = append(storeErrs, err)
					mu.Unlock()
				}
				c.close()
			}
		})
	}
	misses := 0
	for range 3000 {
		if reader.loadDoc(k, "the document of x") == nil {
			misses++
		}
	}
	close(stop)
	wg.Wait()
	if misses > 0 {
		t.Errorf("the entry was missing from %d of 3000 reads while other builds stored it (%v)", misses, n.list)
	}
	if len(storeErrs) > 0 {
		t.Errorf("%d stores of an entry another build stored failed: %v", len(storeErrs), storeErrs[0])
	}
}
