package history

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestSeriesSnapshot reads series of git commits (small edits of a real
// file, and the real editions one after the other, with their
// renumberings, splits and merges) with no cache, with an empty cache
// on disk, and again from that cache's series file alone (the files of
// the documents and steps removed): the history's JSON and every
// document are byte-identical each time. A series one commit longer
// takes what the shorter one's file has and ingests one document. A
// damaged series file, or one of another Version, is not used.
func TestSeriesSnapshot(t *testing.T) {
	series := map[string][]commit{}
	data, err := os.ReadFile(testcorpus.Path(t, realSeries["wca"][1]))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range perturbed(string(data), 10) {
		series["commits"] = append(series["commits"], commit{text: v, note: fmt.Sprint(k)})
	}
	for _, name := range []string{"debian", "wca"} {
		for k, rel := range realSeries[name] {
			data, err := os.ReadFile(testcorpus.Path(t, rel))
			if err != nil {
				t.Fatal(err)
			}
			series[name] = append(series[name], commit{text: string(data), note: fmt.Sprint(k)})
		}
	}
	for name, commits := range series {
		t.Run(name, func(t *testing.T) {
			path := "rules" + map[bool]string{true: ".wml", false: ".md"}[name == "debian"]
			dir, hashes := makeRepo(t, path, commits)
			ingests := 0
			readTo := func(c *Cache, to string) (string, []string) {
				t.Helper()
				g := Git{Repo: dir, Path: path, To: to, Cache: c, Workers: 1,
					Ingest: ingest.Options{Now: func() time.Time { ingests++; return time.Unix(0, 0) }}}
				eds, err := g.Editions(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				opt := Options{}
				if c != nil {
					opt.Steps = c
				}
				h, err := opt.Build(context.Background(), eds)
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				if err := h.All().WriteJSON(&out); err != nil {
					t.Fatal(err)
				}
				var docs []string
				for _, e := range eds {
					b, err := json.Marshal(e.Doc)
					if err != nil {
						t.Fatal(err)
					}
					// A cache keeps no difference between an empty list
					// and none (gob), nor does anything a history shows.
					docs = append(docs, strings.ReplaceAll(string(b), `":[]`, `":null`))
				}
				return out.String(), docs
			}
			read := func(c *Cache) (string, []string) { return readTo(c, "") }
			want, wantDocs := read(nil)
			cacheDir := t.TempDir()
			same := func(how string, c *Cache) {
				t.Helper()
				got, docs := read(c)
				if got != want {
					t.Errorf("%s: the history's JSON differs from the one read with no cache", how)
				}
				if !slices.Equal(docs, wantDocs) {
					t.Errorf("%s: the documents differ from those read with no cache", how)
				}
			}
			same("an empty cache", NewCache(cacheDir, "test"))
			files, _ := filepath.Glob(filepath.Join(cacheDir, "*.gob"))
			var snaps []string
			for _, f := range files {
				if strings.HasPrefix(filepath.Base(f), "series-") {
					snaps = append(snaps, f)
				} else if err := os.Remove(f); err != nil {
					t.Fatal(err)
				}
			}
			if len(snaps) != 1 {
				t.Fatalf("%d series files in the cache, want 1", len(snaps))
			}
			keys := keysOf(t, dir, path)
			scope := Git{Repo: dir, Path: path}.scope()
			if NewCache(cacheDir, "test").Series(scope, keys) == nil {
				t.Fatalf("the series file was not read")
			}
			same("the series file", NewCache(cacheDir, "test"))
			if NewCache(cacheDir, "other").Series(scope, keys) != nil {
				t.Errorf("a series file of another Version was used")
			}
			// The series one commit shorter, then the whole: the
			// snapshot of the first gives the second all but its last
			// document and step, and is then removed.
			if len(commits) > 2 {
				grown := t.TempDir()
				readTo(NewCache(grown, "test"), hashes[len(hashes)-2].String())
				files, _ = filepath.Glob(filepath.Join(grown, "doc-*.gob"))
				for _, f := range files {
					os.Remove(f)
				}
				ingests = 0
				same("the series one commit longer", NewCache(grown, "test"))
				if ingests != 1 {
					t.Errorf("the series one commit longer: %d documents ingested, want 1", ingests)
				}
				if files, _ := filepath.Glob(filepath.Join(grown, "series-*.gob")); len(files) != 1 {
					t.Errorf("%d series files once the series grew, want 1", len(files))
				}
			}
			snap, err := os.ReadFile(snaps[0])
			if err != nil {
				t.Fatal(err)
			}
			for _, cut := range []int{len(snap) / 2, len(snap) - 5} {
				if err := os.WriteFile(snaps[0], snap[:cut], 0o644); err != nil {
					t.Fatal(err)
				}
				if NewCache(cacheDir, "test").Series(scope, keys) != nil {
					t.Errorf("a series file cut at %d of %d bytes was used", cut, len(snap))
				}
				same(fmt.Sprintf("a series file cut at %d of %d bytes", cut, len(snap)), NewCache(cacheDir, "test"))
			}
		})
	}
}

// keysOf returns the keys of the editions of the file in the repository.
func keysOf(t *testing.T, dir, path string) []string {
	t.Helper()
	eds, err := Git{Repo: dir, Path: path}.Editions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range eds {
		keys = append(keys, e.Key)
	}
	return keys
}

// TestPackPairs: the pairs of a step, one to one in runs or not, come
// back as they were; runs that name an item past an edition's end are
// refused.
func TestPackPairs(t *testing.T) {
	ps := []Pair{{Old: []int{0}, New: []int{0}}, {Old: []int{1}, New: []int{1}}, {Old: []int{2}, New: []int{3}},
		{Old: []int{3, 4}, New: []int{4}}, {Old: []int{5}, New: []int{5, 6}}, {Old: []int{6}, New: []int{7}}, {Old: []int{7}, New: []int{8}},
		{New: []int{2}}, {Old: []int{8}}}
	runs := packPairs(ps)
	got, ok := unpackPairs(runs, 9, 9)
	if !ok || fmt.Sprint(got) != fmt.Sprint(ps) {
		t.Fatalf("unpacked %v (%v), want %v", got, ok, ps)
	}
	if _, ok := unpackPairs(runs, 8, 9); ok {
		t.Errorf("pairs past the old edition's end were accepted")
	}
	if _, ok := unpackPairs(runs[:len(runs)-1], 9, 9); ok {
		t.Errorf("cut runs were accepted")
	}
}
