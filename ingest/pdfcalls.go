package ingest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"unicode"

	"github.com/klippa-app/go-pdfium"
	pdfiumerrors "github.com/klippa-app/go-pdfium/errors"
	"github.com/tetratelabs/wazero/api"
)

// pdfCalls calls PDFium's C functions in one engine instance directly,
// with their native handles. go-pdfium's GetPageTextStructured makes 14
// calls into the engine per character: box, code point and angle, then
// the font (size, weight, two FPDFText_GetFontInfo, matrix), 6 of them
// malloc or free of scratch memory; its request API for single functions
// allocates scratch memory on every call and registers each handle it
// returns under a fresh UUID. Here the scratch memory is allocated once
// per file and a font is read once per text object, which is where PDFium
// keeps it (FPDFText_GetFontSize, _GetFontWeight and _GetFontInfo all
// answer from the character's text object): 3 calls per character.
// go-pdfium still starts the engine, pools its instances and compiles
// the module.
type pdfCalls struct {
	ctx     context.Context
	mem     api.Memory
	stack   [8]uint64
	scratch uint32 // 40 bytes: four doubles and an int, reused by every call

	malloc, free                                                  api.Function
	loadDoc, closeDoc, lastError, pageCount, validXref            api.Function
	loadPage, closePage, pageHeight                               api.Function
	loadText, closeText, countChars, unicode, charBox, textObject api.Function
	fontSize, fontWeight, fontInfo                                api.Function
}

// newPDFCalls finds the functions of the engine instance inst. go-pdfium
// exposes the instance's exported functions and memory only through its
// implementation value (GetImplementation, whose type is internal to
// go-pdfium): they are read by reflection, and a go-pdfium that no
// longer has them is an error saying so.
func newPDFCalls(inst pdfium.Pdfium) (c *pdfCalls, err error) {
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("go-pdfium's engine instance has changed shape: %v", r)
		}
	}()
	impl := reflect.ValueOf(inst.GetImplementation())
	fn := impl.MethodByName("Fn")
	mod := impl.Elem().FieldByName("Module")
	ctx, _ := impl.Elem().FieldByName("Context").Interface().(context.Context)
	if !fn.IsValid() || !mod.IsValid() || ctx == nil {
		return nil, errors.New("go-pdfium's engine instance has changed shape: no Fn, Module or Context")
	}
	mem, _ := mod.MethodByName("Memory").Call(nil)[0].Interface().(api.Memory)
	if mem == nil {
		return nil, errors.New("go-pdfium's engine instance has changed shape: its memory is not wazero's")
	}
	c = &pdfCalls{ctx: ctx, mem: mem}
	for _, f := range []struct {
		name string
		to   *api.Function
	}{
		{"malloc", &c.malloc}, {"free", &c.free},
		{"FPDF_LoadMemDocument", &c.loadDoc}, {"FPDF_CloseDocument", &c.closeDoc},
		{"FPDF_GetLastError", &c.lastError}, {"FPDF_GetPageCount", &c.pageCount},
		{"FPDF_DocumentHasValidCrossReferenceTable", &c.validXref},
		{"FPDF_LoadPage", &c.loadPage}, {"FPDF_ClosePage", &c.closePage}, {"FPDF_GetPageHeightF", &c.pageHeight},
		{"FPDFText_LoadPage", &c.loadText}, {"FPDFText_ClosePage", &c.closeText},
		{"FPDFText_CountChars", &c.countChars}, {"FPDFText_GetUnicode", &c.unicode},
		{"FPDFText_GetCharBox", &c.charBox}, {"FPDFText_GetTextObject", &c.textObject},
		{"FPDFText_GetFontSize", &c.fontSize}, {"FPDFText_GetFontWeight", &c.fontWeight},
		{"FPDFText_GetFontInfo", &c.fontInfo},
	} {
		v := fn.Call([]reflect.Value{reflect.ValueOf(f.name)})[0]
		af, _ := v.Interface().(api.Function)
		if af == nil {
			return nil, fmt.Errorf("the PDF engine has no function %s", f.name)
		}
		*f.to = af
	}
	if c.scratch, err = c.alloc(40); err != nil {
		return nil, err
	}
	return c, nil
}

// call calls f with params and returns its result (0 for none).
func (c *pdfCalls) call(f api.Function, params ...uint64) (uint64, error) {
	copy(c.stack[:], params)
	if err := f.CallWithStack(c.ctx, c.stack[:]); err != nil {
		return 0, err
	}
	return c.stack[0], nil
}

// alloc allocates n bytes of engine memory.
func (c *pdfCalls) alloc(n int) (uint32, error) {
	p, err := c.call(c.malloc, uint64(n))
	if err != nil {
		return 0, err
	}
	if p == 0 {
		return 0, errors.New("the PDF engine is out of memory")
	}
	return uint32(p), nil
}

// close frees the scratch memory.
func (c *pdfCalls) close() {
	c.call(c.free, uint64(c.scratch))
}

// pdfDoc is a document open in the engine, with its bytes in engine
// memory (PDFium reads them as it goes).
type pdfDoc struct {
	c    *pdfCalls
	doc  uint64
	data uint32
}

// open loads the PDF data into the engine. The errors are go-pdfium's,
// so that a caller tells a password from a damaged file as before.
func (c *pdfCalls) open(data []byte) (*pdfDoc, error) {
	if len(data) > math.MaxInt32 {
		return nil, pdfError("the PDF is larger than the PDF engine reads (2 GiB)")
	}
	ptr, err := c.alloc(max(len(data), 1))
	if err != nil {
		return nil, err
	}
	if !c.mem.Write(ptr, data) {
		c.call(c.free, uint64(ptr))
		return nil, errors.New("could not write the file to the PDF engine's memory")
	}
	doc, err := c.call(c.loadDoc, uint64(ptr), uint64(len(data)), 0)
	if err != nil {
		return nil, err
	}
	if uint32(doc) == 0 {
		code, err := c.call(c.lastError)
		c.call(c.free, uint64(ptr))
		if err != nil {
			return nil, err
		}
		if errs := []error{
			pdfiumerrors.ErrSuccess, pdfiumerrors.ErrUnknown, pdfiumerrors.ErrFile, pdfiumerrors.ErrFormat,
			pdfiumerrors.ErrPassword, pdfiumerrors.ErrSecurity, pdfiumerrors.ErrPage,
		}; uint32(code) < uint32(len(errs)) {
			return nil, errs[uint32(code)]
		}
		return nil, pdfiumerrors.ErrUnexpected
	}
	return &pdfDoc{c: c, doc: doc, data: ptr}, nil
}

func (d *pdfDoc) close() {
	d.c.call(d.c.closeDoc, d.doc)
	d.c.call(d.c.free, uint64(d.data))
}

func (d *pdfDoc) pages() (int, error) {
	n, err := d.c.call(d.c.pageCount, d.doc)
	return int(int32(n)), err
}

// repaired reports whether PDFium had to rebuild the file's table of
// objects (FPDF_DocumentHasValidCrossReferenceTable is false).
func (d *pdfDoc) repaired() bool {
	ok, err := d.c.call(d.c.validXref, d.doc)
	return err == nil && uint32(ok) == 0
}

// pdfFont is what pdfChar keeps of a text object's font.
type pdfFont struct {
	size float64
	bold bool
}

// page reads page i (from 0): its height and characters. Characters that
// are white space have only their code point.
func (d *pdfDoc) page(i int, chars []pdfChar) (float64, []pdfChar, error) {
	c := d.c
	page, err := c.call(c.loadPage, d.doc, uint64(i))
	if err != nil {
		return 0, nil, err
	}
	if uint32(page) == 0 {
		return 0, nil, pdfiumerrors.ErrPage
	}
	defer c.call(c.closePage, page)
	h, err := c.call(c.pageHeight, page)
	if err != nil {
		return 0, nil, err
	}
	height := float64(math.Float32frombits(uint32(h)))
	text, err := c.call(c.loadText, page)
	if err != nil {
		return 0, nil, err
	}
	if uint32(text) == 0 {
		return height, chars, nil // no text to read, as go-pdfium had it
	}
	defer c.call(c.closeText, text)
	n, err := c.call(c.countChars, text)
	if err != nil {
		return 0, nil, err
	}
	fonts := map[uint32]pdfFont{}
	s := c.scratch
	for j := range uint64(max(int32(n), 0)) {
		u, err := c.call(c.unicode, text, j)
		if err != nil {
			return 0, nil, err
		}
		ch := pdfChar{r: rune(uint32(u))}
		if ch.r == 0 || unicode.IsSpace(ch.r) {
			chars = append(chars, ch)
			continue
		}
		// FPDFText_GetCharBox(text, j, &left, &right, &bottom, &top):
		// on failure the doubles keep the last character's box, as they
		// did in go-pdfium's GetPageTextStructured.
		if _, err := c.call(c.charBox, text, j, uint64(s), uint64(s+8), uint64(s+16), uint64(s+24)); err != nil {
			return 0, nil, err
		}
		ch.left, _ = c.mem.ReadFloat64Le(s)
		ch.right, _ = c.mem.ReadFloat64Le(s + 8)
		ch.bottom, _ = c.mem.ReadFloat64Le(s + 16)
		ch.top, _ = c.mem.ReadFloat64Le(s + 24)
		obj, err := c.call(c.textObject, text, j)
		if err != nil {
			return 0, nil, err
		}
		f, ok := fonts[uint32(obj)]
		if !ok || uint32(obj) == 0 {
			if f, err = d.font(text, j); err != nil {
				return 0, nil, err
			}
			if uint32(obj) != 0 {
				fonts[uint32(obj)] = f
			}
		}
		ch.size, ch.bold = f.size, f.bold
		chars = append(chars, ch)
	}
	return height, chars, nil
}

// font reads the font of character j of text page text.
func (d *pdfDoc) font(text, j uint64) (pdfFont, error) {
	c := d.c
	sz, err := c.call(c.fontSize, text, j)
	if err != nil {
		return pdfFont{}, err
	}
	w, err := c.call(c.fontWeight, text, j)
	if err != nil {
		return pdfFont{}, err
	}
	flags := uint64(c.scratch + 32)
	n, err := c.call(c.fontInfo, text, j, 0, 0, flags)
	if err != nil {
		return pdfFont{}, err
	}
	name := ""
	if n := uint32(n); n > 0 && n < 1<<16 {
		buf, err := c.alloc(int(n))
		if err != nil {
			return pdfFont{}, err
		}
		defer c.call(c.free, uint64(buf))
		if _, err := c.call(c.fontInfo, text, j, uint64(buf), uint64(n), flags); err != nil {
			return pdfFont{}, err
		}
		b, _ := c.mem.Read(buf, n)
		name = strings.TrimSuffix(string(b), "\x00")
	}
	return pdfFont{
		size: math.Float64frombits(sz),
		bold: int32(w) >= 600 || strings.Contains(strings.ToLower(name), "bold"),
	}, nil
}
