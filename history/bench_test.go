package history

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/rulesync/rulesync/internal/cputime"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// BenchmarkGit1000 reads the history of a rulebook kept in git: 1,000
// commits of the WCA Regulations, each editing one paragraph (made by
// the benchmark). "first" reads it with an empty cache; "unchanged"
// again with the cache of the first read in memory; "disk" with a new
// process's cache, from the files the first read left.
func BenchmarkGit1000(b *testing.B) {
	data, err := os.ReadFile(testcorpus.Path(b, "wca/wca-regulations-2024-01-01-en.md"))
	if err != nil {
		b.Fatal(err)
	}
	var commits []commit
	for k, v := range perturbed(string(data), benchCommits) {
		commits = append(commits, commit{text: v, note: fmt.Sprint(k)})
	}
	dir, _ := makeRepo(b, "regulations.md", commits)
	read := func(b *testing.B, c *Cache) *History {
		g := Git{Repo: dir, Path: "regulations.md", Cache: c}
		eds, err := g.Editions(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		h, err := Options{Steps: c}.Build(context.Background(), eds)
		if err != nil {
			b.Fatal(err)
		}
		return h
	}
	// The processor time per read, which a shared machine's load does
	// not inflate as it does the time on the clock.
	cpu := func(b *testing.B, run func()) {
		start, _ := cputime.Used()
		for b.Loop() {
			run()
		}
		end, _ := cputime.Used()
		b.ReportMetric((end-start).Seconds()/float64(b.N), "cpu-s/op")
	}
	b.Run("first", func(b *testing.B) {
		cpu(b, func() { read(b, NewCache("", "bench")) })
	})
	warm := NewCache("", "bench")
	read(b, warm)
	b.Run("unchanged", func(b *testing.B) {
		cpu(b, func() { read(b, warm) })
	})
	disk := b.TempDir()
	read(b, NewCache(disk, "bench"))
	b.Run("disk", func(b *testing.B) {
		cpu(b, func() { read(b, NewCache(disk, "bench")) })
	})
}

// benchCommits is the number of commits BenchmarkGit1000 makes.
var benchCommits = 1000
