package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ParseError is an error in a document JSON file, located by 1-based line
// and column (in bytes).
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Encode writes d as indented JSON. The output is deterministic: the same
// document always gives the same bytes, and empty lists are written as []
// so that every item has every field.
func Encode(w io.Writer, d *Document) error {
	c := *d
	c.Items = make([]Item, len(d.Items))
	for i, it := range d.Items {
		if it.Parts == nil {
			it.Parts = []Part{}
		}
		if it.Refs == nil {
			it.Refs = []string{}
		}
		if it.Flags == nil {
			it.Flags = []Flag{}
		}
		if it.Marks == nil {
			it.Marks = []Mark{}
		}
		c.Items[i] = it
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&c); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Marshal returns the Encode form of d.
func Marshal(d *Document) ([]byte, error) {
	var buf bytes.Buffer
	err := Encode(&buf, d)
	return buf.Bytes(), err
}

// Unmarshal reads a document written by Encode. Syntax and type errors,
// and item kinds rulesync does not know, are *ParseError values with the
// line and column of the fault; a document that parses but breaks an
// invariant (no edition, duplicate ids) is reported too.
func Unmarshal(data []byte) (*Document, error) {
	var d Document
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			// Offset is just past the offending character.
			return nil, ParseErrorAt(data, syn.Offset-1, syn.Error())
		case errors.As(err, &typ):
			return nil, ParseErrorAt(data, typ.Offset, fmt.Sprintf("field %s: cannot hold a JSON %s", typ.Field, typ.Value))
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return nil, ParseErrorAt(data, int64(len(data)), "unexpected end of JSON")
		}
		return nil, ParseErrorAt(data, dec.InputOffset(), err.Error())
	}
	if dec.More() {
		return nil, ParseErrorAt(data, dec.InputOffset(), "data after the document")
	}
	for i := range d.Items {
		if k := d.Items[i].Kind; k != "" && !k.known() {
			return nil, ParseErrorAt(data, valueOffset(data, "items", i, "kind"), fmt.Sprintf("item %d: unknown kind %q (known: %s)", i+1, k, kindNames()))
		}
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return &d, nil
}

// ParseErrorAt returns the ParseError saying msg at byte offset off of
// data (clamped to the data).
func ParseErrorAt(data []byte, off int64, msg string) *ParseError {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	head := data[:off]
	line := 1 + bytes.Count(head, []byte{'\n'})
	col := int(off) - bytes.LastIndexByte(head, '\n')
	return &ParseError{Line: line, Col: col, Msg: msg}
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
