// Package pdftest writes small PDF files for tests.
package pdftest

import (
	"bytes"
	"fmt"
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
