package corpusjson_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/internal/testgen"
)

// encodeRef is what Encode wrote when its items went through
// encoding/json: the document indented by an Encoder with
// SetEscapeHTML(false), every nil list of an item written as [].
func encodeRef(t *testing.T, d *corpus.Document) []byte {
	c := *d
	c.Items = make([]corpus.Item, len(d.Items))
	for i, it := range d.Items {
		if it.Parts == nil {
			it.Parts = []corpus.Part{}
		}
		if it.Refs == nil {
			it.Refs = []string{}
		}
		if it.Flags == nil {
			it.Flags = []corpus.Flag{}
		}
		if it.Marks == nil {
			it.Marks = []corpus.Mark{}
		}
		c.Items[i] = it
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&c); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// randomItem draws an item whose every string is random JSON text
// (HTML characters, control characters, U+2028, bytes that are no
// UTF-8), with lists nil, empty or not, parts with and without their
// optional marker and title, marks at any offsets, and half of them
// with an id source and a confidence.
func randomItem(r *rand.Rand) corpus.Item {
	it := corpus.Item{ID: testgen.Text(r, testgen.JSONPieces, 12), Kind: corpus.Kind(testgen.Text(r, testgen.JSONPieces, 12)), Number: testgen.Text(r, testgen.JSONPieces, 12), Title: testgen.Text(r, testgen.JSONPieces, 12),
		Text: testgen.Text(r, testgen.JSONPieces, 12), Refs: testgen.Strings(r, testgen.JSONPieces, 12), Section: testgen.Text(r, testgen.JSONPieces, 12)}
	for _, f := range testgen.Strings(r, testgen.JSONPieces, 12) {
		it.Flags = append(it.Flags, corpus.Flag(f))
	}
	if r.IntN(2) == 0 {
		// A translation's item read through its source.
		it.IDSource, it.Confidence = testgen.Text(r, testgen.JSONPieces, 12), float64(r.IntN(101))/100
	}
	switch r.IntN(3) {
	case 0:
	case 1:
		it.Parts, it.Marks = []corpus.Part{}, []corpus.Mark{}
	default:
		for range 1 + r.IntN(3) {
			p := corpus.Part{Label: testgen.Text(r, testgen.JSONPieces, 12), Text: testgen.Text(r, testgen.JSONPieces, 12)}
			if r.IntN(2) == 0 {
				p.Marker = testgen.Text(r, testgen.JSONPieces, 12)
			}
			if r.IntN(2) == 0 {
				p.Title = testgen.Text(r, testgen.JSONPieces, 12)
			}
			it.Parts = append(it.Parts, p)
			it.Marks = append(it.Marks, corpus.Mark{Start: r.IntN(1000) - 500, End: r.IntN(1 << 20), Kind: testgen.Text(r, testgen.JSONPieces, 12)})
		}
	}
	return it
}

// TestEncodeItems: Encode writes each item (jsoncodec.IndentEncoder)
// byte for byte as encoding/json writes it (encodeRef), for random items
// of every shape.
func TestEncodeItems(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 12))
	for range 3000 {
		d := &corpus.Document{Edition: testgen.Text(r, testgen.JSONPieces, 12), Lang: "en", Notes: testgen.Strings(r, testgen.JSONPieces, 12)}
		for range r.IntN(4) {
			d.Items = append(d.Items, randomItem(r))
		}
		checkEncode(t, d)
	}
}

func checkEncode(t *testing.T, d *corpus.Document) {
	t.Helper()
	var got bytes.Buffer
	if err := corpusjson.Encode(&got, d); err != nil {
		t.Fatal(err)
	}
	if want := encodeRef(t, d); !bytes.Equal(got.Bytes(), want) {
		t.Fatalf("Encode:\n%s\nencoding/json:\n%s", got.Bytes(), want)
	}
}

// FuzzEncodeItem holds Encode to encoding/json for an item made of one
// fuzzed string in every field, shape choosing which lists are nil,
// empty or hold it.
func FuzzEncodeItem(f *testing.F) {
	r := rand.New(rand.NewPCG(12, 5))
	for i := range 16 {
		f.Add(testgen.Text(r, testgen.JSONPieces, 12), uint8(i*17))
	}
	f.Add("<a href=\"x\">&\u2028\xff", uint8(255))
	f.Fuzz(func(t *testing.T, s string, shape uint8) {
		it := corpus.Item{ID: s, Kind: corpus.Kind(s), Number: s, Title: s, Text: s, Section: s}
		if shape&1 != 0 {
			it.Refs = []string{}
		}
		if shape&2 != 0 {
			it.Refs = append(it.Refs, s, s)
		}
		if shape&4 != 0 {
			it.Flags = []corpus.Flag{corpus.Flag(s)}
		}
		if shape&8 != 0 {
			it.Parts = []corpus.Part{{Label: s, Text: s}}
		}
		if shape&16 != 0 {
			it.Parts = append(it.Parts, corpus.Part{Label: s, Marker: s, Title: s, Text: s})
		}
		if shape&32 != 0 {
			it.Marks = []corpus.Mark{{Start: int(shape), End: -int(shape), Kind: s}}
		}
		if shape&64 != 0 {
			it.Marks = []corpus.Mark{}
		}
		checkEncode(t, &corpus.Document{Edition: s, Items: []corpus.Item{it}})
	})
}

// BenchmarkEncode writes a document of 10k items of rule-like text.
func BenchmarkEncode(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	d := &corpus.Document{Edition: "x-1", Lang: "en"}
	words := []string{"the", "player", "dealer", "button", "must", "act", "in", "turn", "chips", "<", "&"}
	for i := range 10000 {
		var text bytes.Buffer
		for range 30 {
			text.WriteString(words[r.IntN(len(words))])
			text.WriteByte(' ')
		}
		d.Items = append(d.Items, corpus.Item{ID: "rule:" + string(rune('a'+i%26)), Kind: corpus.KindRule, Number: "12", Title: "Title", Text: text.String(), Refs: []string{"rule:1"}})
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := corpusjson.Encode(&bytes.Buffer{}, d); err != nil {
			b.Fatal(err)
		}
	}
}

// TestIDSourceRoundTrip: an item's id source and confidence are written
// and read back; an item without them writes neither.
func TestIDSourceRoundTrip(t *testing.T) {
	d := &corpus.Document{Edition: "e", Lang: "ja", Items: []corpus.Item{
		{ID: "reg:1a", Kind: corpus.KindRegulation, Text: "x", IDSource: corpus.IDProjected, Confidence: 0.42},
		{ID: "reg:1b", Kind: corpus.KindRegulation, Text: "y"},
	}}
	data, err := corpusjson.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte(`"id_source"`)); n != 1 {
		t.Errorf("%d id_source members, want 1:\n%s", n, data)
	}
	back, err := corpusjson.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	if it := back.Items[0]; it.IDSource != corpus.IDProjected || it.Confidence != 0.42 {
		t.Errorf("read back %q %v, want projected 0.42", it.IDSource, it.Confidence)
	}
	if it := back.Items[1]; it.IDSource != "" || it.Confidence != 0 {
		t.Errorf("read back %q %v for an item without them", it.IDSource, it.Confidence)
	}
}

// TestInlineFaultsRoundTrip: an item's inline markup faults are written
// and read back; an item without them writes none, and Encode writes
// them as encoding/json does.
func TestInlineFaultsRoundTrip(t *testing.T) {
	faults := []corpus.InlineFault{{Segment: "reg:1a/title", Fault: corpus.InlineMissing, Markup: "[…](#2k)"}, {Segment: "reg:1a", Fault: corpus.InlineUnbalanced, Markup: "<b>"}}
	d := &corpus.Document{Edition: "e", Lang: "ja", Items: []corpus.Item{
		{ID: "reg:1a", Kind: corpus.KindRegulation, Text: "x", Inline: faults},
		{ID: "reg:1b", Kind: corpus.KindRegulation, Text: "y"},
	}}
	data, err := corpusjson.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte(`"inline"`)); n != 1 {
		t.Errorf("%d inline members, want 1:\n%s", n, data)
	}
	if !bytes.Contains(data, []byte(`"markup": "<b>"`)) {
		t.Errorf("the markup is not written as it is:\n%s", data)
	}
	back, err := corpusjson.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Items[0].Inline, faults) || back.Items[1].Inline != nil {
		t.Errorf("read back %v and %v, want %v and none", back.Items[0].Inline, back.Items[1].Inline, faults)
	}
}
