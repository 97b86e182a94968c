package ingest

import "strconv"

// The tables chainPrev keeps its best predecessors in: by an item's form
// of label (formKey), by depth, and by the key of its number (keyIDs,
// keyRefs), each holding the best-scoring candidate (scoreRef).

// chainNode is the best chain chainPrev found ending at a candidate.
type chainNode struct {
	score float64
	prev  int  // index into the candidates, -1 for a chain start
	hole  bool // the step from prev skipped numbers
}

// scoreRef is a chain's score and the candidate it ends at.
type scoreRef struct {
	score float64
	at    int
}

// formKey keys chain's maps of the best chain ending at a label key (by
// its id in chain's ids) among the labels of one printed form (by its
// index in chain's forms).
type formKey struct {
	form, key int32
}

// depthRefs holds the best chain ending at a key at each list depth
// where one does: for key id k, the list that starts at first[k] (-1
// for none) and goes on through entries' next, in increasing depth.
// Most keys end a chain at one depth or two; a map keyed by depth and
// key was a tenth of the chain's time at a million labels.
type depthRefs struct {
	first   []int32
	entries []depthRef
}

type depthRef struct {
	depth, next int32
	ref         scoreRef
}

// grow makes room for the next key id.
func (r *depthRefs) grow() { r.first = append(r.first, -1) }

// keep records me as the best chain ending at key id at depth d, where
// it scores no less than the one there.
func (r *depthRefs) keep(id, d int32, me scoreRef) {
	at := &r.first[id]
	for *at >= 0 && r.entries[*at].depth < d {
		at = &r.entries[*at].next
	}
	if e := *at; e >= 0 && r.entries[e].depth == d {
		if me.score >= r.entries[e].ref.score {
			r.entries[e].ref = me
		}
		return
	}
	r.entries = append(r.entries, depthRef{depth: d, next: *at, ref: me})
	*at = int32(len(r.entries) - 1)
}

// keyIDs numbers the keys the chains end at. A key of one number
// ("12", as strconv.Itoa writes it) below len(small) is found by its
// value in small (its id + 1, 0 for none); any other in m. At a million
// labels of one component, the map of a million keys was a fifth of the
// chain's time, most of it in missing the processor's caches.
type keyIDs struct {
	small []int32
	m     map[string]int32
}

// newKeyIDs returns a keyIDs for the keys of cands' labels: small holds
// the numbers up to twice as many as the labels (and 1024), the map room
// for the other keys.
func newKeyIDs(cands []candidate) keyIDs {
	k := keyIDs{small: make([]int32, 2*len(cands)+1024)}
	others := 0
	for _, c := range cands {
		others += len(c.lab.comps)
		if cs := c.lab.comps; len(cs) > 0 && cs[0].kind == compNum && cs[0].n >= 0 && cs[0].n < len(k.small) {
			others--
		}
	}
	k.m = make(map[string]int32, others)
	return k
}

// smallNumber is the value of key when it is a number as strconv.Itoa
// writes it (no sign, no leading zero) below bound.
func smallNumber(key string, bound int) (int, bool) {
	if key == "" || len(key) > 9 || key[0] == '0' && len(key) > 1 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n < bound
}

// get returns key's id.
func (k *keyIDs) get(key string) (int32, bool) {
	if n, ok := smallNumber(key, len(k.small)); ok {
		return k.small[n] - 1, k.small[n] > 0
	}
	id, ok := k.m[key]
	return id, ok
}

// getBytes is get of string(key), which it does not copy.
func (k *keyIDs) getBytes(key []byte) (int32, bool) {
	if n, ok := smallNumber(string(key), len(k.small)); ok {
		return k.small[n] - 1, k.small[n] > 0
	}
	id, ok := k.m[string(key)]
	return id, ok
}

// num returns the id of the key strconv.Itoa(n) (written into buf where
// it is looked up in m).
func (k *keyIDs) num(n int, buf *[]byte) (int32, bool) {
	if n >= 0 && n < len(k.small) {
		return k.small[n] - 1, k.small[n] > 0
	}
	*buf = strconv.AppendInt((*buf)[:0], int64(n), 10)
	return k.getBytes(*buf)
}

// add returns key's id, and true, where it has one; else it gives key
// the id next, and returns false.
func (k *keyIDs) add(key string, next int32) (int32, bool) {
	if n, ok := smallNumber(key, len(k.small)); ok {
		if k.small[n] > 0 {
			return k.small[n] - 1, true
		}
		k.small[n] = next + 1
		return next, false
	}
	if id, ok := k.m[key]; ok {
		return id, true
	}
	k.m[key] = next
	return next, false
}

// keep records me as the best chain ending at k in m, where it scores
// no less than the one there.
func keep[K comparable](m map[K]scoreRef, k K, me scoreRef) {
	if r, ok := m[k]; !ok || me.score >= r.score {
		m[k] = me
	}
}

// keyRefs holds the best chain ending at each key, by key id; at < 0
// where none does.
type keyRefs []scoreRef

func (r keyRefs) get(id int32) (scoreRef, bool) { return r[id], r[id].at >= 0 }

// keep is the package's keep, for keyRefs.
func (r keyRefs) keep(id int32, me scoreRef) {
	if r[id].at < 0 || me.score >= r[id].score {
		r[id] = me
	}
}
