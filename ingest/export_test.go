package ingest

import (
	"context"

	"github.com/rulesync/rulesync/corpus"
)

// PDFLines returns the text lines the PDF reader takes from the pages of
// a PDF, running headers and footers dropped, for tests that perturb a
// PDF's text where its file cannot be edited as text.
func PDFLines(data []byte) ([]string, error) {
	lines, err := pdfTextLines(data)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.text
	}
	return out, nil
}

// PDFBoldRunes returns, for each of PDFLines' lines, how many glyphs
// (runes other than white space) of the bold run it starts with, 0 for
// none, and whether all of it is bold.
func PDFBoldRunes(data []byte) ([]int, []bool, error) {
	lines, err := pdfTextLines(data)
	if err != nil {
		return nil, nil, err
	}
	n, all := make([]int, len(lines)), make([]bool, len(lines))
	for i, l := range lines {
		n[i], all[i] = l.boldRunes, l.boldAll
	}
	return n, all, nil
}

// PDFFromLines reads a publication from lines of the PDF data: line k
// has the place and type of the PDF's line from[k] and the text texts[k]
// (PDFLines' lines, deleted, repeated, moved or rewritten).
func PDFFromLines(data []byte, from []int, texts []string) (*corpus.Document, error) {
	return PDFFromLinesBold(data, from, texts, nil)
}

// PDFFromLinesBold is PDFFromLines, with line k's bold run reaching
// bold[k] glyphs where bold is not nil: a rewritten line keeps its bold
// run where the words in it changed length.
func PDFFromLinesBold(data []byte, from []int, texts []string, bold []int) (*corpus.Document, error) {
	lines, err := pdfTextLines(data)
	if err != nil {
		return nil, err
	}
	out := make([]pdfLine, len(from))
	for k, i := range from {
		out[k] = lines[i]
		out[k].text = texts[k]
		if bold != nil {
			out[k].boldRunes = bold[k]
		}
	}
	d := &corpus.Document{}
	var mk markKinds
	if err := parsePublication(pdfParagraphs(out), &mk, d); err != nil {
		return nil, err
	}
	return d, Options{}.finish(d, false)
}

func pdfTextLines(data []byte) ([]pdfLine, error) {
	pages, _, err := pdfPages(context.Background(), data)
	if err != nil {
		return nil, err
	}
	lines, _ := dropPageChrome(pages)
	return lines, nil
}

// KindName returns the name of a kind (kinds.txt) that s holds, as s
// prints it ("Recommended Procedures" of "2024 Recommended
// Procedures"), or "".
func KindName(s string) string {
	_, span := namedKindSpan(s)
	return span
}

// MarkdownTable and MarkdownStrike are the Markdown reader's table and
// strikethrough extensions of goldmark's parser.
var MarkdownTable, MarkdownStrike = mdTable, mdStrike

// PositionWork is what the position lookups have looked at so far (see
// positionWork).
func PositionWork() int64 { return positionWork.Load() }
