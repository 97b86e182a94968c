package ingest

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// The names the builder gives items and sections: a heading's section
// name, a label's number, an anchor's id.

// headingSection is the section name a numbered heading gives the items
// under it: its title, or its number when it has none.
func headingSection(l label, rest string) string {
	if rest != "" {
		return corpus.CleanLine(rest)
	}
	return l.printed
}

// labelNumber is the number an item prints, as printed (look-alike
// capitals and full-width digits normalized).
func labelNumber(l label) string {
	// labelRune maps every ASCII rune to itself or to 0: a label printed
	// in ASCII is its own number, and needs no copy.
	ascii := true
	for i := 0; i < len(l.printed) && ascii; i++ {
		ascii = l.printed[i] < utf8.RuneSelf
	}
	if ascii {
		return strings.TrimRight(l.printed, ".")
	}
	var b strings.Builder
	for _, r := range l.printed {
		if c := labelRune(r); c != 0 {
			b.WriteRune(c)
		} else {
			b.WriteRune(r)
		}
	}
	return strings.TrimRight(b.String(), ".")
}

func joinInts(p []int) string {
	s := make([]string, len(p))
	for i, n := range p {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ".")
}

// anchorID makes an id fragment of an element's id attribute: letters,
// digits and "._-+" kept, ":" and "/" made "." (a colon would read as the
// id's kind), anything else (spaces, quotes, markup) dropped.
// An anchor of digits and dots alone would read as an outline place, and
// gives "".
func anchorID(a string) string {
	var b strings.Builder
	letter := false
	for _, r := range a {
		switch {
		case unicode.IsLetter(r):
			letter = true
			b.WriteRune(r)
		case unicode.IsDigit(r) || strings.ContainsRune("._-+", r):
			b.WriteRune(r)
		case r == ':' || r == '/':
			b.WriteByte('.') // "rule:golden_rule" -> "rule.golden_rule"
		}
	}
	// An id's name opens with a letter, a digit or '_' (WellFormedID).
	name := strings.TrimLeft(b.String(), ".-+")
	if !letter || len(name) > 100 {
		return ""
	}
	return name
}
