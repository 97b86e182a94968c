package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// xmlTok is the kind of token xmlScanner.next read.
type xmlTok int

const (
	tokEOF   xmlTok = iota
	tokStart        // a start tag (an empty element <a/> is a start, then an end)
	tokEnd          // an end tag
	tokText         // character data (text or a CDATA section)
)

// xmlScanner reads the tokens of an XML document held in memory, as
// encoding/xml's Decoder.Token does in its strict mode, without a token,
// a name or an attribute list allocated for each element: the names are
// slices of the document and the text is decoded only where it holds a
// reference or a carriage return. It checks what the decoder checks
// (names, quoting, references, tag nesting, UTF-8 and the characters XML
// allows, the XML declaration's version and encoding) so that a broken
// part is refused as before; comments, processing instructions and
// directives are skipped. Namespace prefixes are kept in the name and
// compared as written, as the decoder matches end tags.
type xmlScanner struct {
	data  []byte
	pos   int
	stack [][]byte // the qualified names of the open elements

	// The token read: name and local for a start or end tag, attrs (the
	// raw attribute list) for a start, text for character data.
	name, local, attrs, text []byte
	closeNext                bool // the start tag read was empty: its end comes next
	// tagAt is the offset of the '<' of the last tag read; nsDecl is
	// whether the start tag read has an attribute named xmlns or
	// xmlns:*, a namespace declaration.
	tagAt  int
	nsDecl bool
	buf    []byte
	err    error
	errPos int
}

// errEOF is the syntax error of a document that ends inside a token or
// with elements open.
var errEOF = errors.New("unexpected EOF")

// fail records a syntax error at byte offset at.
func (s *xmlScanner) fail(at int, format string, args ...any) (xmlTok, error) {
	s.err, s.errPos = fmt.Errorf(format, args...), at
	return tokEOF, s.err
}

// next reads the next token: a start or end tag, or character data.
func (s *xmlScanner) next() (xmlTok, error) {
	if s.err != nil {
		return tokEOF, s.err
	}
	if s.closeNext {
		s.closeNext = false
		s.stack = s.stack[:len(s.stack)-1]
		return tokEnd, nil
	}
	for {
		if s.pos >= len(s.data) {
			if len(s.stack) > 0 {
				return s.fail(s.pos, "%v", errEOF)
			}
			return tokEOF, nil
		}
		if s.data[s.pos] != '<' {
			return s.chars()
		}
		if s.pos+1 >= len(s.data) {
			return s.fail(s.pos+1, "%v", errEOF)
		}
		switch s.data[s.pos+1] {
		case '/':
			return s.endTag()
		case '?':
			if err := s.procInst(); err != nil {
				return tokEOF, err
			}
		case '!':
			if tok, err := s.bang(); err != nil || tok != tokEOF {
				return tok, err
			}
		default:
			return s.startTag()
		}
	}
}

// validName reports whether name is an XML name: a letter, '_' or ':'
// first, then letters, digits, marks and "_:.-" ("Name" of XML 1.0, its
// characters beyond ASCII taken by their Unicode categories).
func validName(name []byte) bool {
	if len(name) == 0 {
		return false
	}
	for i := 0; i < len(name); {
		r, size := rune(name[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(name[i:])
			if r == utf8.RuneError && size == 1 {
				return false
			}
		}
		ok := unicode.IsLetter(r) || r == '_' || r == ':'
		if i > 0 {
			ok = ok || unicode.IsDigit(r) || unicode.Is(unicode.M, r) || r == '.' || r == '-' || r == '\u00B7'
		}
		if !ok {
			return false
		}
		i += size
	}
	return true
}

// readName reads a name at the position; ok is false where there is
// none or it has more than one colon. One pass finds the name's end, its
// colons and whether it is all ASCII; an ASCII name is valid when it
// does not start with a digit, '.' or '-' (every other name byte is a
// letter, '_' or ':', or may follow one), and only a name with bytes
// beyond ASCII goes through validName (a colon is never part of a
// multi-byte rune).
func (s *xmlScanner) readName() (name, local []byte, ok bool) {
	i := s.pos
	colons, colon := 0, 0
	ascii := true
	for i < len(s.data) {
		k := nameBytes[s.data[i]]
		if k == nameEnd {
			break
		}
		switch k {
		case nameWide:
			ascii = false
		case nameColon:
			if colons == 0 {
				colon = i - s.pos
			}
			colons++
		}
		i++
	}
	name = s.data[s.pos:i]
	if ascii {
		if len(name) == 0 || '0' <= name[0] && name[0] <= '9' || name[0] == '.' || name[0] == '-' {
			return nil, nil, false
		}
	} else if !validName(name) {
		return nil, nil, false
	}
	s.pos = i
	local = name
	switch colons {
	case 0:
	case 1:
		if colon > 0 && colon < len(name)-1 {
			local = name[colon+1:]
		}
	default:
		return nil, nil, false
	}
	return name, local, true
}

// The classes of the bytes of a name for readName: not of a name (its
// end), an ASCII letter, digit or "_-.", a colon, a byte beyond ASCII.
const (
	nameEnd = iota
	nameASCII
	nameColon
	nameWide
)

// nameBytes is the class of each byte (isNameByte in a table).
var nameBytes = func() (t [256]uint8) {
	for c := range 256 {
		switch b := byte(c); {
		case !isNameByte(b):
			t[c] = nameEnd
		case b >= utf8.RuneSelf:
			t[c] = nameWide
		case b == ':':
			t[c] = nameColon
		default:
			t[c] = nameASCII
		}
	}
	return t
}()

// xmlSpaceByte reports whether c is XML white space.
func xmlSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// space skips white space.
func (s *xmlScanner) space() {
	for s.pos < len(s.data) && xmlSpaceByte(s.data[s.pos]) {
		s.pos++
	}
}

// startTag reads <name attr="value" ...> or <name .../>.
func (s *xmlScanner) startTag() (xmlTok, error) {
	s.tagAt, s.nsDecl = s.pos, false
	s.pos++
	name, local, ok := s.readName()
	if !ok {
		return s.fail(s.pos, "expected element name after <")
	}
	s.name, s.local = name, local
	begin := s.pos
	for {
		s.space()
		if s.pos >= len(s.data) {
			return s.fail(s.pos, "%v", errEOF)
		}
		switch s.data[s.pos] {
		case '/':
			s.attrs = s.data[begin:s.pos]
			s.pos++
			if s.pos >= len(s.data) || s.data[s.pos] != '>' {
				return s.fail(s.pos, "expected /> in element")
			}
			s.pos++
			s.stack = append(s.stack, name)
			s.closeNext = true
			return tokStart, nil
		case '>':
			s.attrs = s.data[begin:s.pos]
			s.pos++
			s.stack = append(s.stack, name)
			return tokStart, nil
		}
		an, _, ok := s.readName()
		if !ok {
			return s.fail(s.pos, "expected attribute name in element")
		}
		if an[0] == 'x' && isXMLNS(an) {
			s.nsDecl = true
		}
		s.space()
		if s.pos >= len(s.data) || s.data[s.pos] != '=' {
			return s.fail(s.pos, "attribute name without = in element")
		}
		s.pos++
		s.space()
		if _, err := s.quoted(); err != nil {
			return tokEOF, err
		}
	}
}

// quoted reads a quoted attribute value at the position and returns it
// decoded.
func (s *xmlScanner) quoted() ([]byte, error) {
	if s.pos >= len(s.data) || s.data[s.pos] != '"' && s.data[s.pos] != '\'' {
		_, err := s.fail(s.pos, "unquoted or missing attribute value in element")
		return nil, err
	}
	q := s.data[s.pos]
	// One pass to the closing quote, noting what the value needs: most
	// values are a few bytes of plain ASCII ("00AB12CD", "center"),
	// which need neither decode nor check.
	at := s.pos + 1
	lt, plain := -1, true
	end := at
	for ; end < len(s.data); end++ {
		c := s.data[end]
		if c == q {
			break
		}
		switch {
		case c == '<':
			if lt < 0 {
				lt = end
			}
		case c == '&' || c == '\r' || c < 0x20 && c != '\t' && c != '\n' || c >= utf8.RuneSelf:
			plain = false
		}
	}
	if end == len(s.data) {
		_, err := s.fail(len(s.data), "%v", errEOF)
		return nil, err
	}
	raw := s.data[at:end]
	s.pos = end + 1
	if lt >= 0 {
		_, err := s.fail(lt, "unescaped < inside quoted string")
		return nil, err
	}
	if plain {
		return raw, nil // what decode returns of it, checked
	}
	return s.decode(raw, at)
}

// endTag reads </name> and checks that it closes the open element.
func (s *xmlScanner) endTag() (xmlTok, error) {
	s.tagAt = s.pos
	s.pos += 2
	name, local, ok := s.readName()
	if !ok {
		return s.fail(s.pos, "expected element name after </")
	}
	s.space()
	if s.pos >= len(s.data) {
		return s.fail(s.pos, "%v", errEOF)
	}
	if s.data[s.pos] != '>' {
		return s.fail(s.pos, "invalid characters between </%s and >", name)
	}
	s.pos++
	if len(s.stack) == 0 {
		return s.fail(s.pos, "unexpected end element </%s>", local)
	}
	if open := s.stack[len(s.stack)-1]; !bytes.Equal(open, name) {
		return s.fail(s.pos, "element <%s> closed by </%s>", open, name)
	}
	s.stack = s.stack[:len(s.stack)-1]
	s.name, s.local = name, local
	return tokEnd, nil
}

// chars reads character data up to the next tag.
func (s *xmlScanner) chars() (xmlTok, error) {
	at := s.pos
	end := bytes.IndexByte(s.data[at:], '<')
	if end < 0 {
		end = len(s.data) - at
	}
	s.pos = at + end
	if i := bytes.Index(s.data[at:at+end], []byte("]]>")); i >= 0 {
		return s.fail(at+i, "unescaped ]]> not in CDATA section")
	}
	text, err := s.decode(s.data[at:at+end], at)
	if err != nil {
		return tokEOF, err
	}
	s.text = text
	return tokText, nil
}

// procInst skips <?target ...?>, checking the XML declaration.
func (s *xmlScanner) procInst() error {
	s.pos += 2
	target, _, ok := s.readName()
	if !ok {
		_, err := s.fail(s.pos, "xml: expected target name after <?")
		return err
	}
	end := bytes.Index(s.data[s.pos:], []byte("?>"))
	if end < 0 {
		_, err := s.fail(len(s.data), "%v", errEOF)
		return err
	}
	content := string(s.data[s.pos : s.pos+end])
	s.pos += end + 2
	if string(target) != "xml" {
		return nil
	}
	if v := procInstParam("version", content); v != "" && v != "1.0" {
		_, err := s.fail(s.pos, "xml: unsupported version %q; only version 1.0 is supported", v)
		return err
	}
	if e := procInstParam("encoding", content); e != "" && !strings.EqualFold(e, "utf-8") {
		_, err := s.fail(s.pos, "xml: encoding %q declared but Decoder.CharsetReader is nil", e)
		return err
	}
	return nil
}

// procInstParam returns the value of param in a processing
// instruction's content (version="1.0"), "" if absent, found as
// encoding/xml finds it: the first "param=" followed by a quote, the
// value running to the next such quote ("<?xml a encoding=\"x\" ?>"
// names the encoding x, whatever stands before it).
func procInstParam(param, s string) string {
	param += "="
	i := 0
	var quote byte
	for i < len(s) {
		sub := s[i:]
		k := strings.Index(sub, param)
		if k < 0 || len(param)+k >= len(sub) {
			return ""
		}
		i += len(param) + k + 1
		if c := sub[len(param)+k]; c == '\'' || c == '"' {
			quote = c
			break
		}
	}
	if quote == 0 {
		return ""
	}
	j := strings.IndexByte(s[i:], quote)
	if j < 0 {
		return ""
	}
	return s[i : i+j]
}

// bang reads what starts with <!: a comment or a directive (skipped,
// tokEOF) or a CDATA section (tokText).
func (s *xmlScanner) bang() (xmlTok, error) {
	rest := s.data[s.pos:]
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		body := s.pos + 4
		for i := body; ; i++ {
			if i+1 >= len(s.data) {
				return s.fail(len(s.data), "%v", errEOF)
			}
			if s.data[i] == '-' && s.data[i+1] == '-' {
				if i+2 >= len(s.data) {
					return s.fail(len(s.data), "%v", errEOF)
				}
				if s.data[i+2] != '>' {
					return s.fail(i+2, `invalid sequence "--" not allowed in comments`)
				}
				s.pos = i + 3
				return tokEOF, nil
			}
		}
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		body := s.pos + 9
		end := bytes.Index(s.data[body:], []byte("]]>"))
		if end < 0 {
			return s.fail(len(s.data), "%v", errEOF)
		}
		s.pos = body + end + 3
		text, err := s.cdata(s.data[body:body+end], body)
		if err != nil {
			return tokEOF, err
		}
		s.text = text
		return tokText, nil
	case bytes.HasPrefix(rest, []byte("<!-")):
		return s.fail(s.pos+3, "invalid sequence <!- not part of <!--")
	case len(rest) > 2 && rest[2] == '[':
		return s.fail(s.pos+2, "invalid <![ sequence")
	}
	return tokEOF, s.directive()
}

// directive skips <!DOCTYPE ...> and its like: up to the > that closes
// it, past quoted strings, comments and nested <...>.
func (s *xmlScanner) directive() error {
	depth := 0
	for i := s.pos + 2; i < len(s.data); i++ {
		switch c := s.data[i]; c {
		case '"', '\'':
			end := bytes.IndexByte(s.data[i+1:], c)
			if end < 0 {
				return s.eof()
			}
			i += end + 1
		case '<':
			if bytes.HasPrefix(s.data[i:], []byte("<!--")) {
				end := bytes.Index(s.data[i+4:], []byte("-->"))
				if end < 0 {
					return s.eof()
				}
				i += 4 + end + 2
				continue
			}
			depth++
		case '>':
			if depth == 0 {
				s.pos = i + 1
				return nil
			}
			depth--
		}
	}
	return s.eof()
}

// eof records the syntax error of a document that ends inside a token.
func (s *xmlScanner) eof() error {
	_, err := s.fail(len(s.data), "%v", errEOF)
	return err
}

// decode returns raw text (character data or an attribute value, at
// offset at) with its references replaced and its line ends made \n,
// checked as XML text. Text with neither is returned as it is.
func (s *xmlScanner) decode(raw []byte, at int) ([]byte, error) {
	if bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		if err := s.check(raw, at); err != nil {
			return nil, err
		}
		return raw, nil
	}
	out := s.buf[:0]
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '\r':
			out = append(out, '\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		case '&':
			semi := bytes.IndexByte(raw[i:], ';')
			ref := raw[i+1:]
			if semi >= 0 {
				ref = raw[i+1 : i+semi]
			}
			r, ok := xmlEntity(ref)
			if semi < 0 || !ok {
				if len(ref) > 16 {
					ref = ref[:16]
				}
				_, err := s.fail(at+i, "invalid character entity &%s;", ref)
				return nil, err
			}
			out = append(out, r...)
			i += semi
		default:
			out = append(out, c)
		}
	}
	s.buf = out
	if err := s.check(out, at); err != nil {
		return nil, err
	}
	return out, nil
}

// cdata returns a CDATA section's text with its line ends made \n.
func (s *xmlScanner) cdata(raw []byte, at int) ([]byte, error) {
	if bytes.IndexByte(raw, '\r') >= 0 {
		out := s.buf[:0]
		for i := 0; i < len(raw); i++ {
			if raw[i] == '\r' {
				out = append(out, '\n')
				if i+1 < len(raw) && raw[i+1] == '\n' {
					i++
				}
				continue
			}
			out = append(out, raw[i])
		}
		s.buf, raw = out, out
	}
	if err := s.check(raw, at); err != nil {
		return nil, err
	}
	return raw, nil
}

// xmlEntity returns the text of a reference's name (amp, #38, #x26).
func xmlEntity(name []byte) (string, bool) {
	switch string(name) {
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "amp":
		return "&", true
	case "apos":
		return "'", true
	case "quot":
		return `"`, true
	}
	if len(name) < 2 || name[0] != '#' {
		return "", false
	}
	digits, base := name[1:], 10
	if digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 {
		return "", false
	}
	for _, c := range digits {
		if !('0' <= c && c <= '9' || base == 16 && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F')) {
			return "", false
		}
	}
	n, err := strconv.ParseUint(string(digits), base, 64)
	if err != nil || n > utf8.MaxRune {
		return "", false
	}
	return string(rune(n)), true
}

// check refuses text that is not UTF-8 or holds a character XML does not
// allow (a control character, U+FFFE, U+FFFF).
func (s *xmlScanner) check(b []byte, at int) error {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				_, err := s.fail(at+i, "illegal character code %U", rune(c))
				return err
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			_, err := s.fail(at+i, "invalid UTF-8")
			return err
		}
		if r == 0xFFFE || r == 0xFFFF {
			_, err := s.fail(at+i, "illegal character code %U", r)
			return err
		}
		i += size
	}
	return nil
}

// attrVal returns the decoded value of the first attribute of the start
// tag read whose local name is local ("val" for w:val), "" if none.
func (s *xmlScanner) attrVal(local string) string {
	sub := xmlScanner{data: s.attrs}
	for {
		sub.space()
		if sub.pos >= len(sub.data) {
			return ""
		}
		_, l, ok := sub.readName()
		if !ok {
			return ""
		}
		sub.space()
		sub.pos++ // '=', checked by startTag
		sub.space()
		v, err := sub.quoted()
		if err != nil {
			return ""
		}
		if string(l) == local {
			return string(v)
		}
	}
}
