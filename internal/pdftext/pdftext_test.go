package pdftext

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/pdftest"
)

// onePage writes a PDF of one 612 x 792 page with the content and the
// resources given, and the extra objects from number 5 on.
func onePage(content, resources string, extra ...string) []byte {
	return pdftest.File(append([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources " + resources + " >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}, extra...), "")
}

// text is a page's characters as a string.
func text(p Page) string {
	var b strings.Builder
	for _, c := range p.Chars {
		b.WriteRune(c.R)
	}
	return b.String()
}

// box is a character's box, rounded to hundredths.
type box struct{ l, r, b, t float64 }

func boxOf(c Char) box {
	round := func(v float64) float64 { return math.Round(v*100) / 100 }
	return box{round(c.Left), round(c.Right), round(c.Bottom), round(c.Top)}
}

// TestRead reads small PDFs of each kind of font and text operator the
// reader takes, checking the text and the boxes (the advance width
// along the baseline, the font's ascent and descent across it).
func TestRead(t *testing.T) {
	const helv = "<< /Font << /F1 5 0 R >> >>"
	helvFont := "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
	for _, c := range []struct {
		name  string
		pdf   []byte
		text  string
		boxes map[int]box // by index in the characters
		size  float64
		sizes map[int]float64 // by index, where not size
		bold  bool
	}{{
		name: "standard 14 font, WinAnsi, widths from its metrics",
		pdf:  onePage("BT /F1 10 Tf 72 700 Td (Hi\x80) Tj ET", helv, helvFont),
		text: "Hi€\n",
		// H is 722 wide, i 222, Euro 556; no descriptor: ascent 0.8,
		// descent -0.2.
		boxes: map[int]box{0: {72, 79.22, 698, 708}, 1: {79.22, 81.44, 698, 708}, 2: {81.44, 87, 698, 708}},
		size:  10,
	}, {
		name: "Differences over a base encoding: AGL, uniXXXX and uXXXXX names",
		pdf: onePage("BT /F1 10 Tf 72 700 Td (ABCD) Tj ET", helv,
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /Euro /uni0141 /u1F600] >> >>"),
		text:  "€Ł😀D\n",
		boxes: map[int]box{0: {72, 77.56, 698, 708}},
		size:  10,
		bold:  true,
	}, {
		// The gap Tc leaves after each letter is no space (PDFium reads
		// letter-spaced headings as words); the word gap is.
		name: "letter-spaced text: 2.5 Tc at 14 pt",
		pdf:  onePage("BT /F1 14 Tf 2.5 Tc 72 700 Td (Ace of) Tj 0 Tc ( it) Tj ET", helv, helvFont),
		text: "Ace of it\n",
		// A is 667 wide at 14 pt: 9.34, then 2.5 of Tc before c.
		boxes: map[int]box{0: {72, 81.34, 697.2, 711.2}, 1: {83.84, 90.84, 697.2, 711.2}},
		size:  14,
	}, {
		// Widths of 0: every glyph at the pen, which does not move; the
		// same letter twice is two letters, not fake bold.
		name: "a font whose widths are 0",
		pdf: onePage("BT /F1 10 Tf 72 700 Td (all) Tj ET", helv,
			"<< /Type /Font /Subtype /TrueType /BaseFont /Foo /FirstChar 32 /LastChar 126 /Widths ["+strings.Repeat("0 ", 95)+"] /Encoding /WinAnsiEncoding >>"),
		text: "all\n",
		size: 10,
	}, {
		name: "TrueType with Widths and a descriptor",
		pdf: onePage("BT /F1 20 Tf 100 500 Td (ABZ) Tj ET", helv,
			"<< /Type /Font /Subtype /TrueType /BaseFont /Foo /FirstChar 65 /LastChar 66 /Widths [500 600] /Encoding /WinAnsiEncoding /FontDescriptor 6 0 R >>",
			"<< /Type /FontDescriptor /FontName /Foo /Flags 32 /Ascent 900 /Descent -100 /StemV 130 /MissingWidth 250 >>"),
		text: "ABZ\n",
		// Z is past LastChar: MissingWidth. StemV 130 is weight 650.
		boxes: map[int]box{0: {100, 110, 498, 518}, 1: {110, 122, 498, 518}, 2: {122, 127, 498, 518}},
		size:  20,
		bold:  true,
	}, {
		name: "form XObject with its own matrix and resources",
		pdf: onePage("q 1 0 0 1 100 100 cm /X1 Do Q BT /F1 10 Tf 72 700 Td (B) Tj ET", "<< /Font << /F1 5 0 R >> /XObject << /X1 6 0 R >> >>", helvFont,
			"<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Matrix [2 0 0 2 0 0] /Resources << /Font << /F9 5 0 R >> >> /Length 32 >>\nstream\nBT /F9 10 Tf 10 10 Td (A) Tj ET\nendstream"),
		text: "A\nB\n",
		// A at 100 + 2*10 = 120, 6.67 wide at size 10 * 2.
		boxes: map[int]box{0: {120, 133.34, 116, 136}},
		size:  10, // the Tf size, unscaled by the form's matrix
	}, {
		name:  "TJ: a kerning adjustment joins, a word-sized one is a space, a jump past 0.8 em a new line",
		pdf:   onePage("BT /F1 10 Tf 72 700 Td [(A) 50 (V) -300 (W) -2000 (X)] TJ ET", helv, helvFont),
		text:  "AV W\nX\n",
		boxes: map[int]box{1: {78.17, 84.84, 698, 708}, 3: {87.84, 97.28, 698, 708}},
		size:  10,
	}, {
		name: "Tz, Tc and Tw move the next glyph",
		// Tz 50: glyphs half as wide; Tc 2 and Tw 10 (on the space)
		// scaled by it too.
		pdf:   onePage("BT /F1 10 Tf 50 Tz 2 Tc 4 Tw 100 100 Td (i i) Tj ET", helv, helvFont),
		text:  "i i\n",
		boxes: map[int]box{0: {100, 101.11, 98, 108}, 2: {106.5, 107.61, 98, 108}},
		size:  10,
	}, {
		name:  "a rotated and scaled text matrix",
		pdf:   onePage("BT /F1 10 Tf 0 2 -2 0 300 300 Tm (H) Tj ET", helv, helvFont),
		text:  "H\n",
		boxes: map[int]box{0: {300 - 16, 300 + 4, 300, 300 + 14.44}},
		size:  10,
	}, {
		name:  "inline image skipped, T* and ' with TL",
		pdf:   onePage("BI /W 2 /H 2 /BPC 8 /CS /G ID \x00EI\xff\x01 EI BT /F1 10 Tf 14 TL 72 700 Td (a) Tj T* (b) Tj (c) ' ET", helv, helvFont),
		text:  "a\nb\nc\n",
		boxes: map[int]box{2: {72, 77.56, 684, 694}, 4: {72, 77, 670, 680}},
		size:  10,
	}, {
		name: "Latin ligatures give their letters, each with the glyph's box, as PDFium gives them",
		pdf: onePage("BT /F1 10 Tf 72 700 Td (\x96\x97x\x98) Tj ET", helv,
			"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [150 /fi /uniFB03 /uniFB05] >> >>"),
		text: "fiffixſt\n",
		// Helvetica's fi and x are 500 wide; ffi and ſt are not in its
		// metrics: width 0.
		boxes: map[int]box{0: {72, 77, 698, 708}, 1: {72, 77, 698, 708}, 2: {77, 77, 698, 708}, 4: {77, 77, 698, 708}, 5: {77, 82, 698, 708}, 6: {82, 82, 698, 708}, 7: {82, 82, 698, 708}},
		size:  10,
	}} {
		t.Run(c.name, func(t *testing.T) {
			pages, err := Read(context.Background(), c.pdf, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) != 1 || pages[0].Height != 792 {
				t.Fatalf("%d pages, want 1 of height 792", len(pages))
			}
			p := pages[0]
			if got := text(p); got != c.text {
				t.Errorf("text %q, want %q", got, c.text)
			}
			for i, want := range c.boxes {
				if got := boxOf(p.Chars[i]); math.Abs(got.l-want.l) > 0.02 || math.Abs(got.r-want.r) > 0.02 || math.Abs(got.b-want.b) > 0.02 || math.Abs(got.t-want.t) > 0.02 {
					t.Errorf("character %d %q: box %+v, want %+v", i, p.Chars[i].R, got, want)
				}
			}
			for i, ch := range p.Chars {
				if ch.R == ' ' || ch.R == '\n' {
					continue
				}
				size, ok := c.sizes[i]
				if !ok {
					size = c.size
				}
				if math.Abs(ch.Size-size) > 1e-6 || ch.Bold != c.bold {
					t.Errorf("%q: size %v bold %v, want %v %v", ch.R, ch.Size, ch.Bold, size, c.bold)
				}
			}
		})
	}
}

// TestType0 reads a Type0 font's codes through its ToUnicode CMap
// (bfchar, bfrange with a base and with an array), its widths from /W
// and /DW; a code the CMap lacks is refused.
func TestType0(t *testing.T) {
	toUnicode := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n" +
		"2 beginbfchar <0001> <0041> <0002> <00660069> endbfchar\n" +
		"2 beginbfrange <0010> <0012> <0061> <0020> <0021> [<03A9> <D83DDE00>] endbfrange\nendcmap CMapName currentdict /CMap defineresource pop end end"
	pdf := func(codes string) []byte {
		return onePage("BT /F1 10 Tf 50 50 Td <"+codes+"> Tj ET", "<< /Font << /F1 5 0 R >> >>",
			"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Foo /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
			"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Foo /DW 500 /W [1 [600 700] 16 18 400] /FontDescriptor 8 0 R >>",
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(toUnicode), toUnicode),
			"<< /Type /FontDescriptor /FontName /ABCDEF+Foo /Flags 4 /Ascent 700 /Descent -300 /StemV 80 >>")
	}
	pages, err := Read(context.Background(), pdf("00010002001000120021"), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	p := pages[0]
	if got := text(p); got != "Afiac😀\n" {
		t.Errorf("text %q", got)
	}
	// A: 600; fi: 700, its two letters in one box; a: 400; c (CID 18):
	// 400; CID 33: DW 500.
	want := []box{{50, 56, 47, 57}, {56, 63, 47, 57}, {56, 63, 47, 57}, {63, 67, 47, 57}, {67, 71, 47, 57}, {71, 76, 47, 57}, {71, 76, 47, 57}}
	for i, w := range want[:len(p.Chars)-1] {
		if got := boxOf(p.Chars[i]); got != w {
			t.Errorf("character %d %q: box %+v, want %+v", i, p.Chars[i].R, got, w)
		}
	}
	_, err = Read(context.Background(), pdf("00010003"), 1<<20)
	var u *Unsupported
	if !errors.As(err, &u) || !strings.Contains(u.Reason, "no Unicode text") {
		t.Errorf("an unmapped code: error %v, want it refused", err)
	}
}

// TestRefuses refuses, as Unsupported, what the reader does not read
// with confidence.
func TestRefuses(t *testing.T) {
	const res = "<< /Font << /F1 5 0 R >> >>"
	show := "BT /F1 10 Tf 72 700 Td (A) Tj ET"
	good := onePage(show, res, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	shifted := bytes.Replace(good, []byte("xref\n0 6\n0000000000 65535 f \n0000000009"), []byte("xref\n0 6\n0000000000 65535 f \n0000000019"), 1)
	if bytes.Equal(shifted, good) {
		t.Fatal("the test's damaged file is not damaged")
	}
	for _, c := range []struct {
		name, reason string
		pdf          []byte
	}{
		{"Type3 font", "a Type3 font", onePage(show, res, "<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << >> /Encoding << /Differences [65 /a] >> /FirstChar 65 /LastChar 65 /Widths [500] >>")},
		{"a glyph name with no Unicode", "has no Unicode text", onePage(show, res, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [65 /g123] >> >>")},
		{"a predefined CJK CMap", "encoding", onePage(show, res, "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>", "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /X >>")},
		{"encrypted", "encrypted", pdftest.File([]string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>", "<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>"}, "/Encrypt 3 0 R")},
		{"an object offset that is wrong", "damaged", shifted},
		{"cut short", "damaged", good[:len(good)/2]},
		{"an embedded font without its encoding", "built-in encoding", onePage(show, res, "<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Foo /FirstChar 65 /LastChar 65 /Widths [500] /FontDescriptor 6 0 R >>", "<< /Type /FontDescriptor /FontName /ABCDEF+Foo /Flags 32 /FontFile 7 0 R >>", "<< /Length 0 >>\nstream\n\nendstream")},
		{"ActualText in marked content", "ActualText", onePage("BT /F1 10 Tf 72 700 Td (Rule ) Tj /Span << /ActualText (2023) >> BDC (XXXX) Tj EMC ET", res, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")},
		{"ActualText in a named property list", "ActualText", onePage("BT /F1 10 Tf 72 700 Td /Span /MC0 BDC (XXXX) Tj EMC ET", "<< /Font << /F1 5 0 R >> /Properties << /MC0 6 0 R >> >>", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", "<< /ActualText (2023) >>")},
		{"Hebrew", "right-to-left", onePage("BT /F1 10 Tf 72 700 Td (AB) Tj ET", res, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [65 /uni05E9 /uni05DC] >> >>")},
		{"an Arabic presentation form", "right-to-left", onePage("BT /F1 10 Tf 72 700 Td (A) Tj ET", res, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [65 /uniFE8D] >> >>")},
		{"a run drawn back on its line", "out of order", onePage("BT /F1 10 Tf 72 700 Td (1.) Tj ET BT /F1 10 Tf 146 700 Td (rule applies) Tj ET BT /F1 10 Tf 86 700 Td (The first) Tj ET", res, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")},
		{"an image filter on the page", "filter", pdftest.File([]string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>", "<< /Filter /DCTDecode /Length 1 >>\nstream\nx\nendstream"}, "")},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(context.Background(), c.pdf, 1<<20)
			var u *Unsupported
			if !errors.As(err, &u) || !strings.Contains(u.Reason, c.reason) {
				t.Errorf("error %v, want it refused for %q", err, c.reason)
			}
		})
	}
}

// TestFilters reads a page whose content is encoded with each filter,
// and with two in a row, and with a PNG predictor.
func TestFilters(t *testing.T) {
	content := []byte("BT /F1 10 Tf 72 700 Td (Seats) Tj ET")
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(content)
	w.Close()
	// PNG "Up" rows of 4 columns: each row's bytes are its difference
	// from the row above.
	var rows []byte
	prev := make([]byte, 4)
	padded := append(append([]byte(nil), content...), make([]byte, (4-len(content)%4)%4)...)
	for i := 0; i < len(padded); i += 4 {
		rows = append(rows, 2)
		for k := range 4 {
			rows = append(rows, padded[i+k]-prev[k])
		}
		prev = padded[i : i+4]
	}
	var zp bytes.Buffer
	w = zlib.NewWriter(&zp)
	w.Write(rows)
	w.Close()
	hex := fmt.Sprintf("%x>", content)
	// ASCII85 of content, written by hand below.
	a85 := ascii85(content)
	rl := append([]byte{byte(len(content) - 1)}, content...)
	rl = append(rl, 128)
	for _, c := range []struct {
		name, filter string
		data         []byte
	}{
		{"Flate", "/FlateDecode", z.Bytes()},
		{"Flate with a PNG predictor", "/FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>", zp.Bytes()},
		{"ASCIIHex", "/ASCIIHexDecode", []byte(hex)},
		{"ASCII85", "/ASCII85Decode", a85},
		{"RunLength", "/RunLengthDecode", rl},
		{"LZW", "/LZWDecode", lzwEncode(content)},
		{"ASCIIHex of Flate", "[/ASCIIHexDecode /FlateDecode]", []byte(fmt.Sprintf("%x>", z.Bytes()))},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf := pdftest.File([]string{
				"<< /Type /Catalog /Pages 2 0 R >>",
				"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
				"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
				fmt.Sprintf("<< /Filter %s /Length %d >>\nstream\n%s\nendstream", c.filter, len(c.data), c.data),
				"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
			}, "")
			pages, err := Read(context.Background(), pdf, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if got := text(pages[0]); got != "Seats\n" {
				t.Errorf("text %q", got)
			}
		})
	}
}

func ascii85(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i += 4 {
		var chunk [4]byte
		n := copy(chunk[:], b[i:])
		v := uint32(chunk[0])<<24 | uint32(chunk[1])<<16 | uint32(chunk[2])<<8 | uint32(chunk[3])
		var enc [5]byte
		for k := 4; k >= 0; k-- {
			enc[k] = byte(v%85) + '!'
			v /= 85
		}
		out = append(out, enc[:n+1]...)
	}
	return append(out, '~', '>')
}

// lzwEncode encodes b as LZW with 9-bit codes only, a clear code first
// and an end code last: few enough codes that the width never grows.
func lzwEncode(b []byte) []byte {
	codes := []int{256}
	for _, c := range b {
		codes = append(codes, int(c))
	}
	codes = append(codes, 257)
	var out []byte
	var acc uint32
	n := 0
	for _, c := range codes {
		acc = acc<<9 | uint32(c)
		n += 9
		for n >= 8 {
			out = append(out, byte(acc>>(n-8)))
			n -= 8
		}
	}
	if n > 0 {
		out = append(out, byte(acc<<(8-n)))
	}
	return out
}

// TestLimits: a stream that inflates past the limit and a page of more
// characters than it allows are MemoryErrors naming the page; the end of
// the context stops the reading.
func TestLimits(t *testing.T) {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(make([]byte, 4<<20))
	w.Close()
	bomb := pdftest.File([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
		fmt.Sprintf("<< /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream", z.Len(), z.Bytes()),
	}, "")
	_, err := Read(context.Background(), bomb, 1<<20)
	var me *MemoryError
	if !errors.As(err, &me) || me.Page != 1 {
		t.Errorf("a stream of 4 MiB under a limit of 1 MiB: error %v", err)
	}
	many := onePage("BT /F1 10 Tf 72 700 Td ("+strings.Repeat("a", 5000)+") Tj ET", "<< /Font << /F1 5 0 R >> >>", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	// More characters than the budget holds: another reader, which
	// holds a page at a time in memory of its own, may read them.
	var u *Unsupported
	if _, err := Read(context.Background(), many, 100*charBytes); !errors.As(err, &u) {
		t.Errorf("5000 characters under a limit of 100: error %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Read(ctx, many, 1<<20); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled reading: error %v", err)
	}
}

// FuzzRead feeds the reader arbitrary files: it may refuse them, never
// panic (its own recover turns a panic into an Unsupported that says
// "internal error", which fails here too), and stays within its limit.
func FuzzRead(f *testing.F) {
	f.Add(onePage("BT /F1 10 Tf 72 700 Td [(A) 50 (V) -300 (W)] TJ ET", "<< /Font << /F1 5 0 R >> >>", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"))
	f.Add(onePage("q 2 0 0 2 0 0 cm /X1 Do Q", "<< /XObject << /X1 5 0 R >> >>", "<< /Type /XObject /Subtype /Form /Resources << /XObject << /X1 5 0 R >> >> /Length 6 >>\nstream\n/X1 Do\nendstream"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		_, err := Read(context.Background(), data, 8<<20)
		var u *Unsupported
		if errors.As(err, &u) && strings.HasPrefix(u.Reason, "internal error") {
			t.Fatalf("%v", err)
		}
	})
}

// TestNumber reads numbers as strconv does, by the fast path for the
// common forms and strconv for the rest.
func TestNumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want any
	}{
		{"0", 0}, {"-0", 0}, {"+3", 3}, {"123456789012345", 123456789012345}, {"1234567890123456789", 1234567890123456789},
		{"72.024", 72.024}, {"-.5", -0.5}, {"1.", 1.0}, {".25", 0.25}, {"0.000001", 0.000001}, {"11.04", 11.04},
		{"841.92", 841.92}, {"-12.000", -12.0}, {"3.14159265358979", 3.14159265358979}, {"3.141592653589793238", 3.141592653589793},
		{"--5", 0}, {"5-", 5.0}, {"1.2.3", 1.2}, {".", 0},
	} {
		l := &lexer{b: []byte(c.in)}
		if got, _ := l.number(); got != c.want {
			t.Errorf("%s: %v (%T), want %v (%T)", c.in, got, got, c.want, c.want)
		}
	}
}

// TestForms: a form without resources takes the page's; forms that draw
// each other are refused, nested or in a cycle, and so are forms that
// multiply (each draws the next ten times, 12 deep: 10^12 draws if
// carried out; the test would not end).
func TestForms(t *testing.T) {
	const helv = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
	inherit := onePage("/X1 Do", "<< /Font << /F1 5 0 R >> /XObject << /X1 6 0 R >> >>", helv,
		"<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Length 32 >>\nstream\nBT /F1 10 Tf 10 10 Td (A) Tj ET\nendstream")
	pages, err := Read(context.Background(), inherit, 1<<20)
	if err != nil || text(pages[0]) != "A\n" {
		t.Errorf("a form without resources: %v", err)
	}
	cycle := onePage("/X1 Do", "<< /XObject << /X1 5 0 R >> >>", "<< /Type /XObject /Subtype /Form /Resources << /XObject << /X1 5 0 R >> >> /Length 6 >>\nstream\n/X1 Do\nendstream")
	if _, err := Read(context.Background(), cycle, 1<<20); err == nil {
		t.Error("a form that draws itself: read")
	}
	objs := []string{helv}
	draw := strings.Repeat("/X Do ", 10)
	for i := range 12 {
		objs = append(objs, fmt.Sprintf("<< /Type /XObject /Subtype /Form /Resources << /Font << /F1 5 0 R >> /XObject << /X %d 0 R >> >> /Length %d >>\nstream\n%s\nendstream", 7+i, len(draw), draw))
	}
	objs = append(objs, "<< /Type /XObject /Subtype /Form /Length 4 >>\nstream\n0 Tc\nendstream")
	bomb := onePage("/X Do", "<< /XObject << /X 6 0 R >> >>", objs...)
	_, err = Read(context.Background(), bomb, 1<<20)
	var u *Unsupported
	if !errors.As(err, &u) {
		t.Errorf("forms that multiply: error %v", err)
	}
}
