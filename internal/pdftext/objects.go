package pdftext

import (
	"bytes"
	"fmt"
	"strconv"
)

// The objects of a PDF file (ISO 32000-1, 7.3) as this package holds
// them: nil for null, bool, int, float64, name, []byte for a string,
// array, dict, ref for an indirect reference and *stream.
type (
	name  string
	array []any
	dict  map[name]any
	ref   struct{ num, gen int }
)

// stream is a stream object: its dictionary and its data as the file
// holds it (filters not applied).
type stream struct {
	dict dict
	raw  []byte
}

// maxDepth bounds the nesting of arrays and dictionaries, and of the
// references followed to resolve one object.
const maxDepth = 64

// lexer reads PDF tokens and objects from b from pos.
type lexer struct {
	b     []byte
	pos   int
	names map[string]any
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

// skipSpace skips white space and comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		if isSpace(c) {
			l.pos++
		} else if c == '%' {
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
		} else {
			return
		}
	}
}

// keyword is a bare word read from the stream: an operator, true, false,
// null, R, obj, stream and the like.
type keyword string

// errSyntax is a malformed token or object.
type errSyntax struct {
	pos  int
	what string
}

func (e *errSyntax) Error() string { return fmt.Sprintf("malformed PDF at byte %d: %s", e.pos, e.what) }

func (l *lexer) fail(what string) error { return &errSyntax{l.pos, what} }

// token reads the next token: a number (int or float64), name, []byte
// string, keyword, or one of the delimiters "[", "]", "<<", ">>", "{",
// "}" as a keyword. At the end of the data it returns nil, nil.
func (l *lexer) token() (any, error) {
	l.skipSpace()
	if l.pos >= len(l.b) {
		return nil, nil
	}
	c := l.b[l.pos]
	switch {
	case c == '/':
		l.pos++
		start := l.pos
		for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
			l.pos++
		}
		raw := l.b[start:l.pos]
		if bytes.IndexByte(raw, '#') < 0 {
			return l.intern(raw), nil
		}
		var out []byte
		for i := 0; i < len(raw); i++ {
			if raw[i] == '#' && i+2 < len(raw) {
				if v, err := strconv.ParseUint(string(raw[i+1:i+3]), 16, 8); err == nil {
					out = append(out, byte(v))
					i += 2
					continue
				}
			}
			out = append(out, raw[i])
		}
		return name(out), nil
	case c == '(':
		return l.literal()
	case c == '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			l.pos += 2
			return keyword("<<"), nil
		}
		return l.hexString()
	case c == '>':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '>' {
			l.pos += 2
			return keyword(">>"), nil
		}
		return nil, l.fail("a lone '>'")
	case c == '[' || c == ']' || c == '{' || c == '}':
		l.pos++
		return keyword(c), nil
	case c == ')':
		return nil, l.fail("a lone ')'")
	case c == '+' || c == '-' || c == '.' || c >= '0' && c <= '9':
		return l.number()
	}
	start := l.pos
	for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		l.pos++
	}
	if k, ok := operators[string(l.b[start:l.pos])]; ok {
		return k, nil
	}
	return keyword(l.b[start:l.pos]), nil
}

// operators are the keywords of content streams and of the object
// syntax, kept once so that reading one allocates nothing.
var operators = func() map[string]any {
	m := map[string]any{}
	for _, k := range []string{
		"b", "B", "b*", "B*", "BDC", "BI", "BMC", "BT", "BX", "c", "cm", "CS", "cs", "d", "d0", "d1", "Do", "DP",
		"EI", "EMC", "ET", "EX", "f", "F", "f*", "G", "g", "gs", "h", "i", "ID", "j", "J", "K", "k", "l", "m", "M",
		"MP", "n", "q", "Q", "re", "RG", "rg", "ri", "s", "S", "SC", "sc", "SCN", "scn", "sh", "T*", "Tc", "Td",
		"TD", "Tf", "Tj", "TJ", "TL", "Tm", "Tr", "Ts", "Tw", "Tz", "v", "w", "W", "W*", "y", "'", "\"",
		"true", "false", "null", "R", "obj", "endobj", "stream", "endstream",
	} {
		m[k] = keyword(k)
	}
	return m
}()

// intern returns the name of raw, allocating it (and its interface
// value) once per lexer.
func (l *lexer) intern(raw []byte) any {
	if n, ok := l.names[string(raw)]; ok {
		return n
	}
	if l.names == nil {
		l.names = map[string]any{}
	}
	var n any = name(raw)
	if len(l.names) < 4096 {
		l.names[string(raw)] = n
	}
	return n
}

// number reads an integer or a real. A malformed number ("--5",
// "1.2.3") reads as PDF readers commonly read it: as far as it makes
// sense, or 0.
func (l *lexer) number() (any, error) {
	start := l.pos
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		if !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			break
		}
		l.pos++
	}
	b := l.b[start:l.pos]
	// The common forms, [+-]digits[.digits], without strconv: an integer
	// or mantissa below 2^53 over an exact power of ten is the correctly
	// rounded real.
	i, neg := 0, false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	var mant int64
	nd, frac, dot, ok := 0, 0, false, true
	for ; i < len(b); i++ {
		c := b[i]
		if c >= '0' && c <= '9' {
			if nd >= 15 {
				ok = false
				break
			}
			mant = mant*10 + int64(c-'0')
			nd++
			if dot {
				frac++
			}
		} else if c == '.' && !dot {
			dot = true
		} else {
			ok = false
			break
		}
	}
	if ok && nd > 0 {
		if neg {
			mant = -mant
		}
		if !dot {
			return int(mant), nil
		}
		return float64(mant) / pow10[frac], nil
	}
	s := string(b)
	if !dot {
		if n, err := strconv.Atoi(s); err == nil {
			return n, nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		// "5-" or "--" do not parse: keep the longest prefix that does.
		for k := len(s) - 1; k > 0; k-- {
			if f, err = strconv.ParseFloat(s[:k], 64); err == nil {
				return f, nil
			}
		}
		return 0, nil
	}
	return f, nil
}

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16}

func (l *lexer) literal() (any, error) {
	l.pos++ // (
	// Most strings have no escape and no nested parentheses: a slice of
	// the data, not a copy (strings are only read).
	for i := l.pos; i < len(l.b); i++ {
		if c := l.b[i]; c == ')' {
			out := l.b[l.pos:i:i]
			l.pos = i + 1
			return out, nil
		} else if c == '\\' || c == '(' {
			break
		}
	}
	var out []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return out, nil
			}
		case '\\':
			if l.pos >= len(l.b) {
				return nil, l.fail("a string that does not end")
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
						v = v*8 + int(l.b[l.pos]-'0')
						l.pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return nil, l.fail("a string that does not end")
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func (l *lexer) hexString() (any, error) {
	l.pos++ // <
	var out []byte
	half, have := byte(0), false
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		if c == '>' {
			if have {
				out = append(out, half<<4)
			}
			return out, nil
		}
		if isSpace(c) {
			continue
		}
		v, ok := unhex(c)
		if !ok {
			return nil, l.fail("a hexadecimal string with a character that is not a digit")
		}
		if have {
			out = append(out, half<<4|v)
			have = false
		} else {
			half, have = v, true
		}
	}
	return nil, l.fail("a hexadecimal string that does not end")
}

// object reads one object; references "n g R" are read as ref.
func (l *lexer) object(depth int) (any, error) {
	if depth > maxDepth {
		return nil, l.fail("objects nested too deep")
	}
	t, err := l.token()
	if err != nil {
		return nil, err
	}
	return l.objectFrom(t, depth)
}

func (l *lexer) objectFrom(t any, depth int) (any, error) {
	switch t := t.(type) {
	case nil:
		return nil, l.fail("the data ends where an object was expected")
	case int:
		// n g R?
		save := l.pos
		t2, err := l.token()
		if g, ok := t2.(int); err == nil && ok && g >= 0 {
			t3, err := l.token()
			if k, ok := t3.(keyword); err == nil && ok && k == "R" && t >= 0 {
				return ref{t, g}, nil
			}
		}
		l.pos = save
		return t, nil
	case keyword:
		switch t {
		case "[":
			var a array
			for {
				t2, err := l.token()
				if err != nil {
					return nil, err
				}
				if k, ok := t2.(keyword); ok && k == "]" {
					return a, nil
				}
				v, err := l.objectFrom(t2, depth+1)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
		case "<<":
			d := dict{}
			for {
				t2, err := l.token()
				if err != nil {
					return nil, err
				}
				if k, ok := t2.(keyword); ok && k == ">>" {
					return d, nil
				}
				key, ok := t2.(name)
				if !ok {
					return nil, l.fail("a dictionary key that is not a name")
				}
				v, err := l.object(depth + 1)
				if err != nil {
					return nil, err
				}
				d[key] = v
			}
		case "true":
			return true, nil
		case "false":
			return false, nil
		case "null":
			return nil, nil
		}
		return nil, l.fail(fmt.Sprintf("an unexpected %q", string(t)))
	}
	return t, nil
}
