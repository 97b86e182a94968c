package corpusjson

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/rulesync/rulesync/corpus"
)

func TestIsDocument(t *testing.T) {
	for _, c := range []struct {
		head string
		want bool
	}{
		{"{\n  \"edition\": \"tda-2024\"", true},
		{" \r\n{\"edition\":\"x\"", true},
		{"{ \"edition\"\n:", true},
		{"{\n  \"edition", false}, // cut short
		{"{\"lang\": \"en\", \"edition\": \"x\"", false},
		{"\xef\xbb\xbf{\"edition\": \"x\"", false}, // a byte-order mark
		{"[{\"edition\": \"x\"}]", false},
		{"{\"editions\": 1}", false},
		{"", false},
	} {
		if got := IsDocument([]byte(c.head)); got != c.want {
			t.Errorf("IsDocument(%q) = %v, want %v", c.head, got, c.want)
		}
	}
}

// bigDoc returns a document of n items and its JSON.
func bigDoc(t testing.TB, n int) (*corpus.Document, []byte) {
	d := &corpus.Document{Edition: "x-1", Lang: "en", Title: "Rules", Notes: []string{"a note"}}
	for i := range n {
		d.Items = append(d.Items, corpus.Item{ID: fmt.Sprintf("rule:%d", i+1), Kind: corpus.KindRule, Number: fmt.Sprint(i + 1), Title: "title", Text: fmt.Sprintf("rule %d text, with \"quotes\" and ünïcode", i+1), Refs: []string{"rule:1"}})
	}
	js, err := Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return d, js
}

// TestDecodeStream: a document read one byte at a time (every value cut
// at every place between reads) gives the same document as its JSON says.
func TestDecodeStream(t *testing.T) {
	_, js := bigDoc(t, 300)
	got, err := (&Decoder{}).Decode(iotest.OneByteReader(bytes.NewReader(js)))
	if err != nil {
		t.Fatal(err)
	}
	back, _ := Marshal(got)
	if !bytes.Equal(back, js) {
		t.Errorf("a document decoded as a stream does not round-trip")
	}
	// The decoder keeps no more than a sixteenth of the items spare (it
	// copies them into a slice of their size otherwise).
	if cap(got.Items)-len(got.Items) > len(got.Items)/16 {
		t.Errorf("items: cap %d for %d items", cap(got.Items), len(got.Items))
	}
}

// TestDecodeErrorsDeep: faults far into a document, after the decoder
// has let go of the bytes before them, are at their line and column
// (an id given twice too, at its second place).
func TestDecodeErrorsDeep(t *testing.T) {
	_, js := bigDoc(t, 2000)
	lineCol := func(b []byte, off int) (int, int) {
		return 1 + bytes.Count(b[:off], []byte{'\n'}), off - bytes.LastIndexByte(b[:off], '\n')
	}
	target := []byte(`"id": "rule:1777"`)
	at := bytes.Index(js, target)
	for _, c := range []struct {
		name     string
		old, new string
		off      int // offset of the fault in the changed JSON from at
		want     string
	}{
		{"syntax", `"id": "rule:1777",`, `"id": "rule:1777";`, len(`"id": "rule:1777"`), "invalid character ';'"},
		{"type", `"id": "rule:1777"`, `"id": 1777`, len(`"id": 1777`), "field items.id: cannot hold a JSON number"},
		{"bad id", `"id": "rule:1777"`, `"id": "rule 1777"`, len(`"id": `), `item 1777: id "rule 1777" is not an id`},
		{"unknown field", `"id": "rule:1777"`, `"idd": "rule:1777"`, 0, `unknown field "idd"`},
		// An id given twice: at the second's value, naming the first.
		{"duplicate id", `"id": "rule:1777"`, `"id": "rule:12"`, len(`"id": `), `item 1777: duplicate id "rule:12" (item 12's)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := bytes.Replace(js, []byte(c.old), []byte(c.new), 1)
			for _, r := range []func([]byte) *bytes.Reader{bytes.NewReader} {
				_, err := (&Decoder{}).Decode(iotest.HalfReader(r(bad)))
				var pe *ParseError
				line, col := lineCol(bad, at+c.off)
				if !errors.As(err, &pe) || pe.Line != line || pe.Col != col || !strings.Contains(pe.Msg, c.want) {
					t.Errorf("got %v; want %d:%d: %s", err, line, col, c.want)
				}
			}
		})
	}
	cut := js[:at]
	_, err := (&Decoder{}).Decode(bytes.NewReader(cut))
	var pe *ParseError
	if line, col := lineCol(cut, len(cut)); !errors.As(err, &pe) || pe.Line != line || pe.Col != col || !strings.Contains(pe.Msg, "unexpected end") {
		t.Errorf("cut short: %v; want %d:%d: unexpected end", err, line, col)
	}
	_, err = (&Decoder{}).Decode(bytes.NewReader(append(js, " {}"...)))
	if line, col := lineCol(js, len(js)); !errors.As(err, &pe) || pe.Line != line || pe.Col != col+1 || !strings.Contains(pe.Msg, "data after") {
		t.Errorf("data after: %v; want %d:%d", err, line, col+1)
	}
}

// TestDecodeHeadAnyCase: the document's edition and language are checked
// under whatever case of their names encoding/json takes them ("Lang"
// sets the language too), at the value, escaped or not.
func TestDecodeHeadAnyCase(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{"edition": "x", "lang": "en", "Lang": "zz zz", "items": []}`, `1:40: lang "zz zz": not a BCP 47`},
		{`{"edition": "x", "LANG": "zz zz", "items": []}`, `1:26: lang "zz zz": not a BCP 47`},
		{`{"edition": "x", "lang": "z\u007a zz", "items": []}`, `1:26: lang "zz zz": not a BCP 47`},
	} {
		_, err := (&Decoder{}).Decode(strings.NewReader(c.doc))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s...", c.doc, err, c.want)
		}
	}
}

// TestDecodeRepairs: notes are dropped from each value when asked, and a
// stray byte that is not UTF-8 becomes U+FFFD, counted and located.
func TestDecodeRepairs(t *testing.T) {
	_, js := bigDoc(t, 50)
	bad := bytes.Replace(js, []byte("rule 40 text"), []byte("rule 40 \xe9 text {{rulesync:note hi}}"), 1)
	dc := &Decoder{DropNotes: true}
	d, err := dc.Decode(bytes.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Items[39].Text; !strings.HasPrefix(got, "rule 40 \ufffd text,") || strings.Contains(got, "note") {
		t.Errorf("item 40: %q", got)
	}
	off := bytes.IndexByte(bad, 0xe9)
	line, col := 1+bytes.Count(bad[:off], []byte{'\n'}), off-bytes.LastIndexByte(bad[:off], '\n')
	if dc.Invalid != 1 || dc.FirstInvalid == nil || dc.FirstInvalid.Line != line || dc.FirstInvalid.Col != col {
		t.Errorf("invalid %d at %+v, want 1 at %d:%d", dc.Invalid, dc.FirstInvalid, line, col)
	}
}

// TestDecodeSize: the input's size, right or wrong, changes nothing of
// the document decoded; right, the items' array is allocated once at
// the size it ends with or close to it (no slack beyond a sixteenth);
// wrong, it is still cut to size.
func TestDecodeSize(t *testing.T) {
	_, js := bigDoc(t, 1000)
	for _, size := range []int64{0, int64(len(js)), 100, int64(len(js)) * 50} {
		got, err := (&Decoder{Size: size}).Decode(bytes.NewReader(js))
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		back, _ := Marshal(got)
		if !bytes.Equal(back, js) {
			t.Errorf("size %d: the document does not round-trip", size)
		}
		if c, n := cap(got.Items), len(got.Items); c-n > n/16 {
			t.Errorf("size %d: items cap %d for %d items", size, c, n)
		}
	}
	// The estimate: about the items the rest holds, never more than one
	// per itemFloor bytes, nothing from nothing.
	for _, c := range []struct {
		n, used int
		rest    int64
		lo, hi  int
	}{
		{64, 6400, 100_000, 1000, 1100},
		{64, 64, 96_000, 0, 1000},
		{0, 0, 1000, 0, 0},
		{64, 6400, 0, 0, 0},
	} {
		if got := estimateItems(c.n, c.used, c.rest); got < c.lo || got > c.hi {
			t.Errorf("estimateItems(%d, %d, %d) = %d, want %d to %d", c.n, c.used, c.rest, got, c.lo, c.hi)
		}
	}
}

// TestObsoleteRoundTrip: a document's obsolete translations (a PO's "#~"
// entries) are written after its notes, their items with every field,
// and read back as written; one whose id is not one is refused.
func TestObsoleteRoundTrip(t *testing.T) {
	d := &corpus.Document{Edition: "x-1", Lang: "ja", Items: []corpus.Item{{ID: "rule:1", Kind: corpus.KindRule, Number: "1", Text: "訳。"}},
		Obsolete: []corpus.Obsolete{{Item: corpus.Item{ID: "rule:9", Kind: corpus.KindRule, Number: "9", Text: "古い訳。"}, SourceText: "Old.", Reason: ""}}}
	js, err := Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(js, []byte(`"obsolete": [`)) || bytes.Count(js, []byte(`"parts": []`)) != 2 {
		t.Errorf("obsolete not written with every field:\n%s", js)
	}
	got, err := Unmarshal(js)
	if err != nil {
		t.Fatal(err)
	}
	if back, _ := Marshal(got); !bytes.Equal(back, js) || len(got.Obsolete) != 1 || got.Obsolete[0].SourceText != "Old." {
		t.Errorf("read back:\n%s\nwant:\n%s", back, js)
	}
	bad := bytes.Replace(js, []byte(`"id": "rule:9"`), []byte(`"id": "no id"`), 1)
	if _, err := Unmarshal(bad); err == nil || !strings.Contains(err.Error(), `obsolete 1: id "no id" is not an item id`) {
		t.Errorf("an obsolete item without an id: error %v", err)
	}
}
