package diff_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/cputime"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// BenchmarkCompare diffs two generated editions of n rules (3% deleted,
// 3% inserted, 10% edited, the rest renumbered): alignment, redlines,
// severities, moved text and stale references. Run with -cpu 1 for the
// one-core figure.
func BenchmarkCompare(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		old, cur, truth := synth.Editions(1, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			defer cpuTime(b)()
			for b.Loop() {
				c := diff.Options{}.Compare(old, cur)
				if len(c.Changes) < len(truth.Edited) {
					b.Fatalf("%d changes, %d edits made", len(c.Changes), len(truth.Edited))
				}
			}
		})
	}
}

// TestSynthetic checks the comparison of generated editions against what
// the generator did: every deletion, insertion and edit reported, and
// every renumbered rule paired with its new number.
func TestSynthetic(t *testing.T) {
	old, cur, truth := synth.Editions(3, 400)
	c := diff.Options{}.Compare(old, cur)
	oldKind := map[string]diff.Kind{} // by old id
	newKind := map[string]diff.Kind{} // by new id
	pairs := map[string]string{}
	for i := range c.Changes {
		ch := &c.Changes[i]
		o, n := c.OldItem(ch), c.NewItem(ch)
		if o != nil {
			oldKind[o.ID] = ch.Kind
		}
		if n != nil {
			newKind[n.ID] = ch.Kind
		}
		if o != nil && n != nil {
			pairs[o.ID] = n.ID
		}
	}
	for _, id := range truth.Deleted {
		if oldKind[id] != diff.Removed {
			t.Errorf("%s was deleted: %q", id, oldKind[id])
		}
	}
	for _, id := range truth.Inserted {
		if newKind[id] != diff.Added {
			t.Errorf("%s was inserted: %q", id, newKind[id])
		}
	}
	for _, id := range truth.Edited {
		if newKind[id] != diff.Modified {
			t.Errorf("%s was edited: %q", id, newKind[id])
		}
	}
	for o, n := range truth.Renamed {
		if pairs[o] != n && !(o == n && pairs[o] == "") {
			t.Errorf("%s became %s: paired with %q", o, n, pairs[o])
		}
	}
}

// BenchmarkCompareWCA diffs the WCA regulations of 2021 and 2024 (real
// corpus; skipped without it): 451 regulations of which about 300 are
// unchanged, the case the whole-process figure measures.
func BenchmarkCompareWCA(b *testing.B) {
	old := testcorpus.Doc(b, "wca/wca-regulations-2021-05-01-en.md")
	cur := testcorpus.Doc(b, "wca/wca-regulations-2024-01-01-en.md")
	b.ReportAllocs()
	defer cpuTime(b)()
	for b.Loop() {
		c := diff.Options{}.Compare(old, cur)
		if len(c.Changes) == 0 {
			b.Fatal("no changes")
		}
	}
}

// BenchmarkCompareWCAJSON is the work of `rulesync diff --to json` on the
// WCA regulations ingested beforehand (bench/run's "from pre-ingested
// JSON" row) inside one process: both documents read from their JSON,
// compared, and the comparison written as indented JSON. What a process
// does once (package initialisation, the default equivalences prepared,
// expressions compiled on first use) is not in it; bench/run times that.
func BenchmarkCompareWCAJSON(b *testing.B) {
	var data [2][]byte
	for k, rel := range []string{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md"} {
		var err error
		if data[k], err = corpusjson.Marshal(testcorpus.Doc(b, rel)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	defer cpuTime(b)()
	for b.Loop() {
		old, err := ingest.Options{}.Bytes("old.json", data[0])
		if err != nil {
			b.Fatal(err)
		}
		cur, err := ingest.Options{}.Bytes("new.json", data[1])
		if err != nil {
			b.Fatal(err)
		}
		var out bytes.Buffer
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(diff.Options{}.Compare(old, cur)); err != nil || out.Len() == 0 {
			b.Fatalf("%d bytes: %v", out.Len(), err)
		}
	}
}

// cpuTime reports, when the returned function is called, the processor
// time (user and system, of every thread: the goroutines and the garbage
// collector's) the benchmark took per operation, as cpu-ms/op. On a
// machine other work shares, sec/op varies with the load; the processor
// time varies far less, and says what work on several cores costs in
// all.
func cpuTime(b *testing.B) func() {
	start, ok := cputime.Used()
	return func() {
		if end, _ := cputime.Used(); ok {
			b.ReportMetric(float64(end-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		}
	}
}
