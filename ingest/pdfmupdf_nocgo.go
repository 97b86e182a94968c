//go:build mupdf && !cgo

package ingest

import (
	"context"
	"errors"
)

// The tag mupdf links MuPDF through cgo. Without cgo the build stops at
// the undefined name below, which says what it needs.
const pdfEngineName = "MuPDF" + theTagMupdfNeedsCgo_SetCGO_ENABLED1AndInstallACCompiler

func pdfInstanceFor(context.Context) (pdfInstance, error) {
	return nil, errors.New("MuPDF is not linked")
}
