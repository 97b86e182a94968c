package ingest

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// htmlMaxOpen is the HTML parser's (x/net/html) limit on the elements
// open at once: a page nested deeper is an error of the parser, which
// says neither where nor which element.
const htmlMaxOpen = 512

// htmlDepthMsg is how the parser's error for that limit begins.
const htmlDepthMsg = "html: open stack of elements exceeds"

// treeError is the error of a page the HTML parser refused: for the
// depth limit, an error at the line and column of the tag that passed
// it, found by parsing the page again through a tokenReader.
func treeError(text string, err error) error {
	if !strings.Contains(err.Error(), htmlDepthMsg) {
		return fmt.Errorf("HTML: %v", err)
	}
	r := &tokenReader{z: html.NewTokenizer(strings.NewReader(text))}
	if _, perr := html.Parse(r); perr == nil || !strings.Contains(perr.Error(), htmlDepthMsg) {
		return fmt.Errorf("HTML: %v", err) // not found again: said without a place
	}
	start, what := r.cur.start, r.cur.what
	if r.pending != "" && r.sent == 1 {
		// Only the first byte of the last token was read: the parser
		// looked past the token before it (text ends where a tag
		// begins) and failed on that one.
		start, what = r.prev.start, r.prev.what
	}
	return &corpusjson.ParseError{Position: stringPosition(text, start), Msg: fmt.Sprintf(
		"HTML: %s opens element %d, past the %d elements the HTML parser holds open at once (a page nested this deep is not read)",
		what, htmlMaxOpen+1, htmlMaxOpen)}
}

// tokenReader hands a page to the HTML parser's tokenizer one token at
// a time, as a tokenizer of its own cuts it, the first byte of each on
// its own: when the parser stops, what it has read tells which token it
// was at. Each token is handed over once, so the reading stays linear.
type tokenReader struct {
	z       *html.Tokenizer
	off     int    // the offset of the end of the last token cut
	pending string // the part of the last token not yet read
	sent    int    // bytes of the last token read
	cur     tokenAt
	prev    tokenAt
}

// tokenAt is a token of a page: where it starts and what it is, in
// words.
type tokenAt struct {
	start int
	what  string
}

func (r *tokenReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for r.pending == "" {
		tt := r.z.Next()
		if tt == html.ErrorToken {
			return 0, io.EOF
		}
		raw := string(r.z.Raw())
		if raw == "" {
			continue
		}
		r.prev, r.cur = r.cur, tokenAt{start: r.off, what: tokenWhat(tt, r.z)}
		r.off += len(raw)
		r.pending, r.sent = raw, 0
		// The first byte alone.
		n := copy(p, r.pending[:1])
		r.pending, r.sent = r.pending[n:], n
		return n, nil
	}
	n := copy(p, r.pending)
	r.pending, r.sent = r.pending[n:], r.sent+n
	return n, nil
}

// tokenWhat names a token in an error: "<div>" for a start tag, else
// its kind.
func tokenWhat(tt html.TokenType, z *html.Tokenizer) string {
	switch tt {
	case html.StartTagToken, html.SelfClosingTagToken:
		name, _ := z.TagName()
		return "<" + string(name) + ">"
	case html.EndTagToken:
		name, _ := z.TagName()
		return "</" + string(name) + ">"
	case html.TextToken:
		return "text"
	}
	return "a " + strings.ToLower(tt.String())
}

// stringPosition is corpus.PositionAt on a string.
func stringPosition(s string, off int) corpus.Position {
	off = max(0, min(off, len(s)))
	head := s[:off]
	return corpus.Position{Offset: off, Line: 1 + strings.Count(head, "\n"), Col: off - strings.LastIndexByte(head, '\n')}
}
