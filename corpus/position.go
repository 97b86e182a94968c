package corpus

import "bytes"

// Position is a place in an input: its byte offset (from 0), and its
// line and column (from 1; the column in bytes). Every error that
// locates a fault in an input says where by a Position; Offset is 0
// where only the line and column are known.
type Position struct {
	Offset    int
	Line, Col int
}

// PositionAt is the position of byte offset off of b (clamped to b).
func PositionAt(b []byte, off int) Position {
	off = max(0, min(off, len(b)))
	head := b[:off]
	return Position{Offset: off, Line: 1 + bytes.Count(head, []byte{'\n'}), Col: off - bytes.LastIndexByte(head, '\n')}
}
