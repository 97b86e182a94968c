package align

import (
	"maps"
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/sched"
)

// reading is what read makes of the items of a pair of documents.
type reading struct {
	x *extractor
	// feats holds the tokens of each item, the source's first, as the
	// toks of its features (the rest zero), in the order found, some
	// twice; weigh reads each once and makes the item's features there
	// and in the tokens' storage.
	feats []features
	keys  []textKey // the key of each item's comparison form, in the same order
	// twins holds, for each item whose tokens are a source item's (a
	// target item an edition left as it was, see sameTokens), 1 + the
	// index of that source item in feats, and 0 for any other; nil when no
	// item shares its tokens. Such an item's ids are its twin's slice.
	twins []int32
	// vocabS and vocabT are the content words of the items' texts, for
	// sharedWords; nil unless asked for.
	vocabS, vocabT map[string]bool
}

// readChunk is how many items a worker reads at a time: enough that
// handing chunks over costs nothing, few enough that the raw tokens
// waiting to be interned stay small.
const readChunk = 64

// chunk is a run of items of one document that one worker reads.
type chunk struct {
	tgt    bool // the items are the target's
	lo, hi int  // the items [lo, hi) of that document
	raw    []rawToken
	items  []readItem // one per item
	vocab  []string   // content words of the texts, when asked for
	// text holds the items' forms that are new strings (forms.setIn):
	// the raw tokens cut from them are copied when interned, and the
	// content words when collected, so its storage goes round with the
	// chunk's other buffers once the chunk is interned.
	text []byte
	done chan struct{}
}

// readItem is what a worker found for one item of a chunk.
type readItem struct {
	end int // the end of the item's raw tokens in chunk.raw
	// twin is 1 + the index of the source item with the same title and
	// text (a target item an edition left as it was), or 0; shares is
	// whether the two have the same tokens, which are then not read
	// again (see sameTokens).
	twin   int
	shares bool
}

// read extracts the tokens of the items of src and tgt. An item's raw
// tokens depend on no other item: they are made on GOMAXPROCS workers, a
// chunk of items at a time, and interned here in item order, so that the
// ids, and so every output, are those of reading the items one by one.
// With vocab the workers also collect the content words of every text
// for sharedWords. It returns nil when done closes first.
func (o Options) read(src, tgt *corpus.Document, same, vocab bool, m *memo, done <-chan struct{}) *reading {
	return o.readIn(src, tgt, same, vocab, m, done, &alignScratch{})
}

// readIn is read with the storage of sc for the items' tokens and keys.
func (o Options) readIn(src, tgt *corpus.Document, same, vocab bool, m *memo, done <-chan struct{}, sc *alignScratch) *reading {
	g := o.Glossary
	if g == nil && !same {
		// Only an alignment across languages reads the glossary: an
		// edition diff need not parse it (4% of the process diffing the
		// WCA regulations from JSON).
		g = DefaultGlossary()
	}
	x := &extractor{gloss: g, sameLang: same, intern: map[tokenKey]int32{}, memo: m}
	// The folded texts are written in the chunk's storage (see
	// chunk.text; Fold's new strings were a twentieth of what reading a
	// Japanese translation through its source allocated at 100k items),
	// but for a memo, which keeps them.
	fold := foldTextIn
	if m != nil {
		fold = func(it *corpus.Item, _ *[]byte) itemText { return m.fold(it) }
	}
	nS := len(src.Items)
	// Editions share most of their items word for word (300 of the 451
	// WCA regulations from 2021 to 2024): a target item with the title
	// and text of a source item has its key, unfolded, and, with its
	// references and parts, its tokens (the tokens are a function of
	// those, see sameTokens). Options.full computes them all.
	var sameText map[[2]string]int
	if src.Lang == tgt.Lang && m == nil && !o.full {
		sameText = make(map[[2]string]int, nS)
		for i := range src.Items {
			sameText[[2]string{src.Items[i].Title, src.Items[i].Text}] = i
		}
	}
	// The source's items as the last reading left them, where it read
	// this source the same way (see sourceReading), with the storage
	// given to no alignment since: only the target's are read. (The
	// reading kept is this one's: weigh rewrites its tokens, and the
	// target's join its interned tokens.)
	var kept *sourceReading
	if c := sc.src; sc.share && m == nil && c != nil && c.feats != nil && c.gen+1 == sc.gen && c.doc == src && c.same == same && c.vocab == vocab && c.gloss == g {
		kept, sc.src = c, nil
	}
	rd := &reading{x: x, feats: sized(sc.feats, nS+len(tgt.Items)), keys: sized(sc.keys, nS+len(tgt.Items))}
	sc.feats, sc.keys = rd.feats, rd.keys
	from := 0 // the first item whose reading is cleared
	if kept != nil {
		kept.restore(rd)
		from = nS
	}
	clear(rd.feats[from:])
	clear(rd.keys[from:])
	var chunks []chunk
	for _, d := range []struct {
		tgt bool
		n   int
	}{{false, nS}, {true, len(tgt.Items)}} {
		if !d.tgt && kept != nil {
			continue
		}
		for lo := 0; lo < d.n; lo += readChunk {
			chunks = append(chunks, chunk{tgt: d.tgt, lo: lo, hi: min(lo+readChunk, d.n), done: make(chan struct{})})
		}
	}
	// work reads chunk c; fm and sk are the worker's own.
	work := func(c *chunk, fm *forms, sk *skeletons) {
		d, lang, base := src, src.Lang, c.lo
		if c.tgt {
			d, lang, base = tgt, tgt.Lang, nS+c.lo
		}
		for k := range c.hi - c.lo {
			it := &d.Items[c.lo+k]
			c.items = append(c.items, readItem{})
			r := &c.items[k]
			if c.tgt {
				if s, ok := sameText[[2]string{it.Title, it.Text}]; ok {
					r.twin, r.shares = s+1, sameTokens(&src.Items[s], it)
				}
			}
			if r.shares && !vocab {
				r.end = len(c.raw)
				continue
			}
			fm.setIn(fold(it, &c.text), &c.text)
			if r.twin == 0 {
				// Each key its own: the workers set them. A twin's is
				// its source item's, set when interned.
				rd.keys[base+k] = keyIn(fm.f, &fm.hashed)
			}
			if vocab {
				fm.content = appendContentWords(fm.content[:0], fm.textWords(), fm.lowText)
				for _, w := range fm.content {
					if !isNumber(w) {
						c.vocab = append(c.vocab, w)
					}
				}
			}
			if !r.shares {
				if m != nil {
					c.raw = append(c.raw, m.tokens(x, it, lang, fm, sk)...)
				} else {
					c.raw = x.rawTokens(c.raw, it, lang, fm, sk)
				}
			}
			r.end = len(c.raw)
		}
	}
	if vocab {
		rd.vocabT = map[string]bool{}
		if kept == nil {
			rd.vocabS = map[string]bool{}
		}
	}
	workers := runtime.GOMAXPROCS(0)
	// At most 2 chunks per worker are read and not yet interned; their
	// buffers go round (one buffer for all the items was 30% of what an
	// alignment in one language allocated).
	slots := make(chan struct{}, 2*workers)
	free := make(chan chunk, 2*workers+1)
	quit := make(chan struct{})
	var next atomic.Int64
	sks := sc.skeletons(workers)
	wait := sched.Start(workers, func(w int) {
		var fm forms
		sk := &sks[w]
		for {
			select {
			case slots <- struct{}{}:
			case <-quit:
				return
			}
			c := int(next.Add(1)) - 1
			if c >= len(chunks) {
				return
			}
			select {
			case b := <-free:
				chunks[c].raw, chunks[c].items, chunks[c].vocab, chunks[c].text = b.raw, b.items, b.vocab, b.text
			default:
			}
			work(&chunks[c], &fm, sk)
			close(chunks[c].done)
		}
	})
	stop := func() *reading {
		close(quit)
		wait()
		return nil
	}
	var store []feature // the block the items' tokens are cut from
	sc.tgtBlocks = sc.tgtBlocks[:0]
	// keep is set where the source's reading is to be kept once its
	// items are interned (before the first chunk of the target's).
	keep := sc.share && m == nil && kept == nil
	for ci := range chunks {
		c := &chunks[ci]
		if keep && c.tgt {
			sc.src, keep = keepSource(src, same, vocab, g, rd, sc.gen), false
		}
		select {
		case <-c.done:
		case <-done:
			return stop()
		}
		base := c.lo
		if c.tgt {
			base += nS
		}
		start := 0
		for k, r := range c.items {
			i := base + k
			if r.shares {
				// weigh only reads them, and gives the item its
				// twin's features.
				rd.feats[i].toks = rd.feats[r.twin-1].toks
				if rd.twins == nil {
					rd.twins = make([]int32, len(rd.feats))
				}
				rd.twins[i] = int32(r.twin)
			} else {
				if raw := c.raw[start:r.end]; len(store) < len(raw) {
					store = sc.tokenBlock(len(raw), c.tgt)
				}
				rd.feats[i].toks, store = x.features(c.raw[start:r.end], store)
			}
			if r.twin > 0 {
				rd.keys[i] = rd.keys[r.twin-1]
			}
			start = r.end
		}
		vs := rd.vocabS
		if c.tgt {
			vs = rd.vocabT
		}
		for _, w := range c.vocab {
			if !vs[w] {
				vs[strings.Clone(w)] = true // not the text it was cut from
			}
		}
		select {
		case free <- chunk{raw: c.raw[:0], items: c.items[:0], vocab: c.vocab[:0], text: c.text[:0]}:
		default:
		}
		*c = chunk{}
		<-slots
	}
	close(quit)
	wait()
	if keep {
		sc.src = keepSource(src, same, vocab, g, rd, sc.gen)
	}
	// Every token is interned: the map of them is garbage from here
	// (held to the end of the alignment, it was 3 MB of its live heap at
	// 100k items a side).
	x.intern = nil
	return rd
}

// sourceReading is what reading a source's items leaves that depends on
// the source alone: the tokens interned so far (the source's items are
// interned first, in order), each item's tokens, and keys, and the
// content words of its texts. Reading a translation through its source
// aligns the source twice, with the translation and with the reading
// made of it (Options.through): the second takes the source's items
// from here rather than read them again. The features, weighed by the
// items of both documents, are made again. Its items' tokens and keys
// are the first alignment's, in the storage of its alignScratch, which
// the next alignment given it reads them from (gen).
type sourceReading struct {
	doc         *corpus.Document
	same, vocab bool
	gloss       *Glossary
	names       []string
	classes     []class
	intern      map[tokenKey]int32
	// feats are the features of the items as the first alignment's
	// weigh made them, whose tokens (each once, sorted: what weigh
	// makes of the tokens in the order found, in any order) the second
	// reads; nil until that alignment has weighed them (keepWeighed). A
	// second weigh rewrites them as they are. (A copy of the tokens in
	// the order found, made before the first weigh rewrote them, was a
	// twentieth of what reading a translation through its source
	// allocated at 100k items; a list of them, and a copy of the keys,
	// 4 MB.)
	feats  []features
	keys   []textKey
	vocabS map[string]bool
	gen    int // the alignScratch's gen when they were read
}

// keepSource is the source's reading in rd, a reading in the storage
// of the alignment gen of an alignScratch, once its items (and none of
// the target's) are interned, copied where the reading goes on to
// change it (the intern map, which the target's tokens join). Its
// tokens are kept once weighed (keepWeighed).
func keepSource(src *corpus.Document, same, vocab bool, g *Glossary, rd *reading, gen int) *sourceReading {
	nS := len(src.Items)
	x := rd.x
	return &sourceReading{doc: src, same: same, vocab: vocab, gloss: g,
		names: x.names[:len(x.names):len(x.names)], classes: x.classes[:len(x.classes):len(x.classes)],
		intern: maps.Clone(x.intern), keys: rd.keys[:nS:nS], vocabS: rd.vocabS, gen: gen}
}

// keepWeighed keeps in k the features of the source's items, the first
// len(k.doc.Items) of fs, which weigh made.
func (k *sourceReading) keepWeighed(fs []features) {
	k.feats = fs[:len(k.doc.Items):len(k.doc.Items)]
}

// restore gives rd and its extractor the source's reading, to keep:
// its items' tokens, as their features with nothing else, and keys
// (rd's storage may be k's), the tokens interned (the first reading's
// appends to the names went past their end, and the next append copies
// them), and its texts' content words.
func (k *sourceReading) restore(rd *reading) {
	x := rd.x
	x.names, x.classes, x.intern = k.names, k.classes, k.intern
	for i := range k.feats {
		rd.feats[i] = features{toks: k.feats[i].toks}
	}
	copy(rd.keys, k.keys)
	rd.vocabS = k.vocabS
}
