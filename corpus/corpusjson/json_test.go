package corpusjson

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// maxFuzzInput caps the input a fuzz target reads (see corpus's
// fuzz_test.go): 16 times it holds the sample document.
const maxFuzzInput = 256

func sampleDoc() *corpus.Document {
	return &corpus.Document{
		Edition: "tda-2030", Lang: "ja", Title: "テスト", Date: "2030-10",
		Source: corpus.Source{Path: "x.txt", Format: "reader", SHA256: "00"},
		Items: []corpus.Item{
			{ID: "item:1", Kind: corpus.KindRule, Title: "席", Text: "プレイヤーは席にいる。", Flags: []corpus.Flag{corpus.FlagTruncated}},
			{ID: "rule:2", Kind: corpus.KindRule, Number: "2", Text: "A: x B: y", Parts: []corpus.Part{{Label: "A", Text: "x"}, {Label: "B", Text: "y"}}, Refs: []string{"rule:71#B"}},
		},
	}
}

func TestJSONRoundTrip(t *testing.T) {
	d := sampleDoc()
	a, err := Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Unmarshal(a)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Marshal(back)
	if !bytes.Equal(a, b) {
		t.Errorf("JSON does not round-trip:\n%s\n%s", a, b)
	}
	// Every item has every field, empty lists included.
	for _, f := range []string{`"parts": []`, `"refs": []`, `"flags": []`, `"section": ""`, `"number": ""`} {
		if !bytes.Contains(a, []byte(f)) {
			t.Errorf("JSON lacks %s", f)
		}
	}
	if bytes.Contains(a, []byte(`\u`)) {
		t.Errorf("JSON escapes characters it need not: %s", a)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	for _, c := range []struct {
		in        string
		line, col int
		want      string
	}{
		{"{\n  \"edition\": \"x\",\n  \"lang\": 5\n}", 3, 12, "lang"},
		{"{\n  \"edition\": \"x\",\n  oops\n}", 3, 3, "invalid character"},
		{"{\"edition\": \"x\", \"items\": [", 1, 28, "unexpected end"},
		{"{\"edition\": \"x\", \"lang\": \"en\", \"extra\": 1}", 1, 0, "unknown field"},
		{"{\"edition\": \"x\", \"lang\": \"en\", \"items\": [\n  {\"id\": \"rule:1\", \"title\": [\"x\"]}]}", 2, 30, "cannot hold a JSON array"},
		{"{\"edition\": \"x\", \"lang\": \"en\", \"items\": [\n  {\"id\": \"rule:1\", \"kind\": \"rule\"},\n  {\"id\": \"x:2\",\n   \"kind\":  \"bogus\"}]}", 4, 13, `item 2: unknown kind "bogus"`},
	} {
		_, err := Unmarshal([]byte(c.in))
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.Contains(pe.Msg, c.want) || pe.Line != c.line || (c.col > 0 && pe.Col != c.col) {
			t.Errorf("Unmarshal(%q) = %v; want a ParseError at %d:%d saying %q", c.in, err, c.line, c.col, c.want)
		}
	}
	if _, err := Unmarshal([]byte(`{"lang":"en","items":[]}`)); err == nil || !strings.Contains(err.Error(), "no edition") {
		t.Errorf("a document without edition: %v", err)
	}
}

// FuzzUnmarshal checks that any document Unmarshal accepts encodes to JSON
// that decodes to the same bytes again (a round trip).
func FuzzUnmarshal(f *testing.F) {
	a, _ := Marshal(sampleDoc())
	f.Add(a)
	f.Add([]byte(`{"edition":"e","lang":"en","items":[{"id":"rule:1","kind":"rule","text":"x"}]}`))
	f.Add([]byte(`{"edition":"e","lang":"en","items":[{"id":"a"},{"id":"a"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16*maxFuzzInput { // the sample document is 847 bytes
			return
		}
		d, err := Unmarshal(data)
		if err != nil {
			return
		}
		a, err := Marshal(d)
		if err != nil {
			t.Fatalf("Marshal of an accepted document: %v", err)
		}
		d2, err := Unmarshal(a)
		if err != nil {
			t.Fatalf("re-reading our own JSON: %v\n%s", err, a)
		}
		b, _ := Marshal(d2)
		if !bytes.Equal(a, b) {
			t.Errorf("round trip changed the JSON:\n%s\n%s", a, b)
		}
	})
}
