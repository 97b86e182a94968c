package diff_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkScale measures how ingest (a table of rules), align and diff
// grow with the items of a generated edition pair: 1k, 10k and 100k
// items, and 1M with RULESYNC_SCALE_MAX=1000000. B/op shows the memory.
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
			for b.Loop() {
				d, err := ingest.Options{Format: "tsv"}.Bytes("rules.tsv", data)
				if err != nil || len(d.Items) != n {
					b.Fatalf("%v, %d items", err, len(d.Items))
				}
			}
		})
		b.Run(fmt.Sprintf("align/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				align.Options{}.Align(old, cur)
			}
		})
		b.Run(fmt.Sprintf("diff/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				diff.Options{}.Compare(old, cur)
			}
		})
	}
}
