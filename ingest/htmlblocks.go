package ingest

import (
	"bytes"
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// htmlBlocks reads the element tree under nodes as blocks: headings with
// their level and id, paragraphs, list items with their depth and, in an
// ordered list that prints no numbers, their place in the list (value and
// start attributes honoured), table rows with their cells side by side,
// quotes and preformatted text. A heading's link to itself (a permalink
// "§" or "¶") is not text. Elements it does not know are read for their
// text, so that a page's own tags (<toc-add-entry>) lose nothing. The
// places dropChrome left where it dropped furniture give the blocks
// before them, into furn.
func htmlBlocks(nodes []*html.Node, places map[*html.Node]int, furn []furnitureAt) ([]block, []int) {
	r := &htmlReader{places: places, furn: furn}
	for _, n := range nodes {
		r.node(n, 0)
	}
	r.flush()
	return trimCap(r.bs), r.nav
}

// navPlace is the text of the comment dropChrome leaves where it drops a
// list of links to places in the page: no comment of a page holds a
// NUL, which the parser replaces.
const navPlace = "\x00list of links"

// navAt notes a list of links dropped where the reader stands, when no
// text of a block stands open (htmlPage.nav).
func (r *htmlReader) navAt() {
	if r.cur.blank() {
		r.nav = append(r.nav, len(r.bs))
	}
}

type htmlReader struct {
	tables map[*html.Node]bool // whether a table has data cells, by table
	places map[*html.Node]int  // the places of furniture dropped, by their index in furn
	furn   []furnitureAt

	bs     []block
	nav    []int   // the places of the lists of links dropped (htmlPage.nav)
	cur    textBuf // inline text of the block being read
	lead   int     // 1 when the block starts with bold text, -1 when not, 0 unknown
	plain  bool    // some of the block's text is outside bold or emphasis
	inBold int     // depth of bold or emphasis elements around the text being read
	chrome string  // why the block being read is not text of the rulebook, if it is not
	// the block being read when it is a list item or a heading
	kind    blockKind
	level   int
	term    bool // the block is a <dt>
	depth   int
	ordinal int
	ordType byte
	anchor  string
	line    int
	in      int // the depth of the list item being read; 0 outside lists
}

// flush ends the block being read.
func (r *htmlReader) flush() {
	// The block's own copy of its text, the buffer kept for the next.
	t := string(bytes.TrimSpace(r.cur.b))
	if !plainLine(t) && t != "" {
		lines := strings.Split(t, "\n")
		for i := range lines {
			cells := strings.Split(lines[i], "\t")
			for j := range cells {
				cells[j] = strings.Join(strings.Fields(cells[j]), " ")
			}
			if r.kind != blockRow {
				lines[i] = strings.Join(strings.Fields(lines[i]), " ")
			} else {
				lines[i] = strings.Join(cells, "\t")
			}
		}
		t = strings.TrimSpace(strings.Join(dropEmpty(lines), "\n"))
	}
	if t != "" && r.kind == blockHeading {
		// An anchor a site generator printed in the heading's text
		// ("General @@sec:general@@") is its anchor, as the Markdown
		// reader reads it (headingAnchor); an id attribute comes first.
		var a string
		if t, a = headingAnchor(t); r.anchor == "" {
			r.anchor = a
		}
	}
	if t != "" {
		if len(r.bs) == cap(r.bs) {
			// Room for as many again, no more: append grows a large
			// slice by a quarter, and copied and left as garbage four
			// times the blocks of a large page (624 MB allocated for a
			// million <p>, 88 MB kept); slices.Grow by as many again
			// gives some 2.4 times (it grows by quarters until they
			// fit: 252 MB allocated, and 84 MB more for trimCap to
			// give the room back). Doubling, the copies add up to the
			// last slice's size at most.
			bs := make([]block, len(r.bs), max(2*len(r.bs), 64))
			copy(bs, r.bs)
			r.bs = bs
		}
		r.bs = append(r.bs, block{text: t, kind: r.kind, level: r.level, depth: r.depth, ordinal: r.ordinal, ordinalType: r.ordType, lead: r.lead == 1, bold: r.lead == 1 && !r.plain, rare: rareOf(blockRare{anchor: r.anchor}), line: r.line, chrome: r.chrome, nest: r.in + 1, term: r.term})
	}
	r.cur.Reset()
	r.lead, r.plain, r.kind, r.level, r.depth, r.ordinal, r.ordType, r.anchor, r.chrome, r.term, r.line = 0, false, blockPara, 0, 0, 0, 0, "", "", false, 0
}

// plainLine reports whether t is ASCII text of one line with single
// spaces between words, which flush keeps as it is.
func plainLine(t string) bool {
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= 0x80, c < ' ' && c != 0, c == ' ' && i+1 < len(t) && t[i+1] == ' ':
			return false
		}
	}
	return t != ""
}

func dropEmpty(ls []string) []string {
	out := ls[:0]
	for _, l := range ls {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// textBuf is the inline text of the block being read, its buffer kept
// from block to block: a strings.Builder lets its buffer go at each
// Reset, and made two copies of each paragraph's text (the buffer grown
// to hold it, then the block's own).
type textBuf struct{ b []byte }

func (t *textBuf) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	return len(p), nil
}

func (t *textBuf) WriteString(s string) (int, error) {
	t.b = append(t.b, s...)
	return len(s), nil
}

func (t *textBuf) WriteByte(c byte) error {
	t.b = append(t.b, c)
	return nil
}

// String is a copy of the text: the buffer is written over after Reset.
func (t *textBuf) String() string { return string(t.b) }

// Reset empties the buffer and keeps its room.
func (t *textBuf) Reset() { t.b = t.b[:0] }

// blank reports whether the text is white space only (or none).
func (t *textBuf) blank() bool { return len(bytes.TrimSpace(t.b)) == 0 }

var htmlBlockTags = map[string]bool{
	"p": true, "div": true, "section": true, "article": true, "main": true, "header": true, "figure": true,
	"address": true, "dl": true, "dd": true, "table": true, "tbody": true, "thead": true, "tfoot": true,
	"center": true, "hr": true, "caption": true, "details": true, "summary": true, "body": true, "html": true,
	// Furniture read as text (keepFurniture) is a block of its own.
	"nav": true, "footer": true, "aside": true, "form": true,
}

func (r *htmlReader) node(n *html.Node, depth int) {
	switch n.Type {
	case html.TextNode:
		if strings.TrimSpace(n.Data) != "" {
			if r.line == 0 {
				r.line = textLine(n) // the block's first text
			}
			if r.lead == 0 {
				r.lead = -1
			}
			if r.inBold == 0 {
				r.plain = true
			}
		}
		r.cur.WriteString(n.Data)
		return
	case html.ElementNode:
	case html.CommentNode:
		if k, ok := r.places[n]; ok {
			r.furn[k].at = len(r.bs)
		}
		if n.Data == navPlace {
			r.navAt()
		}
		return
	default:
		r.children(n, depth)
		return
	}
	switch tag := n.Data; {
	case tag == "br":
		r.cur.WriteByte('\n')
	case len(tag) == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6':
		r.flush()
		r.kind, r.level, r.anchor = blockHeading, int(tag[1]-'0'), attrOf(n, "id")
		r.children(n, depth)
		r.flush()
	case tag == "a" && strings.HasPrefix(attrOf(n, "href"), "#") && isPermalink(n):
		// a heading's link to itself
	case tag == "ol" || tag == "ul":
		r.flush()
		num := 1
		if s, ok := listNumber(attrOf(n, "start")); ok {
			num = s
		}
		// A list is one numbering: its items print their labels, or the
		// list implies them, and one item whose text happens to start
		// like a label ("投票は A.6 に…") is still numbered by its place.
		items, printed := 0, 0
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "li" {
				items++
				if printsLabel(c) {
					printed++
				}
			}
		}
		prints := printed*2 > items
		for c, next := n.FirstChild, (*html.Node)(nil); c != nil; c = next {
			next = c.NextSibling
			if c.Type != html.ElementNode || c.Data != "li" {
				r.node(c, depth)
				n.RemoveChild(c)
				continue
			}
			if v, ok := listNumber(attrOf(c, "value")); ok {
				num = v
			}
			r.flush()
			r.kind, r.depth, r.anchor = blockItem, depth+1, attrOf(c, "id")
			if tag == "ol" && !noListMarkers(attrOf(n, "style")) && (!prints || !printsLabel(c)) {
				r.ordinal = num
				if t := attrOf(n, "type"); len(t) == 1 && strings.Contains("1aAiI", t) {
					r.ordType = t[0]
				}
			}
			outer := r.in
			r.in = depth + 1
			r.listItem(c, depth+1)
			r.flush()
			r.in = outer
			num++
			n.RemoveChild(c)
		}
	case tag == "tr":
		r.flush()
		first, header := true, true
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && (c.Data == "td" || c.Data == "th") {
				if !first {
					r.cur.WriteString("\t")
				}
				first = false
				header = header && c.Data == "th"
				r.children(c, depth)
			}
		}
		r.kind = blockRow
		switch {
		case header && r.tableHasData(n):
			// A row of header cells above rows of data names the
			// columns.
			r.chrome = "table header"
		case header:
			// A table of header cells alone is a heading set as a
			// table, read as a bold line is: the title of what follows.
			r.kind, r.lead = blockPara, 1
		}
		r.flush()
	case tag == "dt":
		// A definition list's term is the title of what follows.
		r.flush()
		r.lead, r.term, r.anchor = 1, true, attrOf(n, "id")
		r.inBold++
		r.children(n, depth)
		r.inBold--
		r.flush()
	case tag == "pre":
		r.flush()
		r.cur.WriteString(textOf(n))
		r.line = firstTextLine(n)
		r.kind = blockCode
		r.flush()
	case tag == "blockquote":
		r.flush()
		r.children(n, depth)
		r.kind = blockQuote
		r.flush()
	case tag == "b" || tag == "strong" || tag == "em" || tag == "i":
		if r.lead == 0 && strings.TrimSpace(textOf(n)) != "" {
			r.lead = 1
		}
		r.inBold++
		r.children(n, depth)
		r.inBold--
	case tag == "table":
		// Whether the table has data cells, found before its rows are
		// read and cut out: a row of header cells below them asks.
		r.tableData(n)
		r.flush()
		r.children(n, depth)
		r.flush()
	case htmlBlockTags[tag] || strings.Contains(tag, "-"):
		// A custom element (a template's <toc-add-entry>) is a block of
		// its own, as a page's own tags are laid out.
		r.flush()
		r.children(n, depth)
		r.flush()
	default:
		r.children(n, depth)
	}
}

// children reads n's children, and cuts each out of the tree once read:
// the tree of a page (some 360 bytes a paragraph) shrinks as its blocks
// grow, and the two are never both whole.
func (r *htmlReader) children(n *html.Node, depth int) {
	for c := n.FirstChild; c != nil; {
		r.node(c, depth)
		next := c.NextSibling
		n.RemoveChild(c)
		c = next
	}
}

// listItem reads a list item: its text and paragraphs make one block
// (paragraphs on lines of their own), its nested lists blocks of their
// own after it.
func (r *htmlReader) listItem(li *html.Node, depth int) {
	for c := li.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			switch c.Data {
			case "ol", "ul":
				r.flush()
				r.node(c, depth)
				continue
			case "p", "div":
				if !r.cur.blank() {
					r.cur.WriteByte('\n')
				}
				r.inline(c, depth)
				r.cur.WriteByte('\n')
				continue
			}
		}
		r.node(c, depth)
	}
}

// inline reads n's children as inline text of the current block, nested
// lists aside.
func (r *htmlReader) inline(n *html.Node, depth int) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.Data == "p" || c.Data == "div") {
			r.cur.WriteByte('\n')
			r.inline(c, depth)
			r.cur.WriteByte('\n')
			continue
		}
		if c.Type == html.ElementNode && (c.Data == "ol" || c.Data == "ul") {
			r.flush()
			r.node(c, depth)
			continue
		}
		r.node(c, depth)
	}
}

// printsLabel reports whether a list item's text starts with a label of
// its own ("9.1.", "a)"), which the list then does not need to imply. A
// label in parentheses ("(1) A beats C, or (2) ...") is not one: the
// recognizer reads those as enumerations inside a text, never as items.
func printsLabel(li *html.Node) bool {
	t := strings.TrimLeftFunc(textOf(li), unicode.IsSpace)
	if len(t) > 200 {
		t = t[:200]
	}
	return printsLabelText(t)
}

// printsLabelText is printsLabel of the item's text t, left-trimmed and
// cut to 200 bytes.
func printsLabelText(t string) bool {
	l, ok := readLabel(t)
	return ok && !l.paren && (l.term != "" || len(l.comps) > 1 && l.end < len(t))
}

// noListMarkers reports whether an inline style says a list shows no
// markers ("list-style-type: none", "list-style: none"): an <ol> that
// shows no numbers gives its items no places, as a list of bullets
// does (each item prints its own tag, if any, in its text).
func noListMarkers(style string) bool {
	for _, decl := range strings.Split(strings.ToLower(style), ";") {
		name, value, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		value = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "!important"))
		if (name == "list-style-type" || name == "list-style") && value == "none" {
			return true
		}
	}
	return false
}

// isPermalink reports whether a is a link inside a heading to that
// heading's own id.
func isPermalink(a *html.Node) bool {
	for p := a.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && len(p.Data) == 2 && p.Data[0] == 'h' {
			id := attrOf(p, "id")
			return id != "" && attrOf(a, "href") == "#"+id
		}
	}
	return false
}

func textOf(n *html.Node) string { return joinText("", n) }

// joinText is the text of the nodes, their text nodes in document order
// with sep between every two (textOf: none; a note on dropped furniture:
// a space, so that "<h3>News</h3><p>New nets</p>" reads "News New nets").
func joinText(sep string, nodes ...*html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			if b.Len() > 0 {
				b.WriteString(sep)
			}
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return b.String()
}

// tableHasData reports whether the table that holds the row tr has a
// data cell (<td>) outside any table nested in it. The walk keeps its own
// stack: the input decides the depth.
func (r *htmlReader) tableHasData(tr *html.Node) bool {
	t := tr.Parent
	for t != nil && !(t.Type == html.ElementNode && t.Data == "table") {
		t = t.Parent
	}
	if t == nil {
		return true
	}
	return r.tableData(t)
}

// tableData reports whether the table t has a data cell outside any
// table nested in it, walking it once: a table of many header rows is
// walked once. It is first asked as the table is entered, before its
// rows are read and cut out of the tree.
func (r *htmlReader) tableData(t *html.Node) bool {
	if has, ok := r.tables[t]; ok {
		return has
	}
	has := tableWalk(t)
	if r.tables == nil {
		r.tables = map[*html.Node]bool{}
	}
	r.tables[t] = has
	return has
}

func tableWalk(t *html.Node) bool {
	stack := []*html.Node{t.FirstChild}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		if c == nil {
			stack = stack[:len(stack)-1]
			continue
		}
		stack[len(stack)-1] = c.NextSibling
		if c.Type != html.ElementNode || c.Data == "table" {
			continue
		}
		if c.Data == "td" {
			return true
		}
		stack = append(stack, c.FirstChild)
	}
	return false
}
