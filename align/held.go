package align

import (
	"slices"
	"sync"

	"github.com/rulesync/rulesync/corpus"
)

// heldReading is the reading of an alignment's items that Affinity
// reads instead of reading the items again (their features, the
// tokens' weights and names): a translation checked against its source
// is read through it (Through) and its pairs measured (Affinity), and
// the second reading of the same items was a fifth of what the checks
// of 100k generated items read. It is made for Through's item-level
// alignment (alignScratch.lazy). While the features are that
// alignment's storage (scratch), they hold only until another
// alignment is given the storage (gen); kept (Options.KeepReading),
// they are the held reading's own until Affinity takes them. It is
// safe for concurrent use.
type heldReading struct {
	mu       sync.Mutex
	src, tgt *corpus.Document // the documents read
	fs, ft   []features       // nil once let go
	weights  []float32
	names    []string
	same     bool // read word for word (the scorer's sameLang)
	full     bool // Options.full
	gloss    *Glossary
	scratch  *alignScratch // the storage the features are in; nil once kept
	gen      int           // the scratch's gen when they were made
}

// newHeldReading is the reading held of the items of a, an alignment
// made in s.
func newHeldReading(a *aligner, s *alignScratch) *heldReading {
	return &heldReading{src: a.src, tgt: a.tgt, fs: a.fs, ft: a.ft,
		weights: a.sc.x.weights, names: a.sc.x.names, same: a.sc.sameLang,
		full: a.o.full, gloss: a.sc.x.gloss, scratch: s, gen: s.gen}
}

// keep makes the features h's own: the alignment's storage lets them
// go (explained).
func (h *heldReading) keep() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.scratch = nil
}

// drop lets the features go; nil h drops nothing.
func (h *heldReading) drop() {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.dropLocked()
}

func (h *heldReading) dropLocked() {
	h.fs, h.ft, h.weights, h.names, h.scratch = nil, nil, nil, nil, nil
}

// settle drops what is still the alignment's storage: the features that
// were not kept (keep) are not held past the alignments of one reading.
func (h *heldReading) settle() {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.scratch != nil {
		h.dropLocked()
	}
}

// take returns the features, weights, names and sameLang of the reading
// held for al, when they are what reading al's items with o would make
// (the same documents' languages, and items of the same titles, texts,
// references, part labels and cut marks: all the tokens are made of),
// and false otherwise. Kept features are let go once taken.
func (h *heldReading) take(o Options, al *Alignment) (fs, ft []features, w []float32, names []string, same, ok bool) {
	if h == nil {
		return nil, nil, nil, nil, false, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.fs == nil || h.scratch != nil && h.scratch.gen != h.gen {
		return nil, nil, nil, nil, false, false
	}
	fs, ft, w, names, same = h.fs, h.ft, h.weights, h.names, h.same
	g := o.Glossary
	if g == nil && !same {
		g = DefaultGlossary()
	}
	ok = o.full == h.full && g == h.gloss && sameTokenItems(al.Source, h.src) && sameTokenItems(al.Target, h.tgt)
	if h.scratch == nil {
		h.dropLocked()
	}
	return fs, ft, w, names, same, ok
}

// sameTokenItems reports whether a and b read as the same tokens: the
// same language and, item by item, the same title, text, references,
// part labels and cut flag (what rawTokens and weigh read).
func sameTokenItems(a, b *corpus.Document) bool {
	if a == nil || b == nil || a.Lang != b.Lang || len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Items {
		x, y := &a.Items[i], &b.Items[i]
		if x.Title != y.Title || x.Text != y.Text || !slices.Equal(x.Refs, y.Refs) ||
			x.Has(corpus.FlagTruncated) != y.Has(corpus.FlagTruncated) ||
			!slices.EqualFunc(x.Parts, y.Parts, func(p, q corpus.Part) bool { return p.Label == q.Label }) {
			return false
		}
	}
	return true
}

// LetGo drops what al holds beyond its pairs' places, scores and marks:
// each pair's evidence (Pair.Evidence, and any not made yet) and the
// reading of the items kept for Affinity (Options.KeepReading), with the
// documents it was made of. A caller that has read all it needs of the
// evidence (a translation's report once its draft is made) lets a large
// alignment's memory go with it: at 250k items a side some 30 MB of
// evidence, and the translation's own items where the alignment is of a
// reading through its source (Through). Affinity then reads the items
// again; Contradicted and the JSON see no evidence. The copies of al
// share its pairs and its reading: they lose them too.
func (al *Alignment) LetGo() {
	if al == nil {
		return
	}
	for k := range al.Pairs {
		p := &al.Pairs[k]
		p.Evidence, p.pending, p.inOrder = nil, noneLeft, noNeighbour
	}
	al.lazy = nil
	if h := al.held; h != nil {
		h.mu.Lock()
		h.dropLocked()
		h.src, h.tgt, h.gloss = nil, nil, nil
		h.mu.Unlock()
		al.held = nil
	}
}
