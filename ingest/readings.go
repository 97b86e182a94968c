package ingest

import (
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Readings that compete. Where a text can be read more than one way
// (plain text or Markdown, readTextOrMarkdown; a reader built for one
// layout or the structure recognizer, arbitrate), each reading is
// measured by a readingScore, and bestReading keeps one of them.

// The weights of a readingScore's value.
const (
	// scoreRestart is what each restart of a reading's numbering costs:
	// a numbering that starts again and again is the examples inside
	// unnumbered entries, not the entries. It is the chain's own cost of
	// a restart.
	scoreRestart = chainRestart
	// scoreLopsided multiplies the value of a reading one of whose items
	// holds more than a third of the text and ten times the median item:
	// a list inside a longer text, whose last item took the rest.
	scoreLopsided = 0.5
)

// readingScore measures one reading of a text.
type readingScore struct {
	// placed counts the items that have a place in a structure: the
	// recognizer's numbered or outlined items, entries and parts, less
	// the labels like the numbering's that it left in the text
	// (structure.score); a particular reader's items, less its preambles
	// and the numbers it gives twice (readerScore).
	placed int
	// restarts counts the restarts of the numbering.
	restarts int
	// lopsided: one item holds more than a third of the text and ten
	// times the median item.
	lopsided bool
	// numbered counts the items that print a number: of two readings of
	// one value, the one that numbers more items is better (a particular
	// reader that makes sections of "Article 1." headings explains no
	// more than the recognizer that numbers them).
	numbered int
}

// value is how many items a reading explains, as the notes say it:
// placed, less scoreRestart for each restart, times scoreLopsided where
// lopsided. It may be below zero.
func (s readingScore) value() float64 {
	v := float64(s.placed) - scoreRestart*float64(s.restarts)
	if s.lopsided {
		v *= scoreLopsided
	}
	return v
}

// better reports whether s is a better reading than t: a higher value,
// or the same value and more numbered items.
func (s readingScore) better(t readingScore) bool {
	sv, tv := s.value(), t.value()
	return sv > tv || sv == tv && s.numbered > t.numbered
}

// reading is one reading of a text: its score, or the error that ended
// it.
type reading struct {
	score readingScore
	err   error
}

// bestReading returns the index of the reading to keep of rs, which are
// in order of preference: the first reading that no later one is better
// than (a later reading must be better to be kept, a tie keeps the
// earlier), or -1 when every reading failed.
func bestReading(rs []reading) int {
	best := -1
	for i, r := range rs {
		if r.err == nil && (best < 0 || r.score.better(rs[best].score)) {
			best = i
		}
	}
	return best
}

// score measures the recognizer's reading d (see readingScore).
func (st *structure) score(d *corpus.Document) readingScore {
	s := readingScore{
		placed:   structured(d) + st.entries + st.parts - st.unexplained,
		restarts: len(st.restarts),
		numbered: numberedItems(d),
	}
	total, most := 0, 0
	var sizes []int
	for i := range d.Items {
		r := runeLen(d.Items[i].Text)
		total += r
		if d.Items[i].Kind != corpus.KindPreamble {
			most = max(most, r)
			sizes = append(sizes, r)
		}
	}
	sort.Ints(sizes)
	s.lopsided = len(sizes) >= 3 && most*3 > total && most > 10*sizes[len(sizes)/2]
	return s
}

// readerScore measures a particular reader's reading d, to weigh against
// the recognizer's: its items, which all have a place in the layout it
// was built for, less the preambles and the numbers it gives twice (a
// number given twice is one it misread: a numbering is unique). A block
// reader's blocks went through the recognizer (st not nil): its reading
// is measured as the recognizer's is.
func readerScore(d *corpus.Document, st *structure, err error) readingScore {
	if st != nil && err == nil {
		return st.score(d)
	}
	return readingScore{placed: len(d.Items) - d.Count(corpus.KindPreamble) - repeatedNumbers(d), numbered: numberedItems(d)}
}

// structured counts the items of d that have a place in a structure: a
// printed number, or an outline id.
func structured(d *corpus.Document) int {
	n := 0
	for i := range d.Items {
		it := &d.Items[i]
		if it.Number != "" || strings.Contains(it.ID, ".") && strings.HasPrefix(it.ID, "item:") {
			n++
		}
	}
	return n
}
