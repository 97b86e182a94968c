package corpusjson

import (
	"bytes"
	"io"

	"github.com/rulesync/rulesync/corpus"
)

// input holds the bytes of a reader from the first not yet forgotten to
// the read head, with the line and line start at the first held, so that
// an offset among them has a line and column.
type input struct {
	r         io.Reader
	err       error  // the error that ended the reading (io.EOF at the end)
	buf       []byte // the bytes from base to the read head
	base      int    // the offset of buf[0]
	keep      int    // bytes before this offset may be dropped
	line      int    // the line at base, from 1
	lineStart int    // the offset where that line starts
}

// more reads more input, dropping the bytes forgotten first when the
// buffer is full; false at the end of the input.
func (in *input) more() bool {
	if in.err != nil {
		return false
	}
	if len(in.buf) == cap(in.buf) {
		if k := in.keep - in.base; k > 0 {
			seg := in.buf[:k]
			if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
				in.line += n
				in.lineStart = in.base + bytes.LastIndexByte(seg, '\n') + 1
			}
			in.buf = in.buf[:copy(in.buf, in.buf[k:])]
			in.base = in.keep
		}
		if cap(in.buf) == 0 || len(in.buf) > cap(in.buf)/2 {
			grown := make([]byte, len(in.buf), max(2*cap(in.buf), 64<<10))
			copy(grown, in.buf)
			in.buf = grown
		}
	}
	for {
		n, err := in.r.Read(in.buf[len(in.buf):cap(in.buf)])
		in.buf = in.buf[:len(in.buf)+n]
		if err != nil {
			in.err = err
		}
		if n > 0 || err != nil {
			return n > 0
		}
	}
}

// readErr is the error that ended the reading, when it is not the end of
// the input.
func (in *input) readErr() error {
	if in.err == nil || in.err == io.EOF {
		return nil
	}
	return in.at(in.end(), in.err.Error())
}

// byteAt returns the byte at off, reading up to it; false past the end.
func (in *input) byteAt(off int) (byte, bool) {
	if i := off - in.base; i < len(in.buf) {
		return in.buf[i], true
	}
	return in.read(off)
}

// read is byteAt for a byte not read yet.
func (in *input) read(off int) (byte, bool) {
	for off-in.base >= len(in.buf) {
		if !in.more() {
			return 0, false
		}
	}
	return in.buf[off-in.base], true
}

// is reports whether the byte at off is c.
func (in *input) is(off int, c byte) bool {
	b, ok := in.byteAt(off)
	return ok && b == c
}

// from returns the bytes read from off on, reading more when there are
// none; empty at the end of the input.
func (in *input) from(off int) []byte {
	if _, ok := in.byteAt(off); !ok {
		return nil
	}
	return in.buf[off-in.base:]
}

// end is the offset of the read head.
func (in *input) end() int { return in.base + len(in.buf) }

// slice returns the held bytes from off to end, valid until more input
// is read.
func (in *input) slice(off, end int) []byte {
	off, end = min(max(off, in.base), in.end()), min(max(end, in.base), in.end())
	return in.buf[off-in.base : end-in.base]
}

// forget lets the bytes before off go.
func (in *input) forget(off int) { in.keep = max(in.keep, min(off, in.end())) }

// at returns the ParseError saying msg at offset off (clamped to the held
// bytes).
func (in *input) at(off int, msg string) *ParseError {
	seg := in.slice(in.base, off)
	line, start := in.line, in.lineStart
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		line += n
		start = in.base + bytes.LastIndexByte(seg, '\n') + 1
	}
	return &ParseError{Position: corpus.Position{Offset: in.base + len(seg), Line: line, Col: in.base + len(seg) - start + 1}, Msg: msg}
}
