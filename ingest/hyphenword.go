package ingest

import (
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// hyphenLabel is a dotted number a block opens with, joined by a hyphen
// to a word after it ("2.1-бап. Төлем", as Kazakh prints "1-бап"): the
// grammar reads no label there ("2-motion", "1.5-inch"), and only the
// succession of the blocks that print the same word decides (hyphenRuns,
// by the chain's follows).
type hyphenLabel struct {
	block int
	nums  []int
	word  string
	end   int // where the title begins: after the word and its punctuation
}

// readHyphenLabel reads a hyphenLabel at the start of text: two numbers
// or more joined by points, a hyphen, a word of letters, then the end,
// white space or punctuation.
func readHyphenLabel(text string) (hyphenLabel, bool) {
	var h hyphenLabel
	if text == "" || text[0] < utf8.RuneSelf && (text[0] < '0' || text[0] > '9') {
		return h, false // most blocks: no digit first
	}
	j, v, digits := 0, 0, 0
	for j < len(text) {
		r, n := utf8.DecodeRuneInString(text[j:])
		l := labelRune(r)
		if l >= '0' && l <= '9' && digits < maxLabelDigits {
			v, digits = v*10+int(l-'0'), digits+1
		} else if l == '.' && digits > 0 {
			h.nums, v, digits = append(h.nums, v), 0, 0
		} else {
			break
		}
		j += n
	}
	if digits == 0 || len(h.nums) == 0 {
		return h, false
	}
	h.nums = append(h.nums, v)
	r, n := utf8.DecodeRuneInString(text[j:])
	if r != '-' && r != '‐' && r != '‑' {
		return h, false
	}
	w := j + n
	k := w
	for k < len(text) {
		r, n := utf8.DecodeRuneInString(text[k:])
		if !isLetterMark(r) {
			break
		}
		k += n
	}
	if k == w {
		return h, false
	}
	if r, _ := utf8.DecodeRuneInString(text[k:]); k < len(text) && !unicode.IsSpace(r) && !labelPunct(r) || r == '-' {
		return h, false
	}
	h.word = text[w:k]
	for k < len(text) {
		r, n := utf8.DecodeRuneInString(text[k:])
		if !unicode.IsSpace(r) && !labelPunct(r) {
			break
		}
		k += n
	}
	h.end = k
	return h, true
}

// hyphenRuns gives labels to the blocks that no candidate labels and
// that open with a hyphenLabel, where at least minRun of them print one
// word and their numbers follow one another (follows): the labels take
// the form a run of headings gives "1-бап" (the word as the prefix of
// the number, the rest the title), so that "2.1-бап" stands under
// "2-бап" in one numbering. A block out of its run's succession is left
// as it is. cands are in block order; so is the result.
func hyphenRuns(bs []block, cands []candidate, kinds []corpus.Kind) []candidate {
	var byWord map[string][]hyphenLabel
	var words []string
	next := 0 // the first candidate not before block i
	for i, b := range bs {
		for next < len(cands) && cands[next].block < i {
			next++
		}
		if next < len(cands) && cands[next].block == i || b.kind == blockCode || b.kind == blockRow || b.chrome != "" {
			continue
		}
		if h, ok := readHyphenLabel(b.text); ok {
			if byWord == nil {
				byWord = map[string][]hyphenLabel{}
			}
			h.block = i
			if byWord[h.word] == nil {
				words = append(words, h.word)
			}
			byWord[h.word] = append(byWord[h.word], h)
		}
	}
	var add []candidate
	for _, w := range words {
		hs := byWord[w]
		for start := 0; start < len(hs); {
			end := start + 1
			for end < len(hs) && follows(hs[end-1].comps(), hs[end].comps(), chainHoles) {
				end++
			}
			if end-start >= minRun {
				for _, h := range hs[start:end] {
					add = append(add, candidate{h.block, h.label(kinds[h.block])})
				}
			}
			start = end
		}
	}
	if len(add) == 0 {
		return cands
	}
	out := append(slices.Clone(cands), add...)
	slices.SortStableFunc(out, func(a, b candidate) int { return a.block - b.block })
	return out
}

// comps are h's numbers as a label's components.
func (h hyphenLabel) comps() []comp {
	out := make([]comp, len(h.nums))
	for k, n := range h.nums {
		out[k] = comp{kind: compNum, n: n, s: strconv.Itoa(n)}
	}
	return out
}

// label is h's label: its numbers, the word as its prefix.
func (h hyphenLabel) label(kind corpus.Kind) label {
	l := label{prefix: h.word, end: h.end, comps: h.comps()}
	l.printed = joinComps(l.comps)
	if l.kind = namedKind(l.prefix); l.kind == "" {
		l.kind = kind
	}
	return l
}
