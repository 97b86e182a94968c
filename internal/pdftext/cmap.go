package pdftext

import (
	"cmp"
	"slices"
	"unicode/utf16"
	"unsafe"
)

// cmap is a ToUnicode CMap: codes of each length to their text.
type cmap struct {
	single map[int][]rune // key: code<<3 | length
	ranges []cmapRange    // in the order of the file: the first that holds a code wins
	// sorted is ranges by code length and low end, for a binary search,
	// when no two ranges of one length overlap (nil otherwise: then the
	// ranges are scanned in order).
	sorted []cmapRange
}

type cmapRange struct {
	lo, hi, n int
	base      []rune // the text of lo; later codes add to its last rune
	list      [][]rune
}

func (c *cmap) lookup(code, n int) ([]rune, bool) {
	if r, ok := c.single[code<<3|n]; ok {
		return r, true
	}
	if c.sorted != nil {
		// The last range that starts at or before the code.
		i, _ := slices.BinarySearchFunc(c.sorted, [2]int{n, code + 1}, func(rg cmapRange, t [2]int) int {
			return cmp.Or(cmp.Compare(rg.n, t[0]), cmp.Compare(rg.lo, t[1]))
		})
		if i > 0 {
			if rg := &c.sorted[i-1]; rg.n == n && code <= rg.hi {
				return rg.text(code)
			}
		}
		return nil, false
	}
	for i := range c.ranges {
		if rg := &c.ranges[i]; rg.n == n && code >= rg.lo && code <= rg.hi {
			return rg.text(code)
		}
	}
	return nil, false
}

// text is the text of code, which the range holds.
func (rg *cmapRange) text(code int) ([]rune, bool) {
	if rg.list != nil {
		if i := code - rg.lo; i < len(rg.list) {
			return rg.list[i], true
		}
		return nil, false
	}
	out := append([]rune(nil), rg.base...)
	if len(out) == 0 {
		return nil, false
	}
	out[len(out)-1] += rune(code - rg.lo)
	return out, true
}

// index sorts a copy of the ranges for the binary search of lookup,
// unless two ranges of one code length overlap (the first in the file
// then wins, as the scan in order finds it).
func (c *cmap) index(spend func(int) error) error {
	if len(c.ranges) < 8 {
		return nil
	}
	if err := spend(len(c.ranges) * cmapRangeBytes); err != nil {
		return err
	}
	s := slices.Clone(c.ranges)
	slices.SortFunc(s, func(a, b cmapRange) int { return cmp.Or(cmp.Compare(a.n, b.n), cmp.Compare(a.lo, b.lo)) })
	for i := 1; i < len(s); i++ {
		if s[i].n == s[i-1].n && s[i].lo <= s[i-1].hi {
			return nil
		}
	}
	c.sorted = s
	return nil
}

// utf16Text decodes a CMap destination string (UTF-16BE).
func utf16Text(b []byte) []rune {
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
	}
	if len(b)%2 == 1 {
		u = append(u, uint16(b[len(b)-1]))
	}
	return utf16.Decode(u)
}

func codeOf(b []byte) (int, int, bool) {
	if len(b) == 0 || len(b) > 4 {
		return 0, 0, false
	}
	v := 0
	for _, c := range b {
		v = v<<8 | int(c)
	}
	return v, len(b), true
}

// The memory of a CMap's entries, for the budget: a code of bfchar (the
// map's slot with its key and slice; a map[int][]rune of a million
// one-rune entries holds 84 MB), a range and a rune of their text.
const (
	cmapCharBytes  = 80
	cmapRangeBytes = int(unsafe.Sizeof(cmapRange{}))
	runeBytes      = int(unsafe.Sizeof(rune(0)))
	sliceBytes     = int(unsafe.Sizeof([]rune(nil)))
)

// parseCMap reads the bfchar and bfrange sections of a ToUnicode CMap
// (the codespace ranges give the code lengths, which the source codes'
// own lengths also say), spending the memory of its entries with spend.
func parseCMap(data []byte, spend func(int) error) (*cmap, error) {
	c := &cmap{single: map[int][]rune{}}
	l := &lexer{b: data}
	var stack []any
	for {
		t, err := l.token()
		if err != nil {
			return nil, badCMap()
		}
		if t == nil {
			if err := c.index(spend); err != nil {
				return nil, err
			}
			return c, nil
		}
		k, ok := t.(keyword)
		if !ok {
			stack = append(stack[:min(len(stack), 8)], t)
			continue
		}
		stack = stack[:0]
		switch k {
		case "beginbfchar":
			err = c.readBfchar(l, spend)
		case "beginbfrange":
			err = c.readBfrange(l, spend)
		case "usecmap":
			err = &Unsupported{Reason: "a ToUnicode CMap that uses another"}
		}
		if err != nil {
			return nil, err
		}
	}
}

func badCMap() error { return damaged("a malformed ToUnicode CMap") }

// readBfchar reads the entries of a bfchar section up to its
// endbfchar: a source code and the text it shows (UTF-16BE, or a glyph
// name).
func (c *cmap) readBfchar(l *lexer, spend func(int) error) error {
	for {
		t, err := l.token()
		if err != nil || t == nil {
			return badCMap()
		}
		if k, ok := t.(keyword); ok && k == "endbfchar" {
			return nil
		}
		src, ok := t.([]byte)
		dst, err := l.object(0)
		dstB, ok2 := dst.([]byte)
		if dn, isName := dst.(name); isName {
			if r, ok := glyphRune(string(dn)); ok {
				dstB, ok2 = utf16Bytes(r), true
			}
		}
		code, n, ok3 := codeOf(src)
		if !ok || err != nil || !ok2 || !ok3 {
			return badCMap()
		}
		if err := spend(cmapCharBytes + len(dstB)/2*runeBytes); err != nil {
			return err
		}
		c.single[code<<3|n] = utf16Text(dstB)
	}
}

// readBfrange reads the entries of a bfrange section up to its
// endbfrange: a range of source codes and the text of its first code,
// or an array of one text per code.
func (c *cmap) readBfrange(l *lexer, spend func(int) error) error {
	for {
		t, err := l.token()
		if err != nil || t == nil {
			return badCMap()
		}
		if k, ok := t.(keyword); ok && k == "endbfrange" {
			return nil
		}
		loB, ok := t.([]byte)
		hiT, err1 := l.token()
		hiB, ok2 := hiT.([]byte)
		dst, err2 := l.object(0)
		lo, n, ok3 := codeOf(loB)
		hi, n2, ok4 := codeOf(hiB)
		if !ok || !ok2 || !ok3 || !ok4 || err1 != nil || err2 != nil || n != n2 || hi < lo || hi-lo > 1<<16 {
			return badCMap()
		}
		rg := cmapRange{lo: lo, hi: hi, n: n}
		switch dst := dst.(type) {
		case []byte:
			if err := spend(cmapRangeBytes + len(dst)/2*runeBytes); err != nil {
				return err
			}
			rg.base = utf16Text(dst)
		case array:
			if rg.list, err = rangeList(dst, spend); err != nil {
				return err
			}
		default:
			return badCMap()
		}
		c.ranges = append(c.ranges, rg)
	}
}

// rangeList reads the array of texts of a bfrange entry.
func rangeList(dst array, spend func(int) error) ([][]rune, error) {
	if err := spend(cmapRangeBytes + len(dst)*sliceBytes); err != nil {
		return nil, err
	}
	list := make([][]rune, 0, len(dst))
	for _, v := range dst {
		b, ok := v.([]byte)
		if !ok {
			return nil, badCMap()
		}
		if err := spend(len(b) / 2 * runeBytes); err != nil {
			return nil, err
		}
		list = append(list, utf16Text(b))
	}
	return list, nil
}

func utf16Bytes(r rune) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune{r}) {
		out = append(out, byte(u>>8), byte(u))
	}
	return out
}
