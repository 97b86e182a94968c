package corpusjson

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/jsoncodec"
)

// ParseError is an error in an input (a document JSON file, or a file
// of another format ingest reads), located by its Position.
type ParseError struct {
	corpus.Position
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Encode writes d as indented JSON. The output is deterministic: the same
// document always gives the same bytes, and empty lists are written as []
// so that every item has every field.
func Encode(w io.Writer, d *corpus.Document) error {
	// The document is written item by item, so that a large one is never
	// held twice (once as values, once as JSON): the head and tail come
	// from encoding it without items, the items are spliced in with the
	// indentation they have there.
	c := *d
	c.Items = []corpus.Item{}
	if len(d.Obsolete) > 0 {
		// Written with the document's members, every field of their
		// items too.
		c.Obsolete = make([]corpus.Obsolete, len(d.Obsolete))
		for i, o := range d.Obsolete {
			o.Item = filled(&o.Item)
			c.Obsolete[i] = o
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&c); err != nil {
		return err
	}
	const slot = "\n  \"items\": []"
	head, tail, ok := bytes.Cut(buf.Bytes(), []byte(slot))
	if !ok {
		panic("corpus: encoded document has no items slot")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(head)
	bw.WriteString("\n  \"items\": [")
	var one []byte
	ie := jsoncodec.NewIndentEncoder("    ", true)
	for i := range d.Items {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		it := filled(&d.Items[i])
		var err error
		if one, err = ie.Append(one[:0], &it); err != nil {
			return err
		}
		bw.Write(one)
	}
	if len(d.Items) > 0 {
		bw.WriteString("\n  ]")
	} else {
		bw.WriteString("]")
	}
	bw.Write(tail)
	return bw.Flush()
}

// filled returns a copy of it with its nil lists as [] (every item has
// every field) and a NaN or infinite confidence, which is never set (see
// Item) and has no JSON, as 0.
func filled(it *corpus.Item) corpus.Item {
	c := *it
	c.Parts, c.Refs, c.Flags, c.Marks = nonNil(c.Parts), nonNil(c.Refs), nonNil(c.Flags), nonNil(c.Marks)
	if math.IsNaN(c.Confidence) || math.IsInf(c.Confidence, 0) {
		c.Confidence = 0
	}
	return c
}

// nonNil returns xs, or an empty slice for nil: written as [].
func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

// Marshal returns the Encode form of d.
func Marshal(d *corpus.Document) ([]byte, error) {
	var buf bytes.Buffer
	err := Encode(&buf, d)
	return buf.Bytes(), err
}

// Unmarshal reads a document written by Encode, as a Decoder does.
// Syntax and type errors, and item kinds rulesync does not know, are
// *ParseError values with the line and column of the fault; a document
// that parses but breaks an invariant (no edition, duplicate ids) is
// reported too.
func Unmarshal(data []byte) (*corpus.Document, error) {
	return (&Decoder{}).Decode(bytes.NewReader(data))
}

// wellFormedHead checks what the reports print of a document's edition
// or language where quoting matters (a PO header, a Markdown heading, an
// HTML attribute): no control characters, and a language that is a BCP 47
// tag. It returns the fault, or "".
func wellFormedHead(key, v string) string {
	switch {
	case key == "edition" && strings.ContainsFunc(v, unicode.IsControl):
		return fmt.Sprintf("edition %q: a control character (a line break, a tab, an escape) in an edition", v)
	case key == "lang" && v != "":
		if _, err := corpus.CanonicalLang(v); err != nil || strings.ContainsFunc(v, unicode.IsControl) || strings.ContainsAny(v, " \"<>") {
			return fmt.Sprintf("lang %q: not a BCP 47 language tag", v)
		}
	}
	return ""
}

// ParseErrorAt returns the ParseError saying msg at byte offset off of
// data (clamped to the data).
func ParseErrorAt(data []byte, off int64, msg string) *ParseError {
	off = max(0, min(off, int64(len(data))))
	return &ParseError{Position: corpus.PositionAt(data, int(off)), Msg: msg}
}

// valueOffset returns the byte offset of the value at path (object keys
// and array indexes) in data, a JSON text known to be valid; -1 when
// there is none.
func valueOffset(data []byte, path ...any) int64 {
	dec := json.NewDecoder(bytes.NewReader(data))
	for _, step := range path {
		tok, err := dec.Token()
		if err != nil {
			return -1
		}
		switch step := step.(type) {
		case string:
			if tok != json.Delim('{') {
				return -1
			}
			for {
				key, err := dec.Token()
				if err != nil || key == json.Delim('}') {
					return -1
				}
				if key == step {
					break
				}
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return -1
				}
			}
		case int:
			if tok != json.Delim('[') {
				return -1
			}
			for n := 0; n < step; n++ {
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return -1
				}
			}
		}
	}
	// The value starts after the white space and the colon or comma that
	// follow the last token read.
	off := dec.InputOffset()
	for off < int64(len(data)) && bytes.IndexByte([]byte(" \t\r\n:,"), data[off]) >= 0 {
		off++
	}
	return off
}
