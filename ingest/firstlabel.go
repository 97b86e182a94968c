package ingest

import (
	"fmt"
	"strings"
)

// unnumberedFirst returns, for a numbering whose first item is 2 and
// whose labels print a word before their numbers ("Article 2"), the
// block right before that item that prints the same word first and no
// number the grammar reads ("Article premier", "Article first"): item 1
// by its place, with its number in words, which the numbering left to
// the text before it. The user is told where; "" where there is none.
// No word says what "premier" means: the form and the place alone do.
func unnumberedFirst(bs []block, cands []candidate, in []bool) string {
	j := 0
	for j < len(in) && !in[j] {
		j++
	}
	if j == len(in) {
		return ""
	}
	c := cands[j]
	if len(c.lab.comps) != 1 || c.lab.comps[0].kind != compNum || c.lab.comps[0].n != 2 || c.lab.prefix == "" || c.lab.joined {
		return ""
	}
	// The nearest block before it that is no furniture, past the text
	// of item 1 (a paragraph or two).
	for i, seen := c.block-1, 0; i >= 0 && seen < 4; i-- {
		b := bs[i]
		if b.chrome != "" {
			continue
		}
		seen++
		if j > 0 && cands[j-1].block == i {
			return "" // it prints a label of its own: the chain's to decide
		}
		line, _, _ := strings.Cut(b.text, "\n")
		if b.kind != bs[c.block].kind || firstWord(line) != c.lab.prefix || len(line) > 80 {
			continue
		}
		next, _, _ := strings.Cut(bs[c.block].text, "\n")
		return fmt.Sprintf("%q%s, before %q%s", clip(line, 40), lineOf(b), clip(next, 40), lineOf(bs[c.block]))
	}
	return ""
}
