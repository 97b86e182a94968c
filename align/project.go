package align

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// A block is a unit of a document below its items: an item's title, a
// line of its text (a paragraph, a list entry, a table row, or a line
// of a paragraph wrapped by hand), or, for an item of neither, nothing.
// item is the index of the item it comes from; title marks an item's
// title, and cont a line that continues the paragraph of the line
// before it (see wraps), where an item is unlikely to start; cut marks
// the end of a cut preview (the last line of an item cutPreview finds,
// or a line that ends in its cut mark).
type block struct {
	item  int32 // (an int32: 24 bytes a block, not 32)
	title bool
	cont  bool
	cut   bool
	text  string
}

// blocksOf cuts the items of d into blocks, in document order: an
// item's title, then the lines of its text. The first block of an item
// that prints a number carries it in front ("4.2.1 Only the player
// ...").
func blocksOf(d *corpus.Document) []block { return appendBlocks(nil, d) }

// appendBlocks is blocksOf in out's storage, where it has room.
func appendBlocks(out []block, d *corpus.Document) []block {
	n := 0
	for i := range d.Items {
		n += 1 + strings.Count(d.Items[i].Text, "\n") + 1
	}
	out = slices.Grow(out[:0], n)
	for i := range d.Items {
		it := &d.Items[i]
		first := len(out)
		if t := strings.TrimSpace(it.Title); t != "" {
			out = append(out, block{item: int32(i), title: true, text: t})
		}
		prev := ""
		for line := range strings.SplitSeq(it.Text, "\n") {
			if line = strings.TrimSpace(line); line == "" {
				prev = ""
				continue
			}
			out = append(out, block{item: int32(i), cont: wraps(prev, line), cut: strings.HasSuffix(line, "…"), text: line})
			prev = line
		}
		if len(out) > first && !out[len(out)-1].title && it.Has(corpus.FlagTruncated) {
			out[len(out)-1].cut = true
		}
		if len(out) > first && it.Number != "" {
			out[first].text = it.Number + " " + out[first].text
		}
	}
	return out
}

// piece is a part of a target block given to a source item: the whole
// block, or one side of a sentence boundary where the block holds two
// source items.
type piece struct {
	src   int32 // the source item
	block int32 // the target block
	text  string
	score float64
	title bool // (int32 indexes and the flags last: 40 bytes a piece, not 56)
	low   bool
}

// project aligns src and tgt block by block and projects the source's
// item boundaries onto the translation's blocks, after the sentence
// aligners (Gale & Church 1993; hunalign, Varga et al. 2005; vecalign,
// Thompson & Koehn 2019): segment cuts the translation's blocks into
// one run for each source item, in order; each block of a run belongs
// to its source item, and a block two items share is cut at the
// sentence boundary nearest to the share of the first. The pieces are
// in the translation's order; assemble makes items of them. ratio is
// the length ratio of the translation to its source. Time and
// memory are linear in the blocks (segment's band).
func (o Options) project(src, tgt *corpus.Document) (pieces []piece, bt []block, ratio float64) {
	return o.projectIn(src, tgt, &scratch{})
}

// scratch holds the storage of a block-level alignment (project) for
// the next: anchored projects the source onto each run of items in
// turn, a run of two blocks for every third item at 100k items, where
// new tables for each were a quarter of what a reading allocated. The
// pieces and blocks a projection returns are the scratch's: read before
// the next. A scratch that is not reused (reused false) keeps nothing
// its projection does not return.
type scratch struct {
	reused bool
	bt     []block
	a      anchorSet
	S, T   units
	nb     []int32
	cont   []float32
	cut    []bool
	same   []bool
	paired []bool
	pieces []piece
	out    []piece
	seg    segmenter // the block segmentation's tables
}

// anchorSet is the scratch's anchor set, empty, with room for about n
// tokens where it is new.
func (sc *scratch) anchorSet(n int) *anchorSet {
	if sc.a.id == nil {
		sc.a = *newAnchorSet(n)
		sc.a.kept = sc.reused
	} else {
		sc.a.reset()
	}
	return &sc.a
}

// units are the scratch's units of the two sides, empty, with room for
// ns and nt units where they are new.
func (sc *scratch) units(ns, nt int) (S, T *units) {
	if sc.S.off == nil {
		sc.S, sc.T = *newUnits(ns), *newUnits(nt)
	} else {
		sc.S.reset()
		sc.T.reset()
	}
	return &sc.S, &sc.T
}

// counts is the scratch's count of each of n source items' blocks, at
// zero.
func (sc *scratch) counts(n int) []int32 { return zeroed(&sc.nb, n) }

// zeroed is *buf at length n, every element zero, in its storage where
// it has room (a new slice, kept in *buf, where not).
func zeroed[E any](buf *[]E, n int) []E {
	if cap(*buf) < n {
		*buf = make([]E, n)
	} else {
		*buf = (*buf)[:n]
		clear(*buf)
	}
	return *buf
}

// sumsIn is the prefix sums of x (out[k] the sum of x[:k]), in *buf's
// storage (see zeroed).
func sumsIn(buf *[]float64, x []float32) []float64 {
	out := zeroed(buf, len(x)+1)
	for k, v := range x {
		out[k+1] = out[k] + float64(v)
	}
	return out
}

// projectIn is project with the storage of sc.
func (o Options) projectIn(src, tgt *corpus.Document, sc *scratch) (pieces []piece, bt []block, ratio float64) {
	bt = appendBlocks(sc.bt, tgt)
	sc.bt = bt
	if len(src.Items) == 0 || len(bt) == 0 {
		return nil, bt, 0
	}
	S, T, a, nb := blockUnits(src, bt, tgt, sc)
	leftInSource(src, bt, S, T, &sc.same)
	cont := zeroed(&sc.cont, len(bt))
	for j := range bt {
		if bt[j].cont {
			// A line in lower case after a letter continues its
			// paragraph more surely than one of a script without case
			// after no sentence terminal.
			cont[j] = 0.4
			r, _ := utf8.DecodeRuneInString(bt[j].text)
			last, _ := utf8.DecodeLastRuneInString(bt[j-1].text)
			if unicode.IsLower(r) || unicode.In(last, unicode.Po, unicode.Pd) {
				cont[j] = 1 // in lower case, or after a comma
			}
		}
	}
	var cut []bool // nil where no block is cut
	for j := range bt {
		if bt[j].cut {
			if cut == nil {
				cut = zeroed(&sc.cut, len(bt))
			}
			cut[j] = true
		}
	}
	spans := segment(&sc.seg, S, T, cont, cut, a, nb, o.band(), !cutShort(bt), func(spans []span, sure []int32) *learned {
		return learnFrom(src, bt, spans, sure)
	}, o.done())
	if spans == nil {
		return nil, bt, 0
	}
	g := &segmenter{S: S, T: T, a: a}
	// The lengths' prefix sums are the segmentation's (segment made them
	// of the same units, which it leaves as they are); the ratio is the
	// documents' (segment's may be the uncut runs').
	g.ls, g.lt = sc.seg.ls, sc.seg.lt
	g.r = 1
	if n, m := S.len(), T.len(); g.ls[n] > 0 && g.lt[m] > 0 {
		g.r = g.lt[m] / g.ls[n]
	}
	pieces = slices.Grow(sc.pieces[:0], len(bt)+len(bt)/8)
	paired := zeroed(&sc.paired, len(bt))
	for i := 0; i < len(spans); i++ {
		sp := spans[i]
		if sp.shared && i+1 < len(spans) && spans[i+1].shared && spans[i+1].from == sp.from {
			// Two source items in one target block: cut it.
			j := int(sp.from)
			n0, n1 := float64(S.runes[i]), float64(S.runes[i+1])
			score := g.confidence(n0+n1, T.runes[j], a.shared(S.anchors(i), T.anchors(j))+a.shared(S.anchors(i+1), T.anchors(j)))
			first, second := cutAt(bt[j].text, n0/max(1, n0+n1))
			pieces = append(pieces, piece{src: int32(i), block: int32(j), title: bt[j].title, text: first, score: score, low: true})
			if second != "" {
				pieces = append(pieces, piece{src: int32(i + 1), block: int32(j), text: second, score: score, low: true})
			}
			paired[j] = true
			i++
			continue
		}
		if sp.to == sp.from {
			continue
		}
		share := float32(0)
		for j := sp.from; j < sp.to; j++ {
			share += a.shared(S.anchors(i), T.anchors(int(j)))
		}
		score := g.confidence(float64(S.runes[i]), float32(g.lt[sp.to]-g.lt[sp.from]), share)
		for j := int(sp.from); j < int(sp.to); j++ {
			pieces = append(pieces, piece{src: int32(i), block: int32(j), title: bt[j].title, text: bt[j].text, score: score, low: score < 0.5})
			paired[j] = true
		}
	}
	sc.pieces = pieces
	if !slices.Contains(paired, false) {
		// Every block is paired: the pieces are in the translation's
		// order already, as withUnpaired would copy them.
		return pieces, bt, g.r
	}
	sc.out = withUnpaired(sc.out, pieces, paired, bt)
	return sc.out, bt, g.r
}

// learnFrom learns a lexicon (see learned) from the runs of spans, a
// first segmentation of the blocks bt onto the items of src, of the
// source items sure, and gives every item and block its ids; nil where
// it learns none.
func learnFrom(src *corpus.Document, bt []block, spans []span, sure []int32) *learned {
	// Each run is read with its source item and the items on either
	// side of it: where the first pass shifted a stretch by an item (its
	// lengths could not tell which item the translation lacks), the
	// run's translation is still among them, and the model, which
	// finds each token's translation wherever the token recurs, learns
	// it, not the shift.
	lx := learnLexicon(len(sure), func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
		for i := max(0, int(sure[k])-lexWindow); i <= min(len(src.Items)-1, int(sure[k])+lexWindow); i++ {
			hs, buf = lexTokens(src.Items[i].Title, hs, buf)
			hs, buf = lexTokens(src.Items[i].Text, hs, buf)
		}
		return hs, buf
	}, func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
		for j := spans[sure[k]].from; j < spans[sure[k]].to; j++ {
			hs, buf = lexTokens(bt[j].text, hs, buf)
		}
		return hs, buf
	})
	if lx == nil {
		return nil
	}
	lx.setUnits(len(src.Items), func(i int, hs []uint64, buf []byte) ([]uint64, []byte) {
		hs, buf = lexTokens(src.Items[i].Title, hs, buf)
		return lexTokens(src.Items[i].Text, hs, buf)
	}, len(bt), func(j int, hs []uint64, buf []byte) ([]uint64, []byte) {
		return lexTokens(bt[j].text, hs, buf)
	})
	// Chance: the mean coefficient of each sure item with the run two
	// items on (another item's, in a first pass that is mostly right).
	var sum float64
	n := 0
	for _, i := range sure {
		if k := int(i) + 2; k < len(spans) && spans[k].to > spans[k].from {
			sum += float64(lx.dice(int(i), int(spans[k].from), int(spans[k].to)))
			n++
		}
	}
	if n > 0 {
		lx.chance = float32(sum / float64(n))
	}
	return lx
}

// cutShort reports whether the blocks bt read as previews cut short at
// one length, as a reader page or a list of search results cuts each
// text: eight blocks or more, and a twentieth of them, have one length
// of twenty runes or more and end in the middle of a sentence, four
// times as many as have a rune more or less (the lines of a text wrapped
// by hand end in mid-sentence too, at lengths spread over the width of
// a few words). The lengths of such a page say nothing of what its
// source has and it lacks (see previews, which reads the cut marks where
// the reader kept them).
func cutShort(bt []block) bool {
	count := map[int]int{}
	for _, b := range bt {
		if l := utf8.RuneCountInString(b.text); l >= 20 && midSentence(b.text) {
			count[l]++
		}
	}
	for l, n := range count {
		if n >= 8 && 20*n >= len(bt) && n >= 4*max(count[l-1], count[l+1]) {
			return true
		}
	}
	return false
}

// leftInSource measures the translation's blocks written in the
// source's script in the source's units where they are a tenth of its
// text or more and so are the others: a translation left in part in its
// source's language (the Korean Debian Constitution is Korean to
// section 4.1 and English after it) has two length ratios, about 1 in
// the passages left as they were and the language's in the others, and
// one ratio for both would stretch the translated passages over too
// many source items. The blocks in the source's script are taken at
// their length, the others at the ratio of their length to what of the
// source is left for them; the segmentation's ratio is then about 1.
func leftInSource(src *corpus.Document, bt []block, S, T *units, buf *[]bool) {
	var counts scriptCounts
	for i := range src.Items {
		countScripts(&counts, src.Items[i].Title)
		countScripts(&counts, src.Items[i].Text)
	}
	home := dominant(&counts)
	if home == 0 {
		return
	}
	same := zeroed(buf, len(bt))
	var inHome, other, source float64
	for j := range bt {
		counts = scriptCounts{}
		countScripts(&counts, bt[j].text)
		letters := 0
		for _, n := range counts {
			letters += n
		}
		// Only the source's script: a block that mixes in the
		// translation's ("標準議事手順 (Standard Resolution Procedure)") is
		// translated.
		same[j] = letters > 0 && 20*counts[home] >= 19*letters
		if same[j] {
			inHome += float64(T.runes[j])
		} else {
			other += float64(T.runes[j])
		}
	}
	for _, n := range S.runes {
		source += float64(n)
	}
	all := inHome + other
	if inHome < 0.03*all || other < 0.03*all || source-inHome < 0.03*source {
		return
	}
	r := float32(other / (source - inHome))
	for j := range bt {
		if !same[j] {
			T.runes[j] /= r
		}
	}
}

// scriptCounts counts letters by script (see countScripts): room for
// none, the ten spaced scripts and the unspaced ones (the last).
type scriptCounts [16]int

// countScripts adds the letters of text to counts by script: the index
// of its spaced script plus one, the last for the scripts that do not
// space their words, none for other letters.
func countScripts(counts *scriptCounts, text string) {
	for _, r := range text {
		if !unicode.IsLetter(r) {
			continue
		}
		if unspaced(r) {
			counts[len(counts)-1]++
			continue
		}
		s := scriptOf(r)
		for k, t := range spacedScripts {
			if t == s {
				counts[k+1]++
				break
			}
		}
	}
}

// dominant is the index of counts that holds most letters, 0 for none.
func dominant(counts *scriptCounts) int {
	best := 0
	for k := 1; k < len(counts); k++ {
		if counts[k] > counts[best] {
			best = k
		}
	}
	if counts[best] == 0 {
		return 0
	}
	return best
}

// confidence is how sure a run is of its source item: the probability
// of its length deviation (exp of less the length cost), raised by the
// anchors the two share.
func (g *segmenter) confidence(ls float64, lt, anchors float32) float64 {
	p := math.Exp(-float64(g.lengthCost(ls, float64(lt))))
	return 1 - (1-p)*math.Exp(-float64(anchors))
}

// withUnpaired gives each unpaired target block to the source item of
// the block before it (of the one after it, for leading blocks), as a
// low-confidence piece, in the translation's order; pieces are in it
// already (a segmentation keeps the order).
func withUnpaired(out, pieces []piece, paired []bool, bt []block) []piece {
	out = slices.Grow(out[:0], len(bt)+len(pieces)-len(bt)/2)
	k := 0
	pending := []int(nil)
	for j := range bt {
		if !paired[j] {
			if len(out) == 0 {
				pending = append(pending, j)
				continue
			}
			prev := out[len(out)-1]
			out = append(out, piece{src: prev.src, block: int32(j), title: bt[j].title, text: bt[j].text, low: true})
			continue
		}
		if len(pending) > 0 {
			s := pieces[k].src
			for _, q := range pending {
				out = append(out, piece{src: s, block: int32(q), title: bt[q].title, text: bt[q].text, low: true})
			}
			pending = nil
		}
		for ; k < len(pieces) && int(pieces[k].block) == j; k++ {
			out = append(out, pieces[k])
		}
	}
	return out
}

// assemble makes an item of g, a group of pieces given to one source
// item. It takes the source item's id, kind and number;
// its title is its first piece where that was a title of the
// translation, or where the source item is a heading with no text; the
// rest is its text, a line a piece. IDSource is IDAligned where the
// item's pieces are exactly the blocks of one target item (IDLabel when
// that item prints the source's number), IDProjected otherwise; the
// confidence is the pieces' mean score, halved where one was low.
func assemble(src, tgt *corpus.Document, g []piece, bt []block) corpus.Item {
	s := &src.Items[g[0].src]
	t := &tgt.Items[bt[g[0].block].item]
	it := corpus.Item{ID: s.ID, Kind: s.Kind, Number: s.Number, Section: t.Section}
	lines := make([]string, 0, len(g))
	for k, p := range g {
		text := p.text
		if k == 0 && t.Number != "" {
			text = strings.TrimSpace(strings.TrimPrefix(text, t.Number+" "))
		}
		lines = append(lines, text)
	}
	if s.Title != "" && (g[0].title || s.Text == "") {
		it.Title, lines = lines[0], lines[1:]
	}
	it.Text = strings.Join(lines, "\n")
	it.IDSource, it.Confidence = corpus.IDProjected, confidence(g)
	for _, p := range g {
		for _, f := range tgt.Items[bt[p.block].item].Flags {
			it.SetFlag(f)
		}
	}
	if whole(g, bt) {
		it.IDSource = corpus.IDAligned
		it.Refs = t.Refs
		if t.Number != "" && numberKey(t.Number) == numberKey(s.Number) {
			it.IDSource, it.Confidence = corpus.IDLabel, 1
		}
	}
	return it
}

// whole reports whether the pieces g are exactly the blocks of one
// target item, each whole and in order.
func whole(g []piece, bt []block) bool {
	item := bt[g[0].block].item
	for k, p := range g {
		if bt[p.block].item != item || p.text != bt[p.block].text || k > 0 && p.block != g[k-1].block+1 {
			return false
		}
	}
	first, last := g[0].block, g[len(g)-1].block
	return (first == 0 || bt[first-1].item != item) && (int(last) == len(bt)-1 || bt[last+1].item != item)
}

// confidence is the mean score of the pieces, weighted by their length,
// halved where any was low, rounded to two places.
func confidence(g []piece) float64 {
	sum, n, low := 0.0, 0.0, false
	for _, p := range g {
		w := float64(max(1, utf8.RuneCountInString(p.text)))
		sum += p.score * w
		n += w
		low = low || p.low
	}
	c := sum / n
	if low {
		c /= 2
	}
	return max(0.01, float64(int(c*100+0.5))/100)
}

// cutAt cuts text at the sentence boundary (a sentence terminal of any
// script, and the spaces after it) nearest to share of its length; ""
// for the second part when it has none inside.
func cutAt(text string, share float64) (string, string) {
	total := utf8.RuneCountInString(text)
	want := share * float64(total)
	best, bestDist := -1, 0.0
	for i, r := range text {
		if !unicode.Is(unicode.Sentence_Terminal, r) {
			continue
		}
		end := i + utf8.RuneLen(r)
		// Closing quotes and brackets stay with their sentence.
		for end < len(text) {
			q, size := utf8.DecodeRuneInString(text[end:])
			if !unicode.In(q, unicode.Pe, unicode.Pf) && q != '"' && q != '\'' {
				break
			}
			end += size
		}
		if strings.TrimSpace(text[end:]) == "" {
			break
		}
		if d := abs(float64(utf8.RuneCountInString(text[:end])) - want); best < 0 || d < bestDist {
			best, bestDist = end, d
		}
	}
	if best < 0 {
		return text, ""
	}
	return strings.TrimSpace(text[:best]), strings.TrimSpace(text[best:])
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// wraps reports whether line continues the paragraph of the line prev
// (in the same item, "" for none) rather than starting one: prev ends
// in a letter or digit and line starts in lower case; or, in a script
// without case, prev ends mid-sentence (midSentence: "、" is a comma).
func wraps(prev, line string) bool {
	if prev == "" || strings.HasSuffix(prev, "…") {
		return false // a cut preview ends its item
	}
	r, _ := utf8.DecodeRuneInString(line)
	if !unicode.IsLetter(r) || unicode.IsUpper(r) || unicode.IsTitle(r) {
		return false
	}
	if unicode.IsLower(r) {
		last, _ := utf8.DecodeLastRuneInString(prev)
		return unicode.IsLetter(last) || unicode.IsDigit(last)
	}
	return midSentence(prev)
}

// midSentence reports whether a line ends in the middle of a sentence:
// in a letter, a digit, or punctuation other than a sentence terminal, a
// colon, a semicolon or a closing bracket or quote (a comma of any
// script, "、", a hyphen).
func midSentence(line string) bool {
	r, _ := utf8.DecodeLastRuneInString(line)
	switch {
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		return true
	case unicode.Is(unicode.Sentence_Terminal, r), unicode.In(r, unicode.Pe, unicode.Pf), r == ':', r == ';', r == '：', r == '；':
		return false
	}
	return unicode.In(r, unicode.Po, unicode.Pd)
}
