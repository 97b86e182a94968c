package history

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"slices"

	"github.com/rulesync/rulesync/corpus"
)

// A snapshot is a whole series in one cache file, keyed by the sequence
// of its editions' keys (and the cache's Version): the documents, each
// a list of indexes into one table of the distinct items, and the steps
// between them, their pairings as runs. A history read again when
// nothing changed decodes the table once, not every document's items,
// and a few numbers per step rather than a slice per pair.
type snapshot struct {
	Keys  []string
	Items []corpus.Item
	// Docs are the documents without their items; Index holds, one
	// document after the other, the indexes of their items in Items.
	Docs  []corpus.Document
	Count []int
	Index []uint32
	Steps []packedStep
}

// packedStep is a Step with its pairs as runs (see packPairs).
type packedStep struct {
	Step
	Runs []int32
}

// seriesName is the cache file of the series of these keys.
func (c *Cache) seriesName(keys []string) string {
	h := sha256.New()
	h.Write([]byte(c.Version))
	for _, k := range keys {
		h.Write([]byte{0})
		h.Write([]byte(k))
	}
	return "series-" + hex.EncodeToString(h.Sum(nil)[:16])
}

// Series returns the documents of the editions of these keys, in order,
// from the series' snapshot, and files the snapshot's documents and
// steps in memory; nil when there is no snapshot of exactly these keys.
// Then the last snapshot kept of the same scope (the same file of the
// same repository: a series that has grown or changed since) gives
// what it has of these keys, in memory, so that only the rest is
// ingested and compared.
func (c *Cache) Series(scope string, keys []string) []*corpus.Document {
	if c == nil || len(keys) < 2 {
		return nil
	}
	name := c.seriesName(keys)
	c.mu.Lock()
	if c.scopes == nil {
		c.scopes = map[string]string{}
	}
	c.scopes[name] = scope
	c.mu.Unlock()
	if docs, _ := c.loadSeries(keys); docs != nil {
		return docs
	}
	var last []string
	if c.load(c.lastName(scope), &last) && !slices.Equal(last, keys) {
		c.loadSeries(last)
	}
	return nil
}

// loadSeries reads the snapshot of the series of these keys and files
// its documents and steps in memory.
func (c *Cache) loadSeries(keys []string) ([]*corpus.Document, bool) {
	var s snapshot
	name := c.seriesName(keys)
	if len(keys) < 2 || !c.load(name, &s) || !slices.Equal(s.Keys, keys) || len(s.Docs) != len(keys) || len(s.Count) != len(keys) || len(s.Steps) != len(keys)-1 {
		return nil, false
	}
	docs := make([]*corpus.Document, len(keys))
	at := 0
	for k := range s.Docs {
		d := &s.Docs[k]
		n := s.Count[k]
		if n < 0 || at+n > len(s.Index) {
			return nil, false
		}
		d.Items = make([]corpus.Item, n)
		for i, x := range s.Index[at : at+n] {
			if int(x) >= len(s.Items) {
				return nil, false
			}
			d.Items[i] = s.Items[x]
		}
		at += n
		docs[k] = d
	}
	steps := make([]*Step, len(s.Steps))
	for k := range s.Steps {
		st := &s.Steps[k].Step
		var ok bool
		if st.Pairs, ok = unpackPairs(s.Steps[k].Runs, len(docs[k].Items), len(docs[k+1].Items)); !ok {
			return nil, false
		}
		steps[k] = st
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.docs == nil {
		c.docs, c.steps, c.texts = map[string]*corpus.Document{}, map[[2]string]*Step{}, map[string]string{}
	}
	for k, d := range docs {
		if old := c.docs[keys[k]]; old != nil {
			docs[k] = old
		} else {
			c.docs[keys[k]] = d
		}
	}
	for k, st := range steps {
		c.steps[[2]string{keys[k], keys[k+1]}] = st
	}
	if c.kept == nil {
		c.kept = map[string]bool{}
	}
	c.kept[name] = true
	return docs, true
}

// lastName is the cache file that names the last series kept of a
// scope.
func (c *Cache) lastName(scope string) string {
	h := sha256.Sum256([]byte(c.Version + "\x00" + scope))
	return "last-" + hex.EncodeToString(h[:16])
}

// KeepSeries writes the snapshot of a series whose editions all have
// keys, unless it was read from one.
func (c *Cache) KeepSeries(eds []Edition, steps []*Step) {
	if c == nil || c.Dir == "" || len(eds) < 2 || len(steps) != len(eds)-1 {
		return
	}
	keys := make([]string, len(eds))
	for k, e := range eds {
		if e.Key == "" {
			return
		}
		keys[k] = e.Key
	}
	name := c.seriesName(keys)
	c.mu.Lock()
	done := c.kept[name]
	c.mu.Unlock()
	if done {
		return
	}
	s := snapshot{Keys: keys, Docs: make([]corpus.Document, len(eds)), Count: make([]int, len(eds)), Steps: make([]packedStep, len(steps))}
	var prev []uint32
	for k, e := range eds {
		s.Docs[k] = *e.Doc
		s.Docs[k].Items = nil
		s.Count[k] = len(e.Doc.Items)
		var prevItems []corpus.Item
		if k > 0 {
			prevItems = eds[k-1].Doc.Items
		}
		prev = s.addItems(e.Doc.Items, prevItems, prev)
		s.Index = append(s.Index, prev...)
	}
	for k, st := range steps {
		s.Steps[k] = packedStep{Step: *st, Runs: packPairs(st.Pairs)}
		s.Steps[k].Pairs = nil
	}
	c.store(name, &s)
	c.mu.Lock()
	if c.kept == nil {
		c.kept = map[string]bool{}
	}
	c.kept[name] = true
	scope, scoped := c.scopes[name]
	c.mu.Unlock()
	if !scoped {
		return
	}
	// The scope's snapshot before this one is of no further use.
	var last []string
	if c.load(c.lastName(scope), &last) && !slices.Equal(last, keys) {
		os.Remove(c.file(c.seriesName(last)))
	}
	c.store(c.lastName(scope), keys)
}

// addItems adds the items of a document to the table and returns their
// indexes. Items are shared with the document before (prev, whose
// indexes are prevIdx) where the two agree: the same items at the start
// and at the end, as consecutive editions of a history are.
func (s *snapshot) addItems(items, prev []corpus.Item, prevIdx []uint32) []uint32 {
	idx := make([]uint32, len(items))
	pre := 0
	for pre < len(items) && pre < len(prev) && equalItem(&items[pre], &prev[pre]) {
		idx[pre] = prevIdx[pre]
		pre++
	}
	suf := 0
	for suf < len(items)-pre && suf < len(prev)-pre && equalItem(&items[len(items)-1-suf], &prev[len(prev)-1-suf]) {
		idx[len(items)-1-suf] = prevIdx[len(prev)-1-suf]
		suf++
	}
	for i := pre; i < len(items)-suf; i++ {
		idx[i] = uint32(len(s.Items))
		s.Items = append(s.Items, items[i])
	}
	return idx
}

// equalItem reports whether two items are the same in every field.
func equalItem(x, y *corpus.Item) bool {
	return sameItem(x, y) && x.IDSource == y.IDSource && x.Confidence == y.Confidence &&
		slices.Equal(x.Flags, y.Flags) && slices.Equal(x.Marks, y.Marks)
}

// packPairs writes pairs as a sequence of records: n > 0, old, new for
// n one-to-one pairs (old+k, new+k); -len(Old), len(New), then the
// indexes, for any other pair.
func packPairs(ps []Pair) []int32 {
	var out []int32
	for k := 0; k < len(ps); {
		p := ps[k]
		if len(p.Old) != 1 || len(p.New) != 1 {
			out = append(out, -int32(len(p.Old)), int32(len(p.New)))
			for _, i := range p.Old {
				out = append(out, int32(i))
			}
			for _, j := range p.New {
				out = append(out, int32(j))
			}
			k++
			continue
		}
		n := 1
		for k+n < len(ps) && len(ps[k+n].Old) == 1 && len(ps[k+n].New) == 1 && ps[k+n].Old[0] == p.Old[0]+n && ps[k+n].New[0] == p.New[0]+n {
			n++
		}
		out = append(out, int32(n), int32(p.Old[0]), int32(p.New[0]))
		k += n
	}
	return out
}

// unpackPairs reads what packPairs wrote, every index within the
// editions' item counts; ok is false on anything else. The pairs' index
// slices share one array.
func unpackPairs(runs []int32, nOld, nNew int) (ps []Pair, ok bool) {
	var count, total int
	for k := 0; k < len(runs); {
		if k+1 >= len(runs) {
			return nil, false
		}
		if h := int(runs[k]); h > 0 {
			count, total, k = count+h, total+2*h, k+3
		} else {
			m := -h + int(runs[k+1])
			if runs[k+1] < 0 {
				return nil, false
			}
			count, total, k = count+1, total+m, k+2+m
		}
	}
	// Each item is in one pair at most: a damaged file that claims more
	// is refused before anything is allocated for it.
	if count > nOld+nNew+len(runs) {
		return nil, false
	}
	ps = make([]Pair, 0, count)
	backing := make([]int, 0, total)
	take := func(vals ...int) []int {
		at := len(backing)
		backing = append(backing, vals...)
		return backing[at:len(backing):len(backing)]
	}
	for k := 0; k < len(runs); {
		h := int(runs[k])
		if h > 0 {
			if k+2 >= len(runs) {
				return nil, false
			}
			i, j := int(runs[k+1]), int(runs[k+2])
			if i < 0 || j < 0 || i+h > nOld || j+h > nNew {
				return nil, false
			}
			for d := range h {
				ps = append(ps, Pair{Old: take(i + d), New: take(j + d)})
			}
			k += 3
			continue
		}
		nO, nN := -h, int(runs[k+1])
		if k+2+nO+nN > len(runs) {
			return nil, false
		}
		var p Pair
		for _, x := range runs[k+2 : k+2+nO] {
			if x < 0 || int(x) >= nOld {
				return nil, false
			}
			p.Old = append(p.Old, int(x))
		}
		for _, x := range runs[k+2+nO : k+2+nO+nN] {
			if x < 0 || int(x) >= nNew {
				return nil, false
			}
			p.New = append(p.New, int(x))
		}
		ps = append(ps, p)
		k += 2 + nO + nN
	}
	return ps, true
}
