package history

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestGitEditionsShareBlocks checks that the editions of a file read
// from git, held together, share one budget of blocks: each version
// within the limit, all of them over it, is an error naming a version
// and the limit, whether the versions are ingested or taken from the
// cache (in memory, or its files on disk, where they went uncounted).
// Every version of 40 rules and 10 versions: 400 items.
func TestGitEditionsShareBlocks(t *testing.T) {
	var commits []commit
	for k := range 10 {
		var b strings.Builder
		for i := 1; i <= 40; i++ {
			fmt.Fprintf(&b, "%d. Rule %d of version %d applies.\n\n", i, i, k)
		}
		commits = append(commits, commit{text: b.String(), note: fmt.Sprint(k)})
	}
	dir, _ := makeRepo(t, "rules.txt", commits)
	cacheDir := t.TempDir()
	read := func(max int, cache *Cache) error {
		g := Git{Repo: dir, Path: "rules.txt", Ingest: ingest.Options{MaxBlocks: max}, Cache: cache}
		_, err := g.Editions(context.Background())
		return err
	}
	// All of them fit 400 blocks; the cache keeps them, in memory and
	// on disk.
	mem := NewCache(cacheDir, "test")
	if err := read(400, mem); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		cache *Cache
	}{{"ingested", nil}, {"cached in memory", mem}, {"cached on disk", NewCache(cacheDir, "test")}} {
		t.Run(c.name, func(t *testing.T) {
			err := read(399, c.cache)
			if !errors.Is(err, ingest.ErrTooManyBlocks) {
				t.Fatalf("10 versions of 40 items with 399 blocks: %v, want ErrTooManyBlocks", err)
			}
			if !strings.Contains(err.Error(), "rules.txt@") || !strings.Contains(err.Error(), "limit of 399") {
				t.Errorf("the error names no version or no limit: %v", err)
			}
		})
	}
}
