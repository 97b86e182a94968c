package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// runLabelEnd is where the label of a run's heading ends (label.end): after
// its number and the word its run shares, and the punctuation that
// follows them; the rest of the heading is its title. A heading whose
// run shares all but its number ('C') or its last word ('L'), or whose
// number was read from its words, is all label. Taken as all label, the
// heading "1-бап. Атауы" of a run that shares its first word lost its
// title: in no item and no note, and exit 0.
func runLabelEnd(text string, f headingFrame, key runKey) int {
	if key.by != 'F' || f.num == "" {
		return len(text)
	}
	w := strings.Index(text, key.text)
	if w < 0 {
		return len(text)
	}
	end := max(w+len(key.text), f.to)
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
