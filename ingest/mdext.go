package ingest

// The Markdown reader's two GitHub extensions, tables and strikethrough,
// as goldmark parses them (github.com/yuin/goldmark, extension/table.go
// and extension/strikethrough.go, MIT licence, Copyright (c) 2019 Yusuke
// Inuzuka): the same nodes (goldmark's extension/ast) from the same
// rules, without the HTML renderers, which ingest never runs, and
// without goldmark's extension package, whose initialisers compile the
// Linkify extension's URL expressions (their {1,256} repetitions make
// large programs) in every process that links it: 0.5 ms of a start of
// 4 ms, whichever command runs.

import (
	"bytes"
	"sync"

	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mdTable is GitHub's table extension: a paragraph with a delimiter row
// ("| --- | :-: |") under its header row is a table.
var mdTable goldmark.Extender = mdTableExt{}

// mdStrike is GitHub's strikethrough extension: "~~text~~" (or "~text~").
var mdStrike goldmark.Extender = mdStrikeExt{}

// mdParser is the Markdown reader's parser (CommonMark with GitHub's
// tables and strikethrough, and heading attributes), made once: a
// goldmark parser is made for reuse (its parsers are set up on its first
// parse, under a sync.Once; each parse has a context of its own), and
// making one and setting it up took some 25 µs, more than the parse of
// a short text.
var mdParser = sync.OnceValue(func() gmparser.Parser {
	return goldmark.New(goldmark.WithExtensions(mdTable, mdStrike),
		goldmark.WithParserOptions(gmparser.WithHeadingAttribute())).Parser()
})

// mdInlineParser is MarkdownInline's parser (CommonMark with GitHub's
// strikethrough), made once as mdParser is.
var mdInlineParser = sync.OnceValue(func() gmparser.Parser {
	return goldmark.New(goldmark.WithExtensions(mdStrike)).Parser()
})

type mdTableExt struct{}

// Extend adds the table's paragraph transformer and its AST
// transformer (which splits code spans at escaped pipes) to m's parser,
// at goldmark's priorities.
func (mdTableExt) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		gmparser.WithParagraphTransformers(util.Prioritized(mdTableParagraph{}, 200)),
		gmparser.WithASTTransformers(util.Prioritized(mdTableAST{}, 0)),
	)
}

// mdEscapedPipesKey holds, in a parse's context, the cells with escaped
// pipes inside code spans ([]*mdEscapedPipeCell).
var mdEscapedPipesKey = gmparser.NewContextKey()

// mdEscapedPipeCell is a table cell and the offsets in the source of
// the backslashes of its escaped pipes.
type mdEscapedPipeCell struct {
	cell        *extast.TableCell
	pos         []int
	transformed bool
}

// mdTableDelim reports whether bs can be a delimiter row: indented at
// most three columns, of spaces, '-', '|' and ':' only, and not of '-'
// alone.
func mdTableDelim(bs []byte) bool {
	if w, _ := util.IndentWidth(bs, 0); w > 3 {
		return false
	}
	allSep := true
	for _, b := range bs {
		if b != '-' {
			allSep = false
		}
		if !(util.IsSpace(b) || b == '-' || b == '|' || b == ':') {
			return false
		}
	}
	return !allSep
}

// mdDelimAlign is the alignment one column of a delimiter row gives
// (goldmark's expressions ^\s*:-+\s*$, ^\s*-+:\s*$, ^\s*:-+:\s*$ and
// ^\s*-+\s*$, \s being [\t\n\f\r ]), and false where it is none of them.
func mdDelimAlign(col []byte) (extast.Alignment, bool) {
	isSpace := func(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }
	for len(col) > 0 && isSpace(col[0]) {
		col = col[1:]
	}
	for len(col) > 0 && isSpace(col[len(col)-1]) {
		col = col[:len(col)-1]
	}
	left := len(col) > 0 && col[0] == ':'
	if left {
		col = col[1:]
	}
	right := len(col) > 0 && col[len(col)-1] == ':'
	if right {
		col = col[:len(col)-1]
	}
	if len(col) == 0 {
		return extast.AlignNone, false
	}
	for _, b := range col {
		if b != '-' {
			return extast.AlignNone, false
		}
	}
	switch {
	case left && right:
		return extast.AlignCenter, true
	case left:
		return extast.AlignLeft, true
	case right:
		return extast.AlignRight, true
	}
	return extast.AlignNone, true
}

type mdTableParagraph struct{}

// Transform turns node into a table where one of its lines is a
// delimiter row whose columns match the header row above it: the lines
// before the header stay the paragraph (removed when none).
func (t mdTableParagraph) Transform(node *gast.Paragraph, reader gmtext.Reader, pc gmparser.Context) {
	ppos := node.Pos()
	lines := node.Lines()
	if lines.Len() < 2 {
		return
	}
	for i := 1; i < lines.Len(); i++ {
		alignments := t.parseDelimiter(lines.At(i), reader)
		if alignments == nil {
			continue
		}
		header := t.parseRow(lines.At(i-1), alignments, true, reader, pc)
		if header == nil || len(alignments) != header.ChildCount() {
			return
		}
		table := extast.NewTable()
		table.Alignments = alignments
		table.SetPos(ppos)
		table.AppendChild(table, extast.NewTableHeader(header))
		for j := i + 1; j < lines.Len(); j++ {
			table.AppendChild(table, t.parseRow(lines.At(j), alignments, false, reader, pc))
		}
		node.Lines().SetSliced(0, i-1)
		node.Parent().InsertAfter(node.Parent(), node, table)
		if node.Lines().Len() == 0 {
			node.Parent().RemoveChild(node.Parent(), node)
		} else {
			last := node.Lines().At(i - 2)
			last.Stop = last.Stop - 1 // the last newline
			node.Lines().Set(i-2, last)
		}
	}
}

// parseRow reads one row of cells; a body row's cells beyond the
// header's are dropped, and missing ones added empty.
func (mdTableParagraph) parseRow(segment gmtext.Segment, alignments []extast.Alignment, isHeader bool, reader gmtext.Reader, pc gmparser.Context) *extast.TableRow {
	npos := segment
	source := reader.Source()
	segment = segment.TrimLeftSpace(source)
	segment = segment.TrimRightSpace(source)
	line := segment.Value(source)
	pos := 0
	limit := len(line)
	row := extast.NewTableRow(alignments)
	row.SetPos(npos.Start)
	if len(line) > 0 && line[pos] == '|' {
		pos++
	}
	if len(line) > 0 && line[limit-1] == '|' {
		limit--
	}
	i := 0
	for ; pos < limit; i++ {
		alignment := extast.AlignNone
		if i >= len(alignments) {
			if !isHeader {
				return row
			}
		} else {
			alignment = alignments[i]
		}
		var escaped *mdEscapedPipeCell
		node := extast.NewTableCell()
		node.SetPos(npos.Start + pos - npos.Padding)
		node.Alignment = alignment
		hasBacktick := false
		closure := pos
		for ; closure < limit; closure++ {
			if line[closure] == '`' {
				hasBacktick = true
			}
			if line[closure] == '|' {
				if closure == 0 || line[closure-1] != '\\' {
					break
				} else if hasBacktick {
					if escaped == nil {
						escaped = &mdEscapedPipeCell{cell: node}
						list, _ := pc.Get(mdEscapedPipesKey).([]*mdEscapedPipeCell)
						pc.Set(mdEscapedPipesKey, append(list, escaped))
					}
					escaped.pos = append(escaped.pos, segment.Start+closure-1)
				}
			}
		}
		seg := gmtext.NewSegment(segment.Start+pos, segment.Start+closure)
		seg = seg.TrimLeftSpace(source)
		seg = seg.TrimRightSpace(source)
		node.Lines().Append(seg)
		row.AppendChild(row, node)
		pos = closure + 1
	}
	for ; i < len(alignments); i++ {
		row.AppendChild(row, extast.NewTableCell())
	}
	return row
}

// parseDelimiter returns the alignments of a delimiter row, nil where
// segment is none.
func (mdTableParagraph) parseDelimiter(segment gmtext.Segment, reader gmtext.Reader) []extast.Alignment {
	line := segment.Value(reader.Source())
	if !mdTableDelim(line) {
		return nil
	}
	cols := bytes.Split(line, []byte{'|'})
	if util.IsBlank(cols[0]) {
		cols = cols[1:]
	}
	if len(cols) > 0 && util.IsBlank(cols[len(cols)-1]) {
		cols = cols[:len(cols)-1]
	}
	var alignments []extast.Alignment
	for _, col := range cols {
		a, ok := mdDelimAlign(col)
		if !ok {
			return nil
		}
		alignments = append(alignments, a)
	}
	return alignments
}

type mdTableAST struct{}

// Transform splits the text of the code spans in cells with escaped
// pipes at each such backslash, which drops it ("`a\|b`" reads "a|b").
func (mdTableAST) Transform(node *gast.Document, reader gmtext.Reader, pc gmparser.Context) {
	lst, _ := pc.Get(mdEscapedPipesKey).([]*mdEscapedPipeCell)
	if lst == nil {
		return
	}
	pc.Set(mdEscapedPipesKey, nil)
	for _, v := range lst {
		if v.transformed {
			continue
		}
		_ = gast.Walk(v.cell, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
			if !entering || n.Kind() != gast.KindCodeSpan {
				return gast.WalkContinue, nil
			}
			for c := n.FirstChild(); c != nil; {
				next := c.NextSibling()
				if c.Kind() != gast.KindText {
					c = next
					continue
				}
				parent := c.Parent()
				ts := &c.(*gast.Text).Segment
				n := c
				for _, v := range lst {
					for _, pos := range v.pos {
						if ts.Start <= pos && pos < ts.Stop {
							segment := n.(*gast.Text).Segment
							n1 := gast.NewRawTextSegment(segment.WithStop(pos))
							n2 := gast.NewRawTextSegment(segment.WithStart(pos + 1))
							parent.InsertAfter(parent, n, n1)
							parent.InsertAfter(parent, n1, n2)
							parent.RemoveChild(parent, n)
							n = n2
							v.transformed = true
						}
					}
				}
				c = next
			}
			return gast.WalkContinue, nil
		})
	}
}

type mdStrikeExt struct{}

// Extend adds the strikethrough's inline parser to m's parser, at
// goldmark's priority.
func (mdStrikeExt) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(gmparser.WithInlineParsers(util.Prioritized(mdStrikeParser{}, 500)))
}

type mdStrikeDelims struct{}

func (mdStrikeDelims) IsDelimiter(b byte) bool { return b == '~' }

func (mdStrikeDelims) CanOpenCloser(opener, closer *gmparser.Delimiter) bool {
	return opener.Char == closer.Char
}

func (mdStrikeDelims) OnMatch(consumes int) gast.Node { return extast.NewStrikethrough() }

type mdStrikeParser struct{}

func (mdStrikeParser) Trigger() []byte { return []byte{'~'} }

// Parse reads a run of one or two tildes as a strikethrough's delimiter
// (three or more, or one after a tilde, are text).
func (mdStrikeParser) Parse(parent gast.Node, block gmtext.Reader, pc gmparser.Context) gast.Node {
	before := block.PrecendingCharacter()
	line, segment := block.PeekLine()
	node := gmparser.ScanDelimiter(line, before, 1, mdStrikeDelims{})
	if node == nil || node.OriginalLength > 2 || before == '~' {
		return nil
	}
	node.Segment = segment.WithStop(segment.Start + node.OriginalLength)
	block.Advance(node.OriginalLength)
	pc.PushDelimiter(node)
	return node
}

func (mdStrikeParser) CloseBlock(parent gast.Node, pc gmparser.Context) {}
