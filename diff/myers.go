package diff

// myers is github.com/sergi/go-diff's DiffMainRunes (no time limit, no
// line mode) followed by its DiffCleanupSemantic, for texts of the
// segment ids myersRuns makes, and gives the same diffs: the same
// algorithms step by step (Myers 1986's middle snake, the merge of
// like edits, the semantic cleanup and its sideways shifts), on rune
// slices where go-diff converts each piece to a string and back and
// scores each shift with four regular expressions. Every id is a rune
// of a private-use plane, which those expressions read as neither a
// letter, a digit nor white space: a shift scores 6 at an edge and 1
// anywhere else. TestMyersGoDiff holds the two to the same output.
// go-diff's share of a whole diff was a fifth of its time.

// myersOp is the operation of a piece of a myers diff.
type myersOp int8

const (
	myersDelete myersOp = -1
	myersEqual  myersOp = 0
	myersInsert myersOp = 1
)

// myersDiff is one piece of a diff: text is deleted, inserted or kept.
// A text may share its array with the input or another piece: a
// change to a text makes a new slice (cat), never writes in place.
type myersDiff struct {
	op   myersOp
	text []rune
}

// myers returns the diff of a into b, cleaned up as go-diff's
// DiffCleanupSemantic cleans it. v, when not nil, is room for the middle
// snake's paths that the caller keeps from one diff to the next (a
// bisection is done with its paths before it diffs the halves, so one
// buffer serves every level); it is grown as needed.
func myers(a, b []rune, v *[]int) []myersDiff {
	if v == nil {
		v = new([]int)
	}
	return myersCleanupSemantic(myersMain(a, b, v))
}

// cat returns a new slice holding a and then b.
func cat(a, b []rune) []rune {
	out := make([]rune, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

func runesEqual(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for i, c := range a {
		if c != b[i] {
			return false
		}
	}
	return true
}

func runesIndex(long, short []rune) int {
	for i := 0; i <= len(long)-len(short); i++ {
		if runesEqual(long[i:i+len(short)], short) {
			return i
		}
	}
	return -1
}

func commonPrefix(a, b []rune) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func commonSuffix(a, b []rune) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

func hasPrefix(s, p []rune) bool { return len(s) >= len(p) && runesEqual(s[:len(p)], p) }

func hasSuffix(s, p []rune) bool { return len(s) >= len(p) && runesEqual(s[len(s)-len(p):], p) }

// splice removes n pieces at i and puts the pieces ins in their place,
// as go-diff's splice does.
func splice(ds []myersDiff, i, n int, ins ...myersDiff) []myersDiff {
	if len(ins) == n {
		copy(ds[i:], ins)
		return ds
	}
	if len(ins) < n {
		copy(ds[i:], ins)
		copy(ds[i+len(ins):], ds[i+n:])
		end := len(ds) - n + len(ins)
		clear(ds[end:])
		return ds[:end]
	}
	need := len(ds) - n + len(ins)
	for len(ds) < need {
		ds = append(ds, myersDiff{})
	}
	copy(ds[i+len(ins):], ds[i+n:])
	copy(ds[i:], ins)
	return ds
}

// myersMain is go-diff's diffMainRunes.
func myersMain(a, b []rune, v *[]int) []myersDiff {
	if runesEqual(a, b) {
		if len(a) > 0 {
			return []myersDiff{{myersEqual, a}}
		}
		return nil
	}
	n := commonPrefix(a, b)
	prefix := a[:n]
	a, b = a[n:], b[n:]
	n = commonSuffix(a, b)
	suffix := a[len(a)-n:]
	a, b = a[:len(a)-n], b[:len(b)-n]
	ds := myersCompute(a, b, v)
	if len(prefix) != 0 {
		ds = append([]myersDiff{{myersEqual, prefix}}, ds...)
	}
	if len(suffix) != 0 {
		ds = append(ds, myersDiff{myersEqual, suffix})
	}
	return myersCleanupMerge(ds)
}

// myersCompute is go-diff's diffCompute without a time limit (so
// without its half match) and without line mode.
func myersCompute(a, b []rune, v *[]int) []myersDiff {
	if len(a) == 0 {
		return []myersDiff{{myersInsert, b}}
	}
	if len(b) == 0 {
		return []myersDiff{{myersDelete, a}}
	}
	long, short := b, a
	if len(a) > len(b) {
		long, short = a, b
	}
	if i := runesIndex(long, short); i != -1 {
		op := myersInsert
		if len(a) > len(b) {
			op = myersDelete
		}
		return []myersDiff{{op, long[:i]}, {myersEqual, short}, {op, long[i+len(short):]}}
	}
	if len(short) == 1 {
		return []myersDiff{{myersDelete, a}, {myersInsert, b}}
	}
	return myersBisect(a, b, v)
}

// myersBisect is go-diff's diffBisect: the middle snake, and the two
// halves diffed apart.
func myersBisect(r1, r2 []rune, buf *[]int) []myersDiff {
	n1, n2 := len(r1), len(r2)
	maxD := (n1 + n2 + 1) / 2
	off := maxD
	vlen := 2 * maxD
	if cap(*buf) < 2*vlen {
		*buf = make([]int, 2*vlen)
	}
	v := (*buf)[:2*vlen]
	v1, v2 := v[:vlen], v[vlen:]
	for i := range v {
		v[i] = -1
	}
	v1[off+1] = 0
	v2[off+1] = 0
	delta := n1 - n2
	front := delta%2 != 0
	k1start, k1end, k2start, k2end := 0, 0, 0, 0
	for d := 0; d < maxD; d++ {
		for k1 := -d + k1start; k1 <= d-k1end; k1 += 2 {
			k1off := off + k1
			var x1 int
			if k1 == -d || k1 != d && v1[k1off-1] < v1[k1off+1] {
				x1 = v1[k1off+1]
			} else {
				x1 = v1[k1off-1] + 1
			}
			y1 := x1 - k1
			for x1 < n1 && y1 < n2 && r1[x1] == r2[y1] {
				x1++
				y1++
			}
			v1[k1off] = x1
			switch {
			case x1 > n1:
				k1end += 2
			case y1 > n2:
				k1start += 2
			case front:
				k2off := off + delta - k1
				if k2off >= 0 && k2off < vlen && v2[k2off] != -1 {
					if x2 := n1 - v2[k2off]; x1 >= x2 {
						return myersSplit(r1, r2, x1, y1, buf)
					}
				}
			}
		}
		for k2 := -d + k2start; k2 <= d-k2end; k2 += 2 {
			k2off := off + k2
			var x2 int
			if k2 == -d || k2 != d && v2[k2off-1] < v2[k2off+1] {
				x2 = v2[k2off+1]
			} else {
				x2 = v2[k2off-1] + 1
			}
			y2 := x2 - k2
			for x2 < n1 && y2 < n2 && r1[n1-x2-1] == r2[n2-y2-1] {
				x2++
				y2++
			}
			v2[k2off] = x2
			switch {
			case x2 > n1:
				k2end += 2
			case y2 > n2:
				k2start += 2
			case !front:
				k1off := off + delta - k2
				if k1off >= 0 && k1off < vlen && v1[k1off] != -1 {
					x1 := v1[k1off]
					y1 := off + x1 - k1off
					if x1 >= n1-x2 {
						return myersSplit(r1, r2, x1, y1, buf)
					}
				}
			}
		}
	}
	return []myersDiff{{myersDelete, r1}, {myersInsert, r2}}
}

// myersSplit is go-diff's diffBisectSplit.
func myersSplit(r1, r2 []rune, x, y int, v *[]int) []myersDiff {
	ds := myersMain(r1[:x], r2[:y], v)
	return append(ds, myersMain(r1[x:], r2[y:], v)...)
}

// myersCleanupMerge is go-diff's DiffCleanupMerge: like edits merged,
// their common ends factored out, single edits shifted over the
// equality beside them where that removes it.
func myersCleanupMerge(ds []myersDiff) []myersDiff {
	ds = append(ds, myersDiff{myersEqual, nil})
	p := 0
	nDel, nIns := 0, 0
	var textDel, textIns []rune
	for p < len(ds) {
		switch ds[p].op {
		case myersInsert:
			nIns++
			// A new array (textIns starts nil), which the pieces made
			// from it keep: it is not appended to after.
			textIns = append(textIns, ds[p].text...)
			p++
		case myersDelete:
			nDel++
			textDel = append(textDel, ds[p].text...)
			p++
		case myersEqual:
			if nDel+nIns > 1 {
				if nDel != 0 && nIns != 0 {
					if n := commonPrefix(textIns, textDel); n != 0 {
						x := p - nDel - nIns
						if x > 0 && ds[x-1].op == myersEqual {
							ds[x-1].text = cat(ds[x-1].text, textIns[:n])
						} else {
							ds = append([]myersDiff{{myersEqual, textIns[:n]}}, ds...)
							p++
						}
						textIns, textDel = textIns[n:], textDel[n:]
					}
					if n := commonSuffix(textIns, textDel); n != 0 {
						ds[p].text = cat(textIns[len(textIns)-n:], ds[p].text)
						textIns, textDel = textIns[:len(textIns)-n], textDel[:len(textDel)-n]
					}
				}
				switch {
				case nDel == 0:
					ds = splice(ds, p-nIns, nDel+nIns, myersDiff{myersInsert, textIns})
				case nIns == 0:
					ds = splice(ds, p-nDel, nDel+nIns, myersDiff{myersDelete, textDel})
				default:
					ds = splice(ds, p-nDel-nIns, nDel+nIns, myersDiff{myersDelete, textDel}, myersDiff{myersInsert, textIns})
				}
				p = p - nDel - nIns + 1
				if nDel != 0 {
					p++
				}
				if nIns != 0 {
					p++
				}
			} else if p != 0 && ds[p-1].op == myersEqual {
				ds[p-1].text = cat(ds[p-1].text, ds[p].text)
				ds = append(ds[:p], ds[p+1:]...)
			} else {
				p++
			}
			nIns, nDel = 0, 0
			textDel, textIns = nil, nil
		}
	}
	if len(ds[len(ds)-1].text) == 0 {
		ds = ds[:len(ds)-1]
	}
	changes := false
	for p = 1; p < len(ds)-1; p++ {
		if ds[p-1].op != myersEqual || ds[p+1].op != myersEqual {
			continue
		}
		prev, edit, next := ds[p-1].text, ds[p].text, ds[p+1].text
		switch {
		case hasSuffix(edit, prev):
			ds[p].text = cat(prev, edit[:len(edit)-len(prev)])
			ds[p+1].text = cat(prev, next)
			ds = splice(ds, p-1, 1)
			changes = true
		case hasPrefix(edit, next):
			ds[p-1].text = cat(prev, next)
			ds[p].text = cat(edit[len(next):], next)
			ds = splice(ds, p+1, 1)
			changes = true
		}
	}
	if changes {
		ds = myersCleanupMerge(ds)
	}
	return ds
}

// myersCleanupSemantic is go-diff's DiffCleanupSemantic: an equality no
// longer than the edits on both sides of it becomes an edit, single
// edits are shifted to the edges (myersCleanupLossless), and an overlap
// of a deletion and the insertion after it becomes an equality.
func myersCleanupSemantic(ds []myersDiff) []myersDiff {
	changes := false
	equalities := make([]int, 0, len(ds))
	var last []rune
	p := 0
	var ins1, del1, ins2, del2 int
	for p < len(ds) {
		if ds[p].op == myersEqual {
			equalities = append(equalities, p)
			ins1, del1 = ins2, del2
			ins2, del2 = 0, 0
			last = ds[p].text
		} else {
			if ds[p].op == myersInsert {
				ins2 += len(ds[p].text)
			} else {
				del2 += len(ds[p].text)
			}
			if n := len(last); n > 0 && n <= max(ins1, del1) && n <= max(ins2, del2) {
				at := equalities[len(equalities)-1]
				ds = splice(ds, at, 0, myersDiff{myersDelete, last})
				ds[at+1].op = myersInsert
				equalities = equalities[:len(equalities)-1]
				if len(equalities) > 0 {
					equalities = equalities[:len(equalities)-1]
				}
				p = -1
				if len(equalities) > 0 {
					p = equalities[len(equalities)-1]
				}
				ins1, del1, ins2, del2 = 0, 0, 0, 0
				last = nil
				changes = true
			}
		}
		p++
	}
	if changes {
		ds = myersCleanupMerge(ds)
	}
	ds = myersCleanupLossless(ds)
	for p = 1; p < len(ds); p++ {
		if ds[p-1].op != myersDelete || ds[p].op != myersInsert {
			continue
		}
		del, ins := ds[p-1].text, ds[p].text
		o1, o2 := commonOverlap(del, ins), commonOverlap(ins, del)
		// go-diff weighs the overlap in bytes (four to an id) against
		// half the runes of each side.
		if o1 >= o2 {
			if 8*o1 >= len(del) || 8*o1 >= len(ins) {
				ds = splice(ds, p, 0, myersDiff{myersEqual, ins[:o1]})
				ds[p-1].text = del[:len(del)-o1]
				ds[p+1].text = ins[o1:]
				p++
			}
		} else if 8*o2 >= len(del) || 8*o2 >= len(ins) {
			ds = splice(ds, p, 0, myersDiff{myersEqual, del[:o2]})
			ds[p-1] = myersDiff{myersInsert, ins[:len(ins)-o2]}
			ds[p+1] = myersDiff{myersDelete, del[o2:]}
			p++
		}
		p++
	}
	return ds
}

// commonOverlap is the length of the longest end of a that b starts
// with (go-diff's DiffCommonOverlap, which counts bytes: for texts of
// ids, four to a rune, its answer is four times this one).
func commonOverlap(a, b []rune) int {
	for n := min(len(a), len(b)); n > 0; n-- {
		if runesEqual(a[len(a)-n:], b[:n]) {
			return n
		}
	}
	return 0
}

// semanticScore is go-diff's diffCleanupSemanticScore for texts of ids,
// at the cut between a text of len(one)+extra runes and one of n: 6 at
// an edge (either empty), 1 between two ids (neither letters, digits
// nor white space).
func semanticScore(one []rune, extra, n int) int {
	if len(one)+extra == 0 || n == 0 {
		return 6
	}
	return 1
}

// myersCleanupLossless is go-diff's DiffCleanupSemanticLossless: a
// single edit between two equalities is shifted sideways to where it
// scores best. go-diff first shifts the edit left by its common end
// with the equality before, but by as many bytes as that end has runes:
// on texts of ids (four bytes each) it then steps back byte by byte
// through text that is no UTF-8, every state of it scoring the least
// (2), to where it began, from where the steps go on rune by rune. Its
// answer is therefore that of the steps from where the edit is, which
// is all this does.
func myersCleanupLossless(ds []myersDiff) []myersDiff {
	for p := 1; p < len(ds)-1; p++ {
		if ds[p-1].op != myersEqual || ds[p+1].op != myersEqual {
			continue
		}
		eq1, edit, eq2 := ds[p-1].text, ds[p].text, ds[p+1].text
		// After k steps the three are the runes of eq1, edit and eq2
		// run together, cut after len(eq1)+k and len(eq1)+k+len(edit);
		// a step is possible while the edit's first rune is eq2's.
		n := len(edit)
		at := func(j int) rune { // the j-th rune after eq1
			if j < n {
				return edit[j]
			}
			return eq2[j-n]
		}
		score := func(k int) int {
			return semanticScore(eq1, k, n) + semanticScore(nil, n, len(eq2)-k)
		}
		bestK, bestScore := 0, score(0)
		for k := 0; n != 0 && k < len(eq2) && at(k) == eq2[k]; k++ {
			if sc := score(k + 1); sc >= bestScore {
				bestK, bestScore = k+1, sc
			}
		}
		if bestK == 0 {
			continue // where it was
		}
		run := make([]rune, 0, len(eq1)+bestK+n)
		run = append(run, eq1...)
		for j := 0; j < bestK+n; j++ {
			run = append(run, at(j))
		}
		best1, bestEdit, best2 := run[:len(eq1)+bestK], run[len(eq1)+bestK:], eq2[bestK:]
		if !runesEqual(ds[p-1].text, best1) {
			if len(best1) != 0 {
				ds[p-1].text = best1
			} else {
				ds = splice(ds, p-1, 1)
				p--
			}
			ds[p].text = bestEdit
			if len(best2) != 0 {
				ds[p+1].text = best2
			} else {
				ds = append(ds[:p+1], ds[p+2:]...)
				p--
			}
		}
	}
	return ds
}
