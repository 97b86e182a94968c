package ingest

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	gmtext "github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
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
// the marks, outer before inner, in the order they open. Backslash
// escapes and character references are resolved ("\\*" is "*", "&amp;"
// is "&"), as in the items the Markdown reader reads. Nothing of
// the text is lost: a code span's text and an autolink's address are
// text.
func MarkdownInline(md string) (string, []InlineMark) {
	src := []byte(md)
	root := mdInlineParser().Parse(gmtext.NewReader(src))
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
				b.Write(mdUnescape(c.Segment.Value(src)))
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

// htmlMarkdown are the HTML elements whose Markdown syntax a draft
// writes: emphasis and strikethrough (a link and a code span are made
// apart).
var htmlMarkdown = map[string]string{"strong": "**", "b": "**", "em": "*", "i": "*", "s": "~~", "strike": "~~", "del": "~~"}

// htmlCodeTags are the elements a code span writes when they hold text only.
var htmlCodeTags = map[string]bool{"code": true, "tt": true, "kbd": true, "samp": true}

// htmlPhrasing are the phrasing elements (HTML's "phrasing content")
// without Markdown syntax that a draft keeps as inline HTML: they say
// what a run of text is (a quotation, a title, a direction, a
// superscript), never run code.
var htmlPhrasing = map[string]bool{
	"q": true, "cite": true, "bdo": true, "bdi": true, "sup": true, "sub": true, "abbr": true, "dfn": true,
	"var": true, "small": true, "mark": true, "u": true, "ins": true, "span": true, "ruby": true, "rt": true,
	"rp": true, "time": true, "data": true, "big": true, "code": true, "tt": true, "kbd": true, "samp": true,
}

// htmlPhrasingAttrs are the attributes such an element keeps: its
// language and direction, and the title an abbreviation spells out.
var htmlPhrasingAttrs = map[string]bool{"lang": true, "dir": true, "title": true}

// htmlSkipped are the elements whose content is no text of the page.
var htmlSkipped = map[string]bool{"head": true, "script": true, "style": true, "template": true, "noscript": true}

// HTMLInline reads the inline markup of an HTML page as the Markdown
// syntax a draft of it writes, as MarkdownInline reads Markdown: it
// returns the page's text (the text of its elements in document order,
// blocks separated by "\n"; scripts and styles left out) and the marks,
// outer before inner, in the order they open. A link (<a href>) is
// "[" and "](dest)", strong and bold "**", emphasis and italics "*",
// deleted text "~~", an element of code that holds text only a code
// span; the other phrasing elements of htmlPhrasing are their own tags,
// "<q>" and "</q>", with only their language, direction and title.
func HTMLInline(page string) (string, []InlineMark) {
	root, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return "", nil
	}
	var b strings.Builder
	var marks []InlineMark
	span := func(open string, n *html.Node, walk func(*html.Node)) {
		k := len(marks)
		marks = append(marks, InlineMark{Start: b.Len(), Open: open})
		walk(n)
		marks[k].End = b.Len()
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
				continue
			case c.Type != html.ElementNode || htmlSkipped[c.Data]:
				continue
			}
			tag := c.Data
			switch {
			case tag == "a" && attrOf(c, "href") != "":
				k := len(marks)
				span("[", c, walk)
				marks[k].Close = "](" + linkTail([]byte(attrOf(c, "href")), []byte(attrOf(c, "title"))) + ")"
			case htmlMarkdown[tag] != "":
				k := len(marks)
				span(htmlMarkdown[tag], c, walk)
				marks[k].Close = marks[k].Open
			case htmlCodeTags[tag] && onlyText(c):
				t := textOf(c)
				fence := "`"
				for strings.Contains(t, fence) {
					fence += "`"
				}
				pad := ""
				if strings.HasPrefix(t, "`") || strings.HasSuffix(t, "`") {
					pad = " "
				}
				marks = append(marks, InlineMark{Start: b.Len(), Open: fence + pad})
				b.WriteString(t)
				marks[len(marks)-1].End, marks[len(marks)-1].Close = b.Len(), pad+fence
			case htmlPhrasing[tag]:
				k := len(marks)
				span(phrasingTag(c), c, walk)
				marks[k].Close = "</" + tag + ">"
			case tag == "br":
				b.WriteByte('\n')
			case tag == "pre":
				b.WriteString("\n" + textOf(c) + "\n")
			case tag == "a" || tag == "font" || tag == "img" || tag == "wbr":
				walk(c)
			default:
				// A block (or an element rulesync does not know): its
				// text stands apart from the text around it.
				b.WriteByte('\n')
				walk(c)
				b.WriteByte('\n')
			}
		}
	}
	walk(root)
	return b.String(), marks
}

// onlyText reports whether n holds text and no element.
func onlyText(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.TextNode {
			return false
		}
	}
	return true
}

// phrasingTag is the start tag of a phrasing element as a draft keeps
// it: its name and the attributes of htmlPhrasingAttrs, quoted.
func phrasingTag(n *html.Node) string {
	var b strings.Builder
	b.WriteString("<" + n.Data)
	for _, a := range n.Attr {
		if a.Namespace == "" && htmlPhrasingAttrs[a.Key] {
			b.WriteString(" " + a.Key + "=\"" + html.EscapeString(a.Val) + "\"")
		}
	}
	b.WriteString(">")
	return b.String()
}

// SafeInlineTag reports whether tag (a start or end tag, "<q>",
// "</q>", `<bdo dir="rtl">`) is one HTMLInline writes for a phrasing
// element: a draft may keep it as markup, since it runs no code.
func SafeInlineTag(tag string) bool {
	if len(tag) < 3 || tag[0] != '<' || tag[len(tag)-1] != '>' {
		return false
	}
	body := tag[1 : len(tag)-1]
	if strings.HasPrefix(body, "/") {
		return htmlPhrasing[body[1:]]
	}
	name, rest, _ := strings.Cut(body, " ")
	if !htmlPhrasing[name] {
		return false
	}
	for rest != "" {
		k, v, ok := strings.Cut(rest, "=\"")
		if !ok || !htmlPhrasingAttrs[k] {
			return false
		}
		end := strings.IndexByte(v, '"')
		if end < 0 || strings.ContainsAny(v[:end], "<>") {
			return false
		}
		rest = strings.TrimPrefix(v[end+1:], " ")
	}
	return true
}
