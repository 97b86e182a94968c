package ingest

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
)

// Change marks travel through paragraph assembly and cleaning as pairs of
// sentinel runes from Unicode's supplementary private use area, so that
// their offsets are computed once, on the final text. Mark kind k (an
// index into a markKinds table) opens with markOpen+k and closes with
// markClose+k.
const (
	markOpen  = 0xF0000
	markClose = 0xF8000
	maxMarks  = 0x8000
)

// markKinds numbers the mark kinds of one document.
type markKinds struct {
	names []string
	index map[string]int
}

// wrap returns s with its non-space core enclosed in the sentinels of
// kind; white space at either end stays outside, so that cleaning cannot
// leave a space inside a mark's edge.
func (mk *markKinds) wrap(s, kind string) string {
	core := strings.TrimFunc(s, unicode.IsSpace)
	if core == "" {
		return s
	}
	k, ok := mk.index[kind]
	if !ok {
		if len(mk.names) == maxMarks {
			return s
		}
		if mk.index == nil {
			mk.index = map[string]int{}
		}
		k = len(mk.names)
		mk.index[kind] = k
		mk.names = append(mk.names, kind)
	}
	i := strings.Index(s, core)
	return s[:i] + string(rune(markOpen+k)) + core + string(rune(markClose+k)) + s[i+len(core):]
}

func isSentinel(r rune) bool { return r >= markOpen && r < markClose+maxMarks }

// take removes the sentinels from s and returns the text and its marks in
// rune offsets. Marks of one kind separated only by white space are
// merged; unbalanced sentinels are dropped.
func (mk *markKinds) take(s string) (string, []corpus.Mark) {
	if !strings.ContainsFunc(s, isSentinel) {
		return s, nil
	}
	var b strings.Builder
	var marks []corpus.Mark
	open := map[int]int{} // kind -> start offset
	n := 0
	for _, r := range s {
		switch {
		case r >= markOpen && r < markOpen+maxMarks:
			k := int(r - markOpen)
			if _, ok := open[k]; !ok {
				open[k] = n
			}
		case r >= markClose && r < markClose+maxMarks:
			k := int(r - markClose)
			start, ok := open[k]
			delete(open, k)
			if !ok || start == n || k >= len(mk.names) {
				continue
			}
			marks = append(marks, corpus.Mark{Start: start, End: n, Kind: mk.names[k]})
		default:
			b.WriteRune(r)
			n++
		}
	}
	text := b.String()
	return text, mergeMarks(text, marks)
}

// mergeMarks sorts marks by position and joins marks of one kind that
// touch or are separated only by white space.
func mergeMarks(text string, marks []corpus.Mark) []corpus.Mark {
	if len(marks) < 2 {
		return marks
	}
	runes := []rune(text)
	sortMarks(marks)
	out := marks[:1]
	for _, m := range marks[1:] {
		merged := false
		for j := len(out) - 1; j >= 0; j-- {
			p := &out[j]
			if p.Kind != m.Kind {
				continue
			}
			if p.End <= m.Start && strings.TrimSpace(string(runes[p.End:m.Start])) == "" {
				p.End = max(p.End, m.End)
				merged = true
			}
			break
		}
		if !merged {
			out = append(out, m)
		}
	}
	return out
}

func sortMarks(ms []corpus.Mark) {
	slices.SortStableFunc(ms, func(a, b corpus.Mark) int { return cmp.Or(a.Start-b.Start, a.End-b.End) })
}

// stripMarks removes any sentinels from s.
func stripMarks(s string) string {
	if !strings.ContainsFunc(s, isSentinel) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isSentinel(r) {
			return -1
		}
		return r
	}, s)
}
