package diff

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Edit replaces the runes [Start, End) of an old text with New. Offsets
// count runes (Unicode code points), never bytes. Start == End inserts
// New; New == "" deletes.
type Edit struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	New   string `json:"new"`
}

// Apply returns text with the edits applied. The edits must be sorted by
// Start and must not overlap; Apply returns an error naming the first edit
// that breaks that or reaches past the text.
func Apply(text string, edits []Edit) (string, error) {
	rs := []rune(text)
	var b strings.Builder
	at := 0
	for i, e := range edits {
		if e.Start < at || e.End < e.Start || e.End > len(rs) {
			return "", fmt.Errorf("edit %d [%d,%d) out of order or out of range (text of %d runes, previous edit ends at %d)", i, e.Start, e.End, len(rs), at)
		}
		b.WriteString(string(rs[at:e.Start]))
		b.WriteString(e.New)
		at = e.End
	}
	b.WriteString(string(rs[at:]))
	return b.String(), nil
}

// Segment splits text into the units a redline shows whole: words (runs of
// letters, digits and inner apostrophes or hyphens), single white-space
// runs, punctuation marks, and, in scripts written without spaces, runs of
// one script (kanji, hiragana, katakana, hangul), so that a Japanese
// change shows as a changed word rather than scattered characters.
// Concatenated, the segments give back text.
func Segment(text string) []string {
	var out []string
	rs := []rune(text)
	class := func(r rune) int {
		switch {
		case unicode.Is(unicode.Han, r):
			return 1
		case unicode.Is(unicode.Hiragana, r):
			return 2
		case unicode.Is(unicode.Katakana, r) || r == 'ー':
			return 3
		case unicode.Is(unicode.Hangul, r):
			return 4
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			return 5
		case unicode.IsSpace(r):
			return 6
		}
		return 0 // punctuation and symbols: one per segment
	}
	for i := 0; i < len(rs); {
		c := class(rs[i])
		j := i + 1
		if c != 0 {
			for j < len(rs) {
				cj := class(rs[j])
				// "hold'em", "re-entry", "1,000": inner marks join a word.
				if c == 5 && cj == 0 && (rs[j] == '\'' || rs[j] == '’' || rs[j] == '-' || rs[j] == ',' || rs[j] == '.') &&
					j+1 < len(rs) && class(rs[j+1]) == 5 && (rs[j] != ',' && rs[j] != '.' || unicode.IsDigit(rs[j-1]) && unicode.IsDigit(rs[j+1])) {
					j += 2
					continue
				}
				if cj != c {
					break
				}
				j++
			}
		}
		out = append(out, string(rs[i:j]))
		i = j
	}
	return out
}

// Op says what a part of a redline does.
type Op int8

// The parts of a redline.
const (
	Equal Op = iota
	Delete
	Insert
)

// Span is one part of a redline: text kept, deleted or inserted.
type Span struct {
	Op   Op
	Text string
}

// Redline compares old with new segment by segment (Myers 1986, as
// github.com/sergi/go-diff implements it, with its semantic cleanup) and
// returns the edits that turn old into new, in rune offsets of old, and
// the spans of the redline in order.
func Redline(old, new string) ([]Edit, []Span) {
	a, b := Segment(old), Segment(new)
	// Each distinct segment becomes one rune of a private-use plane, so
	// that the character diff runs over segments.
	ids := map[string]rune{}
	var names []string
	enc := func(segs []string) []rune {
		out := make([]rune, len(segs))
		for i, s := range segs {
			id, ok := ids[s]
			if !ok {
				id = rune(0xF0000 + len(names))
				if id > 0x10FFFD {
					panic("diff: more than 130,000 distinct segments in one pair of texts")
				}
				if id > 0xFFFFD && id < 0x100000 {
					id = 0x100000 + (id - 0xFFFFE)
				}
				ids[s] = id
				names = append(names, s)
			}
			out[i] = id
		}
		return out
	}
	ra, rb := enc(a), enc(b)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0 // deterministic: never cut short by the clock
	diffs := dmp.DiffMainRunes(ra, rb, false)
	diffs = dmp.DiffCleanupSemantic(diffs)
	decode := func(s string) string {
		var sb strings.Builder
		for _, r := range s {
			k := int(r - 0xF0000)
			if r >= 0x100000 {
				k = int(r-0x100000) + 0xFFFFE - 0xF0000
			}
			sb.WriteString(names[k])
		}
		return sb.String()
	}
	var spans []Span
	for _, d := range diffs {
		op := Equal
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = Delete
		case diffmatchpatch.DiffInsert:
			op = Insert
		}
		t := decode(d.Text)
		if t == "" {
			continue
		}
		if n := len(spans); n > 0 && spans[n-1].Op == op {
			spans[n-1].Text += t
			continue
		}
		spans = append(spans, Span{op, t})
	}
	return edits(spans), spans
}

// edits turns redline spans into edits of the old text.
func edits(spans []Span) []Edit {
	var out []Edit
	at := 0
	for i := 0; i < len(spans); i++ {
		s := spans[i]
		n := len([]rune(s.Text))
		switch s.Op {
		case Equal:
			at += n
		case Delete:
			e := Edit{Start: at, End: at + n}
			if i+1 < len(spans) && spans[i+1].Op == Insert {
				e.New = spans[i+1].Text
				i++
			}
			out = append(out, e)
			at += n
		case Insert:
			out = append(out, Edit{Start: at, End: at, New: s.Text})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}
