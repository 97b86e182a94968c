package ingest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klippa-app/go-pdfium"
	pdfiumerrors "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// The PDF engine's resources, fixed whatever the number of cores: each
// instance's WebAssembly memory is capped by the allocator that backs it
// (pdfAllocator; a page whose content stream inflates to 1 GiB grew it
// to 4 GiB, and the process to 4.4 GB), and at most pdfInstances files
// are read at once, so that the engine never holds more than
// pdfInstances*pdfMemory. The real publications need 18 MiB, a tenth of
// the cap. (The allocator is the cap rather than wazero's memory limit
// in pages, which refuses a growth without a word: the allocator counts
// its refusals, and an engine failure after one is reported as a want
// of memory.)
const (
	pdfMemory    = 192 << 20 // bytes of WebAssembly memory per instance
	pdfInstances = 2
)

var (
	pdfPoolOnce sync.Once
	pdfPool     pdfium.Pool
	pdfPoolErr  error
)

// pdfEngine returns the shared PDFium pool, starting it on first use: at
// most pdfInstances instances, each with at most pdfMemory of memory. The
// WebAssembly module is compiled once per process; the compiled code is
// cached under the user's cache directory, so later processes start fast.
func pdfEngine() (pdfium.Pool, error) {
	pdfPoolOnce.Do(func() {
		// Not WithCloseOnContextDone: it starts a goroutine per call into
		// the engine (a quarter of the run time); pdfTimeout abandons a
		// stuck call instead.
		rc := wazero.NewRuntimeConfig().
			WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling)
		if dir, err := os.UserCacheDir(); err == nil {
			if cache, err := wazero.NewCompilationCacheWithDir(filepath.Join(dir, "rulesync", "wazero")); err == nil {
				rc = rc.WithCompilationCache(cache)
			}
		}
		pdfPool, pdfPoolErr = webassembly.Init(webassembly.Config{
			Context:       experimental.WithMemoryAllocator(context.Background(), pdfAllocator),
			MinIdle:       0,
			MaxIdle:       1,
			MaxTotal:      pdfInstances,
			RuntimeConfig: rc,
		})
	})
	return pdfPool, pdfPoolErr
}

// pdfiumInstance is an instance of the PDFium pool, with the count of
// refused allocations when it was taken.
type pdfiumInstance struct {
	inst    pdfium.Pdfium
	refused int64
	calls   *pdfCalls
}

// pdfiumInstanceFor waits, until ctx ends, for a free PDFium instance.
func pdfiumInstanceFor(ctx context.Context) (pdfInstance, error) {
	pool, err := pdfEngine()
	if err != nil {
		return nil, err
	}
	inst, err := pool.GetInstanceWithContext(ctx)
	if err != nil {
		return nil, err
	}
	return &pdfiumInstance{inst: inst, refused: pdfRefused.Load()}, nil
}

// open loads data; PDFium cannot be stopped in a page, ctx is not used.
func (p *pdfiumInstance) open(_ context.Context, data []byte) (pdfDocument, error) {
	c, err := newPDFCalls(p.inst)
	if err != nil {
		return nil, err
	}
	p.calls = c
	doc, err := c.open(data)
	if err != nil {
		switch {
		case errors.Is(err, pdfiumerrors.ErrPassword):
			return nil, pdfError("the PDF is encrypted with a password; save an unprotected copy first")
		case errors.Is(err, pdfiumerrors.ErrFormat), errors.Is(err, pdfiumerrors.ErrFile):
			return nil, pdfError("not a readable PDF: the file is corrupt or truncated")
		}
		return nil, fmt.Errorf("not a readable PDF: %v", err)
	}
	return doc, nil
}

func (p *pdfiumInstance) close() {
	if p.calls != nil {
		p.calls.close()
	}
	p.inst.Close()
}

// pdfRefused counts the times an engine instance asked for memory past
// pdfMemory: an engine failure that follows one is for want of memory.
var pdfRefused atomic.Int64

// failure words a failure of PDFium on one line. PDFium aborts when an
// allocation fails, which surfaces as a WebAssembly trap with a stack
// trace of many lines.
func (p *pdfiumInstance) failure(err error, page int) error {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	switch {
	case pdfRefused.Load() > p.refused:
		msg = fmt.Sprintf("needs more than the PDF engine's %d MiB of memory (a compressed stream that inflates too far?)", pdfMemory>>20)
	case strings.Contains(msg, "wasm error"):
		msg = "the PDF engine stopped on it: the file is malformed, or needs too much memory"
	}
	if page > 0 {
		return fmt.Errorf("page %d: %s", page, msg)
	}
	return errors.New(msg)
}

// heapMemory is a linear memory on the Go heap that grows by copying, up
// to max bytes: the fallback where no memory mapping can be had.
type heapMemory struct {
	buf []byte
	max uint64
}

func (m *heapMemory) Reallocate(size uint64) []byte {
	if size > m.max {
		pdfRefused.Add(1)
		return nil
	}
	if size > uint64(cap(m.buf)) {
		buf := make([]byte, size, min(max(size, 2*uint64(cap(m.buf))), m.max))
		copy(buf, m.buf)
		m.buf = buf
	}
	m.buf = m.buf[:size]
	return m.buf
}

func (m *heapMemory) Free() { m.buf = nil }
