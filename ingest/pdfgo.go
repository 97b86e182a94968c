package ingest

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/rulesync/rulesync/internal/pdftext"
)

// pdfEngineName names the PDF engine of this build in the format's
// description.
const pdfEngineName = "rulesync's Go PDF reader, or PDFium (WebAssembly, no system library) for a file it does not read"

// The default build reads a PDF with the pure-Go reader of
// internal/pdftext first, and with PDFium (pdfium.go) when that reader
// does not read the file with confidence: encrypted, damaged, a font or
// a code it does not take, or any other failure. The fallback says
// nothing of its own: the user sees what PDFium says.

// PDFEngines lists the names Options.PDFEngine takes in this build:
// "auto" (the default) reads a PDF with the Go reader and, a file it does
// not read with confidence, with PDFium; "go" with the Go reader alone (a
// file it does not read is an error saying why); "pdfium" with PDFium
// alone.
func PDFEngines() []string { return []string{"auto", "go", "pdfium"} }

// pdfFallbackName names the engine that reads what the Go reader does
// not, in the note that says so.
const pdfFallbackName = "PDFium"

// pdfGoFirst is whether the Go reader reads a PDF before PDFium; tests
// turn it off to test PDFium alone.
var pdfGoFirst = true

// pdfReadBy, when set (by tests), is told which engine read each file
// ("go" or "pdfium") and, for PDFium, why the Go reader did not (nil
// when it was off).
var pdfReadBy func(engine string, why error)

// pdfGoSlots holds a token per file the Go reader reads: at most
// pdfInstances at once, as for PDFium, so that the memory stays within
// pdfInstances*pdfMemory.
var pdfGoSlots = make(chan struct{}, pdfInstances)

// pdfInstanceFor waits, until ctx ends, for a free slot of the named
// engine (one of PDFEngines, "" for "auto").
func pdfInstanceFor(ctx context.Context, engine string) (pdfInstance, error) {
	if !pdfGoFirst || engine == "pdfium" {
		inst, err := pdfiumInstanceFor(ctx)
		if err == nil && pdfReadBy != nil {
			pdfReadBy("pdfium", nil)
		}
		return inst, err
	}
	select {
	case pdfGoSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &goInstance{alone: engine == "go"}, nil
}

// goInstance is the Go reader's slot for one file, and the PDFium
// instance it fell back to, if any.
type goInstance struct {
	pdfium pdfInstance
	alone  bool   // no fallback: a file the Go reader does not read is an error
	why    string // why the Go reader did not read the file PDFium read
}

// fellBack says why the Go reader did not read the file, when PDFium
// read it instead ("" when the Go reader read it).
func (g *goInstance) fellBack() string { return g.why }

// open reads every page with the Go reader; a file it does not take is
// opened in PDFium instead.
func (g *goInstance) open(ctx context.Context, data []byte) (pdfDocument, error) {
	var read []pdftext.Page
	err := pdftext.ReadEach(ctx, data, pdfMemory, func(i, n int, p pdftext.Page) error {
		read = append(read, p)
		return nil
	})
	if err == nil {
		if pdfReadBy != nil {
			pdfReadBy("go", nil)
		}
		return &goDoc{read: read}, nil
	}
	read = nil
	return g.fallback(ctx, data, err)
}

// each reads the pages of data with the Go reader, giving each to fn
// as soon as it is read (its characters are fn's until it returns), so
// that no more than one page's characters are held and fn can stop the
// reading at the page that passes a limit: fn's error is returned as
// it is. When the Go reader does not take the file, the pages fn was
// given are void, and doc is the file opened in PDFium instead (nil
// when the Go reader read it).
func (g *goInstance) each(ctx context.Context, data []byte, fn func(i, n int, height float64, chars []pdfChar) error) (doc pdfDocument, err error) {
	var chars []pdfChar
	var stop error
	err = pdftext.ReadEach(ctx, data, pdfMemory, func(i, n int, p pdftext.Page) error {
		chars = chars[:0]
		for _, c := range p.Chars {
			chars = append(chars, pdfChar{r: c.R, left: c.Left, right: c.Right, top: c.Top, bottom: c.Bottom, size: c.Size, bold: c.Bold})
		}
		stop = fn(i, n, p.Height, chars)
		return stop
	})
	switch {
	case stop != nil:
		return nil, stop
	case err == nil:
		if pdfReadBy != nil {
			pdfReadBy("go", nil)
		}
		return nil, nil
	}
	return g.fallback(ctx, data, err)
}

// fallback is the file the Go reader did not read (err says why):
// PDFium's reading of it, or the error to give where PDFium is not to
// read it (an engine of the Go reader alone, a file too large for
// either, the end of ctx).
func (g *goInstance) fallback(ctx context.Context, data []byte, err error) (pdfDocument, error) {
	var me *pdftext.MemoryError
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.As(err, &me):
		// PDFium would refuse it too, after inflating what it can.
		msg := fmt.Sprintf("needs more than the PDF engine's %d MiB of memory (a compressed stream that inflates too far?)", pdfMemory>>20)
		if me.Page > 0 {
			msg = fmt.Sprintf("page %d: %s", me.Page, msg)
		}
		return nil, pdfError(msg)
	}
	var un *pdftext.Unsupported
	if g.alone {
		if errors.As(err, &un) {
			return nil, pdfError("the Go PDF reader does not read this file with confidence: " + un.Reason)
		}
		return nil, err
	}
	g.why = err.Error()
	if errors.As(err, &un) {
		g.why = un.Reason
	}
	// What the Go reader decoded is garbage now: give it back before
	// PDFium's memory is taken, so that the two are not held at once (a
	// stream of 150 MiB drawn by 300 pages peaked at 514 MB, 327 MB
	// with this).
	debug.FreeOSMemory()
	inst, perr := pdfiumInstanceFor(ctx)
	if perr != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("starting the PDF engine: %v", perr)
	}
	g.pdfium = inst
	if pdfReadBy != nil {
		pdfReadBy("pdfium", err)
	}
	return inst.open(ctx, data)
}

// failure words a failure: PDFium's as PDFium words it; the Go reader
// gives only its own pdfError and the context's.
func (g *goInstance) failure(err error, page int) error {
	if g.pdfium != nil {
		// PDFium's own words for a page it cannot read are terse
		// ("page 2: 6: incorrect page"): the Go reader's reason for
		// leaving it the file goes with them.
		return fmt.Errorf("%w (the Go PDF reader: %s)", g.pdfium.failure(err, page), g.why)
	}
	if page > 0 {
		return fmt.Errorf("page %d: %v", page, err)
	}
	return err
}

func (g *goInstance) close() {
	if g.pdfium != nil {
		g.pdfium.close()
	}
	<-pdfGoSlots
}

// goDoc is a file the Go reader read whole.
type goDoc struct {
	read []pdftext.Page
}

func (d *goDoc) pages() (int, error) { return len(d.read), nil }

// repaired is false: the Go reader reads no damaged file (PDFium does).
func (d *goDoc) repaired() bool { return false }

func (d *goDoc) page(i int, chars []pdfChar) (float64, []pdfChar, error) {
	p := d.read[i]
	for _, c := range p.Chars {
		chars = append(chars, pdfChar{r: c.R, left: c.Left, right: c.Right, top: c.Top, bottom: c.Bottom, size: c.Size, bold: c.Bold})
	}
	d.read[i].Chars = nil // read once
	return p.Height, chars, nil
}

func (d *goDoc) close() {}
