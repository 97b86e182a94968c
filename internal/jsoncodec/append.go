// Package jsoncodec writes JSON as encoding/json writes it, byte for
// byte: strings, numbers and lists appended to a buffer (AppendString,
// AppendFloat, AppendList) and objects a member at a time (Object),
// without reflection; values indented at any depth by
// github.com/goccy/go-json (IndentEncoder), which this package alone
// uses; and a large object streamed to a writer a list element at a time
// (ObjectWriter). align, diff, gaps and the document codec
// (corpus/corpusjson) write their JSON through it.
package jsoncodec

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// Indented is a value that appends its own JSON to b: the bytes
// json.Marshal writes for it, indented as json.Indent does with prefix
// and two spaces, the first line without the prefix (the caller has
// written the indentation of the line the value starts on) and no
// newline at the end. The error is what json.Marshal would return (a
// NaN or infinite float, say), in which case the bytes appended are not
// to be used. ObjectWriter writes such values with AppendIndentedJSON
// rather than by reflection and a second indenting pass.
type Indented interface {
	AppendIndentedJSON(b []byte, prefix string) ([]byte, error)
}

// AppendString appends s as json.Marshal quotes it: with \" \\ \b
// \f \n \r \t, the other control characters as \u00XX, the HTML
// characters <, > and & as \u003c, \u003e and \u0026, U+2028 and U+2029
// as \u2028 and \u2029, and each byte that is not part of valid UTF-8 as
// \ufffd. The empty string is "".
func AppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default: // the other control characters, <, > and &
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		} else {
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// jsonSafe holds, for each ASCII byte, whether AppendString writes
// it as it is: all but the control characters, ", \, <, > and &. (DEL,
// 0x7f, is written as it is, as encoding/json does.)
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// AppendFloat appends f as json.Marshal writes a float64: the
// shortest decimal that reads back as f, in 'f' form, or in 'e' form
// with the exponent's leading zero dropped (1e-7, not 1e-07) when |f| is
// below 1e-6 or at least 1e21; zero and negative zero are 0 and -0. A
// NaN or infinite f has no JSON: AppendFloat returns b as it was
// and the json.UnsupportedValueError json.Marshal returns for it.
func AppendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		_, err := json.Marshal(f)
		return b, err
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-07 to e-7
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// AppendBool appends true or false.
func AppendBool(b []byte, v bool) []byte {
	return strconv.AppendBool(b, v)
}

// AppendInt appends v in decimal, with a minus sign when negative.
func AppendInt(b []byte, v int) []byte {
	return strconv.AppendInt(b, int64(v), 10)
}

// AppendList appends xs as json.Marshal and then json.Indent with
// prefix and two spaces write a slice: null for a nil slice, [] for an
// empty one, otherwise each element on a line of its own indented two
// spaces deeper than prefix, appended by elem at that deeper prefix
// (see Indented), and the closing bracket on a line indented by
// prefix.
func AppendList[T any](b []byte, prefix string, xs []T, elem func(b []byte, prefix string, x *T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	if len(xs) == 0 {
		return append(b, "[]"...)
	}
	inner := deeper(prefix)
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '\n')
		b = append(b, inner...)
		b = elem(b, inner, &xs[i])
	}
	b = append(b, '\n')
	b = append(b, prefix...)
	return append(b, ']')
}

// AppendStrings appends ss as AppendList does, each string as
// AppendString quotes it: null for a nil slice, [] for an empty one.
func AppendStrings(b []byte, prefix string, ss []string) []byte {
	return AppendList(b, prefix, ss, func(b []byte, _ string, s *string) []byte { return AppendString(b, *s) })
}

// Object appends a JSON object a member at a time, indented as
// json.Indent indents it with the prefix given to StartObject and
// two spaces: Key starts each member on a line of its own, two spaces
// deeper than the prefix, and the caller appends the member's value to
// B (a nested value at the prefix Inner returns); End closes the object.
// An object with no member is {}.
type Object struct {
	B      []byte
	prefix string
	inner  string
	n      int // members started
}

// StartObject appends the opening brace of an object to b; prefix
// is the indentation of the line the object starts on.
func StartObject(b []byte, prefix string) Object {
	return Object{B: append(b, '{'), prefix: prefix, inner: deeper(prefix)}
}

// Inner is the prefix of the object's members, for a nested value.
func (o *Object) Inner() string { return o.inner }

// Key starts a member named name (quoted as AppendString quotes it):
// the comma after the member before, if any, the new line and its
// indentation, the name and ": ".
func (o *Object) Key(name string) {
	if o.n > 0 {
		o.B = append(o.B, ',')
	}
	o.n++
	o.B = append(o.B, '\n')
	o.B = append(o.B, o.inner...)
	o.B = AppendString(o.B, name)
	o.B = append(o.B, ':', ' ')
}

// String appends a member with the string value v.
func (o *Object) String(name, v string) {
	o.Key(name)
	o.B = AppendString(o.B, v)
}

// Bool appends a member with the value v.
func (o *Object) Bool(name string, v bool) {
	o.Key(name)
	o.B = AppendBool(o.B, v)
}

// Int appends a member with the value v.
func (o *Object) Int(name string, v int) {
	o.Key(name)
	o.B = AppendInt(o.B, v)
}

// Float appends a member with the value v, as AppendFloat writes
// it; for a NaN or infinite v it returns AppendFloat's error, the
// member left without a value.
func (o *Object) Float(name string, v float64) error {
	o.Key(name)
	var err error
	o.B, err = AppendFloat(o.B, v)
	return err
}

// Strings appends a member with the list ss, as AppendStrings writes
// it (null for nil, [] for empty).
func (o *Object) Strings(name string, ss []string) {
	o.Key(name)
	o.B = AppendList(o.B, o.inner, ss, func(b []byte, _ string, s *string) []byte { return AppendString(b, *s) })
}

// End appends the closing brace, on a line of its own at the object's
// prefix unless the object has no member, and returns B.
func (o *Object) End() []byte {
	if o.n > 0 {
		o.B = append(o.B, '\n')
		o.B = append(o.B, o.prefix...)
	}
	o.B = append(o.B, '}')
	return o.B
}

// spaces holds the prefixes deeper returns without allocating.
const spaces = "                                                                "

// deeper returns prefix with two more spaces: a slice of spaces when
// prefix is all spaces and short enough, else a new string.
func deeper(prefix string) string {
	if n := len(prefix) + 2; n <= len(spaces) && prefix == spaces[:len(prefix)] {
		return spaces[:n]
	}
	return prefix + "  "
}
