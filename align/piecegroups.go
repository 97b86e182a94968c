package align

import "github.com/rulesync/rulesync/corpus"

// pieceGroups are the pieces of the bad target items of hybrid gathered
// by source item, each group the pieces of one source item's item in
// the reading, in the order they were added. The groups are lists
// linked through the pieces' indexes, in arrays of int32 (a slice of
// pieces for each group and two slices for each target item were
// three times the storage at 100k items a side).
type pieceGroups struct {
	pieces []piece // the pieces grouped, as the projection made them
	// group is the group of each source item, -1 for none; src the
	// source item of each group, whose id each of its pieces takes.
	group, src []int32
	// head and tail are the first and last piece of each group, next
	// the piece after each in its group (or in its target item's
	// pending list), -1 for none; low marks the pieces that went to
	// the group of another piece (low confidence).
	head, tail, next []int32
	low              []bool
	// startHead and startNext list the groups that start in each
	// target item, in the order they were made.
	startHead, startNext []int32
	// placed marks the target items some of whose pieces went to a
	// group (theirs or one started in an item before them): their text
	// is in that group's item.
	placed []bool
	buf    []piece // the pieces of the group at hand (of)
}

// groupPieces gathers the pieces of the bad target items (bad[j] for
// item j; bt are the blocks the pieces index) by source item: a piece
// whose source item a good item has (taken) goes to the group of the
// piece before it in the same target item, or, where none came before
// it, of the one after it (a target item with no other piece drops it).
func groupPieces(src *corpus.Document, bad, taken []bool, pieces []piece, bt []block) *pieceGroups {
	n := min(len(src.Items), len(pieces)) // groups: at most one a source item
	gr := &pieceGroups{
		pieces: pieces,
		group:  make([]int32, len(src.Items)),
		src:    make([]int32, 0, n), head: make([]int32, 0, n), tail: make([]int32, 0, n),
		next:      make([]int32, len(pieces)),
		low:       make([]bool, len(pieces)),
		startHead: make([]int32, len(bad)), startNext: make([]int32, 0, n),
		placed: make([]bool, len(bad)),
	}
	// By target item: the last group of its pieces, the last group that
	// starts in it, and its pending pieces (their first and last).
	byItem := make([]int32, 4*len(bad))
	last, startTail := byItem[:len(bad)], byItem[len(bad):2*len(bad)]
	pendHead, pendTail := byItem[2*len(bad):3*len(bad)], byItem[3*len(bad):]
	for _, xs := range [][]int32{gr.group, gr.next, gr.startHead, byItem} {
		for k := range xs {
			xs[k] = -1
		}
	}
	for k := range pieces {
		p := &pieces[k]
		j := bt[p.block].item
		if !bad[j] {
			continue
		}
		s := int32(p.src)
		if taken[p.src] {
			if last[j] < 0 {
				// Pending, for the next piece of j that has a group.
				if pendHead[j] < 0 {
					pendHead[j] = int32(k)
				} else {
					gr.next[pendTail[j]] = int32(k)
				}
				pendTail[j] = int32(k)
				continue
			}
			s, gr.low[k] = gr.src[last[j]], true
		}
		g := gr.group[s]
		if g < 0 {
			g = int32(len(gr.src))
			gr.group[s] = g
			gr.src = append(gr.src, s)
			gr.head, gr.tail = append(gr.head, -1), append(gr.tail, -1)
			gr.startNext = append(gr.startNext, -1)
			if gr.startHead[j] < 0 {
				gr.startHead[j] = g
			} else {
				gr.startNext[startTail[j]] = g
			}
			startTail[j] = g
		}
		if h := pendHead[j]; h >= 0 {
			for q := h; q >= 0; q = gr.next[q] {
				gr.low[q] = true
			}
			gr.add(g, h, pendTail[j])
			pendHead[j] = -1
		}
		gr.add(g, int32(k), int32(k))
		last[j] = g
		gr.placed[j] = true
	}
	return gr
}

// add appends to group g the list of pieces from first to last (linked
// by next).
func (gr *pieceGroups) add(g, first, last int32) {
	if gr.tail[g] < 0 {
		gr.head[g] = first
	} else {
		gr.next[gr.tail[g]] = first
	}
	gr.tail[g], gr.next[last] = last, -1
}

// of is the pieces of group g in order, each with the group's source
// item and marked low where it went to another piece's group: in the
// storage of gr, read before the next call.
func (gr *pieceGroups) of(g int32) []piece {
	gr.buf = gr.buf[:0]
	for k := gr.head[g]; k >= 0; k = gr.next[k] {
		p := gr.pieces[k]
		p.src = gr.src[g]
		p.low = p.low || gr.low[k]
		gr.buf = append(gr.buf, p)
	}
	return gr.buf
}

// starts counts the groups that start in target item j.
func (gr *pieceGroups) starts(j int) int {
	n := 0
	for g := gr.startHead[j]; g >= 0; g = gr.startNext[g] {
		n++
	}
	return n
}
