package ingest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/testgen"
)

// xmlInterchangeRe reads the heads of XLIFF and TMX files of the usual
// shape (a comment ends at its first "--", as XML has it): detection
// must name each such head, and more (any prolog: TestInterchangeProlog).
var xmlInterchangeRe = lazyre.New(`^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--(?:[^-]|-[^-])*-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<(xliff|tmx)[\s>]`)

// TestDetectInterchangeLooksFirst holds detectInterchange's look (the
// first byte after white space must be "<") to xmlInterchangeRe: on
// random heads of XML declarations, comments, doctypes, the two root
// elements, other tags, white space of every kind, a byte order mark
// and text, a head the look turns away is one the expression does not
// match, and many heads match.
func TestDetectInterchangeLooksFirst(t *testing.T) {
	pieces := []string{"<?xml version=\"1.0\"?>", "<!-- note -->", "<!--\n-->", "<!DOCTYPE xliff>", "<xliff ", "<xliff>", "<tmx version=\"1.4\">", "<tmx\n", "<html>", "<", ">", " ", "\t", "\n", "\r", "\f", "\v", "\u00a0", "\xef\xbb\xbf", "# title", "msgid \"\"", "text"}
	r := rand.New(rand.NewPCG(29, 7))
	matched := 0
	for range 50000 {
		head := []byte(testgen.Text(r, pieces, 7))
		want := ""
		if m := xmlInterchangeRe.FindSubmatch([]byte(strings.TrimPrefix(string(head), "\xef\xbb\xbf"))); m != nil {
			want = string(m[1])
			matched++
		}
		if got := detectInterchange(head); want != "" && got != want {
			t.Fatalf("detectInterchange(%q) = %q, but xmlInterchangeRe reads %q", head, got, want)
		}
	}
	if matched < 2000 {
		t.Fatalf("only %d random heads match: the test is too weak", matched)
	}
}
