package corpusjson

import (
	"bytes"
	"math"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/rulesync/rulesync/corpus"
)

// itemDecoder decodes the JSON of an item of the shape Encode writes
// without reflection: an object whose members are Item's fields by their
// JSON names, each at most once, each a value of its type or null. Such
// JSON decodes to what encoding/json makes of it; for any other (a name
// in another case or escaped, a member twice, an unknown member, a value
// of another type, a number that is not an int, bytes that are not
// UTF-8, notes to drop), decode says false and encoding/json decodes the
// item, giving its value or its error.
//
// The strings of an item are cut from one string that holds them all,
// and that string from a block shared with the items decoded before it
// (see keep): no allocation per field, part and ref, hardly one per
// item, and the kinds and flags rulesync knows take no bytes at all.
type itemDecoder struct {
	raw   []byte
	text  []byte // the strings' bytes, one after another
	block []byte // where keep copies texts; never written below len
	top   [nTop]span
	kind  corpus.Kind // a known kind, else the kind is top[fKind]
	parts []partSpans
	refs  []span
	flags []flagSpan
	marks []markSpans
}

// span is a string of an item: text[a:b].
type span struct{ a, b int32 }

type partSpans struct{ label, marker, title, text span }

type flagSpan struct {
	known corpus.Flag
	s     span
}

type markSpans struct {
	start, end int
	kind       span
}

// The string fields of Item, as indexes of itemDecoder.top.
const (
	fID = iota
	fKind
	fNumber
	fPrinted
	fTitle
	fText
	fSection
	nTop
)

// Bits of the members seen, one per field of Item.
const (
	seenParts = 1 << (nTop + iota)
	seenRefs
	seenFlags
	seenMarks
)

// decode decodes raw, the JSON of one item (valid JSON), into it, a zero
// Item; false when raw is not of the shape described above (it is then
// left as it was). With dropNotes, JSON that holds a note marker is not
// decoded here.
func (x *itemDecoder) decode(raw []byte, it *corpus.Item, dropNotes bool) bool {
	if !utf8.Valid(raw) || dropNotes && bytes.Contains(raw, []byte(notePrefix)) {
		return false
	}
	x.raw, x.text = raw, x.text[:0]
	x.top, x.kind = [nTop]span{}, ""
	x.parts, x.refs, x.flags, x.marks = x.parts[:0], x.refs[:0], x.flags[:0], x.marks[:0]
	i := x.ws(0)
	if raw[i] == 'n' { // null: no fields
		return true
	}
	if raw[i] != '{' {
		return false
	}
	var seen, null int
	_, ok := x.object(i, func(key []byte, i int) (int, bool) {
		var f int
		switch string(key) {
		case "id":
			f = fID
		case "kind":
			f = fKind
		case "number":
			f = fNumber
		case "printed":
			f = fPrinted
		case "title":
			f = fTitle
		case "text":
			f = fText
		case "section":
			f = fSection
		case "parts":
			f = seenParts
		case "refs":
			f = seenRefs
		case "flags":
			f = seenFlags
		case "marks":
			f = seenMarks
		default:
			return 0, false
		}
		bit := f
		if f < nTop {
			bit = 1 << f
		}
		if seen&bit != 0 {
			return 0, false
		}
		seen |= bit
		if f < nTop {
			end, ok := x.str(i, &x.top[f])
			if ok && f == fKind {
				x.kind = knownKind(x.span(x.top[f]))
				if x.kind != "" {
					x.text = x.text[:x.top[f].a]
				}
			}
			return end, ok
		}
		if raw[i] == 'n' {
			null |= bit
			return i + 4, true
		}
		return x.array(i, func(i int) (int, bool) {
			switch f {
			case seenParts:
				x.parts = append(x.parts, partSpans{})
				return x.part(i, &x.parts[len(x.parts)-1])
			case seenRefs:
				x.refs = append(x.refs, span{})
				return x.str(i, &x.refs[len(x.refs)-1])
			case seenFlags:
				x.flags = append(x.flags, flagSpan{})
				fl := &x.flags[len(x.flags)-1]
				end, ok := x.str(i, &fl.s)
				if ok && string(x.span(fl.s)) == string(corpus.FlagTruncated) {
					fl.known, x.text = corpus.FlagTruncated, x.text[:fl.s.a]
				}
				return end, ok
			}
			x.marks = append(x.marks, markSpans{})
			return x.mark(i, &x.marks[len(x.marks)-1])
		})
	})
	if !ok {
		return false
	}
	x.fill(it, seen&^null)
	return true
}

// fill sets the fields of it from what decode found; present has the
// bits of the lists given as arrays.
func (x *itemDecoder) fill(it *corpus.Item, present int) {
	all := x.keep(x.text)
	str := func(s span) string { return all[s.a:s.b] }
	it.ID, it.Number, it.Printed, it.Title, it.Text, it.Section = str(x.top[fID]), str(x.top[fNumber]), str(x.top[fPrinted]), str(x.top[fTitle]), str(x.top[fText]), str(x.top[fSection])
	it.Kind = x.kind
	if x.kind == "" {
		it.Kind = corpus.Kind(str(x.top[fKind]))
	}
	if present&seenParts != 0 {
		it.Parts = make([]corpus.Part, len(x.parts))
		for k, p := range x.parts {
			it.Parts[k] = corpus.Part{Label: str(p.label), Marker: str(p.marker), Title: str(p.title), Text: str(p.text)}
		}
	}
	if present&seenRefs != 0 {
		it.Refs = make([]string, len(x.refs))
		for k, r := range x.refs {
			it.Refs[k] = str(r)
		}
	}
	if present&seenFlags != 0 {
		it.Flags = make([]corpus.Flag, len(x.flags))
		for k, f := range x.flags {
			it.Flags[k] = f.known
			if f.known == "" {
				it.Flags[k] = corpus.Flag(str(f.s))
			}
		}
	}
	if present&seenMarks != 0 {
		it.Marks = make([]corpus.Mark, len(x.marks))
		for k, m := range x.marks {
			it.Marks[k] = corpus.Mark{Start: m.start, End: m.end, Kind: str(m.kind)}
		}
	}
}

// blockSize is the size of the blocks keep copies the strings of items
// into; a text of more than an eighth of it gets a string of its own.
const blockSize = 64 << 10

// keep returns a string of b's bytes. Short ones are copied into the
// current block, which the strings of many items share: a string of its
// own per item rounded each up to its size class and cost a call of the
// allocator (a tenth of the memory of a document's strings, 10 MB at
// 100k items a side). A block's bytes below its length are never written
// again, which is what unsafe.String asks; the price is that a string
// kept alone keeps its block (64 KiB) alive.
func (x *itemDecoder) keep(b []byte) string {
	n := len(b)
	switch {
	case n == 0:
		return ""
	case n > blockSize/8:
		return string(b)
	case cap(x.block)-len(x.block) < n:
		x.block = make([]byte, 0, blockSize)
	}
	start := len(x.block)
	x.block = append(x.block, b...)
	return unsafe.String(&x.block[start], n)
}

// kinds are the kinds rulesync knows (corpus.Kinds).
var kinds = corpus.Kinds()

// knownKind returns the kind rulesync knows that s names, or "".
func knownKind(s []byte) corpus.Kind {
	for _, k := range kinds {
		if string(k) == string(s) {
			return k
		}
	}
	return ""
}

func (x *itemDecoder) span(s span) []byte { return x.text[s.a:s.b] }

// part decodes the element of parts at i.
func (x *itemDecoder) part(i int, p *partSpans) (int, bool) {
	if x.raw[i] == 'n' {
		return i + 4, true
	}
	if x.raw[i] != '{' {
		return 0, false
	}
	seen := 0
	return x.object(i, func(key []byte, i int) (int, bool) {
		var s *span
		var bit int
		switch string(key) {
		case "label":
			s, bit = &p.label, 1
		case "marker":
			s, bit = &p.marker, 2
		case "title":
			s, bit = &p.title, 4
		case "text":
			s, bit = &p.text, 8
		default:
			return 0, false
		}
		if seen&bit != 0 {
			return 0, false
		}
		seen |= bit
		return x.str(i, s)
	})
}

// mark decodes the element of marks at i.
func (x *itemDecoder) mark(i int, m *markSpans) (int, bool) {
	if x.raw[i] == 'n' {
		return i + 4, true
	}
	if x.raw[i] != '{' {
		return 0, false
	}
	seen := 0
	return x.object(i, func(key []byte, i int) (int, bool) {
		var bit int
		switch string(key) {
		case "start":
			bit = 1
		case "end":
			bit = 2
		case "kind":
			bit = 4
		default:
			return 0, false
		}
		if seen&bit != 0 {
			return 0, false
		}
		seen |= bit
		if bit == 4 {
			return x.str(i, &m.kind)
		}
		if x.raw[i] == 'n' {
			return i + 4, true
		}
		n := &m.start
		if bit == 2 {
			n = &m.end
		}
		return x.int(i, n)
	})
}

// object decodes the object at i, calling member with each key (not
// escaped) and the offset of its value, which returns where the value
// ends; it returns where the object ends.
func (x *itemDecoder) object(i int, member func(key []byte, i int) (int, bool)) (int, bool) {
	raw := x.raw
	i = x.ws(i + 1)
	if raw[i] == '}' {
		return i + 1, true
	}
	for {
		// raw[i] is the key's opening quote.
		n := bytes.IndexByte(raw[i+1:], '"')
		key := raw[i+1 : i+1+n]
		if bytes.IndexByte(key, '\\') >= 0 {
			return 0, false
		}
		i = x.ws(i + 1 + n + 1)
		i = x.ws(i + 1) // the colon
		var ok bool
		if i, ok = member(key, i); !ok {
			return 0, false
		}
		i = x.ws(i)
		if raw[i] == '}' {
			return i + 1, true
		}
		i = x.ws(i + 1) // the comma
	}
}

// array decodes the array at i, calling elem with the offset of each
// element, which returns where the element ends; false when the value
// at i is not an array.
func (x *itemDecoder) array(i int, elem func(i int) (int, bool)) (int, bool) {
	raw := x.raw
	if raw[i] != '[' {
		return 0, false
	}
	i = x.ws(i + 1)
	if raw[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = elem(i); !ok {
			return 0, false
		}
		i = x.ws(i)
		if raw[i] == ']' {
			return i + 1, true
		}
		i = x.ws(i + 1) // the comma
	}
}

// str decodes the string at i into x.text, recording its span in s;
// null leaves s as it is; false for any other value.
func (x *itemDecoder) str(i int, s *span) (int, bool) {
	raw := x.raw
	switch raw[i] {
	case 'n':
		return i + 4, true
	case '"':
	default:
		return 0, false
	}
	a := len(x.text)
	i++
	for {
		n := bytes.IndexByte(raw[i:], '"')
		if e := bytes.IndexByte(raw[i:i+n], '\\'); e >= 0 {
			x.text = append(x.text, raw[i:i+e]...)
			i = x.escape(i + e)
			continue
		}
		x.text = append(x.text, raw[i:i+n]...)
		if len(x.text) > math.MaxInt32 {
			return 0, false // beyond a span's reach: encoding/json reads the item
		}
		*s = span{int32(a), int32(len(x.text))}
		return i + n + 1, true
	}
}

// escape decodes the escape at i (a backslash) into x.text, as the json
// package does (a \u escape of half a surrogate pair without its other
// half is U+FFFD), and returns where it ends.
func (x *itemDecoder) escape(i int) int {
	c := x.raw[i+1]
	switch c {
	case 'u':
	case 'b':
		c = '\b'
	case 'f':
		c = '\f'
	case 'n':
		c = '\n'
	case 'r':
		c = '\r'
	case 't':
		c = '\t'
	}
	if c != 'u' {
		x.text = append(x.text, c)
		return i + 2
	}
	r := x.hex4(i + 2)
	i += 6
	if utf16.IsSurrogate(r) {
		if i+6 <= len(x.raw) && x.raw[i] == '\\' && x.raw[i+1] == 'u' {
			if d := utf16.DecodeRune(r, x.hex4(i+2)); d != utf8.RuneError {
				x.text = utf8.AppendRune(x.text, d)
				return i + 6
			}
		}
		r = utf8.RuneError
	}
	x.text = utf8.AppendRune(x.text, r)
	return i
}

// hex4 is the value of the four hexadecimal digits at i.
func (x *itemDecoder) hex4(i int) rune {
	var r rune
	for _, c := range x.raw[i : i+4] {
		switch {
		case c <= '9':
			c -= '0'
		case c <= 'F':
			c -= 'A' - 10
		default:
			c -= 'a' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// int decodes the number at i into n when it is an integer that an int
// holds; false otherwise (encoding/json then says why).
func (x *itemDecoder) int(i int, n *int) (int, bool) {
	raw := x.raw
	if raw[i] != '-' && (raw[i] < '0' || raw[i] > '9') {
		return 0, false
	}
	j := i
	if raw[j] == '-' {
		j++
	}
	const limit = 1<<63 - 1
	var v uint64
	for k := j; j < len(raw) && '0' <= raw[j] && raw[j] <= '9'; j++ {
		if j-k == 19 { // past either limit
			return 0, false
		}
		v = v*10 + uint64(raw[j]-'0')
	}
	if j < len(raw) && (raw[j] == '.' || raw[j] == 'e' || raw[j] == 'E') {
		return 0, false
	}
	switch {
	case raw[i] == '-' && v <= limit+1:
		*n = int(-v)
	case raw[i] != '-' && v <= limit:
		*n = int(v)
	default:
		return 0, false
	}
	return j, true
}

// ws returns the offset of the first byte at or after i that is not
// white space.
func (x *itemDecoder) ws(i int) int {
	for i < len(x.raw) && (x.raw[i] == ' ' || x.raw[i] == '\t' || x.raw[i] == '\r' || x.raw[i] == '\n') {
		i++
	}
	return i
}
