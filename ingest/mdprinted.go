package ingest

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// What a Markdown source prints that the tree does not keep: the
// anchors of headings and the numbers of ordered list items.

// headingAnchor takes out of a heading's text the anchor a site generator
// printed at its start or end as a delimited identifier ("## General
// @@sec:general@@", "%%rules.intro%%"): a word that opens and closes with
// the same run of two or more symbols around letters, digits and "_:.-/"
// only. The attribute syntax "{#id}" is goldmark's (WithHeadingAttribute).
func headingAnchor(t string) (text, anchor string) {
	fields := strings.Fields(t)
	if len(fields) < 2 {
		return t, ""
	}
	for _, at := range []int{0, len(fields) - 1} {
		if id, ok := delimitedID(fields[at]); ok {
			rest := append(append([]string{}, fields[:at]...), fields[at+1:]...)
			return strings.Join(rest, " "), id
		}
	}
	return t, ""
}

// delimitedID reports whether w is an identifier between two equal runs
// of two or more ASCII symbols ("@@rule:x@@"), and returns it.
func delimitedID(w string) (string, bool) {
	n := 0
	for n < len(w) && w[n] == w[0] {
		n++
	}
	c := w[0]
	if n < 2 || len(w) < 2*n+1 || c >= 0x80 || !unicode.IsPunct(rune(c)) && !unicode.IsSymbol(rune(c)) ||
		strings.Repeat(string(c), n) != w[len(w)-n:] {
		return "", false
	}
	id := w[n : len(w)-n]
	letter := false
	for _, r := range id {
		switch {
		case unicode.IsLetter(r):
			letter = true
		case unicode.IsDigit(r) || strings.ContainsRune("_:.-/", r):
		default:
			return "", false
		}
	}
	return id, letter
}

// lazyNumbers reports whether every item of the ordered list l prints
// the same number, two items or more: numbers a renderer counts, not
// labels.
func lazyNumbers(l *ast.List, src []byte) bool {
	first, items := 0, 0
	for li := l.FirstChild(); li != nil; li = li.NextSibling() {
		p, ok := printedOrdinal(li, src)
		if !ok {
			continue
		}
		if items++; items == 1 {
			first = p
		} else if p != first {
			return false
		}
	}
	return items > 1
}

// printedOrdinal is the number an ordered list item prints before its
// first line: the digits between the start of that line (its indent and
// the markers of the blocks around it, "> ") and the item's content.
func printedOrdinal(li ast.Node, src []byte) (int, bool) {
	start := -1
	for c := li.FirstChild(); c != nil && start < 0; c = c.FirstChild() {
		if ls := c.Lines(); ls != nil && ls.Len() > 0 {
			start = ls.At(0).Start
		} else if t, ok := c.(*ast.Text); ok {
			start = t.Segment.Start
		}
	}
	if start <= 0 || start > len(src) {
		return 0, false
	}
	head := src[bytes.LastIndexByte(src[:start], '\n')+1 : start]
	head = bytes.TrimRight(head, " \t")
	if len(head) < 2 || (head[len(head)-1] != '.' && head[len(head)-1] != ')') {
		return 0, false
	}
	digits := head[:len(head)-1]
	i := len(digits)
	for i > 0 && digits[i-1] >= '0' && digits[i-1] <= '9' {
		i--
	}
	if i == len(digits) || len(digits)-i > 9 {
		return 0, false
	}
	n := 0
	for _, d := range digits[i:] {
		n = n*10 + int(d-'0')
	}
	return n, true
}

// gluedLists reads as an ordered list's items the lines of paragraphs
// that start with a list marker glued to their text ("1.Everyone has
// ...", "2.No one ...": the space after the marker lost, as text in
// scripts written without spaces often prints it, and as converters
// leave it), which CommonMark reads as text: where two or more such
// lines number in succession (each the one before it plus one), the
// first starting a paragraph or numbered 1 (the list that may interrupt
// a paragraph), with nothing between them but the lines of the
// paragraph each starts (an item's wrapped text). Each marker's line is
// then an item, its marker printed with its space as the list with its
// spaces gives it (mdblocks.go), and the lines after it are in the
// item. Numbering succession decides, not the script: a line whose text
// after the marker starts with a digit or a label of its own ("1.5 m",
// "1.A. text") is no such item.
func gluedLists(bs []block) []block {
	for i := 0; i < len(bs); i++ {
		n, _, ok := gluedMarker(bs[i])
		if !ok || !(n == 1 || !paragraphGoesOn(bs, i)) {
			continue
		}
		items, end := []int{i}, i+1
		for k := i + 1; k < len(bs); k++ {
			m, _, ok := gluedMarker(bs[k])
			if ok && m == n+len(items) && bs[k].nest == bs[i].nest {
				items = append(items, k)
				end = k + 1
				continue
			}
			if ok || !paragraphGoesOn(bs, k) {
				break
			}
			end = k + 1
		}
		if len(items) < 2 {
			continue
		}
		for k := i; k < end; k++ {
			b := &bs[k]
			if _, rest, ok := gluedMarker(*b); ok && len(items) > 0 && items[0] == k {
				items = items[1:]
				// The marker as the list with its space prints it.
				b.kind, b.depth, b.text = blockItem, b.nest, b.text[:len(b.text)-len(rest)]+" "+rest
				continue
			}
			b.nest++
		}
		i = end - 1
	}
	return bs
}

// paragraphGoesOn reports whether bs[k] is a line of the paragraph the
// block before it is a line of.
func paragraphGoesOn(bs []block, k int) bool {
	if k == 0 || bs[k].kind != blockPara || bs[k].chrome != "" {
		return false
	}
	p := bs[k-1]
	return (p.kind == blockPara || p.kind == blockItem) && p.chrome == "" && p.nest == bs[k].nest && p.line > 0 && p.line == bs[k].line-1
}

// gluedMarker reads at the start of a paragraph's line b an ordered
// list's marker glued to its text: one to nine ASCII digits, "." or ")",
// then text that starts with neither white space nor a digit, nor with
// a label of its own. It returns the marker's number and the text.
func gluedMarker(b block) (int, string, bool) {
	if b.kind != blockPara || b.chrome != "" {
		return 0, "", false
	}
	s := b.text
	i := 0
	for i < len(s) && i < 10 && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 9 || i+1 >= len(s) || s[i] != '.' && s[i] != ')' {
		return 0, "", false
	}
	rest := s[i+1:]
	r, _ := utf8.DecodeRuneInString(rest)
	if unicode.IsSpace(r) || unicode.IsDigit(r) || r == '.' || r == ')' {
		return 0, "", false
	}
	if _, ok := readLabel(rest); ok {
		return 0, "", false
	}
	n, _ := strconv.Atoi(s[:i])
	return n, rest, true
}
