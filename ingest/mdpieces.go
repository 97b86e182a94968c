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
