package reports

import (
	"encoding/xml"
	"html/template"
	"strings"
	"unicode"
)

// The escaping of every format the reports write, in one place per
// format: whatever a document holds (an edition, a title, a text) is
// printed through these and reads back as itself.

// oneLine turns control characters (line breaks, tabs, escapes) into
// spaces, for values that must stay on their line: a heading, a PO
// header field or comment.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// mdEscape writes text as Markdown inline content (CommonMark and GFM)
// that renders as the text itself, on one line: the characters that
// make emphasis, code, links, tables, strikethrough and headings are
// escaped with a backslash, '<' and '&' become entities (so "&amp;"
// stays "&amp;" and "<b>" is no tag), a marker that would open a quote
// or a list at the start of a line is escaped, "->" and "-->" are left
// as they are, and line breaks become spaces.
func mdEscape(s string) string {
	s = oneLine(s)
	var b strings.Builder
	// A quote or list marker (">", "-", "+", "1.", "2)") at the start,
	// after spaces.
	lead := len(s) - len(strings.TrimLeft(s, " "))
	digits := len(s) - len(strings.TrimLeft(s[lead:], "0123456789")) - lead
	for i, r := range s {
		switch {
		case r == '\\' || r == '`' || r == '*' || r == '_' || r == '[' || r == ']' || r == '|' || r == '~' || r == '#':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '<':
			b.WriteString("&lt;")
		case r == '&':
			b.WriteString("&amp;")
		case i == lead && (r == '>' || r == '-' || r == '+' || r == '='),
			i == lead+digits && digits > 0 && (r == '.' || r == ')'):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mdQuote escapes text for a block quote ("  > " before it), keeping its
// paragraphs: each line of the text is a paragraph of the quote.
func mdQuote(s string) string {
	paras := strings.Split(s, "\n")
	for i, p := range paras {
		paras[i] = mdEscape(p)
	}
	return strings.Join(paras, "\n  >\n  > ")
}

// esc escapes text for HTML content and quoted attribute values.
func esc(s string) string { return template.HTMLEscapeString(s) }

// xmlText escapes text for XML content and attributes (characters XML
// cannot hold become U+FFFD).
func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return strings.ReplaceAll(b.String(), "&#xA;", "\n")
}

// poEscape escapes text for the inside of a PO string.
var poEscape = strings.NewReplacer("\\", "\\\\", "\"", "\\\"", "\t", "\\t", "\r", "", "\n", "\\n")

// poQuote writes a PO string: one line, or "" and one line per line of the
// text when it has line breaks.
func poQuote(s string) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) == 1 {
		return "\"" + poEscape.Replace(s) + "\""
	}
	var b strings.Builder
	b.WriteString("\"\"")
	for _, l := range lines {
		if l != "" {
			b.WriteString("\n\"" + poEscape.Replace(l) + "\"")
		}
	}
	return b.String()
}

// poField writes a field of the PO header: its value on one line, in
// one string ("Project-Id-Version: tda-2024\n").
func poField(name, value string) string {
	return "\"" + poEscape.Replace(name+": "+oneLine(value)) + "\\n\"\n"
}

// poComment makes text fit a PO comment line.
func poComment(s string) string { return oneLine(s) }
