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
