package align

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// A translation keeps its source's sentences far more often than it
// joins or splits them (Gale & Church 1993 count 89% of links 1-1 at the
// sentence): the first sentence of an item's text is translated by the
// first sentence of the run of blocks that translates it. Where the
// lengths of whole runs cannot tell where one item ends and the next
// starts (a short lead line, "Lend authority to other Developers.", as
// well at the end of one item's run as at the start of the next's), the
// length of the run's first sentence against the item's tells: a run
// that starts a line late starts on the middle of the item's text, whose
// first sentence is another length.

// leadWeight is the weight of the length cost of a run's first sentence
// (leadCost) beside that of the whole run. A sentence boundary is read
// less surely than a run's end (a lead line printed as a heading has no
// terminal, "討論と決定の公開"; a Japanese line wrapped by hand ends
// like a sentence's first part): at 1, runs that started right were
// moved for a wrong sentence end (TestThroughVariants, the FIDE hy
// variants 98.5% -> 97.3%, the Debian Constitution ko's numbered ones
// 100% -> 97.5%); at 0.5 the WCA ja joined lost 2 of 469; at 0.35
// every pair's variants but one keep or raise their share (the FIDE
// 2018 ru paragraphs and rows lose 1 of 333, in its diagrams of 2.2
// to 2.4, which no weight reads right), and the Debian Constitution
// 1.0 ja paragraphs go from 94.6% to 96.6%.
const leadWeight = 0.35

// maxLead bounds the runes leadOf reads for a first sentence: a
// sentence longer than that is that long.
const maxLead = 600

// leadOf is the length in runes of the first sentence of text, up to
// its first sentence terminal that ends a sentence (sentenceEnd),
// counted across lines; whole reports that text holds no sentence
// after it (its first sentence is all of it, or it has none).
func leadOf(text string, cased bool) (n int, whole bool) {
	text = strings.TrimSpace(text)
	for i, r := range text {
		n++
		if n >= maxLead {
			return n, false
		}
		if sentenceEnd(text, i, r, cased) {
			return n, strings.TrimSpace(text[i+utf8.RuneLen(r):]) == ""
		}
	}
	return n, true
}

// sentenceEnd reports whether r, the rune at byte i of text, ends a
// sentence: a sentence terminal followed by white space, punctuation (a
// closing bracket or quote, a word separator: "።፡" in Ethiopic) or
// the end, where the next word does not start in lower case; or a
// full-width one ("。", "！"), which a script without spaces follows
// with the next sentence at once. A full stop inside a number or a name
// ("6.2"), or before another terminal ("?!"), ends none, nor one of an
// abbreviation before a word in lower case ("(e.g. \"stickerless\"
// puzzles)"), where the text starts its sentences in upper case (cased,
// capitalized).
func sentenceEnd(text string, i int, r rune, cased bool) bool {
	if !unicode.Is(unicode.Sentence_Terminal, r) {
		return false
	}
	if r >= 0x3000 || r == '।' || r == '။' {
		return true
	}
	rest := text[i+utf8.RuneLen(r):]
	if !parted(rest) {
		return false
	}
	word := strings.TrimLeftFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	first, _ := utf8.DecodeRuneInString(word)
	return !cased || !unicode.IsLower(first)
}

// parted reports whether rest, the text after a sentence terminal,
// sets it apart from what follows: it is empty or starts with white
// space or punctuation, not with a letter, a digit, a mark or another
// terminal.
func parted(rest string) bool {
	next, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLetter(next) && !unicode.IsDigit(next) && !unicode.IsMark(next) && !unicode.Is(unicode.Sentence_Terminal, next)
}

// capitalized reports whether texts start their sentences in upper
// case: of the words after a sentence terminal and a space that start
// with a letter of a script with case, half or more start in upper
// case. A script whose letters are all of one case starts its
// sentences in what Unicode calls lower case (Georgian's Mkhedruli),
// and there a word in lower case after a full stop says nothing of an
// abbreviation: every full stop before a space ends a sentence.
func capitalized(texts iter.Seq[string]) bool {
	upper, lower := 0, 0
	for text := range texts {
		after := false // after a terminal and a space
		for i, r := range text {
			switch {
			case unicode.IsLetter(r):
				if after {
					if unicode.IsLower(r) {
						lower++
					} else if unicode.IsUpper(r) || unicode.IsTitle(r) {
						upper++
					}
				}
				after = false
			case unicode.IsDigit(r):
				after = false
			case unicode.Is(unicode.Sentence_Terminal, r):
				after = parted(text[i+utf8.RuneLen(r):])
			}
		}
	}
	return upper >= lower
}

// setLeads sets the first sentences' lengths of the units of a
// block-level alignment: S.lead of each source item whose text holds
// more than one sentence and that has no title (its run starts with
// the title, which headings place), 0 for the others; T.lead of each
// target block, the length from its start to the end of the first
// sentence that starts there, across the blocks after it, and of a
// title that of the text after it: a translator's heading over an item
// the source prints no title for ("五 වන වගන්තිය" over Article 5) opens
// the item's run, not its first sentence.
func setLeads(S, T *units, src *corpus.Document, bt []block) {
	S.lead = S.lead[:0]
	cased := capitalized(func(yield func(string) bool) {
		for i := range src.Items {
			if !yield(src.Items[i].Text) {
				return
			}
		}
	})
	for i := range src.Items {
		it := &src.Items[i]
		n, whole := leadOf(it.Text, cased)
		if it.Title != "" || whole {
			n = 0
		}
		S.lead = append(S.lead, float32(n))
	}
	T.lead = append(T.lead[:0], make([]float32, len(bt))...)
	cased = capitalized(func(yield func(string) bool) {
		for j := range bt {
			if !yield(bt[j].text) {
				return
			}
		}
	})
	for j := len(bt) - 1; j >= 0; j-- {
		if bt[j].title && j+1 < len(bt) {
			// A run that opens with a title opens its text after it.
			T.lead[j] = T.lead[j+1]
			continue
		}
		n, whole := leadOf(bt[j].text, cased)
		if whole && j+1 < len(bt) && !bt[j+1].title && n < maxLead && !ended(bt[j].text, cased) {
			// The sentence goes on in the next block.
			n = min(maxLead, n+1+int(T.lead[j+1]))
		}
		T.lead[j] = float32(n)
	}
}

// ended reports whether text ends a sentence.
func ended(text string, cased bool) bool {
	text = strings.TrimSpace(text)
	r, size := utf8.DecodeLastRuneInString(text)
	return size > 0 && sentenceEnd(text, len(text)-size, r, cased)
}

// leadCost is what the first sentence of the run of target blocks from
// block s, lt runes long in all, costs as the translation of the first
// sentence of source item u (leadWeight times its length cost); 0 for
// an item with no lead (setLeads).
func (g *segmenter) leadCost(u, s int, lt float64) float32 {
	ls := g.S.lead[u]
	if ls == 0 {
		return 0
	}
	return leadWeight * g.lengthCost(float64(ls), min(float64(g.T.lead[s]), lt))
}
