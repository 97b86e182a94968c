package align

import "fmt"

// pendingEvidence is the evidence that leads a pair's and is made only
// for the pairs an alignment returns (aligner.explainNow): most of what
// an alignment allocates after reading its items is the evidence of
// its pairs, and a reading through the source (Through) throws the
// first alignment's pairs away where it projects.
type pendingEvidence uint8

const (
	// noneLeft: the pair's evidence is made.
	noneLeft pendingEvidence = iota
	// pairLeft: the texts' evidence, then a printed number that differs
	// (aligner.pair).
	pairLeft
	// numberLeft and textLeft: an anchor's, by the number both print or
	// by the identical text (anchorEvidence), then the texts'.
	numberLeft
	textLeft
)

// explainNow makes the evidence p's leading evidence (pending) and puts
// it before what p holds, with the storage of ms and mt for two items
// read as one. A pass that moves a pair to other items calls it first:
// the evidence is of the items the pair was made of.
func (a *aligner) explainNow(p *Pair, ms, mt *features) {
	if p.pending == noneLeft {
		return
	}
	i, j := p.Source[0], p.Target[0]
	fs, ft := &a.fs[i], &a.ft[j]
	if len(p.Source) == 2 {
		fs = merge(&a.fs[i], &a.fs[p.Source[1]], ms, a.sc.x.weights)
	}
	if len(p.Target) == 2 {
		ft = merge(&a.ft[j], &a.ft[p.Target[1]], mt, a.sc.x.weights)
	}
	var first *Evidence
	if p.pending != pairLeft {
		e := a.anchorEvidence(i, j, p.pending == numberLeft)
		first = &e
	}
	// What comes after the pending evidence: a printed number that
	// differs (pair), the order's (review), what p holds.
	var buf [2]Evidence
	after := buf[:0]
	if e, ok := a.numberEvidence(i, j); ok && p.pending == pairLeft {
		after = append(after, e)
	}
	if p.inOrder != noNeighbour {
		after = append(after, orderEvidence(p.inOrder))
	}
	_, p.Evidence = a.sc.scoreWith(fs, ft, !a.quiet, first, after, p.Evidence)
	p.pending, p.inOrder = noneLeft, 0
}

// numberEvidence is what aligner.pair says of the numbers source item i
// and target item j print, if anything: that they differ.
func (a *aligner) numberEvidence(i, j int) (Evidence, bool) {
	switch {
	case a.numbersDiffer(i, j):
		return Evidence{Signal: "number", Agrees: false, Detail: a.src.Items[i].Number + " ≠ " + a.tgt.Items[j].Number}, true
	case a.renumbered(i, j):
		return Evidence{Signal: "renumbered", Agrees: true, Detail: a.src.Items[i].Number + " -> " + a.tgt.Items[j].Number}, true
	}
	return Evidence{}, false
}

// explainAll makes the pending evidence of every pair of ps, on every
// core: each is read from the features alone.
func (a *aligner) explainAll(ps []Pair) {
	inBlocks(len(ps), 256, func(int) func(lo, hi int) {
		var ms, mt features
		return func(lo, hi int) {
			for k := lo; k < hi; k++ {
				a.explainNow(&ps[k], &ms, &mt)
			}
		}
	})
}

// explained makes the evidence al's pairs lack (see
// alignScratch.lazy), while the storage of its alignment holds its
// items' features: before the storage is given to another alignment.
func (al *Alignment) explained() {
	a := al.lazy
	if a == nil {
		return
	}
	if a.scratch.gen != a.lazyGen {
		panic(fmt.Sprintf("align: the evidence of alignment %d made after alignment %d reused its storage", a.lazyGen, a.scratch.gen))
	}
	a.explainAll(al.Pairs)
	al.lazy = nil
	if al.held != nil && a.o.KeepReading {
		// The features are the held reading's (Affinity's): the
		// storage makes new ones for the next alignment given it.
		al.held.keep()
		a.scratch.feats = nil
		return
	}
	al.held.drop()
	al.held = nil
	clear(a.scratch.feats)
}
