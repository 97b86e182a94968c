// Package jsoncodecs measures rulesync's document JSON codec
// (corpus/corpusjson) against well-kept general codecs, on documents
// ingested from the real corpus (../shared/corpus, or $CORPUS): a
// module of its own, so that a codec only measured never enters
// rulesync's dependencies. docs/design.md gives the figures.
//
//	cd bench/jsoncodecs && go test -bench . -benchmem
//	GOEXPERIMENT=jsonv2 go test -bench . -benchmem   # adds encoding/json/v2
package jsoncodecs

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	gojson "github.com/goccy/go-json"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
)

// inputs are the largest real files of three layouts.
var inputs = []string{
	"wca/wca-regulations-2024-01-01-en.md",
	"tda/tda-2024-longform-en.docx",
	"udhr/udhr-1948-en.md",
}

// codec is one way to write and read a document.
type codec struct {
	name      string
	marshal   func(*corpus.Document) ([]byte, error)
	unmarshal func([]byte) (*corpus.Document, error) // nil: writing only
}

var codecs = []codec{
	{"rulesync", corpusjson.Marshal, corpusjson.Unmarshal},
	general("encoding-json", func(w io.Writer) encoder { return json.NewEncoder(w) }, json.Unmarshal),
	general("goccy-go-json", func(w io.Writer) encoder { return gojson.NewEncoder(w) }, gojson.Unmarshal),
	{"goccy-go-json-items", goccyItems, nil},
}

// encoder is what encoding/json's Encoder and goccy/go-json's have in
// common.
type encoder interface {
	SetEscapeHTML(bool)
	SetIndent(prefix, indent string)
	Encode(v any) error
}

// general is a codec of the whole document by a general library: its
// encoder writes it indented, HTML unescaped, as rulesync writes it.
func general(name string, newEncoder func(io.Writer) encoder, unmarshal func([]byte, any) error) codec {
	return codec{name, func(d *corpus.Document) ([]byte, error) {
		var b bytes.Buffer
		enc := newEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		err := enc.Encode(filled(d))
		return b.Bytes(), err
	}, func(b []byte) (*corpus.Document, error) {
		var d corpus.Document
		if err := unmarshal(b, &d); err != nil {
			return nil, err
		}
		return &d, d.Validate()
	}}
}

// filled returns a copy of d whose items have [] for nil lists, as
// rulesync writes them (every item has every field); part of the cost
// of a general codec.
func filled(d *corpus.Document) *corpus.Document {
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
	return &c
}

// goccyItems writes d as corpusjson.Encode does, item by item so that
// the document is never held twice, with each item written by goccy
// rather than by hand: the way a general codec would serve rulesync's
// streaming writer.
func goccyItems(d *corpus.Document) ([]byte, error) {
	c := *d
	c.Items = []corpus.Item{}
	var head bytes.Buffer
	enc := json.NewEncoder(&head)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&c); err != nil {
		return nil, err
	}
	before, after, _ := bytes.Cut(head.Bytes(), []byte("\n  \"items\": []"))
	var out, one bytes.Buffer
	out.Write(before)
	out.WriteString("\n  \"items\": [")
	ie := gojson.NewEncoder(&one)
	ie.SetEscapeHTML(false)
	ie.SetIndent("    ", "  ")
	items := filled(d).Items
	for i := range items {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteString("\n    ")
		one.Reset()
		if err := ie.Encode(&items[i]); err != nil {
			return nil, err
		}
		out.Write(bytes.TrimSuffix(one.Bytes(), []byte("\n")))
	}
	if len(items) > 0 {
		out.WriteString("\n  ]")
	} else {
		out.WriteString("]")
	}
	out.Write(after)
	return out.Bytes(), nil
}

var docs = sync.OnceValues(func() ([]*corpus.Document, error) {
	root := os.Getenv("CORPUS") // as bench/same takes it
	if root == "" {
		root = filepath.Join("..", "..", "..", "shared", "corpus")
	}
	var ds []*corpus.Document
	for _, in := range inputs {
		d, err := ingest.Options{}.File(filepath.Join(root, in))
		if err != nil {
			return nil, err
		}
		ds = append(ds, d)
	}
	return ds, nil
})

func load(b *testing.B) []*corpus.Document {
	ds, err := docs()
	if os.IsNotExist(err) {
		b.Skip("../shared/corpus is absent")
	}
	if err != nil {
		b.Fatal(err)
	}
	return ds
}

// BenchmarkEncode writes each document; the bytes are checked against
// rulesync's once.
func BenchmarkEncode(b *testing.B) {
	ds := load(b)
	for _, c := range codecs {
		b.Run(c.name, func(b *testing.B) {
			same := 0
			var n int64
			for _, d := range ds {
				want, _ := corpusjson.Marshal(d)
				got, err := c.marshal(d)
				if err != nil {
					b.Fatal(err)
				}
				if bytes.Equal(bytes.TrimSuffix(got, []byte("\n")), bytes.TrimSuffix(want, []byte("\n"))) {
					same++
				}
				n += int64(len(want))
			}
			b.Logf("%s: %d of %d documents in the same bytes as rulesync's", c.name, same, len(ds))
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range ds {
					c.marshal(d)
				}
			}
		})
	}
}

// BenchmarkDecode reads each document as rulesync wrote it.
func BenchmarkDecode(b *testing.B) {
	ds := load(b)
	var texts [][]byte
	var n int64
	for _, d := range ds {
		t, _ := corpusjson.Marshal(d)
		texts = append(texts, t)
		n += int64(len(t))
	}
	for _, c := range codecs {
		if c.unmarshal == nil {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for _, t := range texts {
					if _, err := c.unmarshal(t); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
