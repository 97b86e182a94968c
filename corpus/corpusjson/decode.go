package corpusjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// IsDocument reports whether head, the first bytes of an input (64 are
// plenty), has the top-level shape of a document JSON as Encode writes
// it: an object whose first member is "edition", white space allowed
// around the brace, the key and the colon, and no byte-order mark. Such
// an input is decoded as a stream (see Decoder), at any size; any other
// JSON is read as other inputs are.
func IsDocument(head []byte) bool {
	rest, ok := bytes.CutPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("{"))
	if !ok {
		return false
	}
	rest, ok = bytes.CutPrefix(bytes.TrimLeft(rest, " \t\r\n"), []byte(`"edition"`))
	if !ok {
		return false
	}
	return bytes.HasPrefix(bytes.TrimLeft(rest, " \t\r\n"), []byte(":"))
}

// A Decoder reads a document JSON as a stream: the members of the
// document one by one and its items one at a time, so that reading
// holds the document's values and one item's JSON, never the whole text.
// Its errors are those of Unmarshal, at the line and column of the fault
// (for a fault found by a check of the decoded values, such as an unknown
// item kind, the value's place in its item's JSON).
//
// The syntax is checked by hand, and an item of the shape Encode writes
// (its fields by their names, each once, of their types) is decoded by
// hand too (itemDecoder); anything else, and every member of the
// document but its items, is decoded by encoding/json, which gives the
// values and the errors (decode_ref_test.go holds the two to the same
// results). Reflection was 11% of aligning 100k items.
type Decoder struct {
	// DropNotes removes {{rulesync:note …}} markers from the JSON of each
	// value before it is decoded, as DropNotes does to a whole text.
	DropNotes bool

	// Notes, when not nil, receives with DropNotes the text of the note
	// each item's text (else title) held, by the item's id (NoteText):
	// the notes of a draft sync wrote, which its items' texts drop.
	Notes map[string]string

	// Size is the input's size in bytes, 0 when it is not known. When
	// known, the items are read into an array sized once from it (by the
	// bytes the first items took) rather than grown by append, which
	// allocated five times the array's size for a large document and
	// copied it as often. A wrong size costs only that: the array grows,
	// or is cut to size, as without it; one too large makes Decode
	// allocate up to twice the size it states before the array is cut.
	Size int64

	// Budget, when not nil, is taken one for each item as it is read:
	// an item it refuses ends the decode with its error, at the item.
	// What it has left bounds the items the array is sized for (Size).
	Budget interface {
		Take(n int) error
		Left() int
	}

	// Invalid counts the runs of bytes that were not UTF-8, each of which
	// became U+FFFD; FirstInvalid locates the first (line and column in
	// the input). Both are set by Decode.
	Invalid      int
	FirstInvalid *corpus.EncodingError
}

// Decode reads one document JSON from r, which must hold nothing after
// it but white space.
func (dc *Decoder) Decode(r io.Reader) (*corpus.Document, error) {
	s := &stream{dc: dc, in: input{r: r, line: 1}}
	d, err := s.document()
	if err != nil {
		return nil, err
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return d, nil
}

// notePrefix starts a note marker (corpus.Note).
const notePrefix = "{{rulesync:note"

// kindNames lists the kinds rulesync knows, for an error.
func kindNames() string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// stream is one Decode in progress. Offsets are from the input's start.
type stream struct {
	dc   *Decoder
	in   input
	item itemDecoder
}

// idSet holds the ids of the items read so far, so that an id given
// twice is an error at its second place (Document.Validate, after the
// reading, could name only the item).
type idSet map[string]int32

// add records id, that of item n (from 0), and returns the fault when an
// earlier item has it: Validate's message, with the item that has it
// first. An empty id is left to Validate.
func (ids *idSet) add(id string, n int) string {
	if id == "" {
		return ""
	}
	if *ids == nil {
		*ids = idSet{}
	}
	if first, ok := (*ids)[id]; ok {
		return fmt.Sprintf("item %d: duplicate id %q (item %d's)", n+1, id, first+1)
	}
	(*ids)[id] = int32(n)
	return ""
}

// document reads the top-level object.
func (s *stream) document() (*corpus.Document, error) {
	var d corpus.Document
	p := s.ws(0)
	c, ok := s.in.byteAt(p)
	switch {
	case !ok:
		return nil, s.endErr()
	case c == 'n':
		if _, err := s.skip(p, 0); err != nil {
			return nil, err
		}
		return &d, s.end(p + 4)
	case c == '[':
		return nil, s.in.at(0, "a document is a JSON object, not a JSON array")
	case c != '{':
		if _, err := s.skip(p, 0); err != nil {
			return nil, err
		}
		return nil, s.in.at(0, fmt.Sprintf("a document is a JSON object, not a JSON %s", kindOf(c)))
	}
	fields := documentFields()
	// The first key is placed where it starts, the others just after
	// their comma, as json.Decoder's More and Token placed them.
	p = s.ws(p + 1)
	keyAt := p
	if c, ok := s.in.byteAt(p); ok && c == '}' {
		return &d, s.end(p + 1)
	}
	for {
		s.in.forget(keyAt)
		c, ok := s.in.byteAt(p)
		if !ok {
			return nil, s.endErr()
		}
		if c != '"' {
			return nil, s.syntax(p, "looking for beginning of object key string")
		}
		end, esc, err := s.skipString(p)
		if err != nil {
			return nil, err
		}
		key := string(s.in.slice(p+1, end-1))
		if esc || !utf8.ValidString(key) {
			key = unquote(s.in.slice(p, end))
		}
		items := strings.EqualFold(key, "items")
		i, known := fields[key]
		if !items && !known {
			for name, j := range fields {
				if strings.EqualFold(name, key) {
					i, known = j, true
					break
				}
			}
		}
		if !items && !known {
			return nil, s.in.at(keyAt, fmt.Sprintf("json: unknown field %q", key))
		}
		p = s.ws(end)
		if c, ok := s.in.byteAt(p); !ok {
			return nil, s.endErr()
		} else if c != ':' {
			return nil, s.syntax(p, "after object key")
		}
		start := p + 1
		if items {
			if p, err = s.items(&d, start); err != nil {
				return nil, err
			}
		} else {
			if p, err = s.skip(s.ws(start), 0); err != nil {
				return nil, err
			}
			f := reflect.ValueOf(&d).Elem().Field(i)
			raw := s.in.slice(start, p)
			if err := s.decodeJSON(f.Addr().Interface(), start, raw, key+"."); err != nil {
				return nil, err
			}
			// The names as encoding/json matches them, in any case
			// ("Lang" sets Lang too).
			if name := strings.ToLower(key); f.Kind() == reflect.String && (name == "edition" || name == "lang") {
				if msg := wellFormedHead(name, f.String()); msg != "" {
					// The value as written, or where it starts when it
					// is written with escapes.
					at := bytes.Index(raw, quoted(f.String()))
					if at < 0 {
						at = len(raw) - len(bytes.TrimLeft(raw, " \t\r\n"))
					}
					return nil, s.in.at(start+at, msg)
				}
			}
		}
		p = s.ws(p)
		c, ok = s.in.byteAt(p)
		switch {
		case !ok:
			return nil, s.endErr()
		case c == '}':
			return &d, s.end(p + 1)
		case c != ',':
			return nil, s.syntax(p, "after object key:value pair")
		}
		keyAt = p + 1
		p = s.ws(p + 1)
	}
}

// end checks that nothing but white space follows the document, which
// ends at off.
func (s *stream) end(off int) error {
	p := s.ws(off)
	if _, ok := s.in.byteAt(p); ok {
		return s.in.at(p, "data after the document")
	}
	if err := s.in.readErr(); err != nil {
		return err
	}
	return nil
}

// items reads the items array, whose JSON starts at start (after the
// colon), into d, one item at a time; it returns where the array ends.
func (s *stream) items(d *corpus.Document, start int) (int, error) {
	p := s.ws(start)
	c, ok := s.in.byteAt(p)
	switch {
	case !ok:
		return 0, s.endErr()
	case c == 'n':
		end, err := s.skip(p, 0)
		d.Items = nil
		return end, err
	case c != '[':
		kind := "object"
		if c != '{' {
			if _, err := s.skip(p, 0); err != nil {
				return 0, err
			}
			kind = kindOf(c)
		}
		return 0, s.in.at(start, fmt.Sprintf("field items: cannot hold a JSON %s", kind))
	}
	d.Items = []corpus.Item{}
	// The first item's JSON starts at its first byte, the others' just
	// after their comma, as json.Decoder's More and Token placed them.
	if start = s.ws(p + 1); s.in.is(start, ']') {
		return start + 1, nil
	}
	itemsAt := start
	var ids idSet // of this array: a second "items" replaces the first
	for n := 0; ; n++ {
		s.in.forget(start)
		end, err := s.skip(s.ws(start), 0)
		if err != nil {
			return 0, err
		}
		if err := s.take(n, start); err != nil {
			return 0, err
		}
		if n == sizeSample && s.dc.Size > 0 {
			d.Items = slices.Grow(d.Items, s.cap(estimateItems(n, start-itemsAt, s.dc.Size-int64(start))))
		}
		d.Items = append(d.Items, corpus.Item{})
		it := &d.Items[n]
		raw := s.in.slice(start, end)
		if !s.item.decode(raw, it, s.dc.DropNotes) {
			if err := s.decodeJSON(it, start, raw, "items."); err != nil {
				return 0, err
			}
		}
		if k := it.Kind; k != "" && knownKind([]byte(k)) == "" {
			return 0, s.in.at(start+max(int(valueOffset(raw, "kind")), 0), fmt.Sprintf("item %d: unknown kind %q (known: %s)", n+1, k, kindNames()))
		}
		if v, msg := it.Malformed(n); msg != "" {
			return 0, s.in.at(start+max(bytes.Index(raw, quoted(v)), 0), msg)
		}
		if msg := ids.add(it.ID, n); msg != "" {
			return 0, s.in.at(start+max(int(valueOffset(raw, "id")), 0), msg)
		}
		p = s.ws(end)
		c, ok := s.in.byteAt(p)
		switch {
		case !ok:
			return 0, s.endErr()
		case c == ']':
			// An array that ends up larger than it needs to be is cut
			// to size: append leaves up to a quarter unused.
			if cap(d.Items)-len(d.Items) > len(d.Items)/16 {
				d.Items = append(make([]corpus.Item, 0, len(d.Items)), d.Items...)
			}
			return p + 1, nil
		case c != ',':
			return 0, s.syntax(p, "after array element")
		}
		start = p + 1
	}
}

// sizeSample is the number of items whose JSON estimates how many more
// a document of a known size holds (Decoder.Size).
const sizeSample = 64

// estimateItems is how many items are likely to follow n items that took
// used bytes, with rest bytes of input left: as many as rest holds at
// the bytes the n took, a twentieth more (the array is cut to size at the
// end if it is more than a sixteenth too large), and at most one per
// itemFloor bytes of rest, whatever the first items were.
func estimateItems(n, used int, rest int64) int {
	if n <= 0 || used <= 0 || rest <= 0 {
		return 0
	}
	est := float64(rest) / (float64(used) / float64(n)) * 1.05
	return int(min(est, float64(rest/itemFloor)))
}

// itemFloor bounds the estimate: an array of one item per itemFloor bytes
// of input (an Item is 192 bytes) takes at most twice the input's size.
// Encode writes every field of an item, its names alone more than
// itemFloor bytes, so a document it wrote is never underestimated by it.
const itemFloor = 96

// decodeJSON decodes raw, the JSON of a value that starts at start, into
// v (a pointer) with encoding/json; field prefixes the field of a type
// error ("items."). Notes are dropped (with DropNotes) and bytes that are
// not UTF-8 replaced, counted and located.
func (s *stream) decodeJSON(v any, start int, raw []byte, field string) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return s.fail(err, start, raw, field)
	}
	if it, ok := v.(*corpus.Item); ok && s.dc.Notes != nil && s.dc.DropNotes {
		n, ok := corpus.NoteText(it.Text)
		if !ok {
			n, ok = corpus.NoteText(it.Title)
		}
		if ok {
			s.dc.Notes[it.ID] = n
		}
	}
	again := raw
	if s.dc.DropNotes && bytes.Contains(raw, []byte(notePrefix)) {
		again = []byte(corpus.DropNotes(string(raw)))
	}
	if !utf8.Valid(again) {
		n, _ := corpus.InvalidUTF8(again)
		if s.dc.FirstInvalid == nil {
			_, first := corpus.InvalidUTF8(raw)
			pe := s.in.at(start+first.Offset, "not UTF-8")
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
			return s.in.at(start, err.Error())
		}
	}
	return nil
}

// fail turns an error of the json package decoding raw, the JSON of a
// value that starts at start, into a *ParseError: type errors at their
// offset, others (an unknown field) at the field's name in the value.
func (s *stream) fail(err error, start int, raw []byte, field string) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// Not met: the syntax was checked as the json package checks
		// it. The offset is just past the offending character.
		return s.in.at(start+int(syn.Offset)-1, syn.Error())
	case errors.As(err, &typ):
		name := strings.TrimSuffix(field+typ.Field, ".")
		return s.in.at(start+int(typ.Offset), fmt.Sprintf("field %s: cannot hold a JSON %s", name, typ.Value))
	}
	at := start
	if _, name, ok := strings.Cut(err.Error(), "unknown field "); ok {
		if i := bytes.Index(raw, []byte(name)); i >= 0 {
			at = start + i
		}
	}
	return s.in.at(at, err.Error())
}

// ws returns the offset of the first byte at or after p that is not
// white space.
func (s *stream) ws(p int) int {
	for {
		b := s.in.from(p)
		i := 0
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
			i++
		}
		p += i
		if i < len(b) || len(b) == 0 {
			return p
		}
	}
}

// syntax is the error of the json package for the byte at p, met in the
// context given ("after array element"), or the end of the input.
func (s *stream) syntax(p int, context string) error {
	c, ok := s.in.byteAt(p)
	if !ok {
		return s.endErr()
	}
	return s.in.at(p, "invalid character "+quoteChar(c)+" "+context)
}

// endErr is the error of an input that ends inside the document.
func (s *stream) endErr() error {
	if err := s.in.readErr(); err != nil {
		return err
	}
	return s.in.at(s.in.end(), "unexpected end of JSON")
}

// maxDepth is how deep the json package lets values nest.
const maxDepth = 10000

// skip checks the syntax of the JSON value at p, nested depth deep in
// the value decoded, as the json package does, and returns where it
// ends.
func (s *stream) skip(p, depth int) (int, error) {
	c, ok := s.in.byteAt(p)
	if !ok {
		return 0, s.endErr()
	}
	switch c {
	case '{', '[':
		if depth+1 > maxDepth {
			return 0, s.syntax(p, "exceeded max depth")
		}
		return s.skipComposite(p, depth+1)
	case '"':
		end, _, err := s.skipString(p)
		return end, err
	case 't':
		return s.skipLiteral(p, "true")
	case 'f':
		return s.skipLiteral(p, "false")
	case 'n':
		return s.skipLiteral(p, "null")
	}
	if c == '-' || '0' <= c && c <= '9' {
		return s.skipNumber(p)
	}
	return 0, s.syntax(p, "looking for beginning of value")
}

// skipComposite is skip for an object or an array.
func (s *stream) skipComposite(p, depth int) (int, error) {
	object := s.in.is(p, '{')
	closer, after := byte(']'), "after array element"
	if object {
		closer, after = '}', "after object key:value pair"
	}
	p = s.ws(p + 1)
	if s.in.is(p, closer) {
		return p + 1, nil
	}
	for {
		var err error
		if object {
			if !s.in.is(p, '"') {
				return 0, s.syntax(p, "looking for beginning of object key string")
			}
			if p, _, err = s.skipString(p); err != nil {
				return 0, err
			}
			if p = s.ws(p); !s.in.is(p, ':') {
				return 0, s.syntax(p, "after object key")
			}
			p = s.ws(p + 1)
		}
		if p, err = s.skip(p, depth); err != nil {
			return 0, err
		}
		p = s.ws(p)
		c, ok := s.in.byteAt(p)
		switch {
		case !ok:
			return 0, s.endErr()
		case c == closer:
			return p + 1, nil
		case c != ',':
			return 0, s.syntax(p, after)
		}
		p = s.ws(p + 1)
	}
}

// skipString checks the string at p and returns where it ends and
// whether it holds an escape.
func (s *stream) skipString(p int) (int, bool, error) {
	esc := false
	for p++; ; p++ {
		b := s.in.from(p)
		if len(b) == 0 {
			return 0, false, s.endErr()
		}
		// The bytes up to a quote, a backslash or a control character
		// are the string's.
		i := 0
		for i < len(b) && b[i] != '"' && b[i] != '\\' && b[i] >= 0x20 {
			i++
		}
		p += i
		if i == len(b) {
			p--
			continue
		}
		switch c := b[i]; {
		case c == '"':
			return p + 1, esc, nil
		case c < 0x20:
			return 0, false, s.syntax(p, "in string literal")
		}
		esc = true
		c, ok := s.in.byteAt(p + 1)
		if !ok {
			return 0, false, s.endErr()
		}
		p++
		switch c {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		case 'u':
			for range 4 {
				p++
				h, ok := s.in.byteAt(p)
				if !ok {
					return 0, false, s.endErr()
				}
				if !isHex(h) {
					return 0, false, s.syntax(p, `in \u hexadecimal character escape`)
				}
			}
		default:
			return 0, false, s.syntax(p, "in string escape code")
		}
	}
}

// skipLiteral checks the literal lit (true, false, null) at p.
func (s *stream) skipLiteral(p int, lit string) (int, error) {
	for i := 1; i < len(lit); i++ {
		if !s.in.is(p+i, lit[i]) {
			return 0, s.syntax(p+i, fmt.Sprintf("in literal %s (expecting %s)", lit, quoteChar(lit[i])))
		}
	}
	return p + len(lit), nil
}

// skipNumber checks the number at p: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?.
func (s *stream) skipNumber(p int) (int, error) {
	digits := func(p int, context string) (int, error) {
		if c, ok := s.in.byteAt(p); !ok || c < '0' || c > '9' {
			return 0, s.syntax(p, context)
		}
		for {
			p++
			if c, ok := s.in.byteAt(p); !ok || c < '0' || c > '9' {
				return p, nil
			}
		}
	}
	if s.in.is(p, '-') {
		p++
	}
	var err error
	if s.in.is(p, '0') {
		p++
	} else if p, err = digits(p, "in numeric literal"); err != nil {
		return 0, err
	}
	if s.in.is(p, '.') {
		if p, err = digits(p+1, "after decimal point in numeric literal"); err != nil {
			return 0, err
		}
	}
	if s.in.is(p, 'e') || s.in.is(p, 'E') {
		p++
		if s.in.is(p, '+') || s.in.is(p, '-') {
			p++
		}
		if p, err = digits(p, "in exponent of numeric literal"); err != nil {
			return 0, err
		}
	}
	return p, nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// quoteChar is how the json package quotes a byte in its errors.
func quoteChar(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	q := strconv.Quote(string(c))
	return "'" + q[1:len(q)-1] + "'"
}

// kindOf names the kind of JSON value that begins with c.
func kindOf(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// unquote returns the value of the JSON string q (valid, quotes
// included).
func unquote(q []byte) string {
	var s string
	json.Unmarshal(q, &s)
	return s
}

// quoted is the JSON form of s as Encode writes it.
func quoted(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimSpace(b.Bytes())
}

var documentFields = sync.OnceValue(func() map[string]int {
	fields := map[string]int{}
	t := reflect.TypeFor[corpus.Document]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" && name != "items" {
			fields[name] = i
		}
	}
	return fields
})
