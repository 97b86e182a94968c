package reports

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
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

// TestCacheFileBounded: a cache file larger than its entry records is
// not read (a file grown to gigabytes would be read whole into memory):
// its size is checked first, and the entry made again.
func TestCacheFileBounded(t *testing.T) {
	dir := t.TempDir()
	var n notes
	c := openCache(dir, &n)
	defer c.close()
	k := key("test")
	if err := c.storeDoc(k, []byte(`{"edition":"x"}`)); err != nil {
		t.Fatal(err)
	}
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
