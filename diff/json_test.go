package diff_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestWriteJSON: WriteJSON, which writes a change at a time, writes the
// bytes a json.Encoder indenting by two spaces writes for the whole
// comparison, on the WCA editions (scope notes, merges, moves, stale
// references, "<" and "&" in texts) and on generated ones, and on a
// comparison of empty documents (every list empty, no header).
func TestWriteJSON(t *testing.T) {
	docs, _ := synth.Corpus(9, 2, 0, 400)
	cmps := map[string]*diff.Comparison{
		"wca":   diff.Options{}.Compare(testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md"), testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")),
		"synth": diff.Options{}.Compare(docs["en-1"], docs["en-2"]),
		"empty": diff.Options{}.Compare(&corpus.Document{}, &corpus.Document{}),
		"nil":   {},
		"stale": diff.Options{}.Compare(&corpus.Document{Edition: "x-1", Lang: "en", Items: []corpus.Item{
			{ID: "rule:1", Kind: corpus.KindRule, Number: "1", Title: "Chips", Text: "Chips stay in view of the table & the dealer at all times."},
			{ID: "rule:2", Kind: corpus.KindRule, Number: "2", Title: "Following", Text: "Players must follow Rule 1 <always>.", Refs: []string{"rule:1"}},
			{ID: "def:button", Kind: corpus.KindDefinition, Title: "Button", Text: "The button marks the dealer's place."},
		}}, &corpus.Document{Edition: "x-2", Lang: "en", Items: []corpus.Item{
			{ID: "rule:1", Kind: corpus.KindRule, Number: "1", Title: "Clocks", Text: "A clock may be called on any player after a reasonable time."},
			{ID: "rule:2", Kind: corpus.KindRule, Number: "2", Title: "Chips", Text: "Chips stay in view of the table & the dealer at all times."},
			{ID: "rule:3", Kind: corpus.KindRule, Number: "3", Title: "Following", Text: "Players must follow Rule 1 <always>.", Refs: []string{"rule:1"}},
		}}),
	}
	lists := map[string]int{}
	for name, c := range cmps {
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(diff.JSONReference(c)); err != nil {
			t.Fatal(err)
		}
		if err := c.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: WriteJSON differs from the encoder's JSON:\n%.2000s\nwant\n%.2000s", name, got.Bytes(), want.Bytes())
		}
		compact, err := c.MarshalJSON()
		ref, _ := json.Marshal(diff.JSONReference(c))
		if err != nil || !bytes.Equal(compact, ref) {
			t.Errorf("%s: MarshalJSON wrote\n%.1500s (%v)\nwant\n%.1500s", name, compact, err, ref)
		}
		lists["scope"] += len(c.Scope)
		lists["changes"] += len(c.Changes)
		lists["moves"] += len(c.Moves)
		lists["stale_refs"] += len(c.StaleRefs)
	}
	for name, n := range lists {
		if n == 0 {
			t.Errorf("no comparison has %s: the test does not see them written", name)
		}
	}
}

// BenchmarkWriteJSON writes the comparison of two generated editions of
// 10k rules as diff --to json does, whole through a json.Encoder and a
// change at a time with WriteJSON, in the same run; B/op is what the
// writing allocates, cpu-ms/op the processor time of the whole process
// (the collector's included).
func BenchmarkWriteJSON(b *testing.B) {
	docs, _ := synth.Corpus(9, 2, 0, 10000)
	c := diff.Options{}.Compare(docs["en-1"], docs["en-2"])
	var out bytes.Buffer
	for _, w := range []struct {
		name  string
		write func() error
	}{
		{"encoder", func() error {
			enc := json.NewEncoder(&out)
			enc.SetIndent("", "  ")
			return enc.Encode(diff.JSONReference(c))
		}},
		{"stream", func() error { return c.WriteJSON(&out) }},
	} {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			defer cpuTime(b)()
			for b.Loop() {
				out.Reset()
				if err := w.write(); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(out.Len()))
		})
	}
}
