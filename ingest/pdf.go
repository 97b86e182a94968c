package ingest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

func init() {
	register(&format{
		name:   "pdf",
		doc:    "PDF publication, read with " + pdfEngineName + ": running headers, footers and page numbers dropped, wrapped lines joined",
		binary: parsePDF,
	})
}

// pdfMagic starts every PDF file, within its first 1024 bytes.
const pdfMagic = "%PDF-"

// pdfTimeout bounds the time the engine may spend on one file.
const pdfTimeout = 2 * time.Minute

func parsePDF(data []byte, o Options, d *corpus.Document) error {
	if !slices.Contains(PDFEngines(), o.PDFEngine) && o.PDFEngine != "" {
		return fmt.Errorf("unknown PDF engine %q (this build has %s)", o.PDFEngine, strings.Join(PDFEngines(), ", "))
	}
	r, err := readPDF(o.context(), data, o.PDFEngine, func(lines int) error {
		return readingOf(d).grow(lines, "lines of text, each of which may be a block (a paragraph, heading or list item)")
	})
	if err != nil {
		return err
	}
	pages, repaired := r.pages, r.repaired
	if r.fellBack != "" {
		// A format note, which ingest and show print: the user sees why
		// the reading took the other engine (3 s on its first run).
		d.Notes = append(d.Notes, fmt.Sprintf("%sread with %s: the Go PDF reader does not read this file with confidence (%s)", FormatNote, pdfFallbackName, r.fellBack))
	}
	lines, dropped := dropPageChrome(pages)
	if len(dropped) > 0 {
		d.Notes = append(d.Notes, fmt.Sprintf("dropped %d running header, footer and page-number lines, such as %q", len(dropped), dropped[0]))
	}
	var mk markKinds
	if err := parsePublication(pdfParagraphs(lines), &mk, d); err != nil {
		return err
	}
	if repaired {
		// A file damaged in its middle can read without an error and
		// lose pages or text: the engine rebuilt what it could find.
		d.Notes = append(d.Notes, WarningNote+"the PDF is damaged: its table of objects had to be rebuilt, and pages or text may be missing (compare with another copy, or save it again from a PDF viewer)")
	}
	return nil
}

// pdfLine is one line of text on a PDF page, in PDF points with the origin
// at the bottom left.
type pdfLine struct {
	text                     string
	left, right, top, bottom float64
	size                     float64 // font size of most of the line
	boldStart, boldAll       bool
	boldRunes                int // glyphs of the bold run the line starts with
	page                     int
}

// pdfPage is the text lines of one page in the engine's reading order.
type pdfPage struct {
	height float64
	lines  []pdfLine
}

// pdfChar is a character of a page as the engine reads it: its code
// point, its box in points (origin bottom left) and its font, for
// characters that are not white space. A '\n' ends a line.
type pdfChar struct {
	r                        rune
	left, right, top, bottom float64
	size                     float64 // the font size, unrounded
	bold                     bool    // weight 600 or more, or "bold" in the font's name
}

// The PDF engines are the Go reader (pdfgo.go, internal/pdftext) and
// PDFium in WebAssembly (pdfium.go), its fallback. Each gives the reader
// the same characters (pdfChar) through these two types; everything from
// charLines on is shared.

// pdfInstance is one engine instance, held by one file at a time.
type pdfInstance interface {
	// open loads a PDF, or says in a pdfError why it cannot: encrypted,
	// corrupt or truncated. The end of ctx stops the reading of its pages
	// where the engine can be stopped.
	open(ctx context.Context, data []byte) (pdfDocument, error)
	// failure turns a failure of the engine while reading into one line
	// that names the page (from 1; 0 when none was being read).
	failure(err error, page int) error
	// close gives the instance back; an instance whose reading was
	// abandoned is closed when the reading ends.
	close()
}

// pdfDocument is a PDF open in an engine instance.
type pdfDocument interface {
	pages() (int, error)
	// repaired reports whether the engine had to rebuild the file's
	// table of objects, as for a damaged file: pages or text may be lost.
	repaired() bool
	// page reads page i (from 0): its height in points and its
	// characters, appended to chars, in reading order.
	page(i int, chars []pdfChar) (float64, []pdfChar, error)
	close()
}

// pdfReading is what the engines read of a file.
type pdfReading struct {
	pages    []pdfPage
	repaired bool   // the engine rebuilt the file's table of objects
	fellBack string // why the Go reader did not read it, when another engine did
}

// pdfPages is readPDF with the build's default engine.
func pdfPages(ctx context.Context, data []byte) ([]pdfPage, bool, error) {
	r, err := readPDF(ctx, data, "", nil)
	return r.pages, r.repaired, err
}

// readPDF extracts the text lines of every page with the named engine
// (one of PDFEngines; "" is "auto"). The engine may not stop
// at once (PDFium reads a page to its end): a file that keeps it busy past pdfTimeout, or past the end
// of ctx, is abandoned to finish in the background (the instance is
// closed then; its memory is capped). take, when not nil, is given the
// lines read so far after each page (see extractPages).
func readPDF(ctx context.Context, data []byte, engine string, take func(lines int) error) (pdfReading, error) {
	// Waiting for a free instance (other files may hold them all) and
	// reading have pdfTimeout each.
	wait, cancelWait := context.WithTimeout(ctx, pdfTimeout)
	inst, err := pdfInstanceFor(wait, engine)
	cancelWait()
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return pdfReading{}, ctx.Err()
		case wait.Err() != nil:
			return pdfReading{}, fmt.Errorf("no PDF engine free within %v: other files keep them busy", pdfTimeout)
		}
		return pdfReading{}, fmt.Errorf("starting the PDF engine: %v", err)
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, pdfTimeout)
	defer cancel()
	type result struct {
		pdfReading
		err error
	}
	ch := make(chan result, 1)
	go func() {
		defer inst.close()
		page := 0 // the page being read, from 1; 0 before the first
		defer func() {
			if r := recover(); r != nil {
				ch <- result{err: failure(inst, fmt.Errorf("%v", r), page)}
			}
		}()
		p, repaired, err := extractPages(ctx, inst, data, &page, take)
		if err != nil {
			err = failure(inst, err, page)
		}
		r := pdfReading{pages: p, repaired: repaired}
		if f, ok := inst.(interface{ fellBack() string }); ok {
			r.fellBack = f.fellBack()
		}
		ch <- result{r, err}
	}()
	// A reading stopped by its context says why: the caller's context
	// ended, or pdfTimeout passed.
	stopped := func() error {
		if err := parent.Err(); err != nil {
			return err
		}
		return fmt.Errorf("reading the PDF took longer than %v", pdfTimeout)
	}
	select {
	case r := <-ch:
		if r.err != nil && ctx.Err() != nil && (errors.Is(r.err, context.Canceled) || errors.Is(r.err, context.DeadlineExceeded)) {
			return pdfReading{}, stopped()
		}
		return r.pdfReading, r.err
	case <-ctx.Done():
		return pdfReading{}, stopped()
	}
}

// pdfError is a failure the reader of a PDF states itself: it is shown
// as it is.
type pdfError string

func (e pdfError) Error() string { return string(e) }

// failure is the error to show for err, which stopped the reading of a
// PDF at page (0 for none): the reader's own errors and the context's as
// they are, the engine's as inst words them.
func failure(inst pdfInstance, err error, page int) error {
	var pe pdfError
	if errors.As(err, &pe) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrTooManyBlocks) {
		return err
	}
	return inst.failure(err, page)
}

// extractPages reads the pages of data with inst, page by page (page is
// the one being read). take, when not nil, is given the lines read so
// far after each page, and its error stops the reading: each line may
// be a block, and a PDF of more lines than the block limit (a 32 MiB
// file holds 680 thousand) is refused at the page that passes it, not
// once every page is read and its paragraphs made. The Go reader gives
// each page as it reads it (goInstance.each), so that the pages after
// that one are not read, nor every page's characters held at once.
func extractPages(ctx context.Context, inst pdfInstance, data []byte, page *int, take func(lines int) error) (pages []pdfPage, repaired bool, err error) {
	lines := 0
	add := func(i, count int, h float64, chars []pdfChar) error {
		if pages == nil {
			pages = make([]pdfPage, 0, count)
		}
		pages = append(pages, pdfPage{height: h, lines: charLines(chars, i)})
		if lines += len(pages[i].lines); take != nil {
			if err := take(lines); err != nil {
				return fmt.Errorf("page %d of %d: %w", i+1, count, err)
			}
		}
		return nil
	}
	var doc pdfDocument
	if g, ok := inst.(*goInstance); ok {
		*page = 1
		doc, err = g.each(ctx, data, func(i, count int, h float64, chars []pdfChar) error {
			*page = i + 1
			return add(i, count, h, chars)
		})
		switch {
		case err != nil && errors.Is(err, ErrTooManyBlocks):
			return nil, false, err
		case err != nil:
			*page = 0
			return nil, false, err
		case doc == nil:
			*page = 0
			return pages, false, nil
		}
		// PDFium reads the file the Go reader did not: the pages read
		// so far are void.
		*page, pages, lines = 0, nil, 0
	} else if doc, err = inst.open(ctx, data); err != nil {
		return nil, false, err
	}
	defer doc.close()
	count, err := doc.pages()
	if pe := pdfError(""); err != nil && !errors.As(err, &pe) {
		return nil, false, fmt.Errorf("not a readable PDF: %v", err)
	}
	if err != nil {
		return nil, false, err
	}
	if count <= 0 {
		return nil, false, pdfError("the PDF has no pages")
	}
	var chars []pdfChar
	for i := range count {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		*page = i + 1
		var h float64
		h, chars, err = doc.page(i, chars[:0])
		if err != nil {
			return nil, false, err
		}
		if err := add(i, count, h, chars); err != nil {
			return nil, false, err
		}
	}
	*page = 0
	return pages, doc.repaired(), nil
}

// boldProbe is how many glyphs at the start of a line decide whether it
// starts in bold.
const boldProbe = 8

// charLines groups a page's characters into lines at the line breaks
// the engine reports, measuring each line's box and type.
func charLines(chars []pdfChar, page int) []pdfLine {
	var out []pdfLine
	var b strings.Builder
	cur := pdfLine{left: math.Inf(1), bottom: math.Inf(1), page: page}
	sizes := map[float64]int{}
	glyphs, bold := 0, 0
	flush := func() {
		cur.text = strings.TrimRightFunc(b.String(), unicode.IsSpace)
		if strings.TrimSpace(cur.text) != "" {
			best := 0
			for s, n := range sizes {
				if n > best || n == best && s > cur.size {
					cur.size, best = s, n
				}
			}
			cur.boldAll = glyphs > 0 && bold == glyphs
			out = append(out, cur)
		}
		b.Reset()
		cur = pdfLine{left: math.Inf(1), bottom: math.Inf(1), page: page}
		clear(sizes)
		glyphs, bold = 0, 0
	}
	for _, c := range chars {
		switch c.r {
		case '\n':
			flush()
			continue
		case '\r', 0:
			continue
		case '\x02':
			c.r = '-' // PDFium's code for a hyphen it took for a line-end one
		}
		b.WriteRune(c.r)
		if unicode.IsSpace(c.r) {
			continue
		}
		cur.left = min(cur.left, c.left)
		cur.right = max(cur.right, c.right)
		cur.top = max(cur.top, c.top)
		cur.bottom = min(cur.bottom, c.bottom)
		sizes[math.Round(c.size*2)/2]++
		glyphs++
		if c.bold {
			bold++
		}
		if bold == glyphs {
			cur.boldRunes = glyphs
		}
		// A line starts in bold when most of its first glyphs are bold;
		// one bold glyph may be a typesetting slip.
		if glyphs <= boldProbe {
			cur.boldStart = bold*2 > glyphs
		}
	}
	flush()
	return mergeRaised(out)
}

// mergeRaised joins a line to the one before when it continues it to the
// right at the same height: PDFium breaks lines at raised or lowered text
// ("4" + superscript "th").
func mergeRaised(ls []pdfLine) []pdfLine {
	if len(ls) < 2 {
		return ls
	}
	out := ls[:1]
	for _, l := range ls[1:] {
		p := &out[len(out)-1]
		overlap := min(p.top, l.top) - max(p.bottom, l.bottom)
		h := min(p.top-p.bottom, l.top-l.bottom)
		if l.left >= p.right-1 && h > 0 && overlap >= h/2 {
			n := len([]rune(p.text))
			sep := ""
			if n > 0 && l.left-p.right > (p.right-p.left)/float64(n)/2 {
				sep = " "
			}
			p.text += sep + l.text
			p.right, p.top, p.bottom = l.right, max(p.top, l.top), min(p.bottom, l.bottom)
			p.boldAll = p.boldAll && l.boldAll
			continue
		}
		out = append(out, l)
	}
	return out
}

// pageNumberRe matches what a page number line says: "7", "Page 7",
// "7 of 22", "- 7 -" (the lexicon's "page" and "of" navigation words).
var pageNumberRe = lazyre.NewFunc(func() string {
	page := lexicon.Alternation(lexicon.KeyWords(lexicon.Navigation, "page"))
	of := lexicon.Alternation(lexicon.KeyWords(lexicon.Navigation, "of"))
	return `(?i)^(?:(?:` + page + `)\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:` + of + `|/)\s*\d{1,4})?$`
})

// dropPageChrome removes running headers and footers (a line in the top or
// bottom tenth of the page that recurs, numbers aside, on at least half of
// the pages, and on 3 or more) and page numbers, and returns the
// remaining lines in order with the text of the dropped ones. A line the
// numbering's succession places (keepNumbered) is never dropped.
func dropPageChrome(pages []pdfPage) ([]pdfLine, []string) {
	drop := pageChrome(pages)
	keepNumbered(pages, drop)
	var out []pdfLine
	var dropped []string
	i := 0
	for _, p := range pages {
		for _, l := range p.lines {
			if drop[i] != chromeNone {
				dropped = append(dropped, strings.TrimSpace(l.text))
			} else {
				out = append(out, l)
			}
			i++
		}
	}
	return out, dropped
}

// pageChrome says of each line of pages, in order, what dropPageChrome
// takes it for by its place and text.
func pageChrome(pages []pdfPage) []chrome {
	key := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return '#'
			}
			return r
		}, corpus.Fold(s))
	}
	inBand := func(l pdfLine, h float64) bool { return h > 0 && (l.bottom > 0.9*h || l.top < 0.1*h) }
	seen := map[string]int{}
	n := 0
	for _, p := range pages {
		once := map[string]bool{}
		for _, l := range p.lines {
			if k := key(l.text); inBand(l, p.height) && !once[k] {
				once[k] = true
				seen[k]++
			}
		}
		n += len(p.lines)
	}
	need := max(3, (len(pages)+1)/2)
	drop := make([]chrome, 0, n)
	for _, p := range pages {
		for _, l := range p.lines {
			c := chromeNone
			switch {
			case !inBand(l, p.height):
			case pageNumberRe.MatchString(strings.TrimSpace(l.text)):
				c = chromePageNumber
			case seen[key(l.text)] >= need:
				c = chromeRecurs
			}
			drop = append(drop, c)
		}
	}
	return drop
}

// chrome is what dropPageChrome takes a line for.
type chrome uint8

const (
	chromeNone       chrome = iota // text
	chromePageNumber               // a page number in the band of headers and footers
	chromeRecurs                   // a line of that band that recurs from page to page
)

// keepNumbered clears drop on a recurring line that the numbering's
// succession places: its label follows the label of the last labelled
// line before it, and the next labelled line's label follows its own,
// as an item numbered between its neighbours. Pages of one layout put
// the same numbered lines of text in the header's band page after page,
// their words alike and their numbers aside; a header that prints a
// number does not go on from the line before it. Page numbers, and the
// recurring lines dropped, are neither kept nor neighbours.
func keepNumbered(pages []pdfPage, drop []chrome) {
	var prev, held, heldPrev label // the last neighbour; the pending line's label and its neighbour
	hasPrev := false
	pending := -1 // a recurring labelled line whose next is not yet read
	i := -1
	for _, p := range pages {
		for _, l := range p.lines {
			i++
			if drop[i] == chromePageNumber {
				continue
			}
			lab, ok := readLabel(l.text)
			if !ok {
				continue
			}
			if pending >= 0 {
				if follows(held.comps, lab.comps, 0) {
					drop[pending] = chromeNone
				} else {
					prev = heldPrev // dropped: no neighbour
				}
				pending = -1
			}
			if drop[i] == chromeRecurs {
				if !hasPrev || !follows(prev.comps, lab.comps, 0) {
					continue
				}
				pending, held, heldPrev = i, lab, prev
			}
			prev, hasPrev = lab, true
		}
	}
}
