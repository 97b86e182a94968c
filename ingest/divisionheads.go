package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Headings that print no number, set as lines of text. A rulebook whose
// heading numbers were lost in conversion (a word processor's heading
// numbering dropped, the heading styles with it) prints its article
// headings as lines of their own between its rules: "2.4 ...", then
// "THE MOVES OF THE PIECES", then "3.1 ...". Read as text, such a line
// is a second paragraph of the rule before it. Where a line of that
// shape stands, again and again, just before the first item of a new
// division of the numbering (3.1 after 2.4, A.1 after 12.9), it is the
// division's heading: the numbering's succession decides, never the
// line's words.

// divisionLines returns, for each block of bs, whether it is the
// heading of a division of the numbering that prints no number
// (divisionLine), or nil where the document does not head its divisions
// so: fewer than minBoldHeadings such lines, or fewer than half of its
// divisions (a document that heads them with headings of its own has a
// line of that shape here and there: a caption, a subheading). Where
// it does, the first such line after the numbering's last item with
// text after it heads that text.
func divisionLines(bs []block) []bool {
	var at []bool
	n, all := 0, 0       // division lines; divisions
	prev, last := -1, -1 // the last numbered block; the last of two components or more
	for i := range bs {
		lab, ok := blockLabel(bs[i])
		if !ok {
			continue
		}
		if len(lab.comps) >= 2 {
			last = i
		}
		if opensDivision(bs, prev, lab) {
			all++
			if i > prev+1 && i > 0 && divisionLine(bs, i-1) {
				if at == nil {
					at = make([]bool, len(bs))
				}
				at[i-1] = true
				n++
			}
		}
		prev = i
	}
	if n < minBoldHeadings || 2*n < all {
		return nil
	}
	// The numbering's end: a line of that shape after its last item
	// (of two components, as those the divisions open), with text after
	// it (a glossary, notes), heads that text.
	for i := last + 1; i+1 < len(bs); i++ {
		if divisionLine(bs, i) {
			at[i] = true
			break
		}
	}
	return at
}

// blockLabel is the label a paragraph or list item starts with (of
// plain text, a line that opens a paragraph: a wrapped line may start
// with a number), printed alone: a label after a word or a sign ("the
// U.S.", "§A.6") is a citation in running text, not an item's.
func blockLabel(b block) (label, bool) {
	if b.kind != blockPara && b.kind != blockItem || b.chrome != "" || b.nest == 0 && !b.opens {
		return label{}, false
	}
	lab, ok := readLabel(b.text)
	return lab, ok && len(lab.comps) > 0 && lab.prefix == ""
}

// opensDivision reports whether lab, the label after the numbered block
// bs[prev] (-1 for none), opens a new division: of two components or
// more, its first not the one before's (3.1 after 2.4; A.1 after 12.9;
// 2a after 1k; 7b after 5b5e where the translation left 7a out), or,
// the first numbered block, each after its first the first of its
// level (1.1, 1a).
func opensDivision(bs []block, prev int, lab label) bool {
	if len(lab.comps) < 2 {
		return false
	}
	if prev < 0 {
		for _, c := range lab.comps[1:] {
			if !c.first() {
				return false
			}
		}
		return true
	}
	pl, ok := blockLabel(bs[prev])
	if !ok {
		return false
	}
	a, b := pl.comps[0], lab.comps[0]
	return a.kind != b.kind || a.n != b.n
}

// divisionLine reports whether bs[i] has the shape of a heading set as
// a line: a paragraph of one line outside lists and quotes, standing
// alone (no line of a paragraph on the line before or after it), as
// short as a title, not starting in lower case and without final
// punctuation (a sentence's end, a colon, a comma: closing brackets and
// quotes are a title's), that
// starts with no label and is no page furniture.
func divisionLine(bs []block, i int) bool {
	b := bs[i]
	if b.kind != blockPara || b.chrome != "" || b.nest > 1 || b.line <= 0 || strings.Contains(b.text, "\n") || !titleLike(b.text) {
		return false
	}
	// A line that ends in a colon or a comma of any script introduces
	// or goes on: no heading's end.
	if r, _ := utf8.DecodeLastRuneInString(b.text); strings.ContainsRune(",:;", r) || r >= utf8.RuneSelf && unicode.Is(unicode.Po, r) {
		return false
	}
	if _, ok := readLabel(b.text); ok {
		return false
	}
	// A line that starts in lower case goes on with a sentence wrapped
	// before it: a title starts its own. One that starts with a digit
	// prints a number in a form the label grammar does not read
	// ("1-бап. Title"): a numbered heading, read by its numbering
	// (numberRuns), not a heading that lost its number.
	if r, _ := utf8.DecodeRuneInString(b.text); unicode.IsLower(r) || unicode.IsDigit(r) {
		return false
	}
	joined := func(j, line int) bool {
		return j >= 0 && j < len(bs) && bs[j].line == line && (bs[j].kind == blockPara || bs[j].kind == blockItem)
	}
	return !joined(i-1, b.line-1) && !joined(i+1, b.line+1)
}
