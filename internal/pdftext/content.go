package pdftext

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"unicode"
)

// matrix is a PDF transformation matrix [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul returns m × n: m applied first.
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return x*m[0] + y*m[2] + m[4], x*m[1] + y*m[3] + m[5]
}

func (m matrix) vector(x, y float64) (float64, float64) {
	return x*m[0] + y*m[2], x*m[1] + y*m[3]
}

// gstate is the part of the graphics state that text needs.
type gstate struct {
	ctm            matrix
	font           *font
	size           float64
	charSp, wordSp float64
	scale          float64 // Tz / 100
	leading, rise  float64
}

// interp runs content streams, collecting the characters of a page.
type interp struct {
	ctx          context.Context
	d            *document
	fonts        map[any]*font // by the font dictionary's reference or address
	page         *Page
	box          [4]float64 // the page's box: x0 y0 x1 y1
	scratch      []Char     // the characters of the page being read
	scratchBytes int        // what scratch's array is spent from the budget
	charged      int        // the capacity of the page's characters last spent from the budget
	grown        int        // the bytes of all the arrays the page's characters grew into
	ops          int        // operators run, to check the context now and then
	formDraws    int        // form XObjects drawn
	forms        map[ref]bool
	runes        []rune
	out          lineBuilder
	depth        int
	gs           gstate
	stack        []gstate
	tm           matrix
	tlm          matrix
}

// maxOps bounds the operators run for one file (seconds of work), and
// maxFormDraws the form XObjects drawn (forms that each draw the next
// many times multiply without it).
const (
	maxOps       = 1 << 26
	maxFormDraws = 1 << 18
)

// run interprets one content stream with its resources.
func (in *interp) run(content []byte, res dict) error {
	l := &lexer{b: content}
	var args []any
	for {
		t, err := l.token()
		if err != nil {
			return damaged("page content: %v", err)
		}
		if t == nil {
			return nil
		}
		k, isKw := t.(keyword)
		if !isKw || k == "[" || k == "<<" {
			v, err := l.objectFrom(t, 0)
			if err != nil {
				return damaged("page content: %v", err)
			}
			if len(args) < 64 {
				args = append(args, v)
			}
			continue
		}
		in.ops++
		if in.ops&1023 == 0 {
			if err := in.ctx.Err(); err != nil {
				return err
			}
			if in.ops > maxOps {
				return &Unsupported{Reason: fmt.Sprintf("more than %d operators (forms drawn within forms?)", maxOps)}
			}
		}
		if k == "BI" {
			if err := skipInlineImage(l); err != nil {
				return err
			}
			args = args[:0]
			continue
		}
		if err := in.op(string(k), args, res); err != nil {
			return err
		}
		args = args[:0]
	}
}

// skipInlineImage skips an inline image's dictionary and data, up to
// its EI: an EI preceded by white space and followed by white space or
// the end.
func skipInlineImage(l *lexer) error {
	i := bytes.Index(l.b[l.pos:], []byte("ID"))
	if i < 0 {
		return damaged("an inline image without ID")
	}
	p := l.pos + i + 3
	for p < len(l.b) {
		j := bytes.Index(l.b[p:], []byte("EI"))
		if j < 0 {
			break
		}
		e := p + j
		if e > 0 && isSpace(l.b[e-1]) && (e+2 == len(l.b) || isSpace(l.b[e+2]) || isDelim(l.b[e+2])) {
			l.pos = e + 2
			return nil
		}
		p = e + 2
	}
	return damaged("an inline image without EI")
}

func num(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// nums reads the last n (at most 6) operands as numbers.
func nums(args []any, n int) ([6]float64, bool) {
	var out [6]float64
	if len(args) < n {
		return out, false
	}
	for i, a := range args[len(args)-n:] {
		v, ok := num(a)
		if !ok || math.IsNaN(v) || math.IsInf(v, 0) {
			return out, false
		}
		out[i] = v
	}
	return out, true
}

// op carries out one content-stream operator k with its operands args
// under the resources res. Operators the text's place and glyphs do not
// depend on are ignored.
func (in *interp) op(k string, args []any, res dict) error {
	switch k {
	case "q", "Q", "cm":
		return in.graphicsOp(k, args)
	case "Tc", "Tw", "Tz", "TL", "Ts":
		in.textStateOp(k, args)
	case "BT", "Td", "TD", "Tm", "T*":
		in.positionOp(k, args)
	case "Tf":
		return in.setFont(args, res)
	case "Tj", "'", "\"":
		return in.showOp(k, args)
	case "TJ":
		return in.showArray(args)
	case "BDC":
		return in.markedContent(args, res)
	case "Do":
		if len(args) == 0 {
			return nil
		}
		xn, ok := args[len(args)-1].(name)
		if !ok {
			return nil
		}
		return in.form(in.d.dictOf(res["XObject"])[xn], res)
	}
	return nil
}

// graphicsOp carries out the graphics state operators q, Q and cm
// (PDF 32000-1, 8.4.4).
func (in *interp) graphicsOp(k string, args []any) error {
	switch k {
	case "q":
		if len(in.stack) >= 256 {
			return damaged("graphics states nested too deep")
		}
		in.stack = append(in.stack, in.gs)
	case "Q":
		if n := len(in.stack); n > 0 {
			in.gs = in.stack[n-1]
			in.stack = in.stack[:n-1]
		}
	case "cm":
		if v, ok := nums(args, 6); ok {
			in.gs.ctm = matrix(v).mul(in.gs.ctm)
		}
	}
	return nil
}

// textStateOp carries out the text state operators other than Tf
// (PDF 32000-1, 9.3).
func (in *interp) textStateOp(k string, args []any) {
	v, ok := nums(args, 1)
	if !ok {
		return
	}
	switch k {
	case "Tc":
		in.gs.charSp = v[0]
	case "Tw":
		in.gs.wordSp = v[0]
	case "Tz":
		in.gs.scale = v[0] / 100
	case "TL":
		in.gs.leading = v[0]
	case "Ts":
		in.gs.rise = v[0]
	}
}

// positionOp carries out BT and the text positioning operators
// (PDF 32000-1, 9.4.2).
func (in *interp) positionOp(k string, args []any) {
	switch k {
	case "BT":
		in.tm, in.tlm = identity, identity
	case "Td", "TD":
		if v, ok := nums(args, 2); ok {
			if k == "TD" {
				in.gs.leading = -v[1]
			}
			in.tlm = matrix{1, 0, 0, 1, v[0], v[1]}.mul(in.tlm)
			in.tm = in.tlm
		}
	case "Tm":
		if v, ok := nums(args, 6); ok {
			in.tlm = matrix(v)
			in.tm = in.tlm
		}
	case "T*":
		in.nextLine()
	}
}

// setFont carries out Tf: the font named in the resources, and its size.
func (in *interp) setFont(args []any, res dict) error {
	if len(args) < 2 {
		return nil
	}
	fn, ok := args[len(args)-2].(name)
	size, ok2 := num(args[len(args)-1])
	if !ok || !ok2 {
		return nil
	}
	fontRef := in.d.dictOf(res["Font"])[fn]
	if fontRef == nil {
		return &Unsupported{Reason: fmt.Sprintf("the font /%s, which the page's resources lack", fn)}
	}
	f, err := in.font(fontRef)
	if err != nil {
		return err
	}
	in.gs.font, in.gs.size = f, size
	return nil
}

// showOp carries out the text showing operators Tj, ' and "
// (PDF 32000-1, 9.4.3).
func (in *interp) showOp(k string, args []any) error {
	switch k {
	case "'":
		in.nextLine()
	case "\"":
		if len(args) < 3 {
			return nil
		}
		if v, ok := nums(args[:len(args)-1], 2); ok {
			in.gs.wordSp, in.gs.charSp = v[0], v[1]
		}
		in.nextLine()
	}
	if len(args) > 0 {
		if s, ok := args[len(args)-1].([]byte); ok {
			return in.show(s)
		}
	}
	return nil
}

// showArray carries out TJ: strings shown, and numbers that move the
// next glyph back by thousandths of the font size.
func (in *interp) showArray(args []any) error {
	if len(args) == 0 {
		return nil
	}
	a, ok := args[len(args)-1].(array)
	if !ok {
		return nil
	}
	for _, e := range a {
		switch e := e.(type) {
		case []byte:
			if err := in.show(e); err != nil {
				return err
			}
		default:
			if n, ok := num(e); ok && in.gs.font != nil {
				adj := -n / 1000 * in.gs.size
				if in.gs.font.vertical {
					in.tm = matrix{1, 0, 0, 1, 0, adj}.mul(in.tm)
				} else {
					in.tm = matrix{1, 0, 0, 1, adj * in.gs.scale, 0}.mul(in.tm)
				}
			}
		}
	}
	return nil
}

// markedContent carries out BDC. Marked content whose /ActualText
// replaces the glyphs shown in it (14.9.4) is refused: PDFium reads that
// text instead of the glyphs, this reader does not.
func (in *interp) markedContent(args []any, res dict) error {
	if len(args) < 2 {
		return nil
	}
	props := in.d.dictOf(args[len(args)-1])
	if n, ok := args[len(args)-1].(name); ok {
		props = in.d.dictOf(in.d.dictOf(res["Properties"])[n])
	}
	if props != nil && props["ActualText"] != nil {
		return &Unsupported{Reason: "marked content with /ActualText"}
	}
	return nil
}

func (in *interp) nextLine() {
	in.tlm = matrix{1, 0, 0, 1, 0, -in.gs.leading}.mul(in.tlm)
	in.tm = in.tlm
}

// font loads a font once per file.
func (in *interp) font(v any) (*font, error) {
	key := v
	if _, ok := v.(ref); !ok {
		d := in.d.dictOf(v)
		if d == nil {
			return nil, &Unsupported{Reason: "a font that is not a dictionary"}
		}
		key = fmt.Sprintf("%p", d)
	}
	if f, ok := in.fonts[key]; ok {
		return f, nil
	}
	f, err := in.d.loadFont(v)
	if err != nil {
		return nil, err
	}
	in.fonts[key] = f
	return f, nil
}

// form runs a form XObject with its own matrix and resources; images and
// other XObjects are skipped.
func (in *interp) form(v any, parentRes dict) error {
	r, isRef := v.(ref)
	if isRef {
		if in.forms[r] {
			return damaged("a form XObject that draws itself")
		}
		in.forms[r] = true
		defer delete(in.forms, r)
	}
	s, ok := in.d.resolve(v).(*stream)
	if !ok {
		return nil
	}
	if st, _ := in.d.resolve(s.dict["Subtype"]).(name); st != "Form" {
		return nil
	}
	if in.depth >= 16 {
		return damaged("form XObjects nested too deep")
	}
	if in.formDraws++; in.formDraws > maxFormDraws {
		return &Unsupported{Reason: fmt.Sprintf("more than %d form XObjects drawn", maxFormDraws)}
	}
	content, err := in.d.decode(s)
	if err != nil {
		return err
	}
	// A form without resources takes those of the content that draws
	// it (ISO 32000-1, 7.8.3).
	res := in.d.dictOf(s.dict["Resources"])
	if res == nil {
		res = parentRes
	}
	saveGS, saveStack, saveTm, saveTlm := in.gs, in.stack, in.tm, in.tlm
	in.stack = nil
	if m := in.d.arrayOf(s.dict["Matrix"]); len(m) == 6 {
		var mv matrix
		for i, x := range m {
			mv[i], _ = in.d.number(x)
		}
		in.gs.ctm = mv.mul(in.gs.ctm)
	}
	in.depth++
	err = in.run(content, res)
	in.depth--
	in.gs, in.stack, in.tm, in.tlm = saveGS, saveStack, saveTm, saveTlm
	return err
}

// show shows a string: each code's character, with its box as MuPDF's
// text device makes it (the glyph's advance, the font's ascent and
// descent), then the text matrix moved past it.
func (in *interp) show(s []byte) error {
	f := in.gs.font
	if f == nil {
		return damaged("text shown without a font")
	}
	if f.twoByte && len(s)%2 == 1 {
		return &Unsupported{Reason: fmt.Sprintf("a string of an odd number of bytes in the 2-byte font %s", f.name)}
	}
	gs := &in.gs
	var err error
	f.codes(s, func(code, n int) {
		if err != nil {
			return
		}
		var ok bool
		in.runes, ok = f.text(code, n, in.runes[:0])
		if !ok {
			err = &Unsupported{Reason: fmt.Sprintf("the code %#x of the font %s has no Unicode text", code, f.name)}
			return
		}
		for _, r := range in.runes {
			if rightToLeft(r) {
				err = &Unsupported{Reason: fmt.Sprintf("right-to-left text (%U), which PDFium reorders", r)}
				return
			}
		}
		in.runes = decompose(in.runes)
		w := f.width(code) / 1000
		if len(in.runes) == 0 {
			in.runes = append(in.runes, 0)
		}
		trm := matrix{gs.size * gs.scale, 0, 0, gs.size, 0, gs.rise}.mul(in.tm).mul(gs.ctm)
		// The displacement (9.4.4): the advance, the character spacing
		// and, after a space, the word spacing.
		sp := gs.charSp
		if n == 1 && code == 32 {
			sp += gs.wordSp
		}
		step := w
		if gs.size != 0 {
			step += sp / gs.size
		}
		in.out.add(in.page, trm, f, gs.size, w, step, in.runes, in.box)
		if in.out.stepBack {
			err = &Unsupported{Reason: "text drawn out of order on a line (a run that steps back along its baseline), which PDFium puts in order"}
			return
		}
		if cap(in.page.Chars) != in.charged {
			if err = in.charge(); err != nil {
				return
			}
		}
		if f.vertical {
			ty := -1*gs.size + sp
			in.tm = matrix{1, 0, 0, 1, 0, ty}.mul(in.tm)
		} else {
			tx := (w*gs.size + sp) * gs.scale
			in.tm = matrix{1, 0, 0, 1, tx, 0}.mul(in.tm)
		}
	})
	return err
}

// lineBuilder ends lines and adds spaces as MuPDF's structured-text
// device does (fz_add_stext_char): a character continues the line when
// it keeps its direction and sits less than 0.8 of its size off the
// baseline from where the last one set the pen (its advance, and Tc and
// Tw, where MuPDF takes the advance alone); a gap along the line of 0.15
// to 0.8 of the size is a space, a step back of less than 0.8 overlaps
// (the line goes on), a jump further back or forward a new line.
type lineBuilder struct {
	started    bool
	dirX, dirY float64
	penX, penY float64
	last       rune
	stepBack   bool // a character stepped back along the line, past an overlap
}

// add adds the character of runes (one glyph of the font, advance adv,
// at text rendering matrix trm), reporting its size as fontSize. step is
// where the next glyph is set, in the same units: the advance and the
// character and word spacing (Tc, Tw). A gap is measured from there, so
// that letter-spaced text ("S e c t i o n" at 2.5 Tc) is words, as
// PDFium reads it, while the box is the glyph's advance.
func (b *lineBuilder) add(p *Page, trm matrix, f *font, fontSize, adv, step float64, runes []rune, box [4]float64) {
	dx, dy := trm.vector(1, 0)
	if f.vertical {
		dx, dy = trm.vector(0, -1)
	}
	size := math.Sqrt(math.Abs(trm[0]*trm[3] - trm[1]*trm[2]))
	px, py := trm[4], trm[5]
	if f.vertical {
		px, py = px-adv*dx, py-adv*dy
	}
	qx, qy := px+adv*dx, py+adv*dy
	sx, sy := qx, qy // where the next glyph is set
	if !f.vertical {
		sx, sy = px+step*dx, py+step*dy
	}
	l := math.Hypot(dx, dy)
	nx, ny := 1.0, 0.0
	if l > 0 {
		nx, ny = dx/l, dy/l
	}
	newLine := false
	r := runes[0]
	if unicode.IsSpace(r) {
		r = ' '
	}
	if !b.started || nx*b.dirX+ny*b.dirY < 0.999 {
		newLine = b.started
	} else {
		if step != 0 && math.Abs(sx-b.penX) < 1e-7 && math.Abs(sy-b.penY) < 1e-7 && r == b.last {
			// The same glyph again at the same place: fake bold. (A
			// glyph that does not move the pen, of a font whose
			// widths are 0, is set where the last one was: "ll" of
			// "shall" is two letters.)
			return
		}
		ddx, ddy := px-b.penX, py-b.penY
		var spacing, offset float64
		if size > 0 {
			spacing = (nx*ddx + ny*ddy) / size
			offset = (-ny*ddx + nx*ddy) / size
		}
		switch {
		case math.Abs(offset) >= 0.8:
			newLine = true
		case math.Abs(spacing) < 0.15:
		case spacing < 0 && spacing > -0.8:
			// Overlapping glyphs: the line goes on.
		case spacing > 0 && spacing < 0.8:
			if b.last != ' ' && !f.vertical {
				p.Chars = append(p.Chars, Char{R: ' '})
				b.last = ' '
			}
		default:
			newLine = true
			b.stepBack = spacing < 0
		}
	}
	if newLine {
		p.Chars = append(p.Chars, Char{R: '\n'})
		b.last = '\n'
	}
	b.started = true
	b.dirX, b.dirY = nx, ny
	b.penX, b.penY = sx, sy
	c := glyphChar(trm, f, px, py, qx, qy, box)
	c.Size = fontSize
	b.emit(p, c, runes)
}

// glyphChar is the box of a glyph set from (px, py) to (qx, qy) by the
// text rendering matrix trm: the advance, and the font's ascent and
// descent, relative to the page's box.
func glyphChar(trm matrix, f *font, px, py, qx, qy float64, box [4]float64) Char {
	ax, ay := trm.vector(0, f.ascent/1000)
	ex, ey := trm.vector(0, f.descent/1000)
	xs := [4]float64{px + ax, px + ex, qx + ax, qx + ex}
	ys := [4]float64{py + ay, py + ey, qy + ay, qy + ey}
	left, right := min(xs[0], xs[1], xs[2], xs[3]), max(xs[0], xs[1], xs[2], xs[3])
	bottom, top := min(ys[0], ys[1], ys[2], ys[3]), max(ys[0], ys[1], ys[2], ys[3])
	return Char{Left: left - box[0], Right: right - box[0], Top: top - box[1], Bottom: bottom - box[1], Bold: f.bold}
}

// emit appends the glyph's runes to the page, each in the box c: one
// space between words, none at the start of a line.
func (b *lineBuilder) emit(p *Page, c Char, runes []rune) {
	for _, r := range runes {
		if unicode.IsSpace(r) {
			r = ' '
			if b.last == ' ' || b.last == '\n' || b.last == 0 {
				continue
			}
		}
		c.R = r
		if r == ' ' {
			p.Chars = append(p.Chars, Char{R: ' '})
		} else {
			p.Chars = append(p.Chars, c)
		}
		b.last = r
	}
}
