// Package pdftext reads the text of a PDF file in pure Go: every page's
// characters with their boxes, font size and boldness, in the order the
// page's content shows them, a '\n' ending each line. It reads what is
// common in text publications (cross-reference tables and streams,
// object streams, incremental updates; the Flate, LZW, ASCII85,
// ASCIIHex and RunLength filters; simple fonts with their encodings,
// Type0 fonts with Identity encodings; ToUnicode CMaps; form XObjects),
// and refuses, with an *Unsupported error, any file it cannot read with
// confidence: encrypted, damaged, a font it does not take, a code
// without Unicode text, or text that PDFium does not read as its glyphs
// are drawn (marked content with /ActualText, right-to-left text, runs
// drawn out of order on a line). The caller then reads the file some
// other way.
package pdftext

import (
	"context"
	"fmt"
	"math"
	"unsafe"
)

// Char is a character of a page: its code point and its box in points
// with the origin at the bottom left of the page, the font size (as the
// text's Tf operator sets it, unscaled by the text and graphics
// matrices, as PDFium reports it) and whether the font is bold. White space and the '\n' that ends a line
// have only their code point.
type Char struct {
	R                        rune
	Left, Right, Top, Bottom float64
	Size                     float64
	Bold                     bool
}

// Page is the text of one page.
type Page struct {
	Height float64
	Chars  []Char
}

// Unsupported is a file this package does not read with confidence, and
// why.
type Unsupported struct {
	Reason string
}

func (e *Unsupported) Error() string { return "not read by the Go PDF reader: " + e.Reason }

// MemoryError is a file that needs more memory than the limit: a stream
// that decodes past it, or a page with more characters than it holds.
type MemoryError struct {
	Page int // from 1; 0 when no page was being read
}

func (e *MemoryError) Error() string {
	if e.Page > 0 {
		return fmt.Sprintf("page %d: needs more memory than the limit", e.Page)
	}
	return "needs more memory than the limit"
}

// charBytes is what a Char costs in memory, for the budget.
const charBytes = int(unsafe.Sizeof(Char{}))

// Read reads the text of every page of data. limit is the file's memory
// budget, in bytes: the decoded bytes of all its streams (each decode of
// a stream drawn again spends again), the widths and ToUnicode entries
// of its fonts and the characters of all pages at their real size
// together. A file with one stream that decodes past limit, or a page
// whose content is more, is a *MemoryError; one that needs more in all,
// each within it, is an *Unsupported (a reader of one page at a time
// may read it). The end of ctx
// stops the reading (its error is returned). Any failure
// to read is an *Unsupported (the file may be fine, but not for this
// reader), a *MemoryError or the context's error; Read does not panic.
func Read(ctx context.Context, data []byte, limit int) (pages []Page, err error) {
	err = readEach(ctx, data, limit, true, func(i, n int, p Page) error {
		if pages == nil {
			pages = make([]Page, 0, n)
		}
		pages = append(pages, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return pages, nil
}

// ReadEach reads the pages of data as Read does, in order, giving each
// to each as soon as it is read (i from 0, of n pages): the caller
// holds no page's characters once each returns, and can stop the
// reading at the page that passes a limit of its own. A page's
// characters are spent from the budget while each holds them, not
// after: the budget bounds the streams decoded and one page's text. An
// error each returns stops the reading and is returned as it is.
func ReadEach(ctx context.Context, data []byte, limit int, each func(i, n int, p Page) error) error {
	return readEach(ctx, data, limit, false, each)
}

// readEach is ReadEach; hold says that the caller keeps every page's
// characters (Read), so that they stay spent.
func readEach(ctx context.Context, data []byte, limit int, hold bool, each func(i, n int, p Page) error) (err error) {
	inCaller := false
	defer func() {
		// The last guard: a bug of this package is a file it does not
		// read, never a crash of its caller.
		if r := recover(); r != nil && !inCaller {
			err = &Unsupported{Reason: fmt.Sprintf("internal error: %v", r)}
		} else if r != nil {
			panic(r)
		}
	}()
	d, err := open(data, limit)
	if err == nil {
		err = d.err
	}
	if err != nil {
		return err
	}
	if d.trailer["Encrypt"] != nil {
		return &Unsupported{Reason: "encrypted"}
	}
	root := d.dictOf(d.trailer["Root"])
	if root == nil {
		return damaged("no document catalog")
	}
	var leaves []pageLeaf
	if err := d.pageTree(root["Pages"], nil, map[ref]bool{}, &leaves, 0); err != nil {
		return err
	}
	if d.err != nil {
		return d.err
	}
	if len(leaves) == 0 {
		return damaged("no pages")
	}
	in := &interp{ctx: ctx, d: d, fonts: map[any]*font{}, forms: map[ref]bool{}}
	for i, leaf := range leaves {
		if err := ctx.Err(); err != nil {
			return err
		}
		p, err := in.readPage(leaf)
		if err == nil {
			err = d.err
		}
		if _, ok := err.(*MemoryError); ok {
			return &MemoryError{Page: i + 1}
		}
		if err != nil {
			return err
		}
		inCaller = true
		if err := each(i, len(leaves), p); err != nil {
			return err
		}
		inCaller = false
		if !hold {
			d.budget += len(p.Chars) * charBytes
		}
	}
	return nil
}

// pageLeaf is a page object with the attributes it inherits.
type pageLeaf struct {
	page      dict
	resources dict
	mediaBox  array
	cropBox   array
	rotate    any
}

// pageTree walks the page tree in order, passing inherited attributes
// down (7.7.3.4).
func (d *document) pageTree(v any, parent *pageLeaf, seen map[ref]bool, out *[]pageLeaf, depth int) error {
	if r, ok := v.(ref); ok {
		if seen[r] {
			return damaged("the page tree loops")
		}
		seen[r] = true
	}
	if depth > maxDepth {
		return damaged("the page tree is too deep")
	}
	n := d.dictOf(v)
	if n == nil {
		return damaged("a page tree node that is not a dictionary")
	}
	leaf := pageLeaf{}
	if parent != nil {
		leaf = *parent
	}
	if r := d.dictOf(n["Resources"]); r != nil {
		leaf.resources = r
	}
	if b := d.arrayOf(n["MediaBox"]); b != nil {
		leaf.mediaBox = b
	}
	if b := d.arrayOf(n["CropBox"]); b != nil {
		leaf.cropBox = b
	}
	if r, ok := n["Rotate"]; ok {
		leaf.rotate = d.resolve(r)
	}
	typ, _ := d.resolve(n["Type"]).(name)
	kids, hasKids := d.resolve(n["Kids"]).(array)
	if typ == "Page" || typ != "Pages" && !hasKids {
		leaf.page = n
		*out = append(*out, leaf)
		if len(*out) > 1<<20 {
			return damaged("too many pages")
		}
		return nil
	}
	for _, k := range kids {
		if err := d.pageTree(k, &leaf, seen, out, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (d *document) rect(a array) ([4]float64, bool) {
	var r [4]float64
	if len(a) != 4 {
		return r, false
	}
	for i, v := range a {
		x, ok := d.number(v)
		if !ok || math.IsNaN(x) || math.IsInf(x, 0) {
			return r, false
		}
		r[i] = x
	}
	return [4]float64{min(r[0], r[2]), min(r[1], r[3]), max(r[0], r[2]), max(r[1], r[3])}, true
}

// pageBox is a page's visible box: its crop box within its media box
// (a US Letter page where it gives none).
func (d *document) pageBox(leaf pageLeaf) [4]float64 {
	box, ok := d.rect(leaf.mediaBox)
	if !ok {
		box = [4]float64{0, 0, 612, 792}
	}
	if crop, ok := d.rect(leaf.cropBox); ok {
		c := [4]float64{max(box[0], crop[0]), max(box[1], crop[1]), min(box[2], crop[2]), min(box[3], crop[3])}
		if c[0] < c[2] && c[1] < c[3] {
			box = c
		}
	}
	return box
}

// pageContent is a page's content stream, decoded: the streams of an
// array of them are one content stream (7.8.2), joined by line breaks
// within the document's memory limit.
func (d *document) pageContent(leaf pageLeaf) ([]byte, error) {
	var streams []*stream
	switch c := d.resolve(leaf.page["Contents"]).(type) {
	case *stream:
		streams = []*stream{c}
	case array:
		for _, v := range c {
			if s, ok := d.resolve(v).(*stream); ok {
				streams = append(streams, s)
			}
		}
	}
	var content []byte
	for i, s := range streams {
		data, err := d.decode(s)
		if err != nil {
			return nil, err
		}
		if len(streams) == 1 {
			return data, nil
		}
		if i > 0 {
			content = append(content, '\n')
		}
		if len(content)+len(data) > d.limit {
			return nil, &MemoryError{}
		}
		content = append(content, data...)
	}
	return content, nil
}

// readPage reads the characters of one page: its content run by the
// interpreter within the page's visible box.
func (in *interp) readPage(leaf pageLeaf) (Page, error) {
	d := in.d
	box := d.pageBox(leaf)
	if rot, _ := leaf.rotate.(int); rot%360 != 0 {
		return Page{}, &Unsupported{Reason: "a rotated page"}
	}
	p := Page{Height: box[3] - box[1]}
	res := leaf.resources
	if res == nil {
		res = dict{}
	}
	content, err := d.pageContent(leaf)
	if err != nil {
		return Page{}, err
	}
	// The characters go to a buffer kept from page to page (its
	// capacity spent from the budget as it grows, see charge), then to a
	// slice of their own, of their number, spent too: a page's own slice
	// growing through its doublings allocated half again as much (+47%
	// B/op in BenchmarkPDF, +14% processor time).
	p.Chars = in.scratch[:0]
	in.page, in.box = &p, box
	in.charged, in.grown = cap(p.Chars), 0
	in.out = lineBuilder{}
	in.gs = gstate{ctm: identity, scale: 1}
	in.stack = in.stack[:0]
	in.tm, in.tlm = identity, identity
	if err := in.run(content, res); err != nil {
		return Page{}, err
	}
	if len(p.Chars) > 0 {
		p.Chars = append(p.Chars, Char{R: '\n'})
	}
	if err := in.charge(); err != nil {
		return Page{}, err
	}
	if in.grown > 0 {
		// The arrays the buffer grew out of are garbage now: only the
		// last stays spent.
		in.d.budget += in.grown - cap(p.Chars)*charBytes + in.scratchBytes
		in.scratchBytes = cap(p.Chars) * charBytes
	}
	in.scratch = p.Chars
	if err := in.d.spend(len(p.Chars) * charBytes); err != nil {
		return Page{}, err
	}
	p.Chars = append([]Char(nil), p.Chars...)
	return p, nil
}

// charge spends from the budget each array the buffer of the page's
// characters grows into: the one before it stays in memory until the
// collector frees it, so that a page that grows to the budget costs
// what it holds.
func (in *interp) charge() error {
	c := cap(in.page.Chars)
	if c == in.charged {
		return nil
	}
	if err := in.d.spend(c * charBytes); err != nil {
		return err
	}
	in.charged = c
	in.grown += c * charBytes
	return nil
}
