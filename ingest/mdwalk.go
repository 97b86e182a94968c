package ingest

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"github.com/yuin/goldmark/ast"
)

// mdWalker makes the blocks of goldmark's tree of a piece of Markdown
// (parsePieces), cutting each node out of the tree once read.
type mdWalker struct {
	bs []block // the blocks made
	// src, str and base are the piece at hand: its bytes, the same as a
	// string, and the offset in the whole text of its first byte (for
	// plainLine; lineOf is the piece's line of an offset in src).
	src    []byte
	str    string
	base   int
	starts []int // where the whole text's lines start
	lineOf func(int) int
	// cont is the table a piece goes on with, whose rows take the line
	// of the table they are in (tableLine, the last table walked).
	cont      ast.Node
	tableLine int
	// marker is the number the ordered list item item prints ("3."),
	// for its first paragraph, which the walk reaches next when the item
	// starts with one; "" for an unordered list's item.
	item   ast.Node
	marker string
	lines  []mdLine // inlineLines' of the node at hand
}

// plainLine is the line of the whole text at offset off of the piece.
func (w *mdWalker) plainLine(off int) int { return sort.SearchInts(w.starts, off+w.base+1) }

// unquoted makes the piece pc of all, a block quote, the quote's text
// (its marks taken out), and returns where its bytes are in all.
func (w *mdWalker) unquoted(all []byte, pc mdPiece) func(off, n int) int {
	// The quote's text, and where its lines start in it.
	buf := make([]byte, 0, pc.to-pc.from)
	at := []int{0}
	inAll := []int{} // where each line of buf starts in all
	off := pc.from
	for l := range bytes.Lines(all[pc.from:pc.to]) {
		next := off + len(l)
		nl := l[len(l)-1] == '\n'
		if nl {
			l = l[:len(l)-1]
		}
		u := unquote(l)
		inAll = append(inAll, off+len(l)-len(u))
		buf = append(buf, u...)
		if nl {
			buf = append(buf, '\n')
			at = append(at, len(buf))
		}
		off = next
	}
	w.src, w.str = buf, unsafe.String(unsafe.SliceData(buf), len(buf))
	first := pc.line
	w.lineOf = func(off int) int { return first + sort.SearchInts(at, off+1) }
	return func(off, n int) int {
		k := sort.SearchInts(at, off+1) - 1
		if k+1 < len(at) && off+n >= at[k+1] {
			return -1 // past the line's end
		}
		return inAll[k] + off - at[k]
	}
}

// withHead makes the piece pc of all, which goes on with a table, the
// table's head and the piece, and returns where its bytes are in all.
func (w *mdWalker) withHead(all []byte, pc mdPiece) func(off, n int) int {
	buf := make([]byte, 0, pc.headEnd-pc.head+pc.to-pc.from)
	buf = append(append(buf, all[pc.head:pc.headEnd]...), all[pc.from:pc.to]...)
	base := pc.from - (pc.headEnd - pc.head)
	w.src, w.str, w.base = buf, unsafe.String(unsafe.SliceData(buf), len(buf)), base
	return func(off, n int) int { return off + base }
}

// walk makes the blocks of n's children at list depth depth.
func (w *mdWalker) walk(n ast.Node, depth int) {
	// The walk cuts each child once read, so the first child is known by
	// its place in the walk, not by n.FirstChild().
	first := true
	for c := n.FirstChild(); c != nil; first = false {
		w.node(n, c, depth, first)
		next := c.NextSibling()
		n.RemoveChild(n, c)
		c = next
	}
}

// node makes the blocks of c, a child of n (its first where first).
func (w *mdWalker) node(n, c ast.Node, depth int, first bool) {
	switch c := c.(type) {
	case *ast.Heading:
		w.lines = inlineLines(c, w.src, w.str, w.lines[:0])
		t, anchor := headingAnchor(joinLines(w.lines))
		if v, ok := c.AttributeString("id"); ok {
			if id, ok := v.([]byte); ok {
				anchor = string(id)
			}
		}
		w.bs = append(w.bs, block{text: t, kind: blockHeading, level: c.Level, rare: rareOf(blockRare{anchor: anchor}), line: lineAt(c, w.lineOf)})
	case *ast.Paragraph, *ast.TextBlock:
		_, inItem := n.(*ast.ListItem)
		w.paragraph(c, depth, inItem && first)
	case *ast.List:
		w.list(c, depth)
	case *ast.ListItem:
		w.walk(c, depth)
	case *ast.Blockquote:
		k := len(w.bs)
		w.walk(c, depth)
		quoted(w.bs[k:])
	case *ast.CodeBlock:
		if w.indentedList(c, depth) {
			return
		}
		w.bs = append(w.bs, block{text: strings.TrimRight(string(c.Lines().Value(w.src)), "\n"), kind: blockCode, line: lineAt(c, w.lineOf)})
	case *ast.FencedCodeBlock:
		w.bs = append(w.bs, block{text: strings.TrimRight(string(c.Lines().Value(w.src)), "\n"), kind: blockCode, line: lineAt(c, w.lineOf)})
	case *ast.HTMLBlock:
		t := strings.TrimSpace(string(c.Lines().Value(w.src)))
		if t != "" {
			w.bs = append(w.bs, block{text: t, kind: blockCode, line: lineAt(c, w.lineOf)})
		}
	case *ast.ThematicBreak:
	default:
		if c.Kind().String() == "Table" {
			w.table(c)
			return
		}
		w.walk(c, depth)
	}
}

// paragraph makes a block of each line of c, a paragraph; the first is
// a list item's where item (the paragraph starts the item).
func (w *mdWalker) paragraph(c ast.Node, depth int, item bool) {
	kind := blockPara
	d := 0
	if item {
		kind, d = blockItem, depth
	}
	marker := w.marker
	if kind != blockItem || c.Parent() != w.item {
		marker = ""
	}
	w.lines = inlineLines(c, w.src, w.str, w.lines[:0])
	for i, l := range w.lines {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		if marker != "" {
			l.text, marker = printedItem(w.str, marker, strings.TrimSpace(l.text)), ""
		}
		b := block{text: strings.TrimSpace(l.text), kind: blockPara, lead: l.lead, bold: l.bold, line: lineAt(c, w.lineOf) + i, nest: depth + 1, rare: rareOf(blockRare{links: l.links, plain: l.plain})}
		if i == 0 {
			b.kind, b.depth = kind, d
		} else if rest, ok := overIndented(b.text); ok {
			b.kind, b.depth, b.text = blockItem, depth+1, rest
		}
		w.bs = append(w.bs, b)
	}
}

// overIndented reads a paragraph's line after its first that starts
// with a bullet list's marker and a space ("- 7f1a) text"): a list
// marker that interrupts no paragraph is one indented four columns or
// more past its container's text, which CommonMark reads as the
// paragraph's text. An author writes it so for a list item nested under
// one a level up whose own line is gone (a translation that lost a
// parent rule's line keeps its sub-rules' lines as they were indented):
// it is an item, nested under the paragraph's, its text the line's
// after the marker.
func overIndented(line string) (string, bool) {
	if len(line) < 3 || line[1] != ' ' || line[0] != '-' && line[0] != '*' && line[0] != '+' {
		return "", false
	}
	rest := strings.TrimSpace(line[2:])
	return rest, rest != ""
}

// indentedList makes the blocks of c, an indented code block every line
// of which is a bullet list's item (overIndented), as the list items
// they are: a list indented four columns or more past the text it goes
// under, which CommonMark reads as code, is what a list nested under an
// item whose own line is gone leaves (sub-rules under a heading whose
// first rule was deleted). Each item nests by its indentation under
// the shallowest, at depth+1. It reports whether it made them (false:
// c is code).
func (w *mdWalker) indentedList(c *ast.CodeBlock, depth int) bool {
	lines := strings.Split(strings.TrimRight(string(c.Lines().Value(w.src)), "\n"), "\n")
	var indents []int
	for _, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		if _, ok := overIndented(t); !ok {
			return false
		}
		indents = append(indents, len(l)-len(t))
	}
	if len(indents) == 0 {
		return false
	}
	levels := slices.Clone(indents)
	slices.Sort(levels)
	levels = slices.Compact(levels)
	at, k := lineAt(c, w.lineOf), 0
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		rest, _ := overIndented(t)
		d := depth + 1 + slices.Index(levels, indents[k])
		k++
		w.bs = append(w.bs, block{text: rest, kind: blockItem, depth: d, nest: d, line: at + i})
	}
	return true
}

// list walks the items of c, a list at depth depth.
func (w *mdWalker) list(c *ast.List, depth int) {
	// An ordered list prints its numbers ("4. Non-marking shoes
	// only."): they stay in the item's text, where the recognizer reads
	// them as it reads any printed label. The number is the one printed
	// ("1. 2. 4." is 4, not the 3 a renderer shows), else the list's
	// count; a list that prints one number on every item ("1. 1. 1.", as
	// CommonMark lets authors write) is counted.
	n := c.Start
	printed := c.IsOrdered() && !lazyNumbers(c, w.src)
	for li := c.FirstChild(); li != nil; {
		w.item, w.marker = li, ""
		if c.IsOrdered() {
			if p, ok := printedOrdinal(li, w.src); ok && printed {
				n = p
			}
			w.marker = fmt.Sprintf("%d%c", n, c.Marker)
			n++
		}
		w.walk(li, depth+1)
		next := li.NextSibling()
		c.RemoveChild(c, li)
		li = next
	}
}

// table makes a block of each row of c, a table.
func (w *mdWalker) table(c ast.Node) {
	// The table's line, found once: lineAt walks the children (its rows)
	// for one that is text.
	line := lineAt(c, w.lineOf)
	if c == w.cont {
		line = w.tableLine // the table's, in the piece before
	} else {
		w.tableLine = line
	}
	for r := c.FirstChild(); r != nil; {
		if c == w.cont && r.Kind().String() == "TableHeader" {
			// The header the piece repeats.
			next := r.NextSibling()
			c.RemoveChild(c, r)
			r = next
			continue
		}
		var cells, links []string
		for cell := r.FirstChild(); cell != nil; cell = cell.NextSibling() {
			w.lines = inlineLines(cell, w.src, w.str, w.lines[:0])
			cells = append(cells, joinLines(w.lines))
			for _, l := range w.lines {
				links = append(links, l.links...)
			}
		}
		// The cells' links cite as a paragraph's do.
		b := block{text: strings.Join(cells, "\t"), kind: blockRow, line: line, rare: rareOf(blockRare{links: links})}
		if r.Kind().String() == "TableHeader" {
			b.chrome = "table header"
		}
		w.bs = append(w.bs, b)
		next := r.NextSibling()
		c.RemoveChild(c, r)
		r = next
	}
}

// quoted makes the paragraphs of bs a quote's.
func quoted(bs []block) {
	for i := range bs {
		if bs[i].kind == blockPara {
			bs[i].kind = blockQuote
		}
	}
}
