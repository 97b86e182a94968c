package ingest

import (
	"bytes"
	"strings"
	"unsafe"

	"github.com/yuin/goldmark/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/rulesync/rulesync/corpus"
)

// markdownBlocks reads Markdown as a CommonMark renderer does (goldmark,
// with GitHub tables) and returns its blocks: headings with their level,
// each line of a paragraph (a line may start a rule: "1.A. text" lines
// follow one another without blank lines in converted rulebooks), list
// items with their depth and printed marker (also where the space after
// it was lost: gluedLists), table rows, quotes and code.
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
			return trimCap(gluedLists(bs)), nil
		}
	}
	bs, _ := parsePieces(front, src, str, starts, []mdPiece{{to: len(src)}})
	return trimCap(gluedLists(bs)), nil
}

// parsePieces appends to front the blocks of the pieces of src (str,
// the same text as a string; its lines starting at starts), parsed one
// after the other. It reports false where a piece that goes on with a
// table does not start with one.
func parsePieces(front []block, all []byte, allStr string, starts []int, pieces []mdPiece) ([]block, bool) {
	parser := mdParser()
	w := &mdWalker{bs: front, starts: starts}
	// The link reference definitions of every piece, for the links of
	// all (a definition anywhere defines its label for the whole text).
	var refs map[string]gmparser.Reference
	if len(pieces) > 1 {
		refs = mdReferences(parser, all, pieces)
	}
	for _, pc := range pieces {
		w.src, w.str, w.base, w.lineOf = all[pc.from:pc.to], allStr[pc.from:pc.to], pc.from, w.plainLine
		// inSource is where n bytes at off of a piece parsed from a copy
		// are in all, or -1 (sourceTexts).
		var inSource func(off, n int) int
		if pc.quote {
			inSource = w.unquoted(all, pc)
		}
		if pc.headEnd > 0 {
			inSource = w.withHead(all, pc)
		}
		var root ast.Node
		if refs != nil {
			root = parser.Parse(gmtext.NewReader(w.src), gmparser.WithContext(mdRefContext{gmparser.NewContext(), refs}))
		} else {
			root = parser.Parse(gmtext.NewReader(w.src))
		}
		w.cont = nil
		if pc.headEnd > 0 {
			if c := root.FirstChild(); c == nil || c.Kind().String() != "Table" {
				return nil, false
			}
			w.cont = root.FirstChild()
		}
		n := len(w.bs)
		w.walk(root, 0)
		if pc.quote {
			quoted(w.bs[n:])
		}
		if inSource != nil {
			sourceTexts(w.bs[n:], w.str, allStr, inSource)
		}
	}
	return w.bs, true
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

// lineAt is the line of n's first segment, or of its first child that
// is text (the children walked count in positionWork).
func lineAt(n ast.Node, lineOf func(int) int) int {
	if ls := n.Lines(); ls != nil && ls.Len() > 0 {
		return lineOf(ls.At(0).Start)
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		positionWork.Add(1)
		if t, ok := c.(*ast.Text); ok {
			return lineOf(t.Segment.Start)
		}
	}
	return 0
}

// sourceTexts gives the blocks bs, made of a piece that was parsed from
// a copy (buf: a quote's text without its markers, a table's rows after
// its header again), texts that are slices of the source all where it
// prints the same bytes (where inSource says), so that the blocks do not
// hold the copies: 35 MB beside a 32 MB text of quoted rules.
func sourceTexts(bs []block, buf, all string, inSource func(off, n int) int) {
	for i := range bs {
		t := bs[i].text
		if t == "" {
			continue
		}
		off := int(uintptr(unsafe.Pointer(unsafe.StringData(t))) - uintptr(unsafe.Pointer(unsafe.StringData(buf))))
		if off < 0 || off > len(buf)-len(t) {
			continue
		}
		if at := inSource(off, len(t)); at >= 0 && at <= len(all)-len(t) && all[at:at+len(t)] == t {
			bs[i].text = all[at : at+len(t)]
		}
	}
}

// printedItem is an ordered list item's first line with the number it
// prints: marker, a space and text. Where the source str prints just
// that before text, a slice of the source (text a slice of str), the
// item is that slice, not a copy: a million quoted items "1. Rule"
// made 26 MB of copies beside their blocks.
func printedItem(str, marker, text string) string {
	if len(text) > 0 && len(str) > 0 {
		at := int(uintptr(unsafe.Pointer(unsafe.StringData(text))) - uintptr(unsafe.Pointer(unsafe.StringData(str))))
		from := at - len(marker) - 1
		if at >= 0 && at <= len(str)-len(text) && from >= 0 && str[at-1] == ' ' && str[from:at-1] == marker {
			return str[from : at+len(text)]
		}
	}
	return marker + " " + text
}

// mdReferences parses the pieces of all that may hold a link reference
// definition ("]:") and returns the definitions goldmark found, by
// label: the first of a label in the text, as in the whole text. The
// pieces read as the whole text does, so each definition is one there;
// nil where there are none.
func mdReferences(parser gmparser.Parser, all []byte, pieces []mdPiece) map[string]gmparser.Reference {
	var refs map[string]gmparser.Reference
	for _, pc := range pieces {
		if !bytes.Contains(all[pc.from:pc.to], []byte("]:")) {
			continue
		}
		src := all[pc.from:pc.to]
		switch {
		case pc.quote:
			var buf []byte
			for l := range bytes.Lines(src) {
				nl := l[len(l)-1] == '\n'
				if nl {
					l = l[:len(l)-1]
				}
				buf = append(buf, unquote(l)...)
				if nl {
					buf = append(buf, '\n')
				}
			}
			src = buf
		case pc.headEnd > 0:
			src = append(append([]byte{}, all[pc.head:pc.headEnd]...), src...)
		}
		ctx := gmparser.NewContext()
		parser.Parse(gmtext.NewReader(src), gmparser.WithContext(ctx))
		for _, r := range ctx.References() {
			if refs == nil {
				refs = map[string]gmparser.Reference{}
			}
			key := util.ToLinkReference(r.Label())
			if _, ok := refs[key]; !ok {
				refs[key] = r
			}
		}
	}
	return refs
}

// mdRefContext is a parse's context that knows the link reference
// definitions of the whole text (refs, by label) beside its own.
type mdRefContext struct {
	gmparser.Context
	refs map[string]gmparser.Reference
}

// Reference returns the definition of label: the whole text's first.
func (c mdRefContext) Reference(label string) (gmparser.Reference, bool) {
	if r, ok := c.refs[label]; ok {
		return r, true
	}
	return c.Context.Reference(label)
}
