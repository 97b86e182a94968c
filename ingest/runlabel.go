package ingest

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// runLabelEnd is where the label of a run's heading ends (label.end): after
// its number and the word its run shares, and the punctuation that
// follows them; the rest of the heading is its title. A heading whose
// run shares all but its number ('C') or its last word ('L'), or whose
// number was read from its words, is all label, but where its number is
// in Hangul, framed by the words of a run that shares them (wordEnd).
// Taken as all label, the
// heading "1-бап. Атауы" of a run that shares its first word lost its
// title: in no item and no note, and exit 0.
func runLabelEnd(text string, f headingFrame, key runKey) int {
	end := f.wordEnd
	switch {
	case key.by == 'C' && f.wordEnd > 0:
	case key.by != 'F' || f.to == 0:
		return len(text)
	default:
		w := strings.Index(text, key.text)
		if w < 0 {
			return len(text)
		}
		end = max(w+len(key.text), f.to)
	}
	for end < len(text) {
		r, n := utf8.DecodeRuneInString(text[end:])
		if !unicode.IsSpace(r) && !labelPunct(r) {
			break
		}
		end += n
	}
	return end
}

// labelPunct reports whether r is punctuation that may end a label
// ("1-бап.", "Kifungu cha 1:", "-"): any punctuation but what opens a
// title (brackets, quotes).
func labelPunct(r rune) bool {
	return unicode.IsPunct(r) && !unicode.In(r, unicode.Ps, unicode.Pi)
}

// labelShape is what the label of a run's heading prints besides its
// number, its punctuation aside: the words before the number and those after it up to the
// title, or "" where the number was read from words.
func labelShape(text string, f headingFrame, key runKey) string {
	if f.to == 0 {
		return ""
	}
	return labelWords(text[:f.from]) + "\x00" + labelWords(text[f.to:max(f.to, runLabelEnd(text, f, key))])
}

// labelWords are the words of s (isLetterMark) joined by spaces: a
// label's words, whatever punctuation it prints between them.
func labelWords(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !isLetterMark(r) }), " ")
}

// misprintNotes are the notes for the headings of a run (seg, of frames)
// whose labels print other words than most of the run's ("Kufungu cha
// 7." among "Kifungu cha N.", "རྩ་ཙན་༢༨པ།" among "རྩ་ཚན་Nཔ།"): their
// labels take those words as the others' take theirs, so that they are
// said here, and the reader can check the reading.
func misprintNotes(bs []block, frames []headingFrame, seg []int, key runKey, values []int) []string {
	shapes := make([]string, len(seg))
	count := map[string]int{}
	for k, fi := range seg {
		shapes[k] = labelShape(bs[frames[fi].block].text, frames[fi], key)
		count[shapes[k]]++
	}
	best := ""
	for s, n := range count {
		if n > count[best] || n == count[best] && s < best {
			best = s
		}
	}
	var out []string
	for k, fi := range seg {
		if shapes[k] != best && shapes[k] != "" && frames[fi].read == nil && frames[fi].marked == 0 {
			b := bs[frames[fi].block]
			out = append(out, fmt.Sprintf("%q%s prints its label in other words than the other headings of its run: read as its number %d", b.text, lineOf(b), values[k]))
		}
	}
	return out
}
