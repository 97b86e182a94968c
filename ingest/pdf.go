package ingest

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

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
	r, err := readPDF(o.context(), data, o.PDFEngine)
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
	r, err := readPDF(ctx, data, "")
	return r.pages, r.repaired, err
}

// readPDF extracts the text lines of every page with the named engine
// (one of PDFEngines; "" is "auto"). The engine may not stop
// at once (PDFium reads a page to its end): a file that keeps it busy past pdfTimeout, or past the end
// of ctx, is abandoned to finish in the background (the instance is
// closed then; its memory is capped).
func readPDF(ctx context.Context, data []byte, engine string) (pdfReading, error) {
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
		p, repaired, err := extractPages(ctx, inst, data, &page)
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
	if errors.As(err, &pe) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return inst.failure(err, page)
}

func extractPages(ctx context.Context, inst pdfInstance, data []byte, page *int) (pages []pdfPage, repaired bool, err error) {
	doc, err := inst.open(ctx, data)
	if err != nil {
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
	pages = make([]pdfPage, 0, count)
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
		pages = append(pages, pdfPage{height: h, lines: charLines(chars, i)})
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
// remaining lines in order with the text of the dropped ones.
func dropPageChrome(pages []pdfPage) ([]pdfLine, []string) {
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
	for _, p := range pages {
		once := map[string]bool{}
		for _, l := range p.lines {
			if k := key(l.text); inBand(l, p.height) && !once[k] {
				once[k] = true
				seen[k]++
			}
		}
	}
	need := max(3, (len(pages)+1)/2)
	var out []pdfLine
	var dropped []string
	for _, p := range pages {
		for _, l := range p.lines {
			if inBand(l, p.height) && (seen[key(l.text)] >= need || pageNumberRe.MatchString(strings.TrimSpace(l.text))) {
				dropped = append(dropped, strings.TrimSpace(l.text))
				continue
			}
			out = append(out, l)
		}
	}
	return out, dropped
}

// pdfParagraphs joins hard-wrapped lines into paragraphs. A line starts a
// new paragraph when it is or follows a heading line (set larger than
// the body), when it starts with a label (startsParagraph), when a wholly
// bold title line precedes it, or when the line before ended short: the
// new line's first word would have fitted in the space left on it.
// A wholly bold line that prints no label and that a line starting in
// bold follows is a title wrapped over both ("Recommended Procedures and"
// / "Illustration Addendum: See ..."). End-of-line hyphens are repaired
// with the document's own vocabulary.
func pdfParagraphs(lines []pdfLine) []block {
	if len(lines) == 0 {
		return nil
	}
	body := bodySize(lines)
	heading := func(l pdfLine) bool { return l.boldAll && l.size >= body+1.5 }
	vocab := corpus.Vocabulary{}
	for _, l := range lines {
		vocab.AddText(l.text)
	}
	colRight := columnRights(lines)
	gap := lineGaps(lines)
	var out []block
	var para []string
	var paraLines []pdfLine
	flush := func() {
		if len(para) > 0 {
			first := paraLines[0]
			b := block{text: corpus.JoinLines(para, vocab), kind: kindIf(heading(first)), lead: first.boldStart, bold: true}
			// The bold run runs on over the lines set wholly in bold.
			runes := 0
			for _, l := range paraLines {
				runes += l.boldRunes
				b.bold = b.bold && l.boldAll
				if !l.boldAll {
					break
				}
			}
			b.rare = rareOf(blockRare{boldRunes: runes})
			out = append(out, b)
		}
		para, paraLines = para[:0], paraLines[:0]
	}
	for i, l := range lines {
		text := strings.TrimSpace(l.text)
		if i > 0 {
			prev := lines[i-1]
			starts, strong := startsParagraph(text)
			_, labelled := readLabel(prev.text)
			brk := heading(prev) || heading(l) ||
				starts && (strong && !inSentence(prev.text, text) || endsClause(prev.text)) && !inlineRun(para, text) ||
				prev.boldAll && !l.boldAll && (!l.boldStart || labelled) ||
				resized(prev, l) || spaced(prev, l, gap) || centeredShort(prev, l, text) ||
				endedShort(prev, text, paraRight(paraLines, colRight[i-1])) && !runsOn(prev.text, text) ||
				outdented(prev, l)
			if brk {
				flush()
			}
		}
		para = append(para, text)
		paraLines = append(paraLines, l)
	}
	flush()
	return out
}

// startsParagraph reports whether a line that begins with s starts a new
// paragraph: it starts with a label and its punctuation ("12:", "RP-7.",
// "Rule 40-A:", "Example 2:", "3)", "A:"). strong is false for a label
// that a wrapped sentence can also start with: a lone letter ("A:") or a
// number with a full stop ("2."), which start a paragraph only after a
// line that ends a clause.
func startsParagraph(s string) (starts, strong bool) {
	l, ok := readLabel(s)
	if !ok || l.term == "" || l.paren {
		return false, false
	}
	// A word before the number starts with a capital ("or 2) the ..."
	// goes on a sentence); a label of letters alone is one capital with a
	// colon or a full stop ("i.e." is no label, "A)" enumerates inside a
	// sentence).
	if r, _ := utf8.DecodeRuneInString(l.prefix); l.prefix != "" && !unicode.IsUpper(r) {
		return false, false
	}
	if !slices.ContainsFunc(l.comps, func(c comp) bool { return c.kind == compNum }) {
		return len(l.comps) == 1 && l.prefix == "" && l.comps[0].kind == compUpper && l.term != ")", false
	}
	return true, l.prefix != "" || l.term == ":" || l.term == ")" || len(l.comps) > 1
}

// bodySize returns the font size most characters are set in.
func bodySize(lines []pdfLine) float64 {
	n := map[float64]int{}
	for _, l := range lines {
		n[l.size] += len(l.text)
	}
	best, size := 0, 0.0
	for s, c := range n {
		if c > best || c == best && s < size {
			best, size = c, s
		}
	}
	return size
}

// columnRights returns, for each line, the right edge of its column: the
// furthest right that lines starting near it (lefts less than
// columnSpan apart) on its page reach. Each page's lines are taken in
// the order of their left edges, and the lines near one form a window
// of that order whose two ends only move forward, so a queue of the
// window's rights in falling order gives each maximum: linear after
// the sort (a page of 150,000 lines took 57 s as every pair of lines).
// A line whose left edge is not a finite number is near no line, and
// its own right is its column's.
func columnRights(lines []pdfLine) []float64 {
	out := make([]float64, len(lines))
	byPage := map[int][]int{}
	for i, l := range lines {
		out[i] = l.right
		if !math.IsInf(l.left, 0) && !math.IsNaN(l.left) {
			byPage[l.page] = append(byPage[l.page], i)
		}
	}
	var queue []int // indexes into idx of the window, their rights falling
	for _, idx := range byPage {
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(lines[a].left, lines[b].left) })
		// nan[k] counts the lines of idx[:k] whose right is NaN: max
		// is NaN over a window that holds one, as the builtin gives.
		nan := make([]int, len(idx)+1)
		for k, i := range idx {
			nan[k+1] = nan[k]
			if math.IsNaN(lines[i].right) {
				nan[k+1]++
			}
		}
		queue = queue[:0]
		lo, hi := 0, 0 // the window of line k is idx[lo:hi]
		for _, i := range idx {
			left := lines[i].left
			for hi < len(idx) && lines[idx[hi]].left-left < columnSpan {
				r := lines[idx[hi]].right
				for len(queue) > 0 && !(lines[idx[queue[len(queue)-1]]].right > r) {
					queue = queue[:len(queue)-1]
				}
				queue = append(queue, hi)
				hi++
			}
			for left-lines[idx[lo]].left >= columnSpan {
				lo++
			}
			for queue[0] < lo {
				queue = queue[1:]
			}
			if nan[hi]-nan[lo] > 0 {
				out[i] = math.NaN()
				continue
			}
			out[i] = max(lines[i].right, lines[idx[queue[0]]].right)
		}
	}
	return out
}

// columnSpan is how far apart, in points, the left edges of two lines
// of one column may be.
const columnSpan = 40

// endsClause reports whether a line ends where a paragraph may end.
func endsClause(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	r := []rune(s)
	return strings.ContainsRune(".:;!?)\"”’0123456789", r[len(r)-1])
}

// inlineRun reports whether the label that text starts with goes on an
// enumeration that the paragraph para prints inside its sentences: "3)"
// starting a line after "... 2) first card dealt to the wrong seat;".
// Numbering succession decides: the label's predecessor, in the same
// form, stands after white space inside one of para's lines.
func inlineRun(para []string, text string) bool {
	l, ok := readLabel(text)
	if !ok || l.prefix != "" || l.term == "" || len(l.comps) != 1 || l.comps[0].kind != compNum || l.comps[0].n < 2 {
		return false
	}
	pred := strconv.Itoa(l.comps[0].n-1) + l.term
	for _, line := range para {
		for i := strings.Index(line, pred); i >= 0; {
			if i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
				return true
			}
			j := strings.Index(line[i+1:], pred)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// centeredShort reports whether two lines set about one centre, with
// left edges apart, are two paragraphs: the first word of the second
// would have fitted on the first within the wider of the two, as a title
// page's "Longform Version Includes:" and the line below it. A title
// wrapped over two centred lines ("POKER TOURNAMENT" / "DIRECTORS
// ASSOCIATION") left no such room.
func centeredShort(prev, l pdfLine, next string) bool {
	mid := func(l pdfLine) float64 { return (l.left + l.right) / 2 }
	if math.Abs(mid(prev)-mid(l)) > 3 || math.Abs(prev.left-l.left) <= 3 {
		return false
	}
	width := max(prev.right-prev.left, l.right-l.left)
	return endedShort(prev, next, prev.left+width)
}

// paraRight is the right edge a paragraph's lines wrap at: the furthest
// right its lines reach once it has three, which a paragraph indented
// from the right (Word's right indent) keeps inside its column, and the
// column's right edge before.
func paraRight(paraLines []pdfLine, colRight float64) float64 {
	if len(paraLines) < 3 {
		return colRight
	}
	r := math.Inf(-1)
	for _, l := range paraLines {
		r = max(r, l.right)
	}
	return min(r, colRight)
}

// outdented reports whether l starts left of prev after prev ended a
// clause: the text after an indented list goes back to the margin
// ("3. Read a hand that hasn't been tabled." / "One-player-to-a-hand
// is in effect.").
func outdented(prev, l pdfLine) bool {
	return prev.page == l.page && l.left < prev.left-3 && endsClause(prev.text)
}

// inSentence reports whether a line that begins with next, whose label
// closes with a parenthesis ("1)"), goes on the sentence of prev: prev
// ends in no clause's punctuation ("... on request because" / "1) they
// paid to see it"), so the label enumerates inside the sentence.
func inSentence(prev, next string) bool {
	l, ok := readLabel(next)
	return ok && l.term == ")" && l.prefix == "" && !endsClause(prev)
}

// resized reports whether two lines are set in sizes a point or more
// apart: a title page's name, date and notes, a heading and its text.
// A paragraph keeps its size; what is raised or lowered inside a line
// (mergeRaised) does not make the line's size.
func resized(prev, l pdfLine) bool { return math.Abs(prev.size-l.size) >= 1 }

// spaced reports whether more white space stands between prev and l,
// on one page in one size, than between the lines of a paragraph: half
// a line more than the usual gap, the space a publisher leaves between
// paragraphs. The gap runs from prev's bottom to l's top, so that an
// engine that reads two printed lines as one line (PDFium does, for some
// runs) makes no space of its own.
func spaced(prev, l pdfLine, gap map[float64]float64) bool {
	g, ok := gap[l.size]
	return ok && prev.page == l.page && prev.size == l.size && l.top < prev.top && prev.bottom-l.top > g+l.size/2
}

// lineGaps returns, for each font size, the usual white space between
// two lines of that size that follow each other down a column: the lower
// median of the gaps, which the lines inside paragraphs, the most of
// them, make (a title page's two gaps, one within its name and one
// before its date, give the smaller).
func lineGaps(lines []pdfLine) map[float64]float64 {
	gaps := map[float64][]float64{}
	for i := 1; i < len(lines); i++ {
		prev, l := lines[i-1], lines[i]
		if prev.page == l.page && prev.size == l.size && l.top < prev.top {
			gaps[l.size] = append(gaps[l.size], prev.bottom-l.top)
		}
	}
	out := make(map[float64]float64, len(gaps))
	for size, gs := range gaps {
		slices.Sort(gs)
		out[size] = gs[(len(gs)-1)/2]
	}
	return out
}

// runsOn reports whether a line that begins with next goes on the
// sentence of the line prev: prev ends in no clause's punctuation and
// next starts with a lower-case letter, which no sentence starts with.
// The wrap of a ragged column leaves room that the width estimate of
// endedShort misjudges by up to twice a word ("Players can’t be" /
// "raced out of play"); case settles those where the script has one.
func runsOn(prev, next string) bool {
	r, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(r) && !endsClause(prev)
}

// shortSlack is how many times the room the next word needs a line
// must leave to have ended short. The room is estimated from the line's
// mean character width, which spaces and capitals widen: in the TDA
// PDFs, lines that wrap leave up to 1.31 times the estimate before a
// word that starts with a capital or a digit ("see" / "Recommended
// Procedure 5.", "reaching the" / "50% threshold"), while the last
// lines of paragraphs that run on into an unlabelled one leave 1.55
// times or more.
const shortSlack = 1.5

// endedShort reports whether the line prev ended early enough that the
// first word of next would have fitted after it: a paragraph end.
func endedShort(prev pdfLine, next string, colRight float64) bool {
	n := len([]rune(strings.TrimSpace(prev.text)))
	if n == 0 || prev.right <= prev.left {
		return false
	}
	charW := (prev.right - prev.left) / float64(n)
	word, _, _ := strings.Cut(next, " ")
	need := charW * float64(len([]rune(word))+1)
	return colRight-prev.right > need*shortSlack
}
