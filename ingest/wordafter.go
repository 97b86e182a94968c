package ingest

import (
	"strings"
	"unicode"
)

// wordsAfter reads a word that the numbered headings of a numbering print
// after their numbers, the same in most of them ("1 бап", "2 бап", ...;
// "제 11 조" with its words unknown), as part of their labels (label.after),
// not as their titles: a title names one item, and a word every item
// prints names none. Which word is found by repetition alone, never from a
// list: at least minRun headings of one form print it, and more than half
// of that form's headings. Read as a title, it made an item without text
// of its own a section ("sec:11"), where the same heading with the word
// before the number ("Article 11") gives "rule:11".
func wordsAfter(bs []block, cands []candidate) {
	type formWord struct{ form, word string }
	words := map[formWord]int{}
	forms := map[string]int{}
	for _, c := range cands {
		if bs[c.block].kind != blockHeading {
			continue
		}
		f := c.lab.form()
		forms[f]++
		if w := wordAfter(bs[c.block], c.lab); w != "" {
			words[formWord{f, w}]++
		}
	}
	for j := range cands {
		c := &cands[j]
		if bs[c.block].kind != blockHeading {
			continue
		}
		f := c.lab.form()
		w := wordAfter(bs[c.block], c.lab)
		if n := words[formWord{f, w}]; w == "" || n < minRun || 2*n <= forms[f] {
			continue
		}
		c.lab.edit().after = w
		c.lab.end = len(bs[c.block].text)
	}
}

// wordAfter is the rest of a heading after its label where it is one
// word of letters, without the punctuation that may end it ("бап",
// "조."), or "".
func wordAfter(b block, lab label) string {
	rest := strings.TrimRightFunc(labelRest(b, lab), func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	if rest == "" || runeLen(rest) > maxTitleRunes {
		return ""
	}
	for _, r := range rest {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			return ""
		}
	}
	return rest
}
