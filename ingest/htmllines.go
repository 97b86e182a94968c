package ingest

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The tree reader (treeHTML) reads a page from the element tree the HTML
// parser builds, which keeps no places; and the parser moves text out of
// tables and formatting elements across blocks (the adoption agency), so
// that where a node stands in the tree does not say where it stood in the
// page. So the lines travel with the text: before the page is parsed,
// each text token that holds more than white space (raw text included:
// a <title> in the body is read as text) is marked, before its first
// character that is not white space, with the line of its first byte
// that is not white space, and each element dropped as furniture by its element or role
// (isChrome) with the line of its start tag, in an attribute of its own.
// The lines are counted as the streamed reader counts them (each byte of
// the page once, in one pass). The marks are made of Unicode
// noncharacters, which are for a program's own use, chosen among those
// the page does not hold, so that no text of the page reads as a mark.
// After the parse, one walk over the tree takes the marks out of the
// text (unmark).

var newline = []byte{'\n'}

// lineMarks are the marks of one page.
type lineMarks struct {
	open, close rune   // around the decimal line of a text token
	attr        string // the attribute that holds an element's line
}

// markLines returns text with its lines marked, and the marks; ok is
// false, and text returned as it is, for a page that holds all but one
// of the noncharacters U+FDD0 to U+FDEF.
func markLines(text string) (marked string, m lineMarks, ok bool) {
	if m, ok = pickMarks(text); !ok {
		return text, m, false
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/8)
	z := html.NewTokenizer(strings.NewReader(text))
	line, done := 1, 0
	var tag []byte
	raw := false // the token follows the start tag of raw text or RCDATA
	prev := html.ErrorToken
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		r := z.Raw()
		done += len(r)
		wasRaw := raw
		raw = false
		prevText := prev == html.TextToken
		prev = tt
		switch tt {
		case html.TextToken:
			i := textStart(r, wasRaw)
			if i == len(r) {
				b.Write(r)
				break
			}
			if prevText {
				// A "<" or "</" the page ends with is a text token of
				// its own; its mark would join it to the text before,
				// which the parser then reads as one (in a table, white
				// space stays where other text is moved out). An end
				// tag of no element keeps them apart, and is ignored.
				b.WriteString("</x" + m.attr + ">")
			}
			// The line is the streamed reader's: that of the first
			// byte that is not white space.
			j := 0
			for j < len(r) && isHTMLSpace(r[j]) {
				j++
			}
			b.Write(r[:i])
			b.WriteRune(m.open)
			b.WriteString(strconv.Itoa(line + bytes.Count(r[:j], newline)))
			b.WriteRune(m.close)
			b.Write(r[i:])
		case html.StartTagToken, html.SelfClosingTagToken:
			// Reading the name and attributes changes the raw bytes
			// in place (lower case, unescaped): kept first.
			tag = append(tag[:0], r...)
			name, more := z.TagName()
			raw = rawTextTags[string(name)]
			var attrs []html.Attribute
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "role", "aria-hidden", "hidden":
					attrs = append(attrs, html.Attribute{Key: string(k), Val: string(v)})
				}
			}
			if !isChrome(string(name), attrs) {
				b.Write(tag)
				break
			}
			end := 1
			for end < len(tag) && !isHTMLSpace(tag[end]) && tag[end] != '/' && tag[end] != '>' {
				end++
			}
			b.Write(tag[:end])
			b.WriteString(" " + m.attr + `="` + strconv.Itoa(line) + `" `)
			b.Write(tag[end:])
		default:
			b.Write(r)
		}
		line += bytes.Count(r, newline)
	}
	// What the tokenizer leaves at the end (a tag the page does not
	// close), as it stands.
	b.WriteString(text[min(done, len(text)):])
	return b.String(), m, true
}

// pickMarks chooses two noncharacters among U+FDD0 to U+FDEF that text
// does not hold, the first two where it holds none.
func pickMarks(text string) (lineMarks, bool) {
	var used uint32
	// The noncharacters are U+FDD0 to U+FDEF, whose UTF-8 starts EF B7.
	for rest := text; ; {
		i := strings.Index(rest, "\xef\xb7")
		if i < 0 {
			break
		}
		r, n := utf8.DecodeRuneInString(rest[i:])
		if r >= 0xFDD0 && r <= 0xFDEF {
			used |= 1 << (r - 0xFDD0)
		}
		rest = rest[i+max(n, 1):]
	}
	var free []rune
	for k := range rune(32) {
		if used&(1<<k) == 0 {
			free = append(free, 0xFDD0+k)
		}
	}
	if len(free) < 2 {
		return lineMarks{}, false
	}
	return lineMarks{open: free[0], close: free[1], attr: string(free[0]) + "line"}, true
}

// unmark takes the marks of m out of the text nodes under root, keeping
// in each node's DataAtom (which the parser gives elements only) the
// line of its first text that is not white space (0 where no mark says
// it). The walk keeps its own stack: the page decides the depth.
func (m lineMarks) unmark(root *html.Node) {
	open := string(m.open)
	stack := []*html.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type == html.TextNode && strings.Contains(n.Data, open) {
			n.Data, n.DataAtom = m.strip(n.Data)
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
}

// strip returns s without the marks of m, and the line of the mark that
// comes before its first text that is not white space.
func (m lineMarks) strip(s string) (string, atom.Atom) {
	var b strings.Builder
	b.Grow(len(s))
	// Text before the first mark is a NUL the parser made U+FFFD (in
	// foreign content), which markLines does not mark: it takes the line
	// of the mark after it, the same token's.
	line, at, found, before := 0, 0, false, false
	for {
		i := strings.IndexRune(s, m.open)
		seg := s
		if i >= 0 {
			seg = s[:i]
		}
		if !found && strings.TrimSpace(seg) != "" {
			if line > 0 {
				at, found = line, true
			} else {
				before = true
			}
		}
		b.WriteString(seg)
		if i < 0 {
			break
		}
		s = s[i+utf8.RuneLen(m.open):]
		j := strings.IndexRune(s, m.close)
		if j < 0 {
			break // not one of the marks: cannot be, they come in pairs
		}
		line, _ = strconv.Atoi(s[:j])
		s = s[j+utf8.RuneLen(m.close):]
		if before && !found {
			at, found = line, true
		}
	}
	return b.String(), atom.Atom(at)
}

// textLine is the line unmark kept for a text node: 0 for an element
// or a node no mark reached.
func textLine(n *html.Node) int {
	if n.Type != html.TextNode {
		return 0
	}
	return int(n.DataAtom)
}

// elementLine is the line of an element's start tag that markLines kept,
// or 0.
func (m lineMarks) elementLine(n *html.Node) int {
	if m.attr == "" {
		return 0
	}
	l, _ := strconv.Atoi(attrOf(n, m.attr))
	return l
}

// firstTextLine is the line of the first text under n that is not white
// space, or 0.
func firstTextLine(n *html.Node) int {
	stack := []*html.Node{n}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return textLine(c)
		}
		for k := c.LastChild; k != nil; k = k.PrevSibling {
			stack = append(stack, k)
		}
	}
	return 0
}

// textStart is the offset in the raw text token r of its first
// character that is neither white space nor NUL, as the parser reads
// them (a character reference may stand for white space: "&#9;"), or
// len(r): a mark before it would make white space that the parser drops
// or keeps apart from text, or a NUL that it drops, text, and change the
// tree. In raw text (raw) a NUL is text, U+FFFD: the mark goes before
// it.
func textStart(r []byte, raw bool) int {
	i := 0
	for i < len(r) {
		switch {
		case isHTMLSpace(r[i]) || r[i] == 0 && !raw:
			i++
		case r[i] == '&':
			n := spaceRef(r[i:])
			if n == 0 {
				return i
			}
			i += n
		default:
			return i
		}
	}
	return i
}

// spaceRef is the length of the character reference r starts with when
// it stands for white space ("&#9;", "&#x20", "&Tab;"), else 0.
func spaceRef(r []byte) int {
	for _, name := range []string{"&Tab;", "&NewLine;"} {
		if bytes.HasPrefix(r, []byte(name)) {
			return len(name)
		}
	}
	if len(r) < 3 || r[1] != '#' {
		return 0
	}
	i, base := 2, 10
	if r[2] == 'x' || r[2] == 'X' {
		i, base = 3, 16
	}
	start, v := i, 0
	for ; i < len(r); i++ {
		d := hexDigit(r[i])
		if d < 0 || d >= base {
			break
		}
		if v < 1<<24 {
			v = v*base + d
		}
	}
	if i == start {
		return 0
	}
	if i < len(r) && r[i] == ';' {
		i++
	}
	switch v {
	case '\t', '\n', '\f', '\r', ' ':
		return i
	}
	return 0
}

// hexDigit is the value of the hexadecimal digit c, or -1.
func hexDigit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
