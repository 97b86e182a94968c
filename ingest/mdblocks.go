package ingest

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unsafe"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/rulesync/rulesync/corpus"
)

// markdownBlocks reads Markdown as a CommonMark renderer does (goldmark,
// with GitHub tables) and returns its blocks: headings with their level,
// each line of a paragraph (a line may start a rule: "1.A. text" lines
// follow one another without blank lines in converted rulebooks), list
// items with their depth and printed marker, table rows, quotes and code.
// Emphasis at the start of a line ("**4.2.1** text") sets lead. YAML
// front matter is kept out of the text and noted. A text goldmark would
// take more than linear time on (markdownGuard) is a parse error.
func markdownBlocks(text string) ([]block, error) {
	return cleanMarkdownBlocks(corpus.CleanLines(text))
}

// cleanMarkdownBlocks is markdownBlocks of a text CleanLines has cleaned.
//
// The parse holds goldmark's tree of the whole text, some 500 to 900
// bytes a line (a list item is a list item, a paragraph and a text node;
// "- 1) text" a list inside a list item), more than the blocks made of
// it: each node is cut out of the tree once its blocks are made, so that
// the tree shrinks as the blocks grow and the two are never both whole.
func cleanMarkdownBlocks(clean string) ([]block, error) {
	// goldmark reads its source and never writes to it: the parse reads
	// the text's own bytes, not a copy (32 MB of a 32 MB input).
	src := unsafe.Slice(unsafe.StringData(clean), len(clean))
	if err := markdownGuard(src); err != nil {
		return nil, err
	}
	str := clean // src as a string, for the lines that are slices of it
	starts := lineStarts(src)
	var bs []block
	lineOf := func(off int) int { return sort.SearchInts(starts, off+1) }
	if fm := frontMatter(src); fm > 0 {
		bs = append(bs, block{text: strings.TrimSpace(string(src[:fm])), line: 1, chrome: "front matter"})
		src = append(make([]byte, 0, len(src)), src...)
		for i := 0; i < fm; i++ {
			if src[i] != '\n' {
				src[i] = ' '
			}
		}
		str = string(src)
	}
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(gmparser.WithHeadingAttribute()))
	root := md.Parser().Parse(gmtext.NewReader(src))
	// The blocks grow as the tree shrinks: room for a block per line,
	// made before the parse, was held beside the whole tree.
	// marker is the number the ordered list item item prints ("3."),
	// for its first paragraph, which the walk reaches next when the item
	// starts with one; "" for an unordered list's item.
	var item ast.Node
	marker := ""
	var lines []mdLine // inlineLines' of the node at hand
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		for c := n.FirstChild(); c != nil; {
			switch c := c.(type) {
			case *ast.Heading:
				lines = inlineLines(c, src, str, lines[:0])
				t, anchor := headingAnchor(joinLines(lines))
				if v, ok := c.AttributeString("id"); ok {
					if id, ok := v.([]byte); ok {
						anchor = string(id)
					}
				}
				bs = append(bs, block{text: t, kind: blockHeading, level: c.Level, rare: rareOf(blockRare{anchor: anchor}), line: lineAt(c, lineOf)})
			case *ast.Paragraph, *ast.TextBlock:
				kind := blockPara
				d := 0
				if _, ok := c.Parent().(*ast.ListItem); ok && c == c.Parent().FirstChild() {
					kind, d = blockItem, depth
				}
				marker := marker
				if kind != blockItem || c.Parent() != item {
					marker = ""
				}
				lines = inlineLines(c, src, str, lines[:0])
				for i, l := range lines {
					if strings.TrimSpace(l.text) == "" {
						continue
					}
					if marker != "" {
						l.text, marker = marker+" "+strings.TrimSpace(l.text), ""
					}
					b := block{text: strings.TrimSpace(l.text), kind: blockPara, lead: l.lead, bold: l.bold, line: lineAt(c, lineOf) + i, nest: depth + 1, rare: rareOf(blockRare{links: l.links})}
					if i == 0 {
						b.kind, b.depth = kind, d
					}
					bs = append(bs, b)
				}
			case *ast.List:
				// An ordered list prints its numbers ("4. Non-marking
				// shoes only."): they stay in the item's text, where the
				// recognizer reads them as it reads any printed label.
				// The number is the one printed ("1. 2. 4." is 4, not the
				// 3 a renderer shows), else the list's count.
				n := c.Start
				for li := c.FirstChild(); li != nil; {
					item, marker = li, ""
					if c.IsOrdered() {
						if p, ok := printedOrdinal(li, src); ok {
							n = p
						}
						marker = fmt.Sprintf("%d%c", n, c.Marker)
						n++
					}
					walk(li, depth+1)
					next := li.NextSibling()
					c.RemoveChild(c, li)
					li = next
				}
			case *ast.ListItem:
				walk(c, depth)
			case *ast.Blockquote:
				n := len(bs)
				walk(c, depth)
				for i := n; i < len(bs); i++ {
					if bs[i].kind == blockPara {
						bs[i].kind = blockQuote
					}
				}
			case *ast.FencedCodeBlock, *ast.CodeBlock:
				bs = append(bs, block{text: strings.TrimRight(string(c.Lines().Value(src)), "\n"), kind: blockCode, line: lineAt(c, lineOf)})
			case *ast.HTMLBlock:
				t := strings.TrimSpace(string(c.Lines().Value(src)))
				if t != "" {
					bs = append(bs, block{text: t, kind: blockCode, line: lineAt(c, lineOf)})
				}
			case *ast.ThematicBreak:
			default:
				if c.Kind().String() == "Table" {
					// The table's line, found once: lineAt walks the
					// children (its rows) for one that is text.
					line := lineAt(c, lineOf)
					for r := c.FirstChild(); r != nil; {
						var cells []string
						for cell := r.FirstChild(); cell != nil; cell = cell.NextSibling() {
							lines = inlineLines(cell, src, str, lines[:0])
							cells = append(cells, joinLines(lines))
						}
						b := block{text: strings.Join(cells, "\t"), kind: blockRow, line: line}
						if r.Kind().String() == "TableHeader" {
							b.chrome = "table header"
						}
						bs = append(bs, b)
						next := r.NextSibling()
						c.RemoveChild(c, r)
						r = next
					}
					break
				}
				walk(c, depth)
			}
			next := c.NextSibling()
			n.RemoveChild(n, c)
			c = next
		}
	}
	walk(root, 0)
	return trimCap(bs), nil
}

// headingAnchor takes out of a heading's text the anchor a site generator
// printed at its start or end as a delimited identifier ("## General
// @@sec:general@@", "%%rules.intro%%"): a word that opens and closes with
// the same run of two or more symbols around letters, digits and "_:.-/"
// only. The attribute syntax "{#id}" is goldmark's (WithHeadingAttribute).
func headingAnchor(t string) (text, anchor string) {
	fields := strings.Fields(t)
	if len(fields) < 2 {
		return t, ""
	}
	for _, at := range []int{0, len(fields) - 1} {
		if id, ok := delimitedID(fields[at]); ok {
			rest := append(append([]string{}, fields[:at]...), fields[at+1:]...)
			return strings.Join(rest, " "), id
		}
	}
	return t, ""
}

// delimitedID reports whether w is an identifier between two equal runs
// of two or more ASCII symbols ("@@rule:x@@"), and returns it.
func delimitedID(w string) (string, bool) {
	n := 0
	for n < len(w) && w[n] == w[0] {
		n++
	}
	c := w[0]
	if n < 2 || len(w) < 2*n+1 || c >= 0x80 || !unicode.IsPunct(rune(c)) && !unicode.IsSymbol(rune(c)) ||
		strings.Repeat(string(c), n) != w[len(w)-n:] {
		return "", false
	}
	id := w[n : len(w)-n]
	letter := false
	for _, r := range id {
		switch {
		case unicode.IsLetter(r):
			letter = true
		case unicode.IsDigit(r) || strings.ContainsRune("_:.-/", r):
		default:
			return "", false
		}
	}
	return id, letter
}

// frontMatter returns the length of a YAML front matter block ("---" ...
// "---") at the start of src, or 0.
func frontMatter(src []byte) int {
	if !bytes.HasPrefix(src, []byte("---\n")) {
		return 0
	}
	if i := bytes.Index(src[4:], []byte("\n---\n")); i >= 0 {
		return 4 + i + len("\n---\n")
	}
	return 0
}

// lineStarts returns the byte offset of each line of src: 0, and one
// past each newline. The newlines are found by bytes.IndexByte, and
// counted first for the room: a loop over every byte was a hundredth
// of a Markdown ingest.
func lineStarts(src []byte) []int {
	starts := make([]int, 1, 1+bytes.Count(src, []byte{'\n'}))
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return starts
		}
		i += j + 1
		starts = append(starts, i)
	}
}

// printedOrdinal is the number an ordered list item prints before its
// first line: the digits between the start of that line (its indent and
// the markers of the blocks around it, "> ") and the item's content.
func printedOrdinal(li ast.Node, src []byte) (int, bool) {
	start := -1
	for c := li.FirstChild(); c != nil && start < 0; c = c.FirstChild() {
		if ls := c.Lines(); ls != nil && ls.Len() > 0 {
			start = ls.At(0).Start
		} else if t, ok := c.(*ast.Text); ok {
			start = t.Segment.Start
		}
	}
	if start <= 0 || start > len(src) {
		return 0, false
	}
	head := src[bytes.LastIndexByte(src[:start], '\n')+1 : start]
	head = bytes.TrimRight(head, " \t")
	if len(head) < 2 || (head[len(head)-1] != '.' && head[len(head)-1] != ')') {
		return 0, false
	}
	digits := head[:len(head)-1]
	i := len(digits)
	for i > 0 && digits[i-1] >= '0' && digits[i-1] <= '9' {
		i--
	}
	if i == len(digits) || len(digits)-i > 9 {
		return 0, false
	}
	n := 0
	for _, d := range digits[i:] {
		n = n*10 + int(d-'0')
	}
	return n, true
}

func lineAt(n ast.Node, lineOf func(int) int) int {
	if ls := n.Lines(); ls != nil && ls.Len() > 0 {
		return lineOf(ls.At(0).Start)
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return lineOf(t.Segment.Start)
		}
	}
	return 0
}

// sliceLines lets inlineLines give a line that is one piece of the
// source as a slice of it; the tests turn it off to compare with copies.
var sliceLines = true

// mdLine is one line of a paragraph's text, with whether it starts with
// emphasis.
type mdLine struct {
	text  string
	lead  bool
	bold  bool     // the whole line is emphasis
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
	lead, atStart, plain := false, true, false
	flush := func() {
		t := str[from:to]
		if !one {
			t = string(b)
		}
		out = append(out, mdLine{t, lead, lead && !plain, links})
		b = b[:0]
		one = false
		links = nil
		lead, atStart, plain = false, true, false
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
				escaped := bytes.IndexByte(v, '\\') >= 0 || bytes.IndexByte(v, '&') >= 0
				if escaped {
					// "\*", "&amp;", "&#169;" are the text "*", "&",
					// "©", as CommonMark renders them.
					v = mdUnescape(v)
				}
				blank := len(bytes.TrimSpace(v)) == 0
				if atStart && !blank {
					lead, atStart = emph, false
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

// mdUnescape is Markdown text as CommonMark renders it: a backslash
// before ASCII punctuation dropped, entity and numeric character
// references resolved. It returns v itself when nothing changes.
func mdUnescape(v []byte) []byte {
	return util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
}
