package align_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/cputime"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkThrough reads a generated Japanese translation of n rules
// through its English source after the numbers were lost and its rules
// run together, twenty to an item, one line each (Markdown bullets
// under headings): the item-level alignment places few rules, so the
// blocks are aligned and the source's items projected onto them. It
// reports the CPU time (of every core) and the bytes allocated per item
// of each side; the translation has as many blocks as the source has
// items.
func BenchmarkThrough(b *testing.B) {
	benchThrough(b, []int{1000, 10000, 100000}, func(t *corpus.Document) *corpus.Document { return bulleted(t, 20) })
}

// BenchmarkThroughAnchored reads a generated Japanese translation of n
// rules through its English source where every third rule prints its
// number and the two after it run together in one item with no number,
// a line each: the numbered rules keep their item-level reading, and
// each run between them is aligned block by block with the source items
// between theirs (anchored), a projection of two blocks for every third
// rule. It reports what BenchmarkThrough does. The item-level
// alignment that comes first aligns the loose items (the joined ones,
// which print no number) between the anchors of the numbered ones, so
// it is linear in the items too (bench/README.md).
func BenchmarkThroughAnchored(b *testing.B) {
	benchThrough(b, []int{1000, 10000, 100000}, everyThird)
}

// benchThrough reads the generated Japanese translation of n rules,
// changed by perturb, through its English source for each n, and
// reports the CPU time (of every core) and the bytes allocated per item
// of each side: the machine is shared, so the process's CPU time says
// more than the wall clock.
func benchThrough(b *testing.B, sizes []int, perturb func(*corpus.Document) *corpus.Document) {
	for _, n := range sizes {
		docs, _ := synth.Corpus(1, 1, 1, n)
		s, t := docs["en-1"], docs["ja-1"]
		if s == nil || t == nil {
			b.Fatalf("synth.Corpus made no en-1 and ja-1")
		}
		t = perturb(t)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var r *align.Reading
			c0, _ := cputime.Used()
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				r = align.Options{}.Through(s, t)
			}
			c1, ok := cputime.Used()
			runtime.ReadMemStats(&m1)
			if !r.Projected || r.Placed < r.Items*9/10 {
				b.Fatalf("projected %v, %d of %d placed", r.Projected, r.Placed, r.Items)
			}
			if ok {
				b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(b.N)/float64(2*n), "cpu-ns/item/side")
			}
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(2*n), "B/item/side")
		})
	}
}

// everyThird keeps every third item of d as it is and joins the two
// after it into one item each, their texts a line apiece, with no
// number.
func everyThird(d *corpus.Document) *corpus.Document {
	c := *d
	c.Items = nil
	for i := 0; i < len(d.Items); i += 3 {
		c.Items = append(c.Items, d.Items[i])
		var lines []string
		for _, it := range d.Items[i+1 : min(i+3, len(d.Items))] {
			lines = append(lines, strings.ReplaceAll(strings.TrimSpace(it.Title+" "+it.Text), "\n", " "))
		}
		if len(lines) > 0 {
			c.Items = append(c.Items, corpus.Item{ID: corpus.PositionID(len(c.Items) + 1), Kind: corpus.KindItem, Text: strings.Join(lines, "\n")})
		}
	}
	return &c
}

// bulleted joins the items of d k at a time into one item each, their
// texts a line apiece, with no numbers.
func bulleted(d *corpus.Document, k int) *corpus.Document {
	c := *d
	c.Items = nil
	for i := 0; i < len(d.Items); i += k {
		var lines []string
		for _, it := range d.Items[i:min(i+k, len(d.Items))] {
			lines = append(lines, strings.ReplaceAll(strings.TrimSpace(it.Title+" "+it.Text), "\n", " "))
		}
		c.Items = append(c.Items, corpus.Item{ID: corpus.PositionID(len(c.Items) + 1), Kind: corpus.KindItem, Text: strings.Join(lines, "\n")})
	}
	return &c
}
