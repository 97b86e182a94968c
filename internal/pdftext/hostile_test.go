package pdftext

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"

	"github.com/rulesync/rulesync/internal/pdftest"
)

const helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"

// TestLengthChain: a stream whose /Length is a reference to a stream
// whose /Length is a reference, and so on for 100,000 objects, is
// refused as damaged after a few objects; followed to its end it would
// overflow the stack (here held to 64 MB so that it would do so at this
// size; a fatal error no recover catches).
func TestLengthChain(t *testing.T) {
	const n = 100000
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << /F1 5 0 R >> >> >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
		"<< /Length 6 0 R >>\nstream\nBT /F1 10 Tf 72 700 Td (Rule 1) Tj ET\nendstream",
		helvetica,
	}
	for i := range n {
		if i == n-1 {
			objs = append(objs, "36")
		} else {
			objs = append(objs, fmt.Sprintf("<< /Length %d 0 R >>\nstream\n\nendstream", 7+i))
		}
	}
	pdf := pdftest.File(objs, "")
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	_, err := Read(context.Background(), pdf, 64<<20)
	var u *Unsupported
	if !errors.As(err, &u) || !strings.Contains(u.Reason, "nested too deep") {
		t.Errorf("a chain of %d streams: error %v, want it refused as nested too deep", n, err)
	}
}

// TestBrokenStream: a stream that cannot be read, drawn by a page or by
// a form on it, makes the file one this reader does not read, never an
// empty page.
func TestBrokenStream(t *testing.T) {
	const content = "BT /F1 10 Tf 72 700 Td (Rule 1) Tj ET"
	page := func(length string) []byte {
		return pdftest.File([]string{
			"<< /Type /Catalog /Pages 2 0 R >>",
			"<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << /F1 5 0 R >> >> >>",
			"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
			"<< /Length " + length + " >>\nstream\n" + content + "\nendstream",
			helvetica,
		}, "")
	}
	form := func(length string) []byte {
		return onePage("/X Do", "<< /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >>", helvetica,
			"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Length "+length+" >>\nstream\n"+content+"\nendstream")
	}
	n := fmt.Sprint(len(content))
	if pages, err := Read(context.Background(), page(n), 1<<20); err != nil || text(pages[0]) != "Rule 1\n" {
		t.Fatalf("the right /Length: %v", err)
	}
	if pages, err := Read(context.Background(), form(n), 1<<20); err != nil || text(pages[0]) != "Rule 1\n" {
		t.Fatalf("a form of the right /Length: %v", err)
	}
	for _, c := range []struct {
		name string
		pdf  []byte
	}{
		{"a page stream's /Length short", page("10")},
		{"a page stream's /Length negative", page("-5")},
		{"a page stream's /Length past the end", page("100000")},
		{"a page stream's /Length a reference to nothing readable", page("9 0 R")},
		{"a form's /Length short", form("10")},
		{"a form's /Length negative", form("-5")},
		{"bad Flate data", page(n + " /Filter /FlateDecode")},
	} {
		pages, err := Read(context.Background(), c.pdf, 1<<20)
		var u *Unsupported
		if !errors.As(err, &u) {
			got := ""
			if len(pages) > 0 {
				got = text(pages[0])
			}
			t.Errorf("%s: error %v, text %q; want it refused", c.name, err, got)
		}
	}
}

// flate compresses b.
func flate(b []byte) []byte {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(b)
	w.Close()
	return z.Bytes()
}

// TestBudget: one memory budget for the whole file. A stream that 50
// pages draw, each decode under the limit, is spent at each decode; the
// widths of a font, spent in all, not range by range; a page's
// characters at their real size. A file past the budget in all is
// Unsupported (a reader of a page at a time may read it), one stream
// past the limit a MemoryError.
func TestBudget(t *testing.T) {
	const limit = 4 << 20
	shared := flate(append([]byte("BT /F1 10 Tf 72 700 Td (Rule 1) Tj ET"), bytes.Repeat([]byte{' '}, 3<<20)...))
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", helvetica,
		fmt.Sprintf("<< /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream", len(shared), shared)}
	var kids []string
	for i := range 50 {
		kids = append(kids, fmt.Sprintf("%d 0 R", 5+i))
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>")
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))
	_, err := Read(context.Background(), pdftest.File(objs, ""), limit)
	var u *Unsupported
	if !errors.As(err, &u) || !strings.Contains(u.Reason, "budget") {
		t.Errorf("50 pages drawing a stream of 3 MiB under a budget of 4 MiB: error %v, want it past the budget", err)
	}
	var me *MemoryError
	if _, err := Read(context.Background(), pdftest.File(objs, ""), 3<<20); !errors.As(err, &me) || me.Page != 1 {
		t.Errorf("the stream of 3 MiB under a limit of 3 MiB: error %v, want a MemoryError on page 1", err)
	}

	// 64 ranges of 65,536 widths: each under the cap of a range, in all
	// 4 Mi widths, past what 4 MiB holds; another reader may read it.
	var w strings.Builder
	for i := range 64 {
		fmt.Fprintf(&w, "%d %d 500 ", i<<16, i<<16|0xFFFF)
	}
	toUnicode := "begincmap 1 beginbfchar <0001> <0041> endbfchar endcmap"
	widths := onePage("BT /F1 10 Tf 50 50 Td <0001> Tj ET", "<< /Font << /F1 5 0 R >> >>",
		"<< /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
		"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Foo /W ["+w.String()+"] >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(toUnicode), toUnicode))
	_, err = Read(context.Background(), widths, limit)
	if !errors.As(err, &u) || !strings.Contains(u.Reason, "budget") {
		t.Errorf("4 Mi widths under a budget of 4 MiB: error %v, want them refused", err)
	}

	// A Char's real size; a page of 5000 characters does not fit in 5000
	// characters of 48 bytes.
	if charBytes != int(unsafe.Sizeof(Char{})) || charBytes < 56 {
		t.Errorf("charBytes %d, a Char is %d bytes", charBytes, unsafe.Sizeof(Char{}))
	}
	many := onePage("BT /F1 10 Tf 72 700 Td ("+strings.Repeat("a", 5000)+") Tj ET", "<< /Font << /F1 5 0 R >> >>", helvetica)
	if _, err := Read(context.Background(), many, 5000*48+(4<<10)); !errors.As(err, &u) || !strings.Contains(u.Reason, "budget") {
		t.Errorf("5000 characters under a budget of 5000 x 48 bytes: error %v", err)
	}
	if pages, err := Read(context.Background(), many, 5000*4*charBytes); err != nil || len(pages[0].Chars) != 5001 {
		t.Errorf("5000 characters under a budget of 4 x their size: error %v", err)
	}
}

// TestCMapLookup: the binary search over sorted ranges finds what the
// scan of the ranges in the file's order finds, with ranges of two code
// lengths, lists and bases; with overlapping ranges the first in the
// file still wins.
func TestCMapLookup(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for round := range 60 {
		var b strings.Builder
		lo := 0
		overlap := round%4 == 0
		nr := 8 + rnd.IntN(200)
		fmt.Fprintf(&b, "%d beginbfrange\n", nr)
		for range nr {
			if overlap {
				lo = rnd.IntN(0x200)
			} else {
				lo += 1 + rnd.IntN(20)
			}
			hi := lo + rnd.IntN(8)
			n := 2
			if hi < 0x100 && rnd.IntN(2) == 0 {
				n = 1
			}
			code := func(v int) string { return fmt.Sprintf("<%0*X>", 2*n, v&(1<<(8*n)-1)) }
			if rnd.IntN(3) == 0 {
				var list []string
				for range 1 + rnd.IntN(hi-lo+1) {
					list = append(list, fmt.Sprintf("<%04X>", 0x4E00+rnd.IntN(1000)))
				}
				fmt.Fprintf(&b, "%s %s [%s]\n", code(lo), code(hi), strings.Join(list, " "))
			} else {
				fmt.Fprintf(&b, "%s %s <%04X>\n", code(lo), code(hi), 0x41+rnd.IntN(1000))
			}
			lo = hi
		}
		b.WriteString("endbfrange\n")
		c, err := parseCMap([]byte(b.String()), func(int) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if !overlap && c.sorted == nil {
			t.Fatalf("round %d: %d ranges that do not overlap, not sorted", round, len(c.ranges))
		}
		for code := range 0x1100 {
			for n := 1; n <= 2; n++ {
				got, gok := c.lookup(code, n)
				var want []rune
				wok := false
				for _, rg := range c.ranges {
					if rg.n == n && code >= rg.lo && code <= rg.hi {
						want, wok = rg.text(code)
						break
					}
				}
				if gok != wok || string(got) != string(want) {
					t.Fatalf("round %d: code %#x of %d bytes: %q %v, the scan gives %q %v", round, code, n, string(got), gok, string(want), wok)
				}
			}
		}
	}
}
