package pdftext

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
)

// decode applies a stream's filters (ISO 32000-1, 7.4), each output
// capped at d.limit bytes: a stream that decodes to more is a
// MemoryError (no reader holds it), and one whose decoded bytes are
// more than is left of the file's budget (spent by every decode, so
// that a stream drawn by every page is not inflated again and again
// without end) is errBudget: a reader that reads a page at a time may
// hold it. A filter this package does not have (the image ones:
// DCTDecode, JPXDecode, CCITTFaxDecode, JBIG2Decode; Crypt) is
// Unsupported.
func (d *document) decode(s *stream) ([]byte, error) {
	var filters, parms array
	switch f := d.resolve(s.dict["Filter"]).(type) {
	case name:
		filters = array{f}
	case array:
		filters = f
	}
	switch p := d.resolve(s.dict["DecodeParms"]).(type) {
	case dict:
		parms = array{p}
	case array:
		parms = p
	}
	data := s.raw
	for i, f := range filters {
		fn, _ := d.resolve(f).(name)
		var p dict
		if i < len(parms) {
			p = d.dictOf(parms[i])
		}
		var err error
		if data, err = d.filter(fn, p, min(d.limit, d.budget), data); err != nil {
			if _, ok := err.(*MemoryError); ok && d.budget < d.limit {
				d.budget = 0
				return nil, errBudget
			}
			return nil, err
		}
	}
	if len(filters) > 0 {
		if err := d.spend(len(data)); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// spend takes n bytes from the file's memory budget, or says that it
// needs more memory than is left (errBudget).
func (d *document) spend(n int) error {
	if n > d.budget {
		d.budget = 0
		return errBudget
	}
	d.budget -= n
	return nil
}

// errBudget is a file that needs more memory in all than its budget,
// each stream within the limit: the pages of a long publication, where
// Read holds them together, or a stream drawn by many pages. Another
// reader may read it.
var errBudget = &Unsupported{Reason: "more than the memory budget for the whole file (its decoded streams, fonts and the text of the pages held)"}

// errTooLarge is a stream that decodes past the limit.
var errTooLarge = errors.New("decodes past the limit")

// readCapped reads r to its end, at most limit bytes. It reads in
// chunks and copies them into one slice at the end, so that a stream
// that inflates past the limit costs the limit, not the doublings of a
// growing buffer.
func readCapped(r io.Reader, limit int, sizeHint int) ([]byte, error) {
	const chunk = 1 << 20
	first := make([]byte, min(max(sizeHint, 4096), chunk, limit+1))
	n, err := io.ReadFull(r, first)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return first[:n], nil
	case err != nil:
		return nil, err
	}
	chunks := [][]byte{first}
	total := n
	for {
		if total > limit {
			return nil, errTooLarge
		}
		// Each chunk as large as all before it, up to a megabyte: a
		// stream longer than its hint costs at most twice its size.
		buf := make([]byte, min(max(total, 4096), chunk, limit+1-total))
		n, err := io.ReadFull(r, buf)
		total += n
		chunks = append(chunks, buf[:n])
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if total > limit {
		return nil, errTooLarge
	}
	out := make([]byte, 0, total)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return out, nil
}

// filter applies one filter, its output capped at limit bytes.
func (d *document) filter(f name, p dict, limit int, data []byte) ([]byte, error) {
	var out []byte
	var err error
	switch f {
	case "FlateDecode", "Fl":
		var zr io.ReadCloser
		if zr, err = zlib.NewReader(bytes.NewReader(data)); err == nil {
			out, err = readCapped(zr, limit, 4*len(data))
		}
	case "LZWDecode", "LZW":
		early := 1
		if e, ok := d.resolve(p["EarlyChange"]).(int); ok {
			early = e
		}
		out, err = lzwDecode(data, min(max(early, 0), 1), limit)
	case "ASCII85Decode", "A85":
		out, err = ascii85Decode(data, limit)
	case "ASCIIHexDecode", "AHx":
		out, err = asciiHexDecode(data)
	case "RunLengthDecode", "RL":
		out, err = runLengthDecode(data, limit)
	default:
		return nil, &Unsupported{Reason: fmt.Sprintf("the filter %s", f)}
	}
	if errors.Is(err, errTooLarge) {
		return nil, &MemoryError{}
	}
	if err != nil {
		// A stream that ends early: another reader may take what it
		// gives, this one does not guess.
		return nil, damaged("%s: %v", f, err)
	}
	if f == "FlateDecode" || f == "Fl" || f == "LZWDecode" || f == "LZW" {
		return d.predict(p, out)
	}
	return out, nil
}

// lzwDecode decodes LZW as PDF has it (7.4.4): codes of 9 to 12 bits,
// most significant bit first, 256 clears the table, 257 ends the data;
// the code width grows one code early when early is 1 (the default).
func lzwDecode(data []byte, early, limit int) ([]byte, error) {
	var out []byte
	table := make([][]byte, 258, 4096)
	reset := func() {
		table = table[:258]
		for i := range 256 {
			table[i] = []byte{byte(i)}
		}
	}
	reset()
	width := 9
	var bits uint32
	nbits := 0
	var prev []byte
	for i := 0; ; {
		for nbits < width && i < len(data) {
			bits = bits<<8 | uint32(data[i])
			nbits += 8
			i++
		}
		if nbits < width {
			return out, nil
		}
		code := int(bits>>(nbits-width)) & (1<<width - 1)
		nbits -= width
		switch {
		case code == 256:
			reset()
			width, prev = 9, nil
			continue
		case code == 257:
			return out, nil
		}
		var entry []byte
		switch {
		case code < len(table):
			entry = table[code]
		case code == len(table) && prev != nil:
			entry = append(append([]byte(nil), prev...), prev[0])
		default:
			return nil, errors.New("a bad LZW code")
		}
		out = append(out, entry...)
		if len(out) > limit {
			return nil, errTooLarge
		}
		if prev != nil && len(table) < 4096 {
			table = append(table, append(append(make([]byte, 0, len(prev)+1), prev...), entry[0]))
		}
		prev = entry
		if n := len(table) + early; n >= 1<<width && width < 12 {
			width++
		}
	}
}

func ascii85Decode(data []byte, limit int) ([]byte, error) {
	var out []byte
	var tuple uint32
	n := 0
	for _, c := range data {
		switch {
		case isSpace(c):
			continue
		case c == '~':
			goto end
		case c == 'z' && n == 0:
			out = append(out, 0, 0, 0, 0)
		case c >= '!' && c <= 'u':
			tuple = tuple*85 + uint32(c-'!')
			n++
			if n == 5 {
				out = append(out, byte(tuple>>24), byte(tuple>>16), byte(tuple>>8), byte(tuple))
				tuple, n = 0, 0
			}
		default:
			return nil, fmt.Errorf("a byte %#x that is not base-85", c)
		}
		if len(out) > limit {
			return nil, errTooLarge
		}
	}
end:
	if n == 1 {
		return nil, errors.New("a final group of one character")
	}
	if n > 0 {
		for k := n; k < 5; k++ {
			tuple = tuple*85 + 84
		}
		b := []byte{byte(tuple >> 24), byte(tuple >> 16), byte(tuple >> 8), byte(tuple)}
		out = append(out, b[:n-1]...)
	}
	return out, nil
}

func asciiHexDecode(data []byte) ([]byte, error) {
	out := make([]byte, 0, len(data)/2)
	half, have := byte(0), false
	for _, c := range data {
		if c == '>' {
			break
		}
		if isSpace(c) {
			continue
		}
		v, ok := unhex(c)
		if !ok {
			return nil, fmt.Errorf("a byte %#x that is not hexadecimal", c)
		}
		if have {
			out = append(out, half<<4|v)
			have = false
		} else {
			half, have = v, true
		}
	}
	if have {
		out = append(out, half<<4)
	}
	return out, nil
}

func runLengthDecode(data []byte, limit int) ([]byte, error) {
	var out []byte
	for i := 0; i < len(data); {
		n := int(data[i])
		i++
		switch {
		case n == 128:
			return out, nil
		case n < 128:
			if i+n+1 > len(data) {
				return nil, errors.New("a run past the end")
			}
			out = append(out, data[i:i+n+1]...)
			i += n + 1
		default:
			if i >= len(data) {
				return nil, errors.New("a run past the end")
			}
			for range 257 - n {
				out = append(out, data[i])
			}
			i++
		}
		if len(out) > limit {
			return nil, errTooLarge
		}
	}
	return out, nil
}

// predict undoes a Flate or LZW predictor (7.4.4.4): TIFF 2 and the PNG
// filters.
func (d *document) predict(p dict, data []byte) ([]byte, error) {
	pred, _ := d.resolve(p["Predictor"]).(int)
	if pred <= 1 {
		return data, nil
	}
	colors, bpc, cols := 1, 8, 1
	if v, ok := d.resolve(p["Colors"]).(int); ok {
		colors = v
	}
	if v, ok := d.resolve(p["BitsPerComponent"]).(int); ok {
		bpc = v
	}
	if v, ok := d.resolve(p["Columns"]).(int); ok {
		cols = v
	}
	if colors < 1 || colors > 32 || cols < 1 || cols > 1<<20 || bpc != 1 && bpc != 2 && bpc != 4 && bpc != 8 && bpc != 16 {
		return nil, damaged("a predictor with bad parameters")
	}
	bpp := max(1, colors*bpc/8)
	rowLen := (colors*bpc*cols + 7) / 8
	if pred == 2 {
		if bpc != 8 {
			return nil, &Unsupported{Reason: "a TIFF predictor of other than 8 bits"}
		}
		for r := 0; r+rowLen <= len(data); r += rowLen {
			row := data[r : r+rowLen]
			for i := bpp; i < len(row); i++ {
				row[i] += row[i-bpp]
			}
		}
		return data, nil
	}
	out := make([]byte, 0, len(data))
	prev := make([]byte, rowLen)
	for r := 0; r < len(data); r += rowLen + 1 {
		end := min(r+rowLen+1, len(data))
		typ := data[r]
		row := make([]byte, rowLen)
		copy(row, data[r+1:end])
		for i := range row {
			var a, b, c byte
			if i >= bpp {
				a, c = row[i-bpp], prev[i-bpp]
			}
			b = prev[i]
			switch typ {
			case 0:
			case 1:
				row[i] += a
			case 2:
				row[i] += b
			case 3:
				row[i] += byte((int(a) + int(b)) / 2)
			case 4:
				pa, pb, pc := abs(int(b)-int(c)), abs(int(a)-int(c)), abs(int(a)+int(b)-2*int(c))
				switch {
				case pa <= pb && pa <= pc:
					row[i] += a
				case pb <= pc:
					row[i] += b
				default:
					row[i] += c
				}
			default:
				return nil, damaged("a PNG predictor row of type %d", typ)
			}
		}
		out = append(out, row[:end-r-1]...)
		prev = row
	}
	return out, nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
