package corpusjson

// The decoder as it was before it was written by hand: encoding/json
// reads each value. It is kept as the reference the fuzz test holds the
// hand-written one to.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// refDecoder is Decoder as encoding/json decodes.
type refDecoder struct {
	DropNotes    bool
	Invalid      int
	FirstInvalid *corpus.EncodingError
}

// Decode reads one document JSON from r, which must hold nothing after
// it but white space.
func (dc *refDecoder) Decode(r io.Reader) (*corpus.Document, error) {
	t := &refTracker{r: r, line: 1}
	s := &refStream{dc: dc, t: t, dec: json.NewDecoder(t)}
	s.dec.DisallowUnknownFields()
	d, err := s.document()
	if err != nil {
		return nil, err
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return d, nil
}

// refStream is one Decode in progress.
type refStream struct {
	dc  *refDecoder
	t   *refTracker
	dec *json.Decoder
}

// document reads the top-level object.
func (s *refStream) document() (*corpus.Document, error) {
	var d corpus.Document
	tok, err := s.dec.Token()
	if err != nil {
		return nil, s.failToken(err)
	}
	if tok == nil { // null: a document without members
		return &d, s.end()
	}
	if tok != json.Delim('{') {
		return nil, s.t.at(0, fmt.Sprintf("a document is a JSON object, not a JSON %s", jsonKind(tok)))
	}
	fields := documentFields()
	for s.dec.More() {
		keyAt := s.valueStart(s.dec.InputOffset())
		tok, err := s.dec.Token()
		if err != nil {
			return nil, s.failToken(err)
		}
		key, _ := tok.(string)
		s.t.forget(keyAt)
		if strings.EqualFold(key, "items") {
			if err := s.items(&d); err != nil {
				return nil, err
			}
			continue
		}
		i, ok := fields[key]
		if !ok {
			for name, j := range fields {
				if strings.EqualFold(name, key) {
					i, ok = j, true
					break
				}
			}
		}
		if !ok {
			return nil, s.t.at(keyAt, fmt.Sprintf("json: unknown field %q", key))
		}
		f := reflect.ValueOf(&d).Elem().Field(i)
		start, raw, err := s.value(f.Addr().Interface(), key+".")
		if err != nil {
			return nil, err
		}
		if name := strings.ToLower(key); f.Kind() == reflect.String && (name == "edition" || name == "lang") {
			if msg := wellFormedHead(name, f.String()); msg != "" {
				at := bytes.Index(raw, quoted(f.String()))
				if at < 0 {
					at = len(raw) - len(bytes.TrimLeft(raw, " \t\r\n"))
				}
				return nil, s.t.at(start+int64(at), msg)
			}
		}
	}
	if _, err := s.dec.Token(); err != nil { // the closing brace
		return nil, s.failToken(err)
	}
	return &d, s.end()
}

// end checks that nothing but white space follows the document.
func (s *refStream) end() error {
	off := s.dec.InputOffset()
	if _, err := s.dec.Token(); err != io.EOF {
		return s.t.at(s.skipSpace(off), "data after the document")
	}
	return nil
}

// items reads the items array into d, one item at a time.
func (s *refStream) items(d *corpus.Document) error {
	at := s.valueStart(s.dec.InputOffset())
	tok, err := s.dec.Token()
	if err != nil {
		return s.failToken(err)
	}
	if tok == nil {
		d.Items = nil
		return nil
	}
	if tok != json.Delim('[') {
		return s.t.at(at, fmt.Sprintf("field items: cannot hold a JSON %s", jsonKind(tok)))
	}
	d.Items = []corpus.Item{}
	var ids idSet
	for n := 0; s.dec.More(); n++ {
		d.Items = append(d.Items, corpus.Item{})
		it := &d.Items[n]
		start, raw, err := s.value(it, "items.")
		if err != nil {
			return err
		}
		if k := it.Kind; k != "" && knownKind([]byte(k)) == "" {
			return s.t.at(start+max(valueOffset(raw, "kind"), 0), fmt.Sprintf("item %d: unknown kind %q (known: %s)", n+1, k, kindNames()))
		}
		if v, msg := it.Malformed(n); msg != "" {
			return s.t.at(start+max(int64(bytes.Index(raw, quoted(v))), 0), msg)
		}
		if msg := ids.add(it.ID, n); msg != "" {
			return s.t.at(start+max(valueOffset(raw, "id"), 0), msg)
		}
	}
	if _, err := s.dec.Token(); err != nil { // the closing bracket
		return s.failToken(err)
	}
	// An array that ends up larger than it needs to be is cut to size:
	// append leaves up to a quarter unused.
	if cap(d.Items)-len(d.Items) > len(d.Items)/16 {
		d.Items = append(make([]corpus.Item, 0, len(d.Items)), d.Items...)
	}
	return nil
}

// value decodes the next value into v (a pointer) and returns where its
// JSON starts and the JSON itself (valid until the next value is read).
// field prefixes the field of a type error ("items.").
func (s *refStream) value(v any, field string) (int64, []byte, error) {
	off := s.dec.InputOffset()
	s.t.forget(off)
	err := s.dec.Decode(v)
	start := s.valueStart(off)
	if err != nil {
		return start, nil, s.fail(err, start, field)
	}
	raw := s.t.slice(start, s.dec.InputOffset())
	again := raw
	if s.dc.DropNotes && bytes.Contains(raw, []byte(notePrefix)) {
		again = []byte(corpus.DropNotes(string(raw)))
	}
	if !utf8.Valid(again) {
		n, _ := corpus.InvalidUTF8(again)
		if s.dc.FirstInvalid == nil {
			pe := s.t.at(start+int64(firstInvalid(raw)), "not UTF-8")
			s.dc.FirstInvalid = &corpus.EncodingError{Position: pe.Position, Reason: "not UTF-8"}
		}
		s.dc.Invalid += n
		again = bytes.ToValidUTF8(again, []byte("\ufffd"))
	}
	if len(again) != len(raw) || !bytes.Equal(again, raw) {
		reflect.ValueOf(v).Elem().SetZero()
		dec := json.NewDecoder(bytes.NewReader(again))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			return start, raw, s.t.at(start, err.Error())
		}
	}
	return start, raw, nil
}

// valueStart returns where the JSON of the value read from off starts, as
// the json package counts offsets within it: after the comma or colon
// that precedes it, white space included.
func (s *refStream) valueStart(off int64) int64 {
	p := s.skipSpace(off)
	if b, ok := s.t.byteAt(p); ok && (b == ',' || b == ':') {
		return p + 1
	}
	return off
}

// skipSpace returns the offset of the first byte at or after off that is
// not white space (as far as has been read).
func (s *refStream) skipSpace(off int64) int64 {
	for {
		b, ok := s.t.byteAt(off)
		if !ok || !strings.ContainsRune(" \t\r\n", rune(b)) {
			return off
		}
		off++
	}
}

// failToken is fail for an error of Token, whose syntax errors are at
// the offending character rather than just past it.
func (s *refStream) failToken(err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return s.t.at(syn.Offset, syn.Error())
	}
	return s.fail(err, 0)
}

// fail turns an error of the json package into a *ParseError: syntax
// errors at their offset, type errors at theirs (relative to start, the
// value's), the end of the input where it ended, and others (an unknown
// field) at the field's name in the value.
func (s *refStream) fail(err error, start int64, field ...string) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// The json package counts the offset of a syntax error in a
		// refStream of values from where it started scanning them, not from
		// the input's start: the value is scanned again on its own,
		// where the offset is just past the offending character.
		var raw json.RawMessage
		if err := json.NewDecoder(bytes.NewReader(s.t.slice(start, s.t.end()))).Decode(&raw); errors.As(err, &syn) {
			return s.t.at(start+syn.Offset-1, syn.Error())
		}
		return s.t.at(start, syn.Error())
	case errors.As(err, &typ):
		name := typ.Field
		if len(field) > 0 {
			name = field[0] + name
		}
		return s.t.at(start+typ.Offset, fmt.Sprintf("field %s: cannot hold a JSON %s", strings.TrimSuffix(name, "."), typ.Value))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return s.t.at(s.t.end(), "unexpected end of JSON")
	}
	at := start
	if _, name, ok := strings.Cut(err.Error(), "unknown field "); ok {
		if i := bytes.Index(s.t.slice(start, s.t.end()), []byte(name)); i >= 0 {
			at = start + int64(i)
		}
	}
	return s.t.at(at, err.Error())
}

// refTracker passes a reader's bytes on and keeps those not yet forgotten,
// with the line and line start at the first kept, so that an offset
// among them has a line and column.
type refTracker struct {
	r         io.Reader
	buf       []byte // the bytes from base to the read head
	base      int64
	line      int   // the line at base, from 1
	lineStart int64 // the offset where that line starts
}

func (t *refTracker) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.buf = append(t.buf, p[:n]...)
	return n, err
}

// end is the offset of the read head.
func (t *refTracker) end() int64 { return t.base + int64(len(t.buf)) }

// byteAt returns the byte at off when it has been read and is kept.
func (t *refTracker) byteAt(off int64) (byte, bool) {
	if off < t.base || off >= t.end() {
		return 0, false
	}
	return t.buf[off-t.base], true
}

// slice returns the kept bytes from off to end.
func (t *refTracker) slice(off, end int64) []byte {
	off, end = min(max(off, t.base), t.end()), min(max(end, t.base), t.end())
	return t.buf[off-t.base : end-t.base]
}

// forget drops the bytes before off.
func (t *refTracker) forget(off int64) {
	k := min(off, t.end()) - t.base
	if k <= 0 {
		return
	}
	seg := t.buf[:k]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		t.line += n
		t.lineStart = t.base + int64(bytes.LastIndexByte(seg, '\n')) + 1
	}
	t.buf = t.buf[:copy(t.buf, t.buf[k:])]
	t.base += k
}

// at returns the ParseError saying msg at offset off (clamped to the kept
// bytes).
func (t *refTracker) at(off int64, msg string) *ParseError {
	seg := t.slice(t.base, off)
	line, start := t.line, t.lineStart
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		line += n
		start = t.base + int64(bytes.LastIndexByte(seg, '\n')) + 1
	}
	return &ParseError{Position: corpus.Position{Offset: int(t.base) + len(seg), Line: line, Col: int(t.base+int64(len(seg))-start) + 1}, Msg: msg}
}

// jsonKind names the kind of JSON value a token begins.
func jsonKind(tok json.Token) string {
	switch tok.(type) {
	case json.Delim:
		if tok == json.Delim('[') {
			return "array"
		}
		return "object"
	case string:
		return "string"
	case bool:
		return "bool"
	case float64, json.Number:
		return "number"
	}
	return "null"
}

// firstInvalid is the offset of the first byte of b that is not UTF-8.
func firstInvalid(b []byte) int {
	_, first := corpus.InvalidUTF8(b)
	return first.Offset
}
