//go:build mupdf && cgo

package ingest

// PDFInflatesPages is true where the engine inflates a page's content
// whole before it reads it: MuPDF reads it as it inflates it, in little
// memory, so a page of a gigabyte of zeros is read (in seconds) as a page
// without text.
const PDFInflatesPages = false
