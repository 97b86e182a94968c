package ingest

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// The inline text of a Markdown block, line by line: emphasis, links
// and code spans reduced to their text.

// sliceLines lets inlineLines give a line that is one piece of the
// source as a slice of it; the tests turn it off to compare with copies.
var sliceLines = true

// mdLine is one line of a paragraph's text, with whether it starts with
// emphasis.
type mdLine struct {
	text string
	lead bool
	bold bool // the whole line is emphasis
	// plain says the line's first character is written escaped (a
	// backslash escape or a character reference, "&#86;ersion 1.0"), as
	// a draft writes a line of text that would read as a label: text,
	// never a label.
	plain bool
	links []string // the destinations of the line's links
}

// joinLines is the texts of ls joined by spaces, as strings.Join joins
// them: a single line is its text, not a copy.
func joinLines(ls []mdLine) string {
	switch len(ls) {
	case 0:
		return ""
	case 1:
		return ls[0].text
	}
	n := len(ls) - 1
	for _, l := range ls {
		n += len(l.text)
	}
	var b strings.Builder
	b.Grow(n)
	for i, l := range ls {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(l.text)
	}
	return b.String()
}

// inlineLines renders the inline children of n as text, one entry per
// source line: emphasis and links are reduced to their text, code spans
// keep theirs, raw HTML is dropped.
//
// str is src as a string: a line that is one piece of the source as it
// stands (most are) is a slice of it, not a copy. The lines are
// appended to out, which the caller reuses from one node to the next (a
// slice per paragraph, most of one line, was made for each).
func inlineLines(n ast.Node, src []byte, str string, out []mdLine) []mdLine {
	// The line is written into b and copied out once at its end: a
	// strings.Builder per line grew as its pieces came (two or three
	// allocations a line). Where one is set, b holds src[from:to].
	var buf [256]byte
	b := buf[:0]
	one, from, to := false, 0, 0
	add := func(p []byte) {
		b = append(b, p...)
		one = false
	}
	var links []string
	lead, atStart, plain, escStart := false, true, false, false
	flush := func() {
		t := str[from:to]
		if !one {
			t = string(b)
		}
		out = append(out, mdLine{t, lead, lead && !plain, escStart, links})
		b = b[:0]
		one = false
		links = nil
		lead, atStart, plain, escStart = false, true, false, false
	}
	// The tree is walked with a stack of its open nodes, not by
	// recursion: emphasis nests as deep as the input says ("*a *a *a").
	type open struct {
		node   ast.Node
		next   ast.Node // the next child to visit
		emph   bool     // inside emphasis
		starts bool     // an emphasis that began at the start of a line
	}
	var stack []open
	walk := func(n ast.Node, emph bool) {
		stack = append(stack[:0], open{node: n, next: n.FirstChild(), emph: emph})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			c := top.next
			if c == nil {
				// "**6.3.1**Text": the end of emphasis at the start of a
				// line ends a word.
				if _, ok := top.node.(*ast.Emphasis); ok && top.starts && top.node.NextSibling() != nil {
					add([]byte{' '})
				}
				stack = stack[:len(stack)-1]
				continue
			}
			top.next = c.NextSibling()
			emph := top.emph
			switch c := c.(type) {
			case *ast.Text:
				v := c.Segment.Value(src) // written, not copied
				raw := v
				escaped := bytes.IndexByte(v, '\\') >= 0 || bytes.IndexByte(v, '&') >= 0
				if escaped {
					// "\*", "&amp;", "&#169;" are the text "*", "&",
					// "©", as CommonMark renders them.
					v = mdUnescape(v)
				}
				blank := len(bytes.TrimSpace(v)) == 0
				if atStart && !blank {
					lead, atStart = emph, false
					escStart = escaped && escapedFirst(raw, v)
				}
				if !emph && !blank {
					plain = true
				}
				if seg := c.Segment; len(b) == 0 && seg.Padding == 0 && !escaped && !seg.ForceNewline && sliceLines {
					one, from, to = true, seg.Start, seg.Stop // v is src[from:to]
					b = append(b, v...)
				} else {
					add(v)
				}
				if c.SoftLineBreak() || c.HardLineBreak() {
					flush()
				}
			case *ast.String:
				add(c.Value)
				atStart = atStart && strings.TrimSpace(string(c.Value)) == ""
			case *ast.Emphasis:
				stack = append(stack, open{node: c, next: c.FirstChild(), emph: true, starts: atStart})
			case *ast.CodeSpan:
				atStart = false
				for t := c.FirstChild(); t != nil; t = t.NextSibling() {
					if tt, ok := t.(*ast.Text); ok {
						add(tt.Segment.Value(src))
					}
				}
			case *ast.RawHTML:
				// inline tags (<br>, <sup>) carry no text of their own
			case *ast.Link:
				links = append(links, string(c.Destination))
				stack = append(stack, open{node: c, next: c.FirstChild(), emph: emph})
			case *ast.AutoLink:
				atStart = false
				add(c.Label(src))
			default:
				stack = append(stack, open{node: c, next: c.FirstChild(), emph: emph})
			}
		}
	}
	n0 := len(out)
	walk(n, false)
	if len(b) > 0 || len(out) == n0 {
		flush()
	}
	return out
}

// escapedFirst reports whether the first character of the text v that
// is not blank is written escaped in raw, its source (v unescaped): a
// backslash escape or a character reference.
func escapedFirst(raw, v []byte) bool {
	r := bytes.TrimLeft(raw, " \t")
	t := bytes.TrimLeft(v, " \t")
	return len(r) > 0 && len(t) > 0 && (r[0] == '\\' || r[0] == '&') && r[0] != t[0]
}

// mdUnescape is Markdown text as CommonMark renders it: a backslash
// before ASCII punctuation dropped, entity and numeric character
// references resolved. It returns v itself when nothing changes.
func mdUnescape(v []byte) []byte {
	return util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
}
