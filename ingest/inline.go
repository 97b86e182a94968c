package ingest

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// InlineMark is a piece of Markdown inline syntax: Open and Close
// surround the bytes [Start, End) of the text as rendered without its
// markup (a link's "[" and "](dest)", emphasis' "*", a code span's
// backticks). A tag of inline HTML that stands alone ("<br>", "<sup>")
// is an Open with Start == End and no Close.
type InlineMark struct {
	Start, End  int
	Open, Close string
}

// MarkdownInline reads the inline syntax of Markdown text, as the
// Markdown format reads it (CommonMark, with GitHub's strikethrough):
// it returns the text without the markup (block syntax, such as a
// heading's "#" or a list's bullet, dropped; lines joined by "\n") and
// the marks, outer before inner, in the order they open. Nothing of
// the text is lost: a code span's text and an autolink's address are
// text.
func MarkdownInline(md string) (string, []InlineMark) {
	src := []byte(md)
	p := goldmark.New(goldmark.WithExtensions(extension.Strikethrough))
	root := p.Parser().Parse(gmtext.NewReader(src))
	var b strings.Builder
	var marks []InlineMark
	open := func(o string) int {
		marks = append(marks, InlineMark{Start: b.Len(), Open: o})
		return len(marks) - 1
	}
	closeMark := func(k int, c string) { marks[k].End, marks[k].Close = b.Len(), c }
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Type() == ast.TypeBlock && c.PreviousSibling() != nil && b.Len() > 0 {
				b.WriteByte('\n')
			}
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Segment.Value(src))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte('\n')
				}
			case *ast.String:
				b.Write(c.Value)
			case *ast.Emphasis:
				d := emphasisDelimiter(c, src)
				k := open(d)
				walk(c)
				closeMark(k, d)
			case *extast.Strikethrough:
				k := open("~~")
				walk(c)
				closeMark(k, "~~")
			case *ast.CodeSpan:
				var t strings.Builder
				for x := c.FirstChild(); x != nil; x = x.NextSibling() {
					if tt, ok := x.(*ast.Text); ok {
						t.Write(tt.Segment.Value(src))
					}
				}
				fence := "`"
				for strings.Contains(t.String(), fence) {
					fence += "`"
				}
				pad := ""
				if strings.HasPrefix(t.String(), "`") || strings.HasSuffix(t.String(), "`") {
					pad = " "
				}
				k := open(fence + pad)
				b.WriteString(t.String())
				closeMark(k, pad+fence)
			case *ast.RawHTML:
				var t strings.Builder
				for i := 0; i < c.Segments.Len(); i++ {
					s := c.Segments.At(i)
					t.Write(s.Value(src))
				}
				k := open(t.String())
				marks[k].End = marks[k].Start
			case *ast.Link:
				k := open("[")
				walk(c)
				closeMark(k, "]("+linkTail(c.Destination, c.Title)+")")
			case *ast.Image:
				k := open("![")
				walk(c)
				closeMark(k, "]("+linkTail(c.Destination, c.Title)+")")
			case *ast.AutoLink:
				k := open("<")
				b.Write(c.Label(src))
				closeMark(k, ">")
			case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
				b.Write(c.Lines().Value(src))
			default:
				walk(c)
			}
		}
	}
	walk(root)
	return b.String(), marks
}

// emphasisDelimiter is the run that opens emphasis as the text writes it
// ("*", "__"), read from the source before its first text.
func emphasisDelimiter(e *ast.Emphasis, src []byte) string {
	ch := byte('*')
	for n := e.FirstChild(); n != nil; n = n.FirstChild() {
		if t, ok := n.(*ast.Text); ok {
			if s := t.Segment.Start - e.Level; s >= 0 && (src[s] == '_' || src[s] == '*') {
				ch = src[s]
			}
			break
		}
	}
	return strings.Repeat(string(ch), e.Level)
}

// linkTail is a link's destination and title as Markdown writes them.
func linkTail(dest, title []byte) string {
	d := string(dest)
	if strings.ContainsAny(d, " ()") || d == "" {
		d = "<" + d + ">"
	}
	if len(title) > 0 {
		d += ` "` + strings.ReplaceAll(string(title), `"`, `\"`) + `"`
	}
	return d
}
