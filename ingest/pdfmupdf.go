//go:build mupdf && cgo

package ingest

/*
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

// What this file calls of MuPDF 1.24, declared here as MuPDF's headers
// declare it (go-fitz links the library and keeps its headers to itself;
// none is copied into rulesync). rs_new refuses a library of another
// version, whose structures may differ.
typedef struct fz_context fz_context;
typedef struct fz_document fz_document;
typedef struct fz_page fz_page;
typedef struct fz_stream fz_stream;
typedef struct fz_device fz_device;
typedef struct fz_font fz_font;
typedef struct fz_pool fz_pool;
typedef struct fz_locks_context fz_locks_context;
typedef struct { float x, y; } fz_point;
typedef struct { float x0, y0, x1, y1; } fz_rect;
typedef struct { fz_point ul, ur, ll, lr; } fz_quad;
typedef struct { float a, b, c, d, e, f; } fz_matrix;
typedef struct {
	void *user;
	void *(*malloc)(void *user, size_t size);
	void *(*realloc)(void *user, void *old, size_t size);
	void (*free)(void *user, void *ptr);
} fz_alloc_context;
typedef struct { int abort; int progress; size_t progress_max; int errors; int incomplete; } fz_cookie;
typedef struct { int flags; float scale; } fz_stext_options;
typedef struct fz_stext_block fz_stext_block;
typedef struct fz_stext_line fz_stext_line;
typedef struct fz_stext_char fz_stext_char;
typedef struct { fz_pool *pool; fz_rect mediabox; fz_stext_block *first_block, *last_block; } fz_stext_page;
struct fz_stext_block {
	int type; // 0 text, 1 image
	fz_rect bbox;
	union {
		struct { fz_stext_line *first_line, *last_line; } t;
		struct { fz_matrix transform; void *image; } i;
	} u;
	fz_stext_block *prev, *next;
};
struct fz_stext_line { int wmode; fz_point dir; fz_rect bbox; fz_stext_char *first_char, *last_char; fz_stext_line *prev, *next; };
struct fz_stext_char { int c; int bidi; int color; fz_point origin; fz_quad quad; float size; fz_font *font; fz_stext_char *next; };

fz_context *fz_new_context_imp(const fz_alloc_context *alloc, const fz_locks_context *locks, size_t max_store, const char *version);
void fz_drop_context(fz_context *ctx);
void fz_set_error_callback(fz_context *ctx, void (*cb)(void *user, const char *message), void *user);
void fz_set_warning_callback(fz_context *ctx, void (*cb)(void *user, const char *message), void *user);
void fz_register_document_handlers(fz_context *ctx);
sigjmp_buf *fz_push_try(fz_context *ctx);
int fz_do_try(fz_context *ctx);
int fz_do_always(fz_context *ctx);
int fz_do_catch(fz_context *ctx);
const char *fz_caught_message(fz_context *ctx);
fz_stream *fz_open_memory(fz_context *ctx, const unsigned char *data, size_t len);
void fz_drop_stream(fz_context *ctx, fz_stream *stm);
fz_document *fz_open_document_with_stream(fz_context *ctx, const char *magic, fz_stream *stream);
void fz_drop_document(fz_context *ctx, fz_document *doc);
int fz_needs_password(fz_context *ctx, fz_document *doc);
int fz_count_pages(fz_context *ctx, fz_document *doc);
fz_page *fz_load_page(fz_context *ctx, fz_document *doc, int number);
void fz_drop_page(fz_context *ctx, fz_page *page);
fz_rect fz_bound_page(fz_context *ctx, fz_page *page);
fz_stext_page *fz_new_stext_page(fz_context *ctx, fz_rect mediabox);
void fz_drop_stext_page(fz_context *ctx, fz_stext_page *page);
fz_device *fz_new_stext_device(fz_context *ctx, fz_stext_page *page, const fz_stext_options *options);
void fz_run_page(fz_context *ctx, fz_page *page, fz_device *dev, fz_matrix transform, fz_cookie *cookie);
void fz_close_device(fz_context *ctx, fz_device *dev);
void fz_drop_device(fz_context *ctx, fz_device *dev);
const char *fz_font_name(fz_context *ctx, fz_font *font);
typedef struct pdf_document pdf_document;
pdf_document *pdf_document_from_fz_document(fz_context *ctx, fz_document *doc);
int pdf_was_repaired(fz_context *ctx, pdf_document *doc);
int fz_font_is_bold(fz_context *ctx, fz_font *font);

// fz_try, fz_always and fz_catch, spelled out (system.h: sigsetjmp where
// the system has it, as on every unix).
#define RS_TRY(ctx) if (!sigsetjmp(*fz_push_try(ctx), 0)) if (fz_do_try(ctx)) do
#define RS_ALWAYS(ctx) while (0); if (fz_do_always(ctx)) do
#define RS_CATCH(ctx) while (0); if (fz_do_catch(ctx))

// rs_budget caps the memory of one context: MuPDF's allocations go
// through rs_malloc, rs_realloc and rs_free, which keep each block's size
// before it. A refused allocation makes MuPDF empty its store of decoded
// resources and try again, then fail.
typedef struct {
	size_t used, cap; // bytes allocated, the most that may be
	int refused;      // allocations refused for the cap
} rs_budget;

enum { rs_head = 16 }; // keeps the blocks 16-byte aligned

static void *rs_malloc(void *user, size_t n) {
	rs_budget *b = user;
	if (n > b->cap - b->used) {
		b->refused++;
		return NULL;
	}
	size_t *p = malloc(n + rs_head);
	if (p == NULL)
		return NULL;
	p[0] = n;
	b->used += n;
	return (char *)p + rs_head;
}

static void rs_free(void *user, void *ptr) {
	if (ptr == NULL)
		return;
	rs_budget *b = user;
	size_t *p = (size_t *)((char *)ptr - rs_head);
	b->used -= p[0];
	free(p);
}

static void *rs_realloc(void *user, void *old, size_t n) {
	if (old == NULL)
		return rs_malloc(user, n);
	if (n == 0) {
		rs_free(user, old);
		return NULL;
	}
	rs_budget *b = user;
	size_t *p = (size_t *)((char *)old - rs_head);
	if (n > p[0] && n - p[0] > b->cap - b->used) {
		b->refused++;
		return NULL;
	}
	size_t was = p[0];
	p = realloc(p, n + rs_head);
	if (p == NULL)
		return NULL;
	p[0] = n;
	b->used = b->used - was + n;
	return (char *)p + rs_head;
}

static void rs_quiet(void *user, const char *message) {}

// rs_says_bold reports whether a font's name has "bold" in it, in any
// case, as the PDFium engine reads a font's weight from its name.
static int rs_says_bold(const char *name) {
	for (; name && *name; name++)
		if (tolower(name[0]) == 'b' && tolower(name[1]) == 'o' && tolower(name[2]) == 'l' && tolower(name[3]) == 'd')
			return 1;
	return 0;
}

// rs_engine is one MuPDF context and the document open in it.
typedef struct {
	fz_context *ctx;
	fz_document *doc;
	unsigned char *data; // the file, which MuPDF reads in place
	fz_cookie cookie;    // abort is set from Go when the reading is stopped
	rs_budget budget;
	fz_alloc_context alloc;
	char err[200]; // the message of the last failure
} rs_engine;

// rs_char is a character as the reader takes it, in points with the
// origin at the bottom left of the page; c is '\n' at the end of a line.
typedef struct {
	int c, bold;
	float left, right, top, bottom, size;
} rs_char;

static void rs_caught(rs_engine *e) {
	strncpy(e->err, fz_caught_message(e->ctx), sizeof e->err - 1);
	e->err[sizeof e->err - 1] = 0;
}

static rs_engine *rs_new(size_t cap, size_t store, const char *version) {
	rs_engine *e = calloc(1, sizeof *e);
	if (e == NULL)
		return NULL;
	e->budget.cap = cap;
	e->alloc = (fz_alloc_context){&e->budget, rs_malloc, rs_realloc, rs_free};
	e->ctx = fz_new_context_imp(&e->alloc, NULL, store, version);
	if (e->ctx == NULL) {
		free(e);
		return NULL;
	}
	fz_set_error_callback(e->ctx, rs_quiet, NULL);
	fz_set_warning_callback(e->ctx, rs_quiet, NULL);
	return e;
}

// rs_open opens the PDF of n bytes at data, which it takes over: 0 when
// open, 1 when it needs a password, -1 on a failure (e->err).
static int rs_open(rs_engine *e, unsigned char *data, size_t n) {
	fz_context *ctx = e->ctx;
	fz_stream *volatile stm = NULL;
	fz_document *volatile doc = NULL;
	e->data = data;
	RS_TRY(ctx) {
		fz_register_document_handlers(ctx);
		stm = fz_open_memory(ctx, data, n);
		doc = fz_open_document_with_stream(ctx, "application/pdf", stm);
	}
	RS_ALWAYS(ctx) {
		fz_drop_stream(ctx, stm);
	}
	RS_CATCH(ctx) {
		rs_caught(e);
		return -1;
	}
	e->doc = doc;
	return fz_needs_password(ctx, doc) ? 1 : 0;
}

// rs_count returns the number of pages, -1 on a failure (e->err).
static int rs_count(rs_engine *e) {
	volatile int n = -1;
	RS_TRY(e->ctx) {
		n = fz_count_pages(e->ctx, e->doc);
	}
	RS_CATCH(e->ctx) {
		rs_caught(e);
		return -1;
	}
	return n;
}

// rs_page reads page i (from 0) into *out (malloc'd, *n characters) and
// its height: 0, -1 on a failure (e->err), -2 when stopped by the cookie.
static int rs_page(rs_engine *e, int i, rs_char **out, int *n, float *height) {
	fz_context *ctx = e->ctx;
	fz_page *volatile page = NULL;
	fz_stext_page *volatile text = NULL;
	fz_device *volatile dev = NULL;
	rs_char *volatile chars = NULL;
	volatile int count = 0;
	*out = NULL;
	*n = 0;
	RS_TRY(ctx) {
		page = fz_load_page(ctx, e->doc, i);
		fz_rect box = fz_bound_page(ctx, page);
		*height = box.y1 - box.y0;
		text = fz_new_stext_page(ctx, box);
		fz_stext_options opts = {0, 1};
		dev = fz_new_stext_device(ctx, text, &opts);
		fz_run_page(ctx, page, dev, (fz_matrix){1, 0, 0, 1, 0, 0}, &e->cookie);
		fz_close_device(ctx, dev);
		if (!e->cookie.abort) {
			int total = 0;
			for (fz_stext_block *b = text->first_block; b; b = b->next)
				if (b->type == 0)
					for (fz_stext_line *l = b->u.t.first_line; l; l = l->next) {
						for (fz_stext_char *c = l->first_char; c; c = c->next)
							total++;
						total++;
					}
			chars = malloc((total ? total : 1) * sizeof(rs_char));
			fz_font *font = NULL;
			int bold = 0;
			for (fz_stext_block *b = text->first_block; b && chars; b = b->next) {
				if (b->type != 0)
					continue;
				for (fz_stext_line *l = b->u.t.first_line; l; l = l->next) {
					int prev = 0;
					for (fz_stext_char *c = l->first_char; c; prev = c->c, c = c->next) {
						// MuPDF adds a space where the glyphs leave a gap,
						// also after the file's own space.
						if (c->c == ' ' && prev == ' ')
							continue;
						if (c->font != font) {
							font = c->font;
							const char *name = font ? fz_font_name(ctx, font) : NULL;
							bold = font && (fz_font_is_bold(ctx, font) || rs_says_bold(name));
						}
						fz_quad q = c->quad;
						rs_char *r = &chars[count++];
						r->c = c->c;
						r->bold = bold;
						r->left = fminf(q.ul.x, q.ll.x);
						r->right = fmaxf(q.ur.x, q.lr.x);
						r->top = box.y1 - fminf(q.ul.y, q.ur.y);
						r->bottom = box.y1 - fmaxf(q.ll.y, q.lr.y);
						r->size = c->size;
					}
					chars[count++] = (rs_char){.c = '\n'};
				}
			}
		}
	}
	RS_ALWAYS(ctx) {
		fz_drop_device(ctx, dev);
		fz_drop_stext_page(ctx, text);
		fz_drop_page(ctx, page);
	}
	RS_CATCH(ctx) {
		free(chars);
		rs_caught(e);
		return -1;
	}
	if (e->cookie.abort) {
		free(chars);
		return -2;
	}
	if (chars == NULL) {
		strcpy(e->err, "out of memory for the characters of the page");
		return -1;
	}
	*out = chars;
	*n = count;
	return 0;
}

static void rs_close(rs_engine *e) {
	fz_drop_document(e->ctx, e->doc);
	fz_drop_context(e->ctx);
	free(e->data);
	free(e);
}

// rs_repaired reports whether MuPDF rebuilt the file's table of objects
// (its cross-reference table) because it was damaged.
static int rs_repaired(rs_engine *e) {
	pdf_document *pdf = pdf_document_from_fz_document(e->ctx, e->doc);
	return pdf != NULL && pdf_was_repaired(e->ctx, pdf);
}

static void rs_stop(rs_engine *e) { e->cookie.abort = 1; }
static int rs_refused(rs_engine *e) { return e->budget.refused; }
*/
import "C"

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	fitz "github.com/gen2brain/go-fitz"
)

// pdfEngineName names the PDF engine of this build in the format's
// description.
const pdfEngineName = "MuPDF (cgo, AGPL-3.0)"

// The PDF engine's resources: at most pdfInstances files are read at
// once, each in a MuPDF context of its own whose allocations are capped
// at pdfMemory (MuPDF empties its store of decoded fonts and images
// before it fails an allocation), and whose store holds at most
// pdfStore.
const (
	pdfMemory    = 192 << 20
	pdfStore     = 64 << 20
	pdfInstances = 2
)

// mupdfSlots holds a token per file being read.
var mupdfSlots = make(chan struct{}, pdfInstances)

// mupdfInstance is a MuPDF context for one file.
type mupdfInstance struct {
	e        *C.rs_engine
	mu       sync.Mutex // held to stop a reading and to close
	closed   bool
	stopWith func() bool // stops the context.AfterFunc that stops a reading
	ended    bool        // the file ends as a PDF ends
}

// PDFEngines lists the names Options.PDFEngine takes in this build:
// "auto" (the default) and "mupdf" both read a PDF with MuPDF.
func PDFEngines() []string { return []string{"auto", "mupdf"} }

// pdfFallbackName names MuPDF in notes; this build has no other engine
// to fall back from.
const pdfFallbackName = "MuPDF"

// pdfInstanceFor waits, until ctx ends, for a free slot and starts a
// MuPDF context in it (engine is one of PDFEngines: all are MuPDF).
func pdfInstanceFor(ctx context.Context, engine string) (pdfInstance, error) {
	select {
	case mupdfSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	version := C.CString(fitz.FzVersion)
	defer C.free(unsafe.Pointer(version))
	e := C.rs_new(pdfMemory, pdfStore, version)
	if e == nil {
		<-mupdfSlots
		return nil, fmt.Errorf("MuPDF %s would not start (a library of another version?)", fitz.FzVersion)
	}
	return &mupdfInstance{e: e}, nil
}

func (m *mupdfInstance) open(ctx context.Context, data []byte) (pdfDocument, error) {
	// The engine's reading of a page stops at its next operator when the
	// cookie says so.
	m.stopWith = context.AfterFunc(ctx, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if !m.closed {
			C.rs_stop(m.e)
		}
	})
	// A PDF ends with "%%EOF", perhaps followed by a few bytes of junk.
	m.ended = bytes.Contains(data[max(0, len(data)-1024):], []byte("%%EOF"))
	switch C.rs_open(m.e, (*C.uchar)(C.CBytes(data)), C.size_t(len(data))) {
	case 0:
		return (*mupdfDoc)(m), nil
	case 1:
		return nil, pdfError("the PDF is encrypted with a password; save an unprotected copy first")
	}
	return nil, pdfError("not a readable PDF: the file is corrupt or truncated")
}

func (m *mupdfInstance) close() {
	if m.stopWith != nil {
		m.stopWith()
	}
	m.mu.Lock()
	m.closed = true
	C.rs_close(m.e)
	m.mu.Unlock()
	<-mupdfSlots
}

// failure words a failure of MuPDF on one line: its message, or the
// want of memory when the context refused an allocation.
func (m *mupdfInstance) failure(err error, page int) error {
	msg := err.Error()
	if C.rs_refused(m.e) > 0 {
		msg = fmt.Sprintf("needs more than the PDF engine's %d MiB of memory (a compressed stream that inflates too far?)", pdfMemory>>20)
	}
	if page > 0 {
		return fmt.Errorf("page %d: %s", page, msg)
	}
	return errors.New(msg)
}

// lastError is MuPDF's message for the last failure.
func (m *mupdfInstance) lastError() error {
	return errors.New(C.GoString(&m.e.err[0]))
}

// mupdfDoc is the document open in an instance.
type mupdfDoc mupdfInstance

func (d *mupdfDoc) pages() (int, error) {
	n := C.rs_count(d.e)
	if n < 0 {
		return 0, (*mupdfInstance)(d).lastError()
	}
	// MuPDF rebuilds a damaged file from the objects it finds, where
	// PDFium refuses much of what it rebuilds: one cut short (it lacks
	// the end-of-file marker a PDF ends with) or that gives no page is
	// refused as the other engine refuses it; any other that was rebuilt
	// is read with a warning (repaired).
	if C.rs_repaired(d.e) != 0 && (n == 0 || !d.ended) {
		return 0, pdfError("not a readable PDF: the file is corrupt or truncated")
	}
	return int(n), nil
}

func (d *mupdfDoc) page(i int, chars []pdfChar) (float64, []pdfChar, error) {
	var out *C.rs_char
	var n C.int
	var h C.float
	switch C.rs_page(d.e, C.int(i), &out, &n, &h) {
	case -1:
		return 0, nil, (*mupdfInstance)(d).lastError()
	case -2:
		return 0, nil, context.Canceled
	}
	defer C.free(unsafe.Pointer(out))
	for _, c := range unsafe.Slice(out, int(n)) {
		chars = append(chars, pdfChar{
			r:    rune(c.c),
			left: float64(c.left), right: float64(c.right), top: float64(c.top), bottom: float64(c.bottom),
			size: float64(c.size),
			bold: c.bold != 0,
		})
	}
	return float64(h), chars, nil
}

// repaired reports whether MuPDF rebuilt the file's table of objects.
func (d *mupdfDoc) repaired() bool { return C.rs_repaired(d.e) != 0 }

// The document is closed with its instance.
func (d *mupdfDoc) close() {}
