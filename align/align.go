// Package align pairs the items of two rulebook documents, across
// languages or editions, with a score and the evidence for each pair.
package align

import (
	"context"
	"math"

	"github.com/rulesync/rulesync/corpus"
)

// Options configures an alignment. The zero value uses the shipped
// glossary and the defaults below.
type Options struct {
	// Glossary lists the domain terms matched across languages; nil means
	// DefaultGlossary. An empty &Glossary{} turns the signal off.
	Glossary *Glossary
	// Band is the half-width of the search band around the diagonal of
	// each stretch between anchors, in items; 0 means 50. Wider bands find
	// longer runs of missing items at a cost linear in the band.
	Band int
	// Threshold is the score a pair must exceed to be made on the
	// strength of its texts; 0 means 0.1. In one language, items with no
	// partner above it are left unmatched. Across languages, where a
	// translation rarely leaves an item out, items in sequence are paired
	// under it too, marked Low with their position as evidence (see
	// skipCost).
	Threshold float64
	// Confident is the score below which a pair is marked Low; 0 means
	// 0.5.
	Confident float64
	// Context, when not nil, stops an alignment early once it is done
	// (an interrupted command): the Alignment returned is then incomplete,
	// and the caller, seeing Context.Err(), must not use it.
	Context context.Context
	// Terse leaves out of the pairs of documents in one language the
	// evidence of their texts (the numbers, words, terms and so on that
	// agree or not): the pairs and their scores are the same, and the
	// evidence of a printed number, an identical text, the order, a
	// position or a mismatch is kept. For a caller that reads no evidence
	// (diff.Compare): beside the documents, it was a third of what an
	// edition diff of 100k items kept live. Across languages, where the
	// review reads the evidence of numbers, it does nothing.
	Terse bool
	// KeepReading has Through keep the reading of the items its
	// item-level alignment made (their tokens and weights) with the
	// Reading it returns where that alignment's pairs are the reading's:
	// the first Affinity of the reading's alignment, or of a copy of it
	// whose items have the same titles, texts, references, part labels
	// and cut flags, reads them instead of the items again, and lets
	// them go. Without it they are let go when Through returns.
	KeepReading bool

	// full turns off the shortcuts taken for the items an edition left
	// as it was (sameText, sameFeatures), for the tests that hold the
	// shortcuts to the full computation.
	full bool
}

// done is the channel that closes when the alignment should stop; nil
// (never) without a Context.
func (o Options) done() <-chan struct{} {
	if o.Context == nil {
		return nil
	}
	return o.Context.Done()
}

func (o Options) band() int {
	if o.Band <= 0 {
		return 50
	}
	return o.Band
}

func (o Options) threshold() float64 {
	if o.Threshold <= 0 {
		return 0.1
	}
	return o.Threshold
}

func (o Options) confident() float64 {
	if o.Confident <= 0 {
		return 0.5
	}
	return o.Confident
}

// Pair links one or two source items with one or two target items (1-1,
// or 1-2 / 2-1 where a rule was split or merged). Source and Target are
// indexes into the documents' Items.
type Pair struct {
	Source   []int
	Target   []int
	Score    float64 // in [0, 1]
	Evidence []Evidence
	// Low marks a pair below Options.Confident, or one whose target text
	// matches another source item better: it needs a human look.
	Low bool
	// Anchor is set when the pair was fixed by numbers both sides print.
	Anchor bool
	// pending says which evidence leads the pair's and is not made yet
	// (see aligner.explainNow): Evidence holds what came after it.
	pending pendingEvidence
	// inOrder is, for a pair whose evidence is pending and had nothing
	// after it when the review found its neighbours in sequence, which
	// are (the order's evidence, made with the rest).
	inOrder inSequence

	// content is the score of the pair's texts alone (scorer.score),
	// before the order or a printed number added to it: the review
	// compares it with other source items' and need not score the pair
	// again.
	content float64
}

// Alignment is the result of aligning a source document with a target.
type Alignment struct {
	Source, Target *corpus.Document
	Pairs          []Pair // in source order
	// UnmatchedSource and UnmatchedTarget are the indexes of the items
	// left without a partner: 1-0 and 0-1 links.
	UnmatchedSource []int
	UnmatchedTarget []int
	// Ratio is the target/source length ratio learned from the pairs.
	Ratio float64
	// Doubts are the runs of source items a projection may have
	// stretched its neighbours' texts over, one of them left out by the
	// translation (see Doubt); nil for an alignment of items.
	Doubts []Doubt

	// own are the target items' ids in the translation's own reading,
	// when the target is a reading through the source (Through): "" for
	// an item the projection made of its blocks.
	own []string
	// made marks the target items the alignment made that the target's
	// own reading has none of (a heading SectionHeadings made of its
	// items' Section); nil for none.
	made []bool
	// lazy is the aligner whose pairs' leading evidence is not made yet
	// (alignScratch.lazy), nil once made (explained).
	lazy *aligner
	// held is the reading of the items Affinity may read (heldReading),
	// or nil; the copies of an alignment share it.
	held *heldReading
}

// Contradicted reports whether any signal speaks against the pair: a
// number, reference or acronym only the target states, different printed
// numbers, or a target text that matches another source item better.
// For a translation this is the sign that the source changed since.
func (p *Pair) Contradicted() bool {
	for _, e := range p.Evidence {
		if !e.Agrees && e.Signal != "length" && e.Signal != "order" {
			return true
		}
	}
	return false
}

// cites reports whether any item of d cites another.
func cites(d *corpus.Document) bool {
	for i := range d.Items {
		if len(d.Items[i].Refs) > 0 {
			return true
		}
	}
	return false
}

// identityKinds number their items by identifier, not by position: a
// regulation keeps its id when others are added before it.
func identityKind(k corpus.Kind) bool {
	return k == corpus.KindRegulation || k == corpus.KindGuideline || k == corpus.KindSection
}

// Align pairs the items of src with those of tgt. Items are aligned within
// groups of one kind (rules with rules, procedures with procedures) when
// the target's items have kinds; target items of no particular kind are
// aligned against the whole source, one before any that prints a number
// and of a kind no source item has as a preamble (where the source has
// preambles), and a target item that prints the
// number of source items of another kind than its own is aligned as
// theirs (labelKinds). Within a group, items that print the
// same number on both sides are anchors (for rules, only where their texts
// do not contradict it, so that a renumbering is seen); between anchors an
// order-preserving dynamic programme over a band around the diagonal,
// after Gale & Church (1993), makes 1-1, 1-2 and 2-1 pairs or leaves items
// unmatched. Time and memory grow with the items times the band, not with
// the product of the sizes.
func (o Options) Align(src, tgt *corpus.Document) *Alignment { return o.align(src, tgt, nil) }

// align is Align, with a memo of item forms and tokens shared with other
// alignments (nil for none).
func (o Options) align(src, tgt *corpus.Document, m *memo) *Alignment {
	return o.alignIn(src, tgt, m, &alignScratch{})
}

// alignIn is align with the storage of s, which it hands back for the
// next alignment.
func (o Options) alignIn(src, tgt *corpus.Document, m *memo, s *alignScratch) *Alignment {
	s.gen++
	done := o.done()
	// Documents in two languages are compared word for word where most
	// of the target's words are the source's all the same (sharedWords):
	// read as a translation, the items give the words that decide it,
	// and in the rare document that shares them they are read again.
	same := sameLanguage(src.Lang, tgt.Lang)
	rd := o.readIn(src, tgt, same, !same, m, done, s)
	if rd != nil && !same && sharedWords(rd.vocabS, rd.vocabT) {
		same = true
		rd = o.readIn(src, tgt, same, false, m, done, s)
	}
	if rd == nil {
		return &Alignment{Source: src, Target: tgt}
	}
	x, keys := rd.x, rd.keys
	feats := x.weigh(rd.feats, rd.twins, src, tgt)
	if k := s.src; k != nil && k.feats == nil {
		// The source's reading this alignment kept, weighed.
		k.keepWeighed(feats)
	}
	a := &aligner{
		o:    o,
		done: done,
		src:  src, tgt: tgt,
		fs: feats[:len(src.Items)], ft: feats[len(src.Items):],
		keyS: keys[:len(src.Items)], keyT: keys[len(src.Items):],
		sc:    &scorer{x: x, sameLang: same, tgtCites: cites(tgt)},
		kindT: labelKinds(s.numberKindsOf(src), tgt, divisionKinds(src, tgt)),
	}
	a.alignScratch = *s
	// One language: texts keep their length, one pass. Across languages:
	// a first pass without the length signal, then the length ratio
	// learned from its confident pairs, and a second pass with it.
	var pairs []Pair
	if same {
		a.sc.ratio = 1
		a.quiet = o.Terse
		pairs = a.run()
	} else {
		// The first pass's pairs give the length ratio and nothing else
		// (the second pass makes the alignment, with the ratio learned,
		// else the documents' if they have one, else none): they are
		// made without the evidence of their texts (11% of an
		// alignment's allocations, 5,000 generated items) and their
		// anchors without any (10 MB of garbage at 100k).
		a.quiet, a.draft = true, true
		pairs = a.run()
		a.quiet, a.draft = false, false // the review reads the evidence of numbers
		r := a.learnRatio(pairs)
		// Thrown away: the next pass makes its pairs in their array.
		a.giveBack(pairs)
		if r == 0 {
			// Too few confident pairs to learn from (a translation that
			// prints no numbers and shares few words): the ratio of the
			// documents' lengths, Gale & Church's (1993) estimate.
			r = a.totalRatio()
		}
		if r > 0 {
			a.sc.ratio, a.sc.logRatio = r, math.Log(r)
		}
		pairs = a.run()
	}
	a.review(pairs)
	// A shifted run is moved before swaps are looked for: two of its
	// pairs, each text its neighbour's, cross as a swap does.
	pairs = a.shifted(pairs)
	a.crossed(pairs)
	lazy := s.lazy
	if !lazy {
		a.explainAll(pairs)
	}
	a.keep(s)
	al := &Alignment{Source: src, Target: tgt, Pairs: pairs, Ratio: a.sc.ratio}
	usedS := make([]bool, len(src.Items))
	usedT := make([]bool, len(tgt.Items))
	for _, p := range pairs {
		for _, i := range p.Source {
			usedS[i] = true
		}
		for _, j := range p.Target {
			usedT[j] = true
		}
	}
	for i, u := range usedS {
		if !u {
			al.UnmatchedSource = append(al.UnmatchedSource, i)
		}
	}
	for j, u := range usedT {
		if !u {
			al.UnmatchedTarget = append(al.UnmatchedTarget, j)
		}
	}
	if lazy {
		a.lazyGen = s.gen
		al.lazy = a
		al.held = newHeldReading(a, s)
	}
	return al
}

// alignScratch is the storage the stretches and passes of an
// alignment reuse, and the alignments after it that are given it
// (alignIn: reading a translation through its source aligns twice):
// the dynamic programme's tables (dp), the free items of a stretch and
// the pairs made between anchors (group), the arrays of pairs thrown
// away, for the next group's anchors (pairsFor), and the anchors' map
// of numbers. Nothing in it is read before it is written again.
type alignScratch struct {
	dpScore, dpBest []float32
	dpBack          []byte
	freeS, freeT    []int
	extra           []Pair
	extraAt         []int
	spare           [][]Pair
	byNum           map[kindNumber]int
	// The anchors' marks: which candidates were found by number, and
	// the items of identical texts.
	numbered             []bool
	anchoredS, anchoredT []bool
	// The items' reading (readIn: tokens, in their features, and
	// keys) and their features (weigh), as long as the items of both
	// documents.
	keys  []textKey
	feats []features
	// share says whether the alignments given s align one source, whose
	// reading (src) the first keeps for the others (Options.through).
	share bool
	src   *sourceReading
	// lazy says that the next alignment given s leaves its pairs'
	// leading evidence to be made (Alignment.explained) before s is
	// given to another: the pairs of an alignment that Through does not
	// return need none. gen counts the alignments given s, so that
	// evidence made too late is told.
	lazy bool
	gen  int
	// lis is longestIncreasing's storage; pairRoom the room the first
	// array of pairs made is given (see pairsFor), 0 once made.
	lis      increasing
	pairRoom int
	// kinds are the numberKinds of kindsOf, for the alignments of one
	// source.
	kinds   []numberKind
	kindsOf *corpus.Document
	// tgtBlocks are the blocks of tokenBlock the last reading given s
	// cut its target's items' tokens from (and none of its source's);
	// freeBlocks the blocks given back (recycle) for the next reading
	// to cut its items' tokens from.
	tgtBlocks, freeBlocks [][]feature
	// sks are the loanwords' skeletons of each worker that reads the
	// items (readIn), kept for the next alignment's reading: each
	// remembers the words it read (remade for each reading, the memos of
	// the Japanese words were 5 MB of a reading of 100k items a side of
	// a vocabulary of 20,000 words).
	sks []skeletons
}

// skeletons are the skeletons of n workers, made where s has fewer.
func (s *alignScratch) skeletons(n int) []skeletons {
	if len(s.sks) < n {
		s.sks = make([]skeletons, n)
	}
	return s.sks[:n]
}

// tokenBlock is a block to cut the tokens of an item of n tokens from,
// and those of the items after it: one given back (recycle) where there
// is one and n fits it, else a new one of tokenBlock tokens or n. A
// block for a target's items is listed in tgtBlocks.
func (s *alignScratch) tokenBlock(n int, tgt bool) []feature {
	var b []feature
	if k := len(s.freeBlocks) - 1; k >= 0 && n <= len(s.freeBlocks[k]) {
		b, s.freeBlocks[k], s.freeBlocks = s.freeBlocks[k], nil, s.freeBlocks[:k]
	} else {
		b = make([]feature, max(tokenBlock, n))
	}
	if tgt {
		s.tgtBlocks = append(s.tgtBlocks, b)
	}
	return b
}

// recycle gives the blocks of the target's tokens of the last reading
// given s (tgtBlocks) to the next reading: Through's item-level
// alignment, once neither its pairs nor its features are read any more
// (the tokens of the first's target, 1.4 MB of ThroughAnchored's
// reading at 100k items a side).
func (s *alignScratch) recycle() {
	s.freeBlocks = append(s.freeBlocks, s.tgtBlocks...)
	clear(s.tgtBlocks)
	s.tgtBlocks = s.tgtBlocks[:0]
}

// numberKindsOf are the numberKinds of src, made once for the
// alignments given s.
func (s *alignScratch) numberKindsOf(src *corpus.Document) []numberKind {
	if s.kindsOf != src {
		s.kinds, s.kindsOf = numberKinds(src), src
	}
	return s.kinds
}

// reserve makes room in s for the reading of ns source items and nt
// target items, for the numbers of nt target items (the anchors' map,
// which grew to the second alignment's items from the first's), and in
// the first array of pairs for the pairs of both (pairRoom).
func (s *alignScratch) reserve(ns, nt int) {
	n := ns + nt
	s.keys = make([]textKey, 0, n)
	s.feats = make([]features, 0, n)
	s.byNum = make(map[kindNumber]int, nt)
	s.pairRoom = min(ns, nt)
}

// keep hands a's storage back to s, holding nothing of its pairs.
// Where the pairs' evidence is still to be made (s.lazy), the features
// stay for it.
func (a *aligner) keep(s *alignScratch) {
	lazy, gen := s.lazy, s.gen
	*s = a.alignScratch
	s.lazy, s.gen = lazy, gen
	clear(s.extra[:cap(s.extra)])
	clear(s.byNum)
	if !lazy {
		clear(s.feats)
	}
	a.alignScratch = alignScratch{}
	a.scratch = s
}

type aligner struct {
	o        Options
	done     <-chan struct{} // closes when the alignment should stop
	src, tgt *corpus.Document
	fs, ft   []features
	sc       *scorer
	bufS     features // scratch for merged items
	bufT     features
	pairS    features // scratch for the merged items of a pair made
	pairT    features
	// index lists the source items by token for the review: those with
	// token id are items[start[id]:start[id+1]], in order (one array, not
	// a map of slices: that was 13% of the review and the largest thing
	// it made); made when first needed. seen marks the candidates of
	// the stamp-th call of candidates, and toks is its buffer of tokens.
	index struct{ start, items []int32 }
	// keyS and keyT are keys of the items' titles and texts in comparison
	// form; compactS and compactT their texts without white space, made
	// when first needed.
	keyS, keyT         []textKey
	compactS, compactT []string
	// kindT is the kind each target item is aligned as, where a
	// numbering's position in the document gives it another than its
	// own (divisionKinds); nil when every item keeps its own.
	kindT []corpus.Kind
	// quiet is set for a pass whose pairs are not the alignment's, or
	// for Options.Terse: they get no evidence of their texts (see
	// explainNow).
	quiet bool
	// intBlock is the block the pairs' items are cut from (ints).
	intBlock []int
	// room is how many pairs the array of the group aligned has room
	// for (see run).
	room int
	// sets and loose are the groups of items every pass aligns, and
	// whether the last is of the loose target items (groups); made by
	// the first pass.
	sets  [][2][]int
	loose bool
	alignScratch
	// scratch is the storage keep handed back, and lazyGen its count
	// of alignments when this one's evidence was left to be made.
	scratch *alignScratch
	lazyGen int
	// draft is set for a pass whose pairs are read for their scores
	// alone, and thrown away (the first across languages): its anchors
	// get no evidence, neither of their number or identical text nor of
	// their texts (what the dynamic programme, fill and the crossing of
	// anchors add is still made: few pairs).
	draft bool
}

// targetKind is the kind target item j is aligned as.
func (a *aligner) targetKind(j int) corpus.Kind {
	if a.kindT != nil {
		return a.kindT[j]
	}
	return a.tgt.Items[j].Kind
}

// stopped reports whether done has closed.
func stopped(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// addEvidence appends e to a pair's evidence, into a slice of the size
// it needs where ev has no room: append doubled it, and the room left
// in the evidence of every pair was a tenth of the live heap aligning
// 100k items.
func addEvidence(ev []Evidence, e Evidence) []Evidence {
	if len(ev) < cap(ev) {
		return append(ev, e)
	}
	out := make([]Evidence, len(ev)+1)
	copy(out, ev)
	out[len(ev)] = e
	return out
}
