package align

import (
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/numerals"
)

// listLabels are the list labels the blocks of a block alignment start
// with: the numbered paragraphs of an item ("1. Everyone charged ...",
// "2. No one shall ..."). A block whose label is the successor of the
// label of the block before it continues that list (numbering
// succession), so it starts no source item but one whose first line
// prints that label: a segmentation that starts an item there cuts one
// item's numbered paragraphs apart (what a translation that lost an
// item and shifted its neighbours' texts one place does to the item
// after the gap). No word of any language is read: only digits.
type listLabels struct {
	// src is the label of each source item's first line (the last part
	// of its printed number where that line prints none), 0 for none; cont marks the
	// target blocks whose label succeeds the one before (their label in
	// lab).
	src  []int32
	lab  []int32
	cont []bool
	// text marks the source items whose first line prints a label.
	text []bool
}

// maxListLabel bounds the labels read as a list's (a year or an amount
// at the start of a line is not one).
const maxListLabel = 99

// leadLabel is the value of the list label text starts with: decimal
// digits of any script, followed by ".", ")" or a space; 0 for none.
func leadLabel(text string) int32 {
	v, n := int32(0), 0
	for k, r := range text {
		if d := numerals.Digit(r); d >= 0 {
			if n >= 2 {
				return 0
			}
			v, n = 10*v+int32(d), n+1
			continue
		}
		if n == 0 || v == 0 || v > maxListLabel {
			return 0
		}
		switch r {
		case '.', ')':
			if rest := text[k+utf8.RuneLen(r):]; rest != "" && !strings.HasPrefix(rest, " ") {
				return 0 // "3.9.1", "1)a": a label of several levels
			}
			return v
		case ' ':
			return v
		}
		return 0
	}
	return 0
}

// newListLabels reads the list labels of src's items and of the blocks
// bt, in the storage of l.
func newListLabels(l *listLabels, src *corpus.Document, bt []block) *listLabels {
	l.src = zeroed(&l.src, len(src.Items))
	l.text = zeroed(&l.text, len(src.Items))
	for i := range src.Items {
		it := &src.Items[i]
		first, _, _ := strings.Cut(strings.TrimSpace(it.Text), "\n")
		if it.Title == "" {
			l.src[i] = leadLabel(first)
		}
		l.text[i] = l.src[i] != 0
		if l.src[i] == 0 {
			// The last part of its number: 2 of "D.2.6.2.2", a
			// translation's "2)" under D.2.6.2.
			n := it.Number
			if k := strings.LastIndexAny(n, ".-"); k >= 0 {
				n = n[k+1:]
			}
			l.src[i] = leadLabel(n + " ")
		}
	}
	l.lab = zeroed(&l.lab, len(bt))
	l.cont = zeroed(&l.cont, len(bt))
	for j := range bt {
		if !bt[j].title {
			l.lab[j] = leadLabel(bt[j].text)
		}
		l.cont[j] = j > 0 && l.lab[j] > 1 && l.lab[j] == l.lab[j-1]+1
	}
	return l
}

// startCost is what a run of source item u costs that starts on target
// block j: continueCost where j continues the list of the block before
// it and u's first line prints another label.
func (l *listLabels) startCost(u, j int) float32 {
	if l == nil || l.lab[j] == 0 || l.src[u] == l.lab[j] {
		return 0
	}
	if l.cont[j] || l.lab[j] == 1 && !l.text[u] {
		return continueCost
	}
	return 0
}
