package diff_test

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkScale measures how ingest (a table of rules), align and diff
// grow with the items of a generated edition pair: 1k, 10k and 100k
// items, and 1M with RULESYNC_SCALE_MAX=1000000. B/op shows the memory
// allocated, peak-heap-MB the most heap in use (live and not yet
// collected, sampled every 10 ms) while the step ran, the inputs included.
//
//	go test ./diff -run XXX -bench Scale -benchtime 1x -cpu 1
func BenchmarkScale(b *testing.B) {
	max := 100000
	if s := os.Getenv("RULESYNC_SCALE_MAX"); s != "" {
		max, _ = strconv.Atoi(s)
	}
	for n := 1000; n <= max; n *= 10 {
		old, cur, _ := synth.Editions(1, n)
		var text strings.Builder
		text.WriteString("number\ttitle\ttext\n")
		for _, it := range old.Items {
			fmt.Fprintf(&text, "%s\t%s\t%s\n", it.Number, it.Title, it.Text)
		}
		data := []byte(text.String())
		b.Run(fmt.Sprintf("ingest/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			defer peakHeap(b)()
			for b.Loop() {
				d, err := ingest.Options{Format: "tsv"}.Bytes("rules.tsv", data)
				if err != nil || len(d.Items) != n {
					b.Fatalf("%v, %d items", err, len(d.Items))
				}
			}
		})
		b.Run(fmt.Sprintf("align/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			defer peakHeap(b)()
			for b.Loop() {
				align.Options{}.Align(old, cur)
			}
		})
		b.Run(fmt.Sprintf("diff/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			defer peakHeap(b)()
			for b.Loop() {
				diff.Options{}.Compare(old, cur)
			}
		})
	}
}

// peakHeap samples the heap in use every 10 ms until the returned
// function is called, which reports the most seen as peak-heap-MB.
func peakHeap(b *testing.B) func() {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	read := func() {
		metrics.Read(sample)
		peak = max(peak, sample[0].Value.Uint64())
	}
	stop, done := make(chan bool), make(chan bool)
	go func() {
		defer close(done)
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			read()
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		close(stop)
		<-done
		read()
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	}
}
