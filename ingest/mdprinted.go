package ingest

import (
	"bytes"
	"strings"
	"unicode"

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
