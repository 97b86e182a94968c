package ingest

import (
	"bytes"
	"fmt"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// The CommonMark parser (goldmark) takes time quadratic in two things an
// input controls, and neither can be fixed from here: the depth of nested
// containers (every line is matched against every open block quote and
// list item, and an opener on a line rescans the rest of the markers), and
// link destinations that do not close (each "](" scans on to the next
// space, or with "<" to the next ">", of its line). A text is measured for
// both before goldmark sees it, in one pass, and refused when past a bound
// no rulebook comes near: the reading as plain text stays (auto
// detection), and "--from markdown" is a parse error naming the line.

// MarkdownMaxDepth is the deepest nesting of block quotes and lists read
// as Markdown, counting block quotes and list items. A line's depth is
// bounded by its markers (">", "-", "1.") plus the list items it
// continues, which it can only do by indentation (two columns or more
// each) or lazily as the previous line's paragraph: mdLineDepth follows
// that bound line by line, and a text any line of which may be nested
// deeper than this is not read as Markdown.
const MarkdownMaxDepth = 100

// mdLinkScanFactor and mdLinkScanBase bound the bytes goldmark's link
// destinations may scan: the sum, over each "](" of the text, of the
// distance to where its scan stops at the latest (the next space, tab or
// line end; with "<", the next ">" or line end), at most this many times
// the text's length plus the base. Ordinary text scans a URL's length per
// link; unclosed destinations without spaces scan on to the end of the
// line, once per "](".
const (
	mdLinkScanFactor = 16
	mdLinkScanBase   = 64 << 20
)

// MarkdownMaxEmphasisRuns is the most runs of emphasis markers ("*",
// "_" or "~", one or more alike) a text read as Markdown may hold.
// goldmark keeps a node of some 200 bytes for each run until the end of
// its paragraph, and a text node beside it: "*a " three bytes long costs
// about 300 bytes of memory, so that 32 MB of "*a *a *a" would take
// gigabytes. The densest Markdown rulebooks seen mark a run every 70
// bytes or more, some 460 thousand in a text of the default size limit.
const MarkdownMaxEmphasisRuns = 1 << 20

// markdownGuard returns a parse error when src nests deeper than
// MarkdownMaxDepth, its link destinations would scan more than the bound
// above, or it holds more than MarkdownMaxEmphasisRuns runs of emphasis
// markers; nil when goldmark may read it in time and memory linear in
// its length.
func markdownGuard(src []byte) error {
	depth, blank, scan, runs := 0, true, 0, 0
	budget := mdLinkScanFactor*len(src) + mdLinkScanBase
	for line, start := 1, 0; start < len(src); line++ {
		end := start
		for end < len(src) && src[end] != '\n' {
			end++
		}
		l := src[start:end]
		depth, blank = mdLineDepth(l, depth, blank)
		if depth > MarkdownMaxDepth {
			return &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: 1}, Msg: fmt.Sprintf(
				"Markdown: this line may be nested more than %d block quotes and lists deep (rulesync reads Markdown nested up to %d levels)",
				MarkdownMaxDepth, MarkdownMaxDepth)}
		}
		if runs += mdEmphasisRuns(l); runs > MarkdownMaxEmphasisRuns {
			return &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: 1}, Msg: fmt.Sprintf(
				"Markdown: more than %d runs of emphasis markers (\"*\", \"_\", \"~\") up to this line: the Markdown parser would keep a node for each, some 300 bytes of memory per marker",
				MarkdownMaxEmphasisRuns)}
		}
		scan += mdLinkScan(l)
		if scan > budget {
			return &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: 1}, Msg: fmt.Sprintf(
				"Markdown: link destinations that do not close (\"](\" with no space or \")\" after it) would be rescanned more than %d times the text's length by the Markdown parser",
				mdLinkScanFactor)}
		}
		start = end + 1
	}
	return nil
}

// mdLineDepth bounds the container depth of line l, given the bound
// of the line before and whether that line was blank. Each ">" at its
// start continues a block quote or opens one; each list marker ("-",
// "1.") opens a list item; an open list item is continued by two columns
// of indentation or more, so the whitespace among the markers continues
// at most one per two columns, and no more than were open. A line may
// also continue the paragraph of the line before it lazily, at that
// line's depth, unless a blank line came between or it starts a list
// item. A blank line keeps the bound.
func mdLineDepth(l []byte, prev int, afterBlank bool) (depth int, blank bool) {
	quotes, items, cols := 0, 0, 0
	i := 0
scan:
	for i < len(l) {
		switch c := l[i]; {
		case c == ' ':
			cols++
			i++
		case c == '\t':
			cols += 4
			i++
		case c == '>':
			quotes++
			i++
		case c == '-' || c == '+' || c == '*':
			if i+1 < len(l) && !mdSpace(l[i+1]) {
				break scan
			}
			items++
			i++
		case '0' <= c && c <= '9':
			j := i
			for j < len(l) && j-i < 10 && '0' <= l[j] && l[j] <= '9' {
				j++
			}
			if j >= len(l) || l[j] != '.' && l[j] != ')' || j+1 < len(l) && !mdSpace(l[j+1]) {
				break scan
			}
			items++
			i = j + 1
		default:
			break scan
		}
	}
	if i == len(l) && quotes+items == 0 {
		return prev, true
	}
	depth = min(prev, cols/2) + quotes + items
	if !afterBlank && items == 0 {
		depth = max(depth, prev)
	}
	return depth, false
}

// linkOpen is what ends a link's text and opens its destination.
var linkOpen = []byte("](")

// mdSpace reports whether c is whitespace to goldmark (util.IsSpace).
func mdSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// mdLinkScan is the most bytes goldmark's link destinations scan on line
// l: for each "](", the distance to the next space or tab (a destination
// without "<"; it may stop sooner, at an unbalanced ")"), or with "<" to
// the next ">". Two passes from the end find both distances.
func mdLinkScan(l []byte) int {
	if len(l) < 2 || bytes.Index(l, linkOpen) < 0 {
		return 0 // most lines open no link: one look finds none
	}
	total := 0
	space, gt := len(l), len(l) // the next space or tab, the next ">"
	for i := len(l) - 1; i >= 0; i-- {
		switch l[i] {
		case ' ', '\t', '\r', '\f', '\v':
			space = i
		case '>':
			gt = i
		case ']':
			if i+1 < len(l) && l[i+1] == '(' {
				s := i + 2
				for s < len(l) && mdSpace(l[s]) {
					s++ // goldmark skips the spaces before a destination
				}
				if s < len(l) && l[s] == '<' {
					total += gt - s
				} else {
					total += nextSpace(l, s, space) - s
				}
			}
		}
	}
	return total
}

// nextSpace is the first space or tab of l at or after s, given next,
// the first at or after the "](" before s.
func nextSpace(l []byte, s, next int) int {
	if next >= s {
		return next
	}
	for s < len(l) && !mdSpace(l[s]) {
		s++
	}
	return s
}

// mdEmphasisRuns counts the runs of "*", "_" or "~" on line l (a run is
// one or more of the same marker), each of which goldmark may keep as a
// delimiter node.
func mdEmphasisRuns(l []byte) int {
	n := 0
	for i := 0; i < len(l); i++ {
		if c := l[i]; (c == '*' || c == '_' || c == '~') && (i == 0 || l[i-1] != c) {
			n++
		}
	}
	return n
}
