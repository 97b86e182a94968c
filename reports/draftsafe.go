package reports

import (
	"html"
	"strings"

	"github.com/rulesync/rulesync/ingest"
)

// A Markdown draft is rendered by whatever shows Markdown (a forge, an
// editor's preview, a static site): a translation's text, which comes
// from a translator's PO, XLIFF or table, must not become markup there.

// unsafeSchemes are the link schemes that run or embed code when a link
// is followed.
var unsafeSchemes = []string{"javascript:", "vbscript:", "data:"}

// mdNoHTML writes the raw HTML a line of text would carry into Markdown
// as text: a '<' that would open a tag, a closing tag, a comment, a
// declaration or a processing instruction (followed by a letter, '/',
// '!' or '?': CommonMark's raw HTML and autolinks) becomes "&lt;", and
// the '[' of a link whose destination has a scheme that runs code
// (javascript:, vbscript:, data:, in any case, written with character
// references or not) is escaped, so that no link is made. A '<' before
// a space or a digit ("5 < 10") is text already and stays, and so does
// the tag of a phrasing element that runs no code ("<q>", "</cite>",
// `<bdo dir="rtl">`: ingest.SafeInlineTag), which an HTML source's
// inline markup brings.
func mdNoHTML(s string) string { return mdNoHTMLBut(s, "") }

// mdNoHTMLBut is mdNoHTML keeping, besides, each tag that src (the
// source's line a translation's line stands for) holds as written: the
// source's own markup ("<version>", "<wca-title>"), which a translator
// keeps, is the source's, not the translation's.
func mdNoHTMLBut(s, src string) string {
	if strings.Contains(s, "](") || strings.Contains(s, "]:") {
		s = unlinkUnsafe(s)
	}
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '<' && i+1 < len(s) && opensMarkup(s[i+1]) {
			if j := strings.IndexByte(s[i:], '>'); j > 0 && (ingest.SafeInlineTag(s[i:i+j+1]) || src != "" && strings.Contains(src, s[i:i+j+1])) {
				b.WriteString(s[i : i+j+1])
				i += j
				continue
			}
			b.WriteString("&lt;")
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// opensMarkup reports whether c after '<' makes raw HTML or an autolink.
func opensMarkup(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '/' || c == '!' || c == '?'
}

// unlinkUnsafe escapes the '[' that opens each link (inline "[x](dest)"
// or a definition "[x]: dest") whose destination has an unsafe scheme.
func unlinkUnsafe(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != ']' || i+1 >= len(s) || (s[i+1] != '(' && s[i+1] != ':') {
			continue
		}
		if !unsafeDestination(s[i+2:]) {
			continue
		}
		open := strings.LastIndexByte(s[:i], '[')
		if open < last || open > 0 && s[open-1] == '\\' {
			continue
		}
		b.WriteString(s[last:open])
		b.WriteString("\\[")
		last = open + 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// unsafeDestination reports whether a link destination (the text after
// "](" or "]:") begins with an unsafe scheme once its character
// references and backslash escapes are decoded and its white space,
// control characters and angle brackets dropped, as a browser reads it.
func unsafeDestination(rest string) bool {
	end := strings.IndexAny(rest, ")\n")
	if end < 0 {
		end = len(rest)
	}
	dest := html.UnescapeString(strings.ReplaceAll(rest[:end], "\\", ""))
	dest = strings.Map(func(r rune) rune {
		if r <= ' ' || r == '<' || r == '>' || r == 0x7f {
			return -1
		}
		return r
	}, dest)
	dest = strings.ToLower(dest)
	for _, p := range unsafeSchemes {
		if strings.HasPrefix(dest, p) {
			return true
		}
	}
	return false
}
