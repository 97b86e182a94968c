package reports

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// relabel gives the translation's lines of an item the source's
// indentation, heading level and number: the first line's leading white
// space becomes the source's (the following lines move as far), an ATX
// heading takes the level of the source's heading, and the translation's
// printed number in its label (in a heading line, anywhere in it)
// becomes the source's.
func relabel(lines []string, srcFirst, oldNum, newNum string, markdown bool) []string {
	if len(lines) == 0 {
		return lines
	}
	from, to := leading(lines[0]), leading(srcFirst)
	if from != to {
		delta := len(to) - len(from)
		lines[0] = to + lines[0][len(from):]
		for k := 1; k < len(lines); k++ {
			l := lines[k]
			switch {
			case l == "":
			case delta > 0:
				lines[k] = strings.Repeat(" ", delta) + l
			default:
				cut := min(-delta, len(leading(l)))
				lines[k] = l[cut:]
			}
		}
	}
	if from, to := atxLevel(lines[0]), atxLevel(srcFirst); from > 0 && to > 0 && from != to {
		// The source's heading level: the level nests the items
		// after it, so it gives back the source's ids.
		lead := leading(lines[0])
		lines[0] = lead + strings.Repeat("#", to) + lines[0][len(lead)+from:]
	}
	if oldNum != "" && newNum != "" && oldNum != newNum {
		end := labelEnd(lines[0], oldNum, markdown)
		if isHeading(lines[0], markdown) {
			end = len(lines[0])
		}
		head := lines[0][:end]
		var printed []string // each number replaced, as printed
		for {
			i, j := findNumber(head, oldNum, 0, len(head))
			if i < 0 {
				break
			}
			printed = append(printed, head[i:j])
			head = head[:i] + "\x00" + head[j:]
		}
		for _, p := range printed {
			head = strings.Replace(head, "\x00", inDigitsOf(newNum, p), 1)
		}
		if len(printed) == 0 {
			head = relabelCJK(head, oldNum, newNum)
		}
		lines[0] = head + lines[0][end:]
	}
	return lines
}

// insertMarks puts the markers after the item's label on its first line
// (at the end of a heading line: an ATX heading's in text too, which the
// text reader takes for a heading), and the note at the end of that line
// in Markdown, on a line of its own after the item in text.
func insertMarks(lines []string, number string, ms []string, tail, note string, markdown bool) []string {
	if len(lines) == 0 || len(ms) == 0 && note == "" && tail == "" {
		return lines
	}
	first := lines[0]
	m := strings.Join(ms, " ")
	if m != "" {
		end := labelEnd(first, number, markdown)
		switch {
		case isHeading(first, true) || end >= len(strings.TrimRight(first, " ")):
			first = strings.TrimRight(first, " ") + " " + m
		default:
			first = first[:end] + m + " " + first[end:]
		}
	}
	if tail != "" {
		first = strings.TrimRight(first, " ") + " " + tail
	}
	if note != "" && markdown {
		first = strings.TrimRight(first, " ") + " " + note
	}
	out := append([]string{first}, lines[1:]...)
	if len(out) > 1 && isUnderline(out[1]) {
		out[1] = underline(out[1], out[0])
	}
	if note != "" && !markdown {
		// After the item's text, before the blank line that ends it.
		k := len(out)
		for k > 1 && strings.TrimSpace(out[k-1]) == "" {
			k--
		}
		out = append(out[:k], append([]string{leading(out[0]) + note}, out[k:]...)...)
	}
	return out
}

// labelEnd is the byte offset in line just after the item's label: its
// list marker, printed number, the punctuation and emphasis that close
// it, and spaces; without a number in the line's first characters,
// after the line's leading markup.
func labelEnd(line, number string, markdown bool) int {
	lead := len(leading(line))
	if markdown {
		if m := mdLineStartRe.FindStringIndex(line); m != nil {
			lead = m[1]
		}
	}
	if number == "" {
		return lead
	}
	limit := min(len(line), lead+24)
	for limit < len(line) && !utf8.RuneStart(line[limit]) {
		limit++
	}
	i, end := findNumber(line, number, lead, limit)
	if i < 0 {
		// The translation sets the number's parts apart otherwise
		// ("**А.4.2**" for A4.2): a marker before it would make the
		// label text.
		i, end = findSpelledNumber(line, number, lead, limit)
	}
	if i < 0 {
		return lead
	}
	for end < len(line) && strings.ContainsRune(")]}.:-*_\\", rune(line[end])) {
		end++
	}
	for _, p := range []string{"：", "、", "。", "）", "．"} {
		end += len(p) * boolInt(strings.HasPrefix(line[end:], p))
	}
	// Emphasis opened before the number and still open after the label
	// ("**D.2.6.2.2.легко** …": the first word glued to the label): a
	// marker inside it would end the label's run and change the number
	// read back. The label ends where the emphasis closes, in text too,
	// whose reader takes a Markdown translation's lines as Markdown.
	for _, em := range []string{"**", "__", "*", "_"} {
		if strings.Count(line[lead:i], em)%2 == 1 && !strings.Contains(line[i:end], em) {
			if k := strings.Index(line[end:], em); k >= 0 {
				end += k + len(em)
			}
			break
		}
	}
	for end < len(line) && (line[end] == ' ' || line[end] == '\t') {
		end++
	}
	return end
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func isAlnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// isHeading reports whether line is a Markdown ATX heading.
func isHeading(line string, markdown bool) bool {
	return markdown && strings.HasPrefix(strings.TrimLeft(line, " "), "#")
}

// atxLevel is the level of an ATX heading line ("## Title": 2), 0 for
// any other line.
func atxLevel(line string) int {
	t := strings.TrimLeft(line, " ")
	n := len(t) - len(strings.TrimLeft(t, "#"))
	if n == 0 || n > 6 || n < len(t) && t[n] != ' ' && t[n] != '\t' {
		return 0
	}
	return n
}

// leading is the white space a line starts with.
func leading(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

// underline makes a heading's underline as wide as the heading.
func underline(u, heading string) string {
	u = strings.TrimSpace(u)
	return strings.Repeat(u[:1], max(len(u), displayWidth(strings.TrimSpace(corpus.DropNotes(heading)))))
}

// displayWidth counts a wide (CJK) character as two columns.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 || r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6) {
			n++
		}
	}
	return n
}

// mdLineEscape escapes only what would change the structure Markdown
// reads a line of a draft's text as: a heading, quote or list marker at
// its start ("# ", "> ", "- ", "1. ", "2) "), and line breaks; and raw
// HTML and links that run code (mdNoHTML), which a renderer would
// otherwise take as markup. Other inline markup is left as the text has
// it: the draft is read back by rulesync, whose line readers take a
// backslash for text.
func mdLineEscape(s string) string {
	s = mdNoHTML(oneLine(s))
	t := strings.TrimLeft(s, " ")
	lead := len(s) - len(t)
	digits := len(t) - len(strings.TrimLeft(t, "0123456789"))
	switch {
	case t == "":
	case strings.ContainsRune("#>-+*=", rune(t[0])) && (len(t) == 1 || t[1] == ' ' || t[0] == '#' || t[0] == '='):
		return s[:lead] + "\\" + t
	case digits > 0 && digits < len(t) && (t[digits] == '.' || t[digits] == ')') && (digits+1 == len(t) || t[digits+1] == ' '):
		return s[:lead] + t[:digits] + "\\" + t[digits:]
	}
	return s
}

// plainLabel is the escaped Markdown line e of the line of text p with
// its first letter or digit written as a character reference
// ("&#86;ersion 1.0 は…"), where p reads as a label
// (ingest.ReadsAsLabel), so that the line reads back as text, not as an
// item of its own (ingest reads a line whose first character is
// escaped as text); e itself otherwise, or where that character comes
// after a code span's backtick or an escape already.
func plainLabel(p, e string) string {
	if plain, _ := ingest.MarkdownInline(p); !ingest.ReadsAsLabel(plain) {
		return e
	}
	for i, r := range e {
		switch {
		case r == ' ' || r == '\t' || r == '[' || r == '*' || r == '_' || r == '~':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return e[:i] + "&#" + strconv.Itoa(int(r)) + ";" + e[i+utf8.RuneLen(r):]
		}
		return e
	}
	return e
}

// paragraphs writes the paragraphs of a text (its lines) as a draft
// writes them, escaped, each a group of lines with a blank line after
// it: a paragraph on its own, or, where the inline markup of the text
// spans its line break (a link whose text runs over two lines of an
// HTML page), joined with the next into one Markdown paragraph, which
// reads back with the same line break.
func (lw *lineWriter) paragraphs(paras []string) [][]string {
	esc := make([]string, len(paras))
	for i, p := range paras {
		esc[i] = p
		if lw.markdown {
			esc[i] = mdLineEscape(p)
			if lw.plainLabels {
				esc[i] = plainLabel(p, esc[i])
			}
		}
	}
	join := spanned(esc, lw.markdown && len(lw.mk) > 0)
	var out [][]string
	for i, e := range esc {
		if len(out) > 0 && (lw.plainLabels && !lw.markdown && ingest.ReadsAsLabel(strings.TrimSpace(e)) || lw.markdown && lw.runOn[runOnKey(paras[i])]) {
			// Plain text has no escape: a paragraph that reads as a
			// label runs on after the one before it (its words kept,
			// its line break a blank), where no label is read; so
			// does a Markdown paragraph that reads back as an item of
			// its own, escaped as it is (runOnWhereFewer).
			last := out[len(out)-1]
			last[len(last)-1] = strings.TrimRight(last[len(last)-1], " ") + " " + strings.TrimSpace(e)
			lw.st.RunOn++
			continue
		}
		if i > 0 && join[i-1] {
			if t := strings.TrimSpace(e); strings.Trim(t, "-") == "" {
				e = strings.Replace(e, "-", "\\-", 1) // no setext underline
			}
			out[len(out)-1] = append(out[len(out)-1], e)
			continue
		}
		out = append(out, []string{e})
	}
	return out
}

// runOnKey is how DraftOptions.runOn names a paragraph: its text
// folded, without the spaces around it.
func runOnKey(p string) string { return corpus.Fold(strings.TrimSpace(p)) }

// spanned reports, for each line break between two of the lines, whether
// a mark of their inline markup (read as one paragraph) spans it. All
// false when the lines do not read as one paragraph (a blank line, block
// syntax) or markdown is not set.
func spanned(lines []string, markdown bool) []bool {
	join := make([]bool, max(len(lines)-1, 0))
	if !markdown || len(lines) < 2 || !strings.ContainsAny(strings.Join(lines, ""), "[*_`<~") {
		return join
	}
	plain, marks := ingest.MarkdownInline(strings.Join(lines, "\n"))
	var breaks []int
	for i := 0; i < len(plain); i++ {
		if plain[i] == '\n' {
			breaks = append(breaks, i)
		}
	}
	if len(breaks) != len(join) {
		return join
	}
	for _, m := range marks {
		for k, b := range breaks {
			if m.Start <= b && b < m.End {
				join[k] = true
			}
		}
	}
	return join
}

// listItemRe is a line that is an entry of a Markdown list: a bullet
// ("- ", "* ", "+ ") or an ordered marker ("1. ", "2) ").
var listItemRe = lazyre.New(`^\s*(?:[-*+]|[0-9]{1,9}[.)])(?:\s|$)`)

// escapedListItemRe is a line mdLineEscape made of a list entry ("1\. ",
// "\- "): its marker, escaped, between the leading spaces and the rest.
var escapedListItemRe = lazyre.New(`^(\s*)(?:\\([-*+])|([0-9]{1,9})\\([.)]))(\s|$)`)

// listed writes paragraphs (each a group of lines, escaped as the
// lines of a text: paragraphs) as the entries of a list after a blank
// line, at indent: a paragraph that is a list entry of its own ("1.
// ...", escaped "1\. ...") as that entry, its marker unescaped, any
// other after a bullet ("- "), its further lines indented under the
// bullet's text. An entry reads back as the text's line it is.
func listed(indent string, paras [][]string) []string {
	out := []string{""}
	for _, g := range paras {
		for k, p := range g {
			switch {
			case k > 0:
				out = append(out, indent+"  "+p)
			case listItemRe.MatchString(p):
				out = append(out, indent+p)
			case escapedListItemRe.MatchString(p):
				out = append(out, indent+escapedListItemRe.ReplaceAllString(p, "$1$2$3$4$5"))
			default:
				out = append(out, indent+"- "+p)
			}
		}
	}
	return out
}
