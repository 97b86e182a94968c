package ingest

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// checkLinesSameTree checks that the page parsed with its lines marked,
// once unmarked, is the tree of the page parsed as it is: the marks
// change no text and no element (but for the line attribute of the
// elements that may be furniture).
func checkLinesSameTree(t *testing.T, name, text string) {
	t.Helper()
	render := func(s string, m *lineMarks) string {
		doc, err := html.Parse(strings.NewReader(s))
		if err != nil {
			return "error: " + err.Error()
		}
		if m != nil {
			m.unmark(doc)
			stack := []*html.Node{doc}
			for len(stack) > 0 {
				n := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				kept := n.Attr[:0]
				for _, a := range n.Attr {
					if a.Key != m.attr {
						kept = append(kept, a)
					}
				}
				n.Attr = kept
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					stack = append(stack, c)
				}
			}
		}
		var b strings.Builder
		if err := html.Render(&b, doc); err != nil {
			return "error: " + err.Error()
		}
		return b.String()
	}
	marked, m, ok := markLines(text)
	if !ok {
		if marked != text {
			t.Errorf("%s: not marked, but changed", name)
		}
		return
	}
	if got, want := render(marked, &m), render(text, nil); got != want {
		t.Errorf("%s: marked and unmarked\n%s\nwant\n%s", name, got, want)
	}
}

// TestTreeLinesSameTree: marking the lines changes nothing of the tree
// the parser builds, on the pages the readers are held to each other on
// and on pages that hold the noncharacters the marks are made of.
func TestTreeLinesSameTree(t *testing.T) {
	pages := append([]string{
		"<p>\ufdd0\ufdd1 a</p><p>b</p>",
		"<html><body><p>x</p><svg><style>\n  <p>y</p>",
		"<html><body><nav/><aside\nclass=x>a</aside><div role=navigation hidden>b</div><p>c<footer",
		"<html><body><pre>\nx</pre><textarea>\n t</textarea><title> T </title><p>a&#32;b&amp;</p>",
		"&#9A", "&Tab;&#x0a;&#13&#32x", "<b>x<table>\x00<tr><td>y</td></tr>&#32;</table>", "<pre>&#10;x</pre>",
	}, htmlSamePages...)
	var all strings.Builder
	for r := rune(0xFDD0); r <= 0xFDEF; r++ {
		all.WriteRune(r)
	}
	pages = append(pages, "<p>"+all.String()+"</p>", "<p>"+all.String()[3:]+"</p>")
	for i, p := range pages {
		checkLinesSameTree(t, fmt.Sprintf("page %d", i), p)
	}
}

// TestTreeLines: the tree reader gives each block the line of its first
// text and each element dropped as furniture the line of its start tag,
// on a page the streamed reader leaves to it.
func TestTreeLines(t *testing.T) {
	page := "<html><body>\n<h1>Rules</h1>\n<p><b><i>1.</b></i> First\nrule.</p>\n<table>Read\n<tr><td>\n\n  2. Second rule.</td></tr></table>\n" +
		"<pre>\n\nCode</pre>\n<aside\n>An aside of more than forty characters, to be dropped.</aside>\n<div class=card><h3>Card</h3><p>preview</p></div>\n<p>\u00a0\n<b>x</b>\n</p>"
	if _, why := streamHTMLWhy(page, nil); why == "" {
		t.Fatal("streamed: not the tree reader's")
	}
	p, err := treeHTML(page, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"Rules": 2, "1. First\nrule.": 3, "Read": 5, "2. Second rule.": 8, "Code": 11, "Card": 14, "x": 16}
	got := map[string]int{}
	for _, b := range p.bs {
		got[b.text] = b.line
	}
	for text, line := range want {
		if got[text] != line {
			t.Errorf("%q at line %d, want %d (all: %v)", text, got[text], line, got)
		}
	}
	if len(p.chrome) != 1 || p.chrome[0].line != 12 {
		t.Errorf("furniture %+v, want the <aside> at line 12", p.chrome)
	}
}

// FuzzTreeLines fuzzes the line marks of the tree reader: on any page,
// marking the lines changes nothing of the tree the parser builds, and
// every block and every element dropped as furniture has a line of the
// page. A block whose text is only a NUL the parser keeps as U+FFFD in
// foreign content (<svg>, <math>) may have none: a mark before that NUL
// would be text where the parser drops it in HTML content.
func FuzzTreeLines(f *testing.F) {
	for _, p := range htmlSamePages {
		f.Add(p)
	}
	f.Add("<p>\ufdd0\ufdd1 a</p><table>x<tr><td>\n1. y</td></tr>&#32;</table><aside\n>z</aside>")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 16<<10 {
			return
		}
		checkLinesSameTree(t, "input", text)
		p, err := treeHTML(text, nil)
		if err != nil {
			return
		}
		lines := strings.Count(text, "\n") + 1
		_, _, marked := markLines(text)
		for i, b := range p.bs {
			if b.line < 0 || b.line > lines || marked && b.line == 0 && strings.Trim(b.text, " \t\n\f\r\ufffd") != "" {
				t.Fatalf("block %d %q at line %d of %d", i, b.text, b.line, lines)
			}
		}
		for _, c := range p.chrome {
			if c.line < 1 || c.line > lines {
				t.Fatalf("furniture %+v at line %d of %d", c, c.line, lines)
			}
		}
	})
}
