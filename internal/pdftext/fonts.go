package pdftext

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// font is what the text reader needs of a font: how its strings split
// into codes, each code's Unicode text and advance width (in thousandths
// of the text space unit), its ascent and descent, and whether it is
// bold.
type font struct {
	name     string
	twoByte  bool // Type0 with Identity-H or Identity-V: 2-byte codes
	vertical bool // Identity-V: the glyphs advance downwards

	// Simple fonts.
	enc       *[256]rune
	names     [256]string // glyph names from /Differences
	widths    []float64
	firstChar int
	hasWidths bool
	std       map[rune]float64 // a standard 14 font's widths by code point

	// Type0 fonts.
	cidWidths map[int]float64
	dw        float64

	missingWidth float64
	toUnicode    *cmap

	ascent, descent float64 // in glyph space, thousandths
	bold            bool
}

// codes splits s into character codes.
func (f *font) codes(s []byte, fn func(code, n int)) {
	if f.twoByte {
		for i := 0; i+1 < len(s); i += 2 {
			fn(int(s[i])<<8|int(s[i+1]), 2)
		}
		return
	}
	for _, c := range s {
		fn(int(c), 1)
	}
}

// text returns the Unicode text of code (n bytes), false when the font
// gives none.
func (f *font) text(code, n int, buf []rune) ([]rune, bool) {
	if f.toUnicode != nil {
		if r, ok := f.toUnicode.lookup(code, n); ok {
			return append(buf, r...), true
		}
	}
	if f.twoByte {
		return buf, false
	}
	if g := f.names[code]; g != "" {
		r, ok := glyphRune(g)
		if !ok {
			return buf, false
		}
		return append(buf, r), true
	}
	if f.enc == nil || f.enc[code] == 0 {
		return buf, false
	}
	return append(buf, f.enc[code]), true
}

// width returns code's advance in thousandths of text space.
func (f *font) width(code int) float64 {
	if f.twoByte {
		if w, ok := f.cidWidths[code]; ok {
			return w
		}
		return f.dw
	}
	if f.hasWidths {
		if i := code - f.firstChar; i >= 0 && i < len(f.widths) {
			return f.widths[i]
		}
		return f.missingWidth
	}
	if f.std != nil {
		r := rune(0)
		if g := f.names[code]; g != "" {
			r, _ = glyphRune(g)
		} else if f.enc != nil {
			r = f.enc[code]
		}
		if w, ok := f.std[r]; ok {
			return w
		}
	}
	return f.missingWidth
}

// loadFont reads a font dictionary, or says why this reader does not
// take it (Unsupported).
func (d *document) loadFont(v any) (*font, error) {
	fd := d.dictOf(v)
	if fd == nil {
		return nil, &Unsupported{Reason: "a font that is not a dictionary"}
	}
	sub, _ := d.resolve(fd["Subtype"]).(name)
	base, _ := d.resolve(fd["BaseFont"]).(name)
	f := &font{name: string(base), ascent: 800, descent: -200}
	desc := fd
	switch sub {
	case "Type1", "TrueType", "MMType1":
		if err := d.simpleFont(f, fd); err != nil {
			return nil, err
		}
	case "Type0":
		var err error
		if desc, err = d.type0Font(f, fd); err != nil {
			return nil, err
		}
	default:
		return nil, &Unsupported{Reason: fmt.Sprintf("a %s font", sub)}
	}
	if err := d.toUnicode(f, fd); err != nil {
		return nil, err
	}
	if f.twoByte && f.toUnicode == nil {
		return nil, &Unsupported{Reason: "a Type0 font without /ToUnicode"}
	}
	fdesc := d.dictOf(desc["FontDescriptor"])
	if fdesc == nil {
		fdesc = d.dictOf(fd["FontDescriptor"])
	}
	if fdesc != nil {
		d.fontMetrics(f, fdesc)
	}
	f.bold = d.isBold(f.name, fdesc)
	return f, nil
}

// type0Font reads a Type0 (composite) font of the Identity encodings:
// its descendant font, which it returns, and the widths of its CIDs.
func (d *document) type0Font(f *font, fd dict) (dict, error) {
	enc, _ := d.resolve(fd["Encoding"]).(name)
	switch enc {
	case "Identity-H":
	case "Identity-V":
		f.vertical = true
	default:
		return nil, &Unsupported{Reason: fmt.Sprintf("a Type0 font with the encoding %q", enc)}
	}
	f.twoByte = true
	var desc dict
	if kids := d.arrayOf(fd["DescendantFonts"]); len(kids) == 1 {
		desc = d.dictOf(kids[0])
	}
	if desc == nil {
		return nil, &Unsupported{Reason: "a Type0 font without its descendant font"}
	}
	if f.vertical {
		// Vertical metrics (/W2, /DW2) are not read: the default
		// advance of 1000 downwards.
		if desc["W2"] != nil || desc["DW2"] != nil {
			return nil, &Unsupported{Reason: "a vertical font with its own metrics"}
		}
	}
	f.dw = 1000
	if w, ok := d.number(desc["DW"]); ok {
		f.dw = w
	}
	if err := d.cidWidths(f, d.arrayOf(desc["W"])); err != nil {
		return nil, err
	}
	return desc, nil
}

// toUnicode reads the font's ToUnicode CMap, if it has one.
func (d *document) toUnicode(f *font, fd dict) error {
	tu, ok := d.resolve(fd["ToUnicode"]).(*stream)
	if !ok {
		return nil
	}
	data, err := d.decode(tu)
	if err != nil {
		return err
	}
	if f.toUnicode, err = parseCMap(data, d.spend); err != nil {
		if _, ok := err.(*MemoryError); ok {
			// What this reader holds of a CMap, not what the file needs.
			return &Unsupported{Reason: "a ToUnicode CMap past the memory budget"}
		}
		return err
	}
	return nil
}

// fontMetrics reads the ascent, descent and missing width of a font
// descriptor (a descent given as positive is taken as below the line).
func (d *document) fontMetrics(f *font, fdesc dict) {
	a, okA := d.number(fdesc["Ascent"])
	dd, okD := d.number(fdesc["Descent"])
	if dd > 0 {
		dd = -dd
	}
	if okA && okD && a > dd {
		f.ascent, f.descent = a, dd
	}
	if mw, ok := d.number(fdesc["MissingWidth"]); ok && !f.twoByte {
		f.missingWidth = mw
	}
}

// isBold decides a font's boldness as the PDFium engine does: "bold" in
// its name in any case, or a weight of 600 or more, where PDFium takes
// the weight from the descriptor's /FontWeight, or where it has none
// from its /StemV (5 StemV below 140, 4 StemV + 140 from it). The
// ForceBold flag does not make a font bold to PDFium.
func (d *document) isBold(base string, fdesc dict) bool {
	if strings.Contains(strings.ToLower(base), "bold") {
		return true
	}
	if fdesc == nil {
		return false
	}
	if w, ok := d.number(fdesc["FontWeight"]); ok && w > 0 {
		return w >= 600
	}
	stemV, _ := d.number(fdesc["StemV"])
	w := 5 * stemV
	if stemV >= 140 {
		w = 4*stemV + 140
	}
	return w >= 600
}

func (d *document) simpleFont(f *font, fd dict) error {
	if fc, ok := d.resolve(fd["FirstChar"]).(int); ok {
		f.firstChar = fc
	}
	if ws := d.arrayOf(fd["Widths"]); ws != nil {
		f.hasWidths = true
		f.widths = make([]float64, len(ws))
		for i, w := range ws {
			f.widths[i], _ = d.number(w)
		}
	}
	fdesc := d.dictOf(fd["FontDescriptor"])
	embedded := fdesc != nil && (fdesc["FontFile"] != nil || fdesc["FontFile2"] != nil || fdesc["FontFile3"] != nil)
	std := standardFont(f.name)
	if !f.hasWidths {
		if std == nil || embedded {
			return &Unsupported{Reason: fmt.Sprintf("the font %s without /Widths", f.name)}
		}
		f.std = std
	}
	symbolic := false
	if fdesc != nil {
		flags, _ := d.resolve(fdesc["Flags"]).(int)
		symbolic = flags&4 != 0
	}
	base := ""
	enc := d.resolve(fd["Encoding"])
	switch e := enc.(type) {
	case name:
		base = string(e)
	case dict:
		if b, ok := d.resolve(e["BaseEncoding"]).(name); ok {
			base = string(b)
		}
		code := 0
		for _, v := range d.arrayOf(e["Differences"]) {
			switch v := d.resolve(v).(type) {
			case int:
				code = v
			case name:
				if code >= 0 && code < 256 {
					f.names[code] = string(v)
				}
				code++
			}
		}
	case nil:
	default:
		return &Unsupported{Reason: "a font /Encoding that is neither a name nor a dictionary"}
	}
	switch base {
	case "WinAnsiEncoding", "MacRomanEncoding", "PDFDocEncoding", "StandardEncoding":
		f.enc = encoding(base)
	case "MacExpertEncoding":
		return &Unsupported{Reason: "MacExpertEncoding"}
	case "":
		// The font's own encoding: known only for a standard font that
		// is not embedded and not symbolic (PDFium takes WinAnsi there);
		// a font program's built-in encoding is not read.
		if embedded || symbolic || std == nil && !f.hasWidths {
			if f.toUnicode == nil && fd["ToUnicode"] == nil {
				return &Unsupported{Reason: fmt.Sprintf("the font %s's built-in encoding", f.name)}
			}
		} else {
			f.enc = encoding("WinAnsiEncoding")
		}
	default:
		return &Unsupported{Reason: fmt.Sprintf("the encoding %s", base)}
	}
	return nil
}

// widthBytes is what an entry of a font's widths costs in memory, for
// the budget (a map[int]float64 of a million entries holds 36 MB).
const widthBytes = 40

// errWidths is a font whose widths this reader would hold past the
// budget: another reader, which keeps /W ranges as ranges, may read it.
var errWidths = &Unsupported{Reason: "a font's /W widths past the memory budget"}

// cidWidths reads a CIDFont's /W array (9.7.4.3), each width spent from
// the budget before it is stored.
func (d *document) cidWidths(f *font, w array) error {
	// A first pass counts the widths, spent at once; the second stores
	// them.
	n := 0
	for pass := range 2 {
		if pass == 1 {
			if err := d.spend(n * widthBytes); err != nil {
				return errWidths
			}
			f.cidWidths = make(map[int]float64, n)
		}
		for i := 0; i < len(w); {
			first, ok := d.resolve(w[i]).(int)
			if !ok || i+1 >= len(w) {
				return damaged("a bad /W array")
			}
			switch next := d.resolve(w[i+1]).(type) {
			case array:
				if len(next) > 1<<16 {
					return damaged("a /W array too long")
				}
				n += len(next)
				if pass == 1 {
					for k, v := range next {
						f.cidWidths[first+k], _ = d.number(v)
					}
				}
				i += 2
			case int, float64:
				last, _ := d.number(next)
				if i+2 >= len(w) || int(last)-first > 1<<16 {
					return damaged("a bad /W array")
				}
				n += max(int(last)-first+1, 0)
				if pass == 1 {
					wv, _ := d.number(w[i+2])
					for c := first; c <= int(last); c++ {
						f.cidWidths[c] = wv
					}
				}
				i += 3
			default:
				return damaged("a bad /W array")
			}
		}
	}
	return nil
}

//go:embed glyphlist.txt
var glyphListData string

//go:embed encodings.txt
var encodingsData string

//go:embed std14widths.txt
var std14Data string

var (
	tablesOnce sync.Once
	glyphs     map[string]rune
	encodings  map[string]*[256]rune
	std14      map[string]map[rune]float64
)

// loadTables parses the embedded tables (their origins are in their
// first lines): glyph names to code points (the Adobe Glyph List's and
// more), the WinAnsi, MacRoman and PDFDoc encodings, and the widths of
// the standard 14 fonts' glyphs. Standard encoding is written out below.
func loadTables() {
	glyphs = make(map[string]rune, 4400)
	for line := range strings.SplitSeq(glyphListData, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		n, h, ok := strings.Cut(line, " ")
		if v, err := strconv.ParseUint(h, 16, 32); ok && err == nil {
			glyphs[n] = rune(v)
		}
	}
	encodings = map[string]*[256]rune{}
	for line := range strings.SplitSeq(encodingsData, "\n") {
		fs := strings.Fields(line)
		if len(fs) != 257 {
			continue
		}
		var t [256]rune
		for i, h := range fs[1:] {
			v, _ := strconv.ParseUint(h, 16, 32)
			t[i] = rune(v)
		}
		encodings[fs[0]] = &t
	}
	var std [256]rune
	for i := 32; i < 127; i++ {
		std[i] = rune(i)
	}
	std['\''], std['`'] = 0x2019, 0x2018
	for code, g := range standardHigh {
		std[code], _ = glyphs[g]
	}
	encodings["StandardEncoding"] = &std
	std14 = map[string]map[rune]float64{}
	for line := range strings.SplitSeq(std14Data, "\n") {
		fs := strings.Fields(line)
		if len(fs) < 2 || strings.HasPrefix(line, "#") {
			continue
		}
		m := map[rune]float64{}
		for _, kv := range fs[1:] {
			g, w, _ := strings.Cut(kv, "=")
			r, ok := glyphs[g]
			if v, err := strconv.Atoi(w); ok && err == nil {
				m[r] = float64(v)
			}
		}
		std14[fs[0]] = m
	}
}

// standardHigh is StandardEncoding above 127 (ISO 32000-1, D.2).
var standardHigh = map[int]string{
	161: "exclamdown", 162: "cent", 163: "sterling", 164: "fraction", 165: "yen", 166: "florin", 167: "section",
	168: "currency", 169: "quotesingle", 170: "quotedblleft", 171: "guillemotleft", 172: "guilsinglleft",
	173: "guilsinglright", 174: "fi", 175: "fl", 177: "endash", 178: "dagger", 179: "daggerdbl",
	180: "periodcentered", 182: "paragraph", 183: "bullet", 184: "quotesinglbase", 185: "quotedblbase",
	186: "quotedblright", 187: "guillemotright", 188: "ellipsis", 189: "perthousand", 191: "questiondown",
	193: "grave", 194: "acute", 195: "circumflex", 196: "tilde", 197: "macron", 198: "breve", 199: "dotaccent",
	200: "dieresis", 202: "ring", 203: "cedilla", 205: "hungarumlaut", 206: "ogonek", 207: "caron",
	208: "emdash", 225: "AE", 227: "ordfeminine", 232: "Lslash", 233: "Oslash", 234: "OE", 235: "ordmasculine",
	241: "ae", 245: "dotlessi", 248: "lslash", 249: "oslash", 250: "oe", 251: "germandbls",
}

func encoding(n string) *[256]rune {
	tablesOnce.Do(loadTables)
	return encodings[n]
}

// glyphRune maps a glyph name to its code point: the Adobe Glyph List,
// then uniXXXX and uXXXX[XX] names.
func glyphRune(g string) (rune, bool) {
	tablesOnce.Do(loadTables)
	if r, ok := glyphs[g]; ok {
		return r, true
	}
	var hex string
	switch {
	case strings.HasPrefix(g, "uni") && len(g) == 7:
		hex = g[3:]
	case strings.HasPrefix(g, "u") && len(g) >= 5 && len(g) <= 7:
		hex = g[1:]
	default:
		return 0, false
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || v > 0x10FFFF || v >= 0xD800 && v < 0xE000 {
		return 0, false
	}
	return rune(v), true
}

// standardFont returns the widths of a standard 14 font by its name
// (with the common aliases: Arial for Helvetica, TimesNewRoman for
// Times, CourierNew for Courier), nil for any other font. Symbol and
// ZapfDingbats, whose encodings are their own, are not among them.
func standardFont(base string) map[rune]float64 {
	tablesOnce.Do(loadTables)
	n := base
	if i := strings.IndexByte(n, '+'); i == 6 {
		n = n[7:]
	}
	if m, ok := std14[n]; ok {
		return m
	}
	fam, style, _ := strings.Cut(strings.ReplaceAll(n, ",", "-"), "-")
	var f string
	switch strings.TrimSuffix(strings.TrimSuffix(fam, "MT"), "PS") {
	case "Arial", "Helvetica":
		f = "Helvetica"
	case "TimesNewRoman", "Times":
		f = "Times"
	case "CourierNew", "Courier":
		f = "Courier"
	default:
		return nil
	}
	s := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(style, "MT"), "PS"))
	bold := strings.Contains(s, "bold")
	italic := strings.Contains(s, "italic") || strings.Contains(s, "oblique")
	suffix := ""
	switch {
	case bold && italic:
		suffix = map[string]string{"Times": "-BoldItalic"}[f]
		if suffix == "" {
			suffix = "-BoldOblique"
		}
	case bold:
		suffix = "-Bold"
	case italic:
		suffix = map[string]string{"Times": "-Italic"}[f]
		if suffix == "" {
			suffix = "-Oblique"
		}
	case f == "Times":
		suffix = "-Roman"
	}
	return std14[f+suffix]
}
