package jsoncodec

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

// ObjectWriter writes a JSON object a member at a time, and a list
// member an element at a time: byte for byte what a json.Encoder with
// SetIndent("", "  ") writes for the whole object (HTML characters
// escaped, as the Encoder does by default, and a newline at the end),
// without holding the object, compact and then indented, in memory. The
// members are written in the order of the calls; Close ends the object.
// An object with no member is "{}". A value that is Indented
// appends its own bytes; any other goes through a json.Encoder.
type ObjectWriter struct {
	w   *bufio.Writer
	buf bytes.Buffer
	// own holds the bytes of the last Indented value, kept for its
	// capacity.
	own []byte
	// enc writes a value into buf indented under each prefix (the
	// member's "  ", the list element's "    "): an Encoder marshals
	// and indents in buffers of its own, where json.Marshal and
	// json.Indent made a copy of every value.
	enc map[string]*json.Encoder
	n   int // members written
	err error
}

// NewObjectWriter returns an ObjectWriter that writes to w.
func NewObjectWriter(w io.Writer) *ObjectWriter {
	return &ObjectWriter{w: bufio.NewWriterSize(w, 64<<10)}
}

// Member writes the member name with the value v (as json.Marshal writes
// it, indented at its depth; as its AppendIndentedJSON writes it when v
// is Indented).
func (o *ObjectWriter) Member(name string, v any) {
	o.name(name)
	o.value(v, "  ")
}

// List writes the member name with a list of n elements, element k made
// by elem(k) when it is written (and written as Member writes a value).
func (o *ObjectWriter) List(name string, n int, elem func(k int) any) {
	o.name(name)
	if o.err != nil {
		return
	}
	o.w.WriteByte('[')
	for k := range n {
		if o.err != nil {
			return
		}
		if k > 0 {
			o.w.WriteByte(',')
		}
		o.w.WriteString("\n    ")
		o.value(elem(k), "    ")
	}
	if n > 0 {
		o.w.WriteString("\n  ")
	}
	if o.err == nil {
		o.w.WriteByte(']')
	}
}

// ListOf is o.List for elements of one type T: each is made into one
// variable, and written through a pointer to it, where a T returned as
// an any was copied to the heap for every element (18 MB of garbage
// writing the pairs of an alignment of 100k items a side). A pointer
// encodes as what it points to, with two differences List does not
// have, so T must avoid them: methods on *T (a MarshalJSON or
// AppendIndentedJSON there) are used, and so are the pointer methods of
// T's fields, which encoding/json calls on an addressable value; and T
// must be a concrete type, not a pointer or an interface, for its own
// AppendIndentedJSON to be found.
func ListOf[T any](o *ObjectWriter, name string, n int, elem func(k int) T) {
	var v T
	o.List(name, n, func(k int) any {
		v = elem(k)
		return &v
	})
}

// Close ends the object and flushes it to the writer; it returns the
// first error of any call: a value json.Marshal refuses (or whose
// AppendIndentedJSON fails), or the writer's.
func (o *ObjectWriter) Close() error {
	if o.n == 0 {
		o.w.WriteByte('{')
	} else {
		o.w.WriteByte('\n')
	}
	o.w.WriteString("}\n")
	if err := o.w.Flush(); o.err == nil {
		o.err = err
	}
	return o.err
}

// name starts a member: the separator and the quoted name.
func (o *ObjectWriter) name(name string) {
	if o.err != nil {
		return
	}
	if o.n == 0 {
		o.w.WriteByte('{')
	} else {
		o.w.WriteByte(',')
	}
	o.n++
	o.w.WriteString("\n  ")
	o.own = AppendString(o.own[:0], name)
	o.w.Write(o.own)
	o.w.WriteString(": ")
}

// value writes v indented under prefix: by its own AppendIndentedJSON
// when it is Indented, else through the Encoder for prefix. A value
// that fails is not written at all.
func (o *ObjectWriter) value(v any, prefix string) {
	if o.err != nil {
		return
	}
	if a, ok := v.(Indented); ok {
		b, err := a.AppendIndentedJSON(o.own[:0], prefix)
		o.own = b
		if err != nil {
			o.err = err
			return
		}
		o.w.Write(b)
		return
	}
	enc := o.enc[prefix]
	if enc == nil {
		if o.enc == nil {
			o.enc = map[string]*json.Encoder{}
		}
		enc = json.NewEncoder(&o.buf)
		enc.SetIndent(prefix, "  ")
		o.enc[prefix] = enc
	}
	o.buf.Reset()
	// What json.Indent makes of json.Marshal's value, and a newline
	// (the Encoder's end of a value), left out.
	if err := enc.Encode(v); err != nil {
		o.err = err
		return
	}
	o.w.Write(bytes.TrimSuffix(o.buf.Bytes(), []byte("\n")))
}

// Compact returns the bytes write writes (one JSON value, indented as an
// ObjectWriter indents it) with the white space between tokens taken
// out: what json.Marshal writes for the same value. A type that streams
// its JSON with WriteJSON makes its MarshalJSON of it, so that the
// shape of its JSON is written once.
func Compact(write func(io.Writer) error) ([]byte, error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(buf.Len())
	if err := json.Compact(&out, buf.Bytes()); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
