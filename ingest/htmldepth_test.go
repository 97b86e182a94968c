package ingest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestHTMLTooDeep: a page nested past the HTML parser's 512 open
// elements is an error at the line and column of the tag that passes
// the limit, with the reason, whichever reader met it first (the
// streamed one reads up to the limit; cards, a misnested element or
// a table's foster parenting send the page to the tree reader early).
func TestHTMLTooDeep(t *testing.T) {
	divs := func(n int) string { return strings.Repeat("<div>\n", n) }
	head := "<html><body>\n<h1>Rules</h1>\n<p>1. First.</p>\n"
	for _, c := range []struct {
		name, page string
		line, col  int
	}{
		// html and body are open: the 511th <div> is the 513th element.
		{"divs", head + divs(600) + "x", 3 + 511, 1},
		{"one line", head + "<p>2. Second.</p> " + strings.Repeat("<span>", 600) + "x", 4, 19 + 510*6},
		// No <html> or <body> tags: the parser opens them.
		{"implied", "<p>1. a</p>\n" + divs(600), 1 + 511, 1},
		// Misnested formatting sends the page to the tree reader first.
		{"misnested", head + "<b><i>x</b></i>\n" + divs(600), 4 + 511, 1},
		{"attributes", head + strings.Repeat("<div title=\"a<b\">", 520), 4, 1 + 510*17},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ingest.Options{}.Bytes("deep.html", []byte(c.page))
			if err == nil {
				t.Fatal("read, want an error")
			}
			want := fmt.Sprintf("deep.html:%d:%d: HTML: ", c.line, c.col)
			if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "512") {
				t.Errorf("%v\nwant it at %s with the parser's limit of 512", err, want)
			}
		})
	}
	// 512 elements deep is read.
	if _, err := (ingest.Options{}).Bytes("deep.html", []byte(head+divs(509)+"<p>2. x</p>")); err != nil {
		t.Errorf("512 deep: %v", err)
	}
}
