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
// The parse holds goldmark's tree of the text it parses, some 500 to 900
// bytes a line (a list item is a list item, a paragraph and a text node;
// "- 1) text" a list inside a list item), more than the blocks made of
// it. A text is parsed in pieces that goldmark reads as it reads them in
// the whole text (mdPieces), so that the tree is never more than a
// piece's; and each node is cut out of the tree once its blocks are
// made, so that the tree shrinks as the blocks grow.
func cleanMarkdownBlocks(clean string) ([]block, error) {
	// goldmark reads its source and never writes to it: the parse reads
	// the text's own bytes, not a copy (32 MB of a 32 MB input).
	src := unsafe.Slice(unsafe.StringData(clean), len(clean))
	if err := markdownGuard(src); err != nil {
		return nil, err
	}
	str := clean // src as a string, for the lines that are slices of it
	starts := lineStarts(src)
	var front []block
	if fm := frontMatter(src); fm > 0 {
		front = append(front, block{text: strings.TrimSpace(string(src[:fm])), line: 1, chrome: "front matter"})
		src = append(make([]byte, 0, len(src)), src...)
		for i := 0; i < fm; i++ {
			if src[i] != '\n' {
				src[i] = ' '
			}
		}
		str = string(src)
	}
	if pieces := mdPieces(src, starts, mdPieceBytes); pieces != nil {
		if bs, ok := parsePieces(front, src, str, starts, pieces); ok {
			return trimCap(bs), nil
		}
	}
	bs, _ := parsePieces(front, src, str, starts, []mdPiece{{to: len(src)}})
	return trimCap(bs), nil
}

// mdPieceBytes is about how long a piece of a Markdown text parsed apart
// is (mdPieces): goldmark's tree of it is some 300 KB.
var mdPieceBytes = 16 << 10

// mdPiece is one part of a Markdown source that goldmark parses apart:
// src[from:to], after the header and delimiter lines src[head:headEnd]
// of the table it goes on with where headEnd > 0. A quote piece's lines
// (the first is line+1 of the source) are all of one block quote: the
// piece is their text inside the quote, each line without its ">" and
// the space after it.
type mdPiece struct {
	from, to      int
	head, headEnd int
	quote         bool
	line          int
}

// mdPieces cuts src (its lines starting at starts) into pieces of about
// size bytes that goldmark parses as it parses them in the whole text,
// or returns nil where it makes no cut. A piece starts
//
//   - after a blank line, at a line that starts in its first column with
//     none of white space and a list marker's characters ("-", "+", "*",
//     a digit): every paragraph, list, quote, table and indented code
//     before it has ended, and it continues none;
//   - at a row of a table whose rows each start with "|", and that a
//     blank line (or the start) stands before: the piece starts with the
//     table's header and delimiter lines again (parsePieces checks that
//     goldmark makes them a table, and drops that header);
//   - at the first line of a block quote whose lines all start with ">",
//     that a blank line (or the start) stands before and a blank line
//     (or the end) after, and at the blank line after it: the quote's
//     text, its lines without their ">", is Markdown that is cut as the
//     whole is (in a text without tabs, which goldmark reads by column).
//
// A source with what may span a blank line (a fence, "```" or "~~~"; an
// HTML block that a blank line does not end, mdLongHTML) or what the
// whole text shares (a link reference definition, "]:") is not cut.
func mdPieces(src []byte, starts []int, size int) []mdPiece {
	if len(src) <= size || bytes.Contains(src, []byte("```")) || bytes.Contains(src, []byte("~~~")) ||
		bytes.Contains(src, []byte("]:")) || mdLongHTML(src) {
		return nil
	}
	tabs := bytes.IndexByte(src, '\t') >= 0
	raw := func(k int) []byte {
		end := len(src)
		if k+1 < len(starts) {
			end = starts[k+1] - 1
		}
		return src[starts[k]:end]
	}
	quoted := func(k int) bool { l := raw(k); return len(l) > 0 && l[0] == '>' }
	region := -1 // the line after the block quote at hand, or -1
	// line is line k as the piece it is in reads it.
	line := func(k int) []byte {
		if region >= 0 {
			return unquote(raw(k))
		}
		return raw(k)
	}
	blank := func(k int) bool { return len(bytes.Trim(line(k), " \t")) == 0 }
	var out []mdPiece
	cur := mdPiece{}
	cut := func(k int, next mdPiece) {
		if starts[k] > cur.from {
			cur.to = starts[k]
			out = append(out, cur)
		}
		next.from = starts[k]
		cur = next
	}
	table := -1 // the header line of the table of "|" rows at hand, or -1
	for k := range starts {
		if region >= 0 && k == region {
			cut(k, mdPiece{})
			region = -1
		}
		if region < 0 && !tabs && quoted(k) && (k == 0 || blank(k-1)) {
			e := k
			for e < len(starts) && quoted(e) {
				e++
			}
			if e == len(starts) || blank(e) {
				cut(k, mdPiece{quote: true, line: k})
				region = e
				table = -1
				continue
			}
		}
		l := line(k)
		piped := len(l) > 0 && l[0] == '|'
		switch {
		case !piped || region >= 0:
			table = -1
		case table < 0 && (k == 0 || blank(k-1)):
			table = k
		}
		if k == 0 || starts[k]-cur.from < size {
			continue
		}
		switch {
		case len(l) > 0 && blank(k-1) && !strings.ContainsRune(" \t-+*0123456789", rune(l[0])):
			cut(k, mdPiece{quote: region >= 0, line: k})
		case piped && table >= 0 && k >= table+3:
			cut(k, mdPiece{head: starts[table], headEnd: starts[table+2]})
		}
	}
	if len(out) == 0 {
		return nil
	}
	cur.to = len(src)
	return append(out, cur)
}

// unquote is a line of a block quote without its ">" and the space after
// it, as goldmark reads the quote's text.
func unquote(l []byte) []byte {
	l = l[1:]
	if len(l) > 0 && l[0] == ' ' {
		l = l[1:]
	}
	return l
}

// mdLongHTML reports whether src may hold an HTML block that a blank
// line does not end: "<!" (a comment, a declaration, CDATA), "<?", or
// a script, pre, style or textarea element, in any case.
func mdLongHTML(src []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			return false
		}
		i += j + 1
		rest := src[i:]
		if len(rest) > 0 && (rest[0] == '!' || rest[0] == '?') {
			return true
		}
		for _, tag := range []string{"script", "pre", "style", "textarea"} {
			if len(rest) >= len(tag) && strings.EqualFold(string(rest[:len(tag)]), tag) {
				return true
			}
		}
	}
}

// parsePieces appends to front the blocks of the pieces of src (str,
// the same text as a string; its lines starting at starts), parsed one
// after the other. It reports false where a piece that goes on with a
// table does not start with one.
func parsePieces(front []block, all []byte, allStr string, starts []int, pieces []mdPiece) ([]block, bool) {
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(gmparser.WithHeadingAttribute()))
	parser := md.Parser()
	bs := front
	// src, str and base are the piece at hand: its bytes, the same as a
	// string, and the offset in all of its first byte.
	var src []byte
	var str string
	base := 0
	plainLineOf := func(off int) int { return sort.SearchInts(starts, off+base+1) }
	var lineOf func(int) int
	// cont is the table a piece goes on with, whose rows take the line
	// of the table they are in (tableLine, the last table walked).
	var cont ast.Node
	tableLine := 0
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
		// The walk cuts each child once read, so the first child is
		// known by its place in the walk, not by n.FirstChild().
		first := true
		for c := n.FirstChild(); c != nil; first = false {
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
				if _, ok := n.(*ast.ListItem); ok && first {
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
				// 3 a renderer shows), else the list's count; a list
				// that prints one number on every item ("1. 1. 1.", as
				// CommonMark lets authors write) is counted.
				n := c.Start
				printed := c.IsOrdered() && !lazyNumbers(c, src)
				for li := c.FirstChild(); li != nil; {
					item, marker = li, ""
					if c.IsOrdered() {
						if p, ok := printedOrdinal(li, src); ok && printed {
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
					if c == cont {
						line = tableLine // the table's, in the piece before
					} else {
						tableLine = line
					}
					for r := c.FirstChild(); r != nil; {
						if c == cont && r.Kind().String() == "TableHeader" {
							// The header the piece repeats.
							next := r.NextSibling()
							c.RemoveChild(c, r)
							r = next
							continue
						}
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

	for _, pc := range pieces {
		src, str, base, lineOf = all[pc.from:pc.to], allStr[pc.from:pc.to], pc.from, plainLineOf
		n := len(bs)
		if pc.quote {
			// The quote's text, and where its lines start in it.
			buf := make([]byte, 0, pc.to-pc.from)
			at := []int{0}
			for l := range bytes.Lines(all[pc.from:pc.to]) {
				nl := l[len(l)-1] == '\n'
				if nl {
					l = l[:len(l)-1]
				}
				buf = append(buf, unquote(l)...)
				if nl {
					buf = append(buf, '\n')
					at = append(at, len(buf))
				}
			}
			src, str = buf, unsafe.String(unsafe.SliceData(buf), len(buf))
			first := pc.line
			lineOf = func(off int) int { return first + sort.SearchInts(at, off+1) }
		}
		if pc.headEnd > 0 {
			buf := make([]byte, 0, pc.headEnd-pc.head+pc.to-pc.from)
			buf = append(append(buf, all[pc.head:pc.headEnd]...), all[pc.from:pc.to]...)
			src, str, base = buf, unsafe.String(unsafe.SliceData(buf), len(buf)), pc.from-(pc.headEnd-pc.head)
		}
		root := parser.Parse(gmtext.NewReader(src))
		cont = nil
		if pc.headEnd > 0 {
			if c := root.FirstChild(); c == nil || c.Kind().String() != "Table" {
				return nil, false
			}
			cont = root.FirstChild()
		}
		walk(root, 0)
		if pc.quote {
			for i := n; i < len(bs); i++ {
				if bs[i].kind == blockPara {
					bs[i].kind = blockQuote
				}
			}
		}
	}
	return bs, true
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

// lazyNumbers reports whether every item of the ordered list l prints
// the same number, two items or more: numbers a renderer counts, not
// labels.
func lazyNumbers(l *ast.List, src []byte) bool {
	first, items := 0, 0
	for li := l.FirstChild(); li != nil; li = li.NextSibling() {
		p, ok := printedOrdinal(li, src)
		if !ok {
			continue
		}
		if items++; items == 1 {
			first = p
		} else if p != first {
			return false
		}
	}
	return items > 1
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
