package ingest

import (
	"bytes"
	"strings"
)

// Markdown parsed in pieces: where a text is cut so that goldmark reads
// each piece as it reads it in the whole text.

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
// No piece starts inside what a blank line does not end (mdSpans: a
// fenced code block, an HTML comment), nor after a line where mdSpans
// cannot tell. The link reference definitions, which the whole text
// shares, are given to every piece (parsePieces).
func mdPieces(src []byte, starts []int, size int) []mdPiece {
	if len(src) <= size {
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
	// outer follows the text's lines, inner a block quote's text.
	var outer, inner mdSpans
	for k := range starts {
		if region >= 0 && k == region {
			cut(k, mdPiece{})
			region = -1
		}
		open := outer.open()
		outer.line(raw(k))
		if outer.unsure && region < 0 {
			break // no cut from here on
		}
		if region < 0 && !open && !tabs && quoted(k) && (k == 0 || blank(k-1)) {
			e := k
			for e < len(starts) && quoted(e) {
				e++
			}
			if e == len(starts) || blank(e) {
				cut(k, mdPiece{quote: true, line: k})
				region = e
				table = -1
				inner = mdSpans{}
				inner.line(line(k))
				continue
			}
		}
		l := line(k)
		if region >= 0 {
			open = inner.open()
			inner.line(l)
		}
		piped := len(l) > 0 && l[0] == '|'
		switch {
		case !piped || region >= 0 || open:
			table = -1
		case table < 0 && (k == 0 || blank(k-1)):
			table = k
		}
		if k == 0 || open || starts[k]-cur.from < size {
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

// mdSpans follows, line by line, what a blank line does not end at the
// top level of a text: a fenced code block, and an HTML comment ("<!--"
// to the line with "-->"); and, to the next blank line, the lines after
// one that starts with "<" (an HTML block, whose lines are its text, or
// a paragraph, which a fence interrupts). It is unsure from a line
// where it cannot tell whether one opens: a fence or comment indented
// one to three columns (a list item's, or the text's), one among the
// lines after "<", and any other HTML block that a blank line does not
// end ("<!", "<?", script, pre, style, textarea). A line that starts in
// the first column with none of those is at the top level: list items
// take their lines indented, and a fence or HTML block is no lazy
// continuation of a block quote's or list item's paragraph.
type mdSpans struct {
	fence  byte // the open fence's character, or 0
	n      int  // its length
	html   bool // in an HTML comment
	angle  bool // after a line that starts with "<", up to a blank line
	unsure bool
}

// open reports whether a piece may not start at the line to come.
func (s *mdSpans) open() bool { return s.fence != 0 || s.html || s.angle || s.unsure }

// line reads line l (without its line break).
func (s *mdSpans) line(l []byte) {
	if s.unsure {
		return
	}
	col, i := 0, 0
	for ; i < len(l) && (l[i] == ' ' || l[i] == '\t') && col < 4; i++ {
		if l[i] == '\t' {
			col += 4 - col%4
		} else {
			col++
		}
	}
	rest := l[i:]
	switch {
	case s.fence != 0:
		if n := fenceRun(rest, s.fence); col < 4 && n >= s.n && len(bytes.Trim(rest[n:], " \t")) == 0 {
			s.fence = 0
		}
		return
	case s.html:
		s.html = !bytes.Contains(l, []byte("-->"))
		return
	case len(bytes.Trim(l, " \t")) == 0:
		s.angle = false
		return
	case col >= 4:
		return
	}
	fence := byte(0)
	if len(rest) > 0 && (rest[0] == '`' || rest[0] == '~') && fenceRun(rest, rest[0]) >= 3 {
		fence = rest[0]
		if fence == '`' && bytes.IndexByte(rest[fenceRun(rest, '`'):], '`') >= 0 {
			fence = 0 // an info string with "`": a code span, no fence
		}
	}
	comment := bytes.HasPrefix(rest, []byte("<!--")) && bytes.IndexByte(l[:i], '\t') < 0
	switch {
	case fence == 0 && !comment && !mdLongHTML(rest):
		s.angle = s.angle || len(rest) > 0 && rest[0] == '<'
	case col > 0 || s.angle || fence == 0 && !comment:
		s.unsure = true
	case fence != 0:
		s.fence, s.n = fence, fenceRun(rest, fence)
	default:
		s.html = !bytes.Contains(rest[2:], []byte("-->"))
	}
}

// fenceRun is the number of c at the start of l.
func fenceRun(l []byte, c byte) int {
	n := 0
	for n < len(l) && l[n] == c {
		n++
	}
	return n
}

// mdLongHTML reports whether line l (its indent taken off) may start an
// HTML block that a blank line does not end: "<!" (a comment, a
// declaration, CDATA), "<?", or a script, pre, style or textarea
// element, in any case.
func mdLongHTML(l []byte) bool {
	if len(l) < 2 || l[0] != '<' {
		return false
	}
	rest := l[1:]
	if rest[0] == '!' || rest[0] == '?' {
		return true
	}
	for _, tag := range []string{"script", "pre", "style", "textarea"} {
		if len(rest) >= len(tag) && strings.EqualFold(string(rest[:len(tag)]), tag) {
			return true
		}
	}
	return false
}
