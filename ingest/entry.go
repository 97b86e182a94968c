package ingest

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// Entries are the items of a layout that sets them apart without
// numbering them (blockEntry): the cards of a reader page, each a title
// and a preview, or the entries of a list that prints no numbers. The
// builder makes each an item under the heading in force, and checks the
// counts the layout prints of them.

// entry opens the item of an entry the layout sets apart without a
// number (blockEntry): a sibling of the entries before it, under the
// heading in force and of the kind that heading names (else a rule),
// with the title the layout gives it, flagged truncated where the layout
// cut it. It has no number: its id is its place.
func (b *builder) entry(bl block) {
	for len(b.stack) > 0 && b.stack[len(b.stack)-1].level == 0 {
		b.stack = b.stack[:len(b.stack)-1]
	}
	it := corpus.Item{Kind: corpus.KindRule, Title: corpus.CleanLine(bl.title()), Text: bl.text, Section: b.section(0)}
	if k := b.kind(); k != "" {
		it.Kind = k
	}
	// A title that prints a number ("Rule 12: Title", "第12項 題") numbers
	// the entry.
	scheme := "unnumbered entry"
	if l, ok := readLabel(it.Title); ok && !l.paren && (l.term != "" || l.prefix != "" || l.counter != "") && l.end < len(it.Title) {
		it.Number, it.Title = labelNumber(l), strings.TrimLeft(it.Title[l.end:], "-–—:： ")
		if k := namedKind(l.prefix); k != "" {
			it.Kind = k
		}
		scheme = l.shape()
		b.numberID(&it, l, false)
	}
	if bl.cut() {
		it.SetFlag(corpus.FlagTruncated)
	}
	b.add(it, open{entry: true})
	b.ent = entryState{}
	// An entry without a title that opens with a labelled paragraph
	// ("Example 1: ...") has it as its first part.
	if l, ok := readPartLabel(bl.text, b.partWords); ok && bl.title() == "" {
		b.part(bl, l)
	}
	b.st.entries++
	b.st.schemes[scheme]++
	if b.counted != nil {
		b.counted.found++
	}
}

// divisionText reports whether bl is text of a division of entries
// that no entry holds: in a document of entries, text outside them
// (nest 1) after a heading or after the division's entries. It is kept
// where it stands, as a preamble under the heading in force (a list's
// introduction, printed before or after the list), and the text after it
// outside the entries joins it.
func (b *builder) divisionText(bl block) bool {
	if !b.entries || bl.nest != 1 || len(b.stack) == 0 {
		return false
	}
	switch top := b.stack[len(b.stack)-1]; {
	case top.preamble:
		b.text(bl.text)
		return true
	case !top.entry && top.level == 0:
		return false
	}
	for len(b.stack) > 0 && b.stack[len(b.stack)-1].entry {
		b.stack = b.stack[:len(b.stack)-1]
	}
	b.add(corpus.Item{Kind: corpus.KindPreamble, Text: bl.text, Section: b.section(0)}, open{preamble: true})
	return true
}

// countClaim is a count a heading prints of the entries under it, and
// the entries found there.
type countClaim struct {
	title       string
	want, found int
}

// checkCounts adds to the structure's warnings the counts the layout
// prints that the items found disagree with: a heading's count of its
// entries, and a page's count of its rules far above the rules found.
func (b *builder) checkCounts() {
	for _, c := range b.claims {
		if c.found != c.want {
			b.st.counts = append(b.st.counts, fmt.Sprintf("%q says %d entries, %d found", c.title, c.want, c.found))
		}
	}
	if n := b.d.Count(corpus.KindRule); b.pageCount > 0 && n*10 < b.pageCount*9 {
		b.st.counts = append(b.st.counts, fmt.Sprintf("the page says the document has %d rules, %d found", b.pageCount, n))
	}
}

// entryState is what the builder knows of the entry open: the label of
// its last labelled paragraph, how many it had, and whether a list came.
type entryState struct {
	last  []comp
	parts int
	list  bool
}

// A part label is what a paragraph of an entry starts with when the
// paragraph is one of the entry's examples, situations or steps: a word
// and a number ("Example 2:", "Caso 3.", "例1:"), a capital after a
// hyphen for a sub-example ("Example 1-A:", or "1-A:" alone), or a word
// alone before a colon ("Example:"), the one unnumbered example, when the
// document prints that word with numbers elsewhere.
var partLabelRe = lazyre.New(`^(?:([\pL\pM]+\.?)\s*)?(?:(\d{1,3})(?:\s*-\s*(\p{Lu}))?)?\s*([.:：])`)

// partLabel is a part label read at the start of a paragraph.
type partLabel struct {
	word   string
	comps  []comp // the number and the letter after its hyphen; nil when unnumbered
	marker string // as printed: "Exemplo 1-A:"
}

// readPartLabel reads the part label s starts with; words are the words
// the document prints with numbers, which alone before a colon are an
// unnumbered label.
func readPartLabel(s string, words map[string]bool) (partLabel, bool) {
	if !mayPartLabel(s) {
		return partLabel{}, false
	}
	m := partLabelRe.FindStringSubmatch(s)
	if m == nil {
		return partLabel{}, false
	}
	word := strings.TrimSuffix(m[1], ".")
	l := partLabel{word: word, marker: strings.TrimSpace(m[0])}
	switch {
	case m[2] != "" && (word != "" || m[3] != ""):
		l.comps = []comp{newComp(compNum, m[2])}
		if m[3] != "" {
			l.comps = append(l.comps, newComp(compUpper, m[3]))
		}
	case m[2] == "" && m[3] == "" && word != "" && m[4] != "." && words[foldWord(word)]:
	default:
		return partLabel{}, false
	}
	return l, true
}

// mayPartLabel is false for a text partLabelRe cannot match, as most
// paragraphs are ("The player must ..."): after the letters and marks the
// text starts with (the expression's word), only white space (\s), ASCII
// digits, hyphens and capitals (\p{Lu}) may come before its '.', ':' or
// '：'. Readers call readPartLabel on every paragraph, and the expression
// is compiled only when one passes.
func mayPartLabel(s string) bool {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			break
		}
		i += n
	}
	for _, r := range s[i:] {
		switch {
		case r == '.' || r == ':' || r == '：':
			return true
		case r < utf8.RuneSelf && strings.IndexByte(reSpace, byte(r)) >= 0 || '0' <= r && r <= '9' || r == '-' || unicode.IsUpper(r):
		default:
			return false
		}
	}
	return false
}

func foldWord(w string) string { return strings.ToLower(corpus.Fold(w)) }

// label is the part's label: its number ("1", "1-A"; "1" when
// unnumbered), after the letter its word's series has in the lexicon
// ("S1" for "Situation 1").
func (l partLabel) label() string {
	n := "1"
	if len(l.comps) > 0 {
		n = l.comps[0].s
		if len(l.comps) > 1 {
			n += "-" + l.comps[1].s
		}
	}
	return partSeries()[foldWord(l.word)] + n
}

// partSeries maps the folded words of the lexicon's part series
// (lexicon.PartSeries) to their series' letter.
var partSeries = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, e := range lexicon.Entries(lexicon.PartSeries) {
		for _, w := range e.Words {
			out[foldWord(w)] = e.Key
		}
	}
	return out
})

// partWords are the words the blocks print with a number in a part
// label ("Exemplo" of "Exemplo 2:").
func partWords(bs []block) map[string]bool {
	words := map[string]bool{}
	for _, bl := range bs {
		if bl.kind != blockPara {
			continue
		}
		if l, ok := readPartLabel(bl.text, nil); ok && l.word != "" && len(l.comps) > 0 {
			words[foldWord(l.word)] = true
		}
	}
	return words
}

// entryPara reports whether bl, a block inside the entry open, is one of
// its labelled paragraphs (readPartLabel), and adds it as a part. The
// labels of an entry's parts succeed one another (1, 1-A, 1-B, 2): a
// label that does not succeed the one before it starts the next entry of
// the run ("Example 1" after "Example 3"), and so does an unnumbered one
// after parts or a list. A list item inside the entry is its text.
func (b *builder) entryPara(bl block) bool {
	if !b.entries || len(b.stack) == 0 || !b.stack[len(b.stack)-1].entry {
		return false
	}
	if bl.kind == blockItem {
		b.ent.list = true
		return false
	}
	if bl.kind != blockPara {
		return false
	}
	l, ok := readPartLabel(bl.text, b.partWords)
	if !ok {
		return false
	}
	if l.comps == nil && (b.ent.parts > 0 || b.ent.list) ||
		l.comps != nil && b.ent.last != nil && !follows(b.ent.last, l.comps, chainHoles) {
		b.entry(block{kind: blockEntry, text: bl.text, line: bl.line})
		return true
	}
	b.text(bl.text)
	b.part(bl, l)
	return true
}

// part adds the labelled paragraph bl, whose label is l, as a part of
// the entry open.
func (b *builder) part(bl block, l partLabel) {
	it := &b.d.Items[b.stack[len(b.stack)-1].item]
	it.Parts = append(it.Parts, corpus.Part{Label: l.label(), Marker: l.marker, Text: strings.TrimSpace(bl.text[len(l.marker):])})
	b.ent.parts++
	if l.comps != nil {
		b.ent.last = l.comps
	}
}
