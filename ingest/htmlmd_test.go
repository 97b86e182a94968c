package ingest

import (
	"fmt"
	"strings"
)

// HTMLAsMarkdown is htmlAsMarkdown, for the tests of package ingest_test.
var HTMLAsMarkdown = htmlAsMarkdown

// htmlAsMarkdown writes the blocks the HTML reader reads of page as
// Markdown, each block one Markdown block of one line: a heading with
// its level and anchor, a paragraph, a list item with its depth, as an
// ordered list's item with its place where it has one, a table row, a
// quote, code; page furniture left out. Every ASCII punctuation
// character is escaped, so that no text is read as markup.
func htmlAsMarkdown(page string) ([]byte, error) {
	p, ok := streamHTML(page, nil)
	if !ok {
		var err error
		if p, err = treeHTML(page, nil); err != nil {
			return nil, err
		}
	}
	var b strings.Builder
	var indent []int // the content's indentation of each open list level
	lastRow := false
	for _, bl := range p.bs {
		if bl.chrome != "" && bl.chrome != "table header" {
			continue
		}
		if bl.kind != blockRow && lastRow {
			b.WriteString("\n")
		}
		lines := strings.Split(bl.text, "\n")
		switch bl.kind {
		case blockHeading:
			h := strings.Repeat("#", max(bl.level, 1)) + " " + mdEsc(strings.Join(lines, " "))
			if a := bl.anchor(); a != "" {
				h += " {id=\"" + a + "\"}"
			}
			b.WriteString(h + "\n\n")
		case blockItem:
			d := max(bl.depth, 1)
			for len(indent) > d-1 {
				indent = indent[:len(indent)-1]
			}
			pad := 0
			if len(indent) > 0 {
				pad = indent[len(indent)-1]
			}
			for len(indent) < d-1 {
				indent = append(indent, pad)
			}
			marker := "-"
			if bl.ordinal > 0 {
				marker = fmt.Sprintf("%d.", bl.ordinal)
			}
			indent = append(indent, pad+len(marker)+1)
			sp := strings.Repeat(" ", pad)
			b.WriteString(sp + marker + " " + mdEsc(strings.Join(lines, " ")) + "\n\n")
		case blockRow:
			cells := strings.Split(bl.text, "\t")
			row := "|"
			for _, c := range cells {
				row += " " + mdEsc(strings.ReplaceAll(c, "\n", " ")) + " |"
			}
			if !lastRow {
				if bl.chrome == "" {
					b.WriteString(strings.Repeat("| ", len(cells)) + "|\n")
				} else {
					b.WriteString(row + "\n")
					row = ""
				}
				b.WriteString(strings.Repeat("| --- ", len(cells)) + "|\n")
			}
			if row != "" {
				b.WriteString(row + "\n")
			}
		case blockCode:
			b.WriteString("```\n" + bl.text + "\n```\n\n")
		default:
			pre, in := "", ""
			if bl.kind == blockQuote {
				pre = "> "
			}
			if bl.nest > 1 && len(indent) > 0 {
				in = strings.Repeat(" ", indent[min(bl.nest-1, len(indent))-1])
			} else {
				indent = indent[:0]
			}
			b.WriteString(in + pre + mdEsc(strings.Join(lines, " ")) + "\n\n")
		}
		lastRow = bl.kind == blockRow
	}
	return []byte(b.String()), nil
}

// mdEsc escapes every ASCII punctuation character of s with a backslash
// (CommonMark reads each as itself), and trims it.
func mdEsc(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		if r < 0x80 && strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
