package ingest

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// The summary of what the recognizer found: the numbering's scheme,
// the counts of items by kind and the coverage of the text.

// shapeComps is how shape prints a component of each kind. (A table: the
// map literal shape had was made anew for every component, 2% of a
// Markdown ingest.)
var shapeComps = [...]byte{compNum: '1', compLower: 'a', compUpper: 'A', compRoman: 'I', compSuffix: 'x'}

// shape is a label's scheme for the summary: "1.1.a", "A.1", "Article 1".
// It is written into a buffer of its own and copied once.
func (l label) shape() string {
	var buf [64]byte
	b := buf[:0]
	if l.counter != "" {
		b = append(b, l.ordinal()...)
	} else if l.paren {
		b = append(b, '(')
	}
	if l.prefix != "" && l.joined {
		b = append(append(b, l.prefix...), '-')
	} else if l.prefix != "" {
		b = append(append(b, l.prefix...), ' ')
	}
	for i, c := range l.comps {
		switch {
		case i > 0 && i == len(l.comps)-1 && l.hyphen:
			b = append(b, '-')
		case i > 0:
			b = append(b, '.')
		}
		b = append(b, shapeComps[c.kind])
	}
	b = append(b, l.suffix()...)
	if l.after() != "" {
		b = append(append(b, ' '), l.after()...)
	}
	if l.counter != "" {
		b = append(b, l.counter...)
	} else if l.paren {
		b = append(b, ')')
	}
	return string(b)
}

// clip returns s cut to its first n runes and "…", or s where it has no
// more. The first n runes are s as it stands where they are valid UTF-8 (a
// text's are): the runes of all of s were a copy four times its size
// (48 KB for the head of every document, identify).
func clip(s string, n int) string {
	i := 0
	for k := range s {
		if i == n {
			if utf8.ValidString(s[:k]) {
				return s[:k] + "…"
			}
			return string([]rune(s)[:n]) + "…" // bytes that are no UTF-8 read as U+FFFD
		}
		i++
	}
	return s
}

// summary is the one-line account of a recognized structure: items per
// kind, the numbering schemes, the coverage of the text.
func (st *structure) summary(d *corpus.Document) string {
	var sch []string
	for s, n := range st.schemes {
		sch = append(sch, fmt.Sprintf("%s ×%d", s, n))
	}
	sort.Strings(sch)
	scheme := "none (structure from headings and lists)"
	if len(sch) > 0 {
		scheme = strings.Join(sch, ", ")
	}
	if st.places > 0 {
		// Headings that print nothing that tells them apart: their
		// places, never a numbering.
		scheme += fmt.Sprintf("; %d headings named by their places", st.places)
	}
	return fmt.Sprintf("%s; numbering: %s; coverage %.1f%%", kindCounts(d), scheme, st.coverage())
}

func (st *structure) coverage() float64 {
	if st.textRunes == 0 {
		return 100
	}
	// build places every block that is not chrome in an item (text before
	// the first item in the preamble), so what is not covered is what was
	// dropped as chrome.
	return 100 * float64(st.textRunes-st.chromeRunes) / float64(st.textRunes)
}

// kindCounts says how many items of each kind d has: "1 preamble, 71
// rule".
func kindCounts(d *corpus.Document) string {
	kinds := map[corpus.Kind]int{}
	for i := range d.Items {
		kinds[d.Items[i].Kind]++
	}
	var ks []string
	for k, n := range kinds {
		ks = append(ks, fmt.Sprintf("%d %s", n, k))
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}
