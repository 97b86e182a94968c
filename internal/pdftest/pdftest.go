// Package pdftest writes small PDF files for tests.
package pdftest

import (
	"bytes"
	"fmt"
	"strings"
)

// File writes a PDF of the objects numbered from 1, with the
// cross-reference table at their offsets and a trailer whose root is
// object 1; trailer is added to the trailer dictionary ("" for nothing).
func File(objs []string, trailer string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	if trailer != "" {
		trailer = " " + trailer
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, trailer, xref)
	return b.Bytes()
}

// Page writes a PDF of one US Letter page whose content stream is
// content (object 4, not compressed) and whose font /F1 is object 5,
// the first of objs (objects from 5 on).
func Page(content string, objs ...string) []byte {
	return File(append([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}, objs...), "")
}

// Type3Font is a Type3 font for Page's /F1 (object 5) whose glyphs, each
// the empty object 6 (EmptyStream), are named as the Adobe Glyph List
// names the printable ASCII letters, digits, space, colon, period and
// comma, so that an engine that reads Type3 fonts gives their text.
var Type3Font = type3Font()

// EmptyStream is a stream object of no bytes.
const EmptyStream = "<< /Length 0 >>\nstream\n\nendstream"

func type3Font() string {
	digits := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	var diffs, procs strings.Builder
	for c := 32; c < 127; c++ {
		name := map[rune]string{' ': "space", ':': "colon", '.': "period", ',': "comma"}[rune(c)]
		switch {
		case c >= '0' && c <= '9':
			name = digits[c-'0']
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			name = string(rune(c))
		}
		if name != "" {
			fmt.Fprintf(&diffs, " %d /%s", c, name)
			fmt.Fprintf(&procs, " /%s 6 0 R", name)
		}
	}
	return "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs <<" + procs.String() + " >> /Encoding << /Type /Encoding /Differences [" + diffs.String() + " ] >> /FirstChar 32 /LastChar 126 /Widths [" + strings.Repeat("500 ", 95) + "] /Resources << >> >>"
}

// Lines writes a PDF of n lines, line(i) for i from 1, 50 to a US
// Letter page from the top down, every page of one layout, with
// header(p) above the lines and footer(p) below them on page p (from 1)
// where they are not nil; the text is Helvetica, the content streams not
// compressed. The text must need no escaping in a PDF string (no
// parentheses or backslashes).
func Lines(n int, line func(i int) string, header, footer func(page int) string) []byte {
	pages := (n + 49) / 50
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
	kids := make([]string, pages)
	for p := range pages {
		kids[p] = fmt.Sprintf("%d 0 R", len(objs)+1)
		var c strings.Builder
		if header != nil {
			fmt.Fprintf(&c, "BT /F1 10 Tf 72 778 Td (%s) Tj ET\n", header(p+1))
		}
		for i := p*50 + 1; i <= min(n, p*50+50); i++ {
			fmt.Fprintf(&c, "BT /F1 10 Tf 72 %d Td (%s) Tj ET\n", 760-14*((i-1)%50), line(i))
		}
		if footer != nil {
			fmt.Fprintf(&c, "BT /F1 10 Tf 290 30 Td (%s) Tj ET\n", footer(p+1))
		}
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Resources << /Font << /F1 3 0 R >> >> >>", len(objs)+2),
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", c.Len(), c.String()))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), pages)
	return File(objs, "")
}
