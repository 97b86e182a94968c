package diff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// goDiffRunes is what myersRuns called before myers: go-diff's
// DiffMainRunes without a time limit, then its DiffCleanupSemantic,
// the pieces as runes.
func goDiffRunes(a, b []rune) []myersDiff {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	var out []myersDiff
	for _, d := range dmp.DiffCleanupSemantic(dmp.DiffMainRunes(a, b, false)) {
		op := myersEqual
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = myersDelete
		case diffmatchpatch.DiffInsert:
			op = myersInsert
		}
		out = append(out, myersDiff{op, []rune(d.Text)})
	}
	return out
}

func sameDiffs(x, y []myersDiff) bool {
	return slices.EqualFunc(x, y, func(p, q myersDiff) bool { return p.op == q.op && runesEqual(p.text, q.text) })
}

func showDiffs(ds []myersDiff) string {
	s := ""
	for _, d := range ds {
		s += fmt.Sprintf("%d:", d.op)
		for _, r := range d.text {
			s += fmt.Sprintf("%d,", r-0xF0000)
		}
		s += " "
	}
	return s
}

// TestMyersGoDiff: myers gives go-diff's diffs, piece for piece, on
// random texts of segment ids (as myersRuns makes them: runes of a
// private-use plane) over alphabets of 2 to 12 ids, unrelated or one
// made from the other by random edits, short and long.
func TestMyersGoDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	text := func(n, k int) []rune {
		out := make([]rune, n)
		for i := range out {
			out[i] = 0xF0000 + rune(rng.IntN(k))
		}
		return out
	}
	edit := func(a []rune, k int) []rune {
		b := slices.Clone(a)
		for range rng.IntN(6) {
			i := 0
			if len(b) > 0 {
				i = rng.IntN(len(b) + 1)
			}
			switch rng.IntN(3) {
			case 0:
				b = slices.Insert(b, i, text(1+rng.IntN(4), k)...)
			case 1:
				if i < len(b) {
					b = slices.Delete(b, i, min(len(b), i+1+rng.IntN(4)))
				}
			default:
				if i < len(b) {
					b[i] = 0xF0000 + rune(rng.IntN(k))
				}
			}
		}
		return b
	}
	n := 40000
	if testing.Short() {
		n = 5000
	}
	var v []int // one buffer for every diff, as a scratch keeps it
	for i := range n {
		k := 2 + rng.IntN(11)
		size := 1 + rng.IntN(30)
		if i%20 == 0 {
			size = 100 + rng.IntN(300)
		}
		a := text(rng.IntN(size), k)
		var b []rune
		if rng.IntN(3) == 0 {
			b = text(rng.IntN(size), k)
		} else {
			b = edit(a, k)
		}
		if got, want := myers(a, b, &v), goDiffRunes(a, b); !sameDiffs(got, want) {
			t.Fatalf("myers(%v, %v):\n got %s\nwant %s", a, b, showDiffs(got), showDiffs(want))
		}
	}
}
