package gaps_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/synth"
)

// TestWriteJSON: WriteJSON, which writes a finding at a time, writes the
// bytes a json.Encoder indenting by two spaces writes for the whole
// report: a generated translation against its source with and without
// a base and with the base picked by provenance, and an empty report.
func TestWriteJSON(t *testing.T) {
	docs, _ := synth.Corpus(1, 2, 1, 300)
	src, tr, base := docs["en-2"], docs["ja-1"], docs["en-1"]
	warned := *tr
	warned.Notes = []string{"structure: 300 rule", corpus.WarningNote + "numbering skips: 3 -> 5"}
	picked := gaps.Options{}.Gaps(src, tr, base)
	pv, err := gaps.Options{}.Provenance(tr, base, src)
	if err != nil {
		t.Fatal(err)
	}
	picked.Provenance = pv
	reports := map[string]*gaps.Report{
		"no base": gaps.Options{}.Gaps(src, tr, nil),
		"base":    gaps.Options{}.Gaps(src, tr, base),
		"picked":  picked,
		"empty":   gaps.Options{}.Gaps(&corpus.Document{}, &corpus.Document{}, nil),
		"warned":  gaps.Options{}.Gaps(src, &warned, nil),
	}
	findings, redlines := 0, 0
	for name, r := range reports {
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(gaps.JSONReference(r)); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: WriteJSON differs from the encoder's JSON:\n%.1500s\nwant\n%.1500s", name, got.Bytes(), want.Bytes())
		}
		compact, err := r.MarshalJSON()
		ref, _ := json.Marshal(gaps.JSONReference(r))
		if err != nil || !bytes.Equal(compact, ref) {
			t.Errorf("%s: MarshalJSON wrote\n%.1500s (%v)\nwant\n%.1500s", name, compact, err, ref)
		}
		findings += len(r.Findings)
		for _, f := range r.Findings {
			redlines += len(f.Redline)
		}
	}
	// The reading's warnings travel with the report; none, no member.
	var w struct {
		InputWarnings map[string][]string `json:"input_warnings"`
	}
	if err := json.Unmarshal(must(json.Marshal(reports["warned"])), &w); err != nil || len(w.InputWarnings) != 1 || len(w.InputWarnings["translation"]) != 1 || w.InputWarnings["translation"][0] != "numbering skips: 3 -> 5" {
		t.Errorf("input_warnings of a translation with one warning: %v (%v)", w.InputWarnings, err)
	}
	if bytes.Contains(must(json.Marshal(reports["no base"])), []byte("input_warnings")) {
		t.Errorf("input_warnings written for inputs without warnings")
	}
	if findings == 0 || redlines == 0 || !bytes.Contains(must(json.Marshal(picked)), []byte("base_picked_by_provenance")) {
		t.Errorf("%d findings, %d redline spans, a base picked: the test does not see them all written", findings, redlines)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// BenchmarkWriteJSON writes the report of a generated translation of
// 2000 items against its source and base, whole through a json.Encoder
// and a finding at a time with WriteJSON, in the same run.
func BenchmarkWriteJSON(b *testing.B) {
	docs, _ := synth.Corpus(1, 2, 1, 2000)
	r := gaps.Options{}.Gaps(docs["en-2"], docs["ja-1"], docs["en-1"])
	var out bytes.Buffer
	for _, w := range []struct {
		name  string
		write func() error
	}{
		{"encoder", func() error {
			enc := json.NewEncoder(&out)
			enc.SetIndent("", "  ")
			return enc.Encode(gaps.JSONReference(r))
		}},
		{"stream", func() error { return r.WriteJSON(&out) }},
	} {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
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
