package corpusjson

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/rulesync/rulesync/corpus"
)

// decodeSeeds are small documents that reach every path of the item
// decoder and of its fallback to encoding/json: escapes, surrogate pairs
// (whole, halved, reversed), null for every kind of value, members twice,
// names in another case or escaped, unknown members, values of the wrong
// type, numbers that an int does not hold, bytes that are not UTF-8,
// notes, and syntax errors in each place.
var decodeSeeds = []string{
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","kind":"rule","text":"x"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"a"},{"id":"a"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","kind":"rule","number":"1","title":"T","text":"a\"b\\c\/d\b\f\n\r\t\u00e9\u4e2d\ud83d\ude00","parts":[{"label":"A","marker":"a)","title":"t","text":"p"}],"refs":["rule:2"],"flags":["truncated","other"],"section":"S","marks":[{"start":0,"end":2,"kind":"underline"}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","text":"\ud83d x \ude00 \ud83d\u0041 \udead\ud83d"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":null,"kind":null,"text":null,"parts":null,"refs":null,"flags":null,"marks":null}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","parts":[null,{"label":null}],"refs":[null],"flags":[null],"marks":[null,{"start":null,"end":3,"kind":null}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","parts":[],"refs":[],"flags":[],"marks":[]}, null, {}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","text":"a","text":"b","parts":[{"label":"A","text":"x"}],"parts":[{"text":"y"}]}]}`,
	`{"edition":"e","lang":"en","items":[{"ID":"rule:1","Text":"a","\u0074itle":"t","ſection":"s"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","extra":1}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","parts":[{"label":"A","extra":1}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","title":["x"]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","refs":"x"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","marks":[{"start":1.5,"end":2}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","marks":[{"start":1e2,"end":-0}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","marks":[{"start":9223372036854775807,"end":-9223372036854775808}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","marks":[{"start":9223372036854775808,"end":1}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","marks":[{"start":"1","end":2}]}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","kind":"bogus"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"rule 1"}]}`,
	"{\"edition\":\"e\",\"lang\":\"en\",\"items\":[{\"id\":\"rule:1\",\"text\":\"a\xe9b\xff\xfe\"}]}",
	`{"edition":"e","lang":"en","items":[{"id":"rule:1","text":"a {{rulesync:note x}} b"}]}`,
	`{"edition":"e","lang":"en","title":"t","version":"1","date":"2024","date_text":"d","source":{"path":"p","format":"md","sha256":"x","status":200},"notes":["n"],"items":[]}`,
	`{"edition":"e","Lang":"en","ITEMS":[{"id":"rule:1"}],"items":null}`,
	`{"edition":"e","source":{"status":"x"}}`,
	`{"edition":"e\n"}`,
	`{"edition":"e","lang":"not a tag"}`,
	`{"edition":"e","extra":1}`,
	`null`, `[]`, `"x"`, `1`, `true`, ``, ` `,
	`{"edition":"e"} {}`, `{"edition":"e"}  `,
	`{"edition" "e"}`, `{"edition":"e" "lang":"en"}`, `{"edition":"e",}`, `{,}`, `{"edition":"e","lang":"en","items":[{"id":"a"} {"id":"b"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"a"},]}`, `{"edition":"e","lang":"en","items":[{"id":"a",}]}`, `{"edition":"e","lang":"en","items":[{"id" "a"}]}`,
	`{"edition":"e","lang":"en","items":[{"id":"a\x"}]}`, `{"edition":"e","lang":"en","items":[{"id":"a\u12G4"}]}`, "{\"edition\":\"e\",\"lang\":\"en\",\"items\":[{\"id\":\"a\tb\"}]}",
	`{"edition":"e","lang":"en","items":[{"id":tru}]}`, `{"edition":"e","lang":"en","items":[{"id":nul}]}`, `{"edition":"e","lang":"en","items":[{"id":-}]}`, `{"edition":"e","lang":"en","items":[{"id":1.}]}`,
	`{"edition":"e","lang":"en","items":[{"id":1e}]}`, `{"edition":"e","lang":"en","items":[{"id":01}]}`, `{"edition":"e","lang":"en","items":[{"id":"a"}`, `{"edition":"e","lang":"en","items":{}}`, `{"edition":"e","lang":"en","items":"x"}`,
	`{"edition":"e","lang":"en","items":[[[[]]]]}`, `{"edition":"e","lang":"en","items":[{"id":"a","parts":[{"label":[{"x":[]}]}]}]}`,
}

// sameError reports whether err, the Decoder's, is want, the
// reference's: the same message at the same line and column, but for
// syntax errors, where both failing is enough. The reference reads the
// structure around the values (the document's members, the items array)
// through json.Decoder's Token and More, which word a fault there their
// own way ("expected colon after object key") and place it one past the
// offending character or at the separator before it; the Decoder reports
// every syntax error as the json package does inside a value, at the
// offending character (TestDecodeErrorsDeep and TestUnmarshalErrors hold
// the places). Nor is the error of a document that is not an object,
// which the reference reads as a token too (a number too large for a
// float64 is its type error there).
func sameError(err, want error, data []byte) bool {
	if !bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("{")) {
		return true
	}
	var pw *ParseError
	if errors.As(want, &pw) && (strings.HasPrefix(pw.Msg, "invalid character ") || strings.HasPrefix(pw.Msg, "expected ") || pw.Msg == "unexpected end of JSON") {
		return true
	}
	return err.Error() == want.Error()
}

// FuzzDecode holds the Decoder to the reference (decode_ref_test.go,
// encoding/json reading each value): the same document, the same count
// of bytes that are not UTF-8, or the same error from both
// (see sameError). Each input is read whole and one byte at a
// time.
func FuzzDecode(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	a, _ := Marshal(sampleDoc())
	f.Add(a, true)
	f.Fuzz(func(t *testing.T, data []byte, dropNotes bool) {
		if len(data) > 16*maxFuzzInput {
			return
		}
		ref := &refDecoder{DropNotes: dropNotes}
		want, werr := ref.Decode(bytes.NewReader(data))
		for _, r := range []func() *bytes.Reader{func() *bytes.Reader { return bytes.NewReader(data) }} {
			for _, oneByte := range []bool{false, true} {
				var in = any(r())
				dc := &Decoder{DropNotes: dropNotes}
				var got *corpus.Document
				var err error
				if oneByte {
					got, err = dc.Decode(iotest.OneByteReader(in.(*bytes.Reader)))
				} else {
					got, err = dc.Decode(in.(*bytes.Reader))
				}
				if (err != nil) != (werr != nil) {
					t.Fatalf("%q (one byte at a time: %v):\nerror %v\nwant %v", data, oneByte, err, werr)
				}
				if err != nil {
					if !sameError(err, werr, data) {
						t.Errorf("%q (one byte at a time: %v):\nerror %v\nwant  %v", data, oneByte, err, werr)
					}
					continue
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%q (one byte at a time: %v):\ngot  %#v\nwant %#v", data, oneByte, got, want)
				}
				if dc.Invalid != ref.Invalid || !reflect.DeepEqual(dc.FirstInvalid, ref.FirstInvalid) {
					t.Errorf("%q: invalid %d at %v, want %d at %v", data, dc.Invalid, dc.FirstInvalid, ref.Invalid, ref.FirstInvalid)
				}
			}
		}
	})
}

// BenchmarkDecode reads a document JSON of 10k items with the Decoder
// and with the reference (encoding/json reading each value), in the
// same run so that both meet the same load.
func BenchmarkDecode(b *testing.B) {
	_, js := bigDoc(b, 10000)
	for _, c := range []struct {
		name   string
		decode func() (*corpus.Document, error)
	}{
		{"hand", func() (*corpus.Document, error) { return (&Decoder{DropNotes: true}).Decode(bytes.NewReader(js)) }},
		{"reference", func() (*corpus.Document, error) { return (&refDecoder{DropNotes: true}).Decode(bytes.NewReader(js)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(js)))
			for b.Loop() {
				if d, err := c.decode(); err != nil || len(d.Items) != 10000 {
					b.Fatal(err)
				}
			}
		})
	}
}
