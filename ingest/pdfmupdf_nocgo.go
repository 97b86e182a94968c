//go:build mupdf && !cgo

package ingest

import (
	"context"
	"errors"
)

// The tag mupdf links MuPDF through cgo. Without cgo the build stops at
// the undefined name below, which says what it needs.
const pdfEngineName = "MuPDF" + theTagMupdfNeedsCgo_SetCGO_ENABLED1AndInstallACCompiler

func pdfInstanceFor(context.Context, string) (pdfInstance, error) {
	return nil, errors.New("MuPDF is not linked")
}

// PDFEngines lists the names Options.PDFEngine takes in this build.
func PDFEngines() []string { return []string{"auto", "mupdf"} }

const pdfFallbackName = "MuPDF"
