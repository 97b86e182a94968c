package align

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// The tests hold model1, which keeps a parameter for each occurrence of
// a token pair, to the table of the distinct token pairs it replaced
// (referenceLearnLexicon, that table's learnLexicon as it was): the
// lexicon learned must be the same, id for id.

// referenceModel1 is the table's Model 1 of the pairs p (nS source and
// nT translation tokens): the distinct token pairs (co, sorted), the
// pairs that hold each, their parameters and the empty token's, and
// each translation token's best source token.
func referenceModel1(p *pairTokens, nS, nT int) (co []uint64, inPairs []int32, tp, tn []float32, best []int32) {
	total := 0
	for k := range p.pairs() {
		total += len(p.source(k)) * len(p.target(k))
	}
	co = make([]uint64, 0, total)
	for k := range p.pairs() {
		for _, s := range p.source(k) {
			for _, t := range p.target(k) {
				co = append(co, uint64(s)<<32|uint64(t))
			}
		}
	}
	slices.Sort(co)
	w := 0
	for a := 0; a < len(co); {
		b := a
		for b < len(co) && co[b] == co[a] {
			b++
		}
		co[w] = co[a]
		inPairs = append(inPairs, int32(b-a))
		w++
		a = b
	}
	co = co[:w]
	occ := make([]int32, 0, total)
	for k := range p.pairs() {
		sk := p.source(k)
		for _, t := range p.target(k) {
			for _, s := range sk {
				x, _ := slices.BinarySearch(co, uint64(s)<<32|uint64(t))
				occ = append(occ, int32(x))
			}
		}
	}
	// IBM Model 1 (Brown et al. 1993), as Moore (2002) trains it: the
	// probability t(t|s) that source token s gives translation token t,
	// by expectation maximization over the pairs, each translation
	// token given by one of its pair's source tokens or by none (the
	// empty token, which takes the particles and endings every text
	// has). Five rounds, from uniform.
	tp = make([]float32, len(co))
	for k := range tp {
		tp[k] = 1
	}
	tn = make([]float32, nT)
	for t := range tn {
		tn[t] = 1
	}
	cnt := make([]float32, len(co))
	tot := make([]float32, nS)
	cntN := make([]float32, nT)
	for range lexRounds {
		clear(cnt)
		clear(tot)
		clear(cntN)
		totN := float32(0)
		o := 0 // the next of occ
		for k := range p.pairs() {
			ns := len(p.source(k))
			for _, t := range p.target(k) {
				at := occ[o : o+ns]
				o += ns
				z := tn[t]
				for _, x := range at {
					z += tp[x]
				}
				for _, x := range at {
					c := tp[x] / z
					cnt[x] += c
					tot[co[x]>>32] += c
				}
				c := tn[t] / z
				cntN[t] += c
				totN += c
			}
		}
		for x := range tp {
			if d := tot[co[x]>>32]; d > 0 {
				tp[x] = cnt[x] / d
			}
		}
		for t := range tn {
			tn[t] = cntN[t] / totN
		}
	}
	// Each translation token's most probable source token, where they
	// share lexMinPairs pairs or more and it gives the token more surely
	// than the empty token does (ties to the first).
	best = make([]int32, nT)
	prob := make([]float32, nT)
	for t := range best {
		best[t] = -1
	}
	for x, st := range co {
		s, t := int32(st>>32), int32(st&0xffffffff)
		if inPairs[x] < lexMinPairs || tp[x] <= tn[t] {
			continue
		}
		if best[t] < 0 || tp[x] > prob[t] {
			best[t], prob[t] = s, tp[x]
		}
	}
	return co, inPairs, tp, tn, best
}

// sameModel fails t where m's parameters are not the table's, bit for
// bit.
func sameModel(t *testing.T, name string, m *model1, nS, nT int) {
	t.Helper()
	co, inPairs, tp, tn, best := referenceModel1(m.p, nS, nT)
	for k := range m.p.pairs() {
		o := m.occOff[k]
		for _, tk := range m.p.target(k) {
			for _, s := range m.p.source(k) {
				x, _ := slices.BinarySearch(co, uint64(s)<<32|uint64(tk))
				if math.Float32bits(m.tp[o]) != math.Float32bits(tp[x]) {
					t.Fatalf("%s: t(%d|%d) in pair %d is %g, the table's %g", name, tk, s, k, m.tp[o], tp[x])
				}
				if m.dup.isDup(o) != (inPairs[x] >= 2) {
					t.Fatalf("%s: (%d, %d) in pair %d: in two pairs %v, the table's %d", name, s, tk, k, m.dup.isDup(o), inPairs[x])
				}
				o++
			}
		}
	}
	if !slices.Equal(m.tn, tn) || !slices.Equal(m.best(), best) {
		t.Fatalf("%s: the empty token's parameters or the best source tokens are not the table's", name)
	}
}

// modelOf is the model trained on n pairs of the two sides, its source
// and translation tokens counted (nS, nT); nil where the model reads no
// token of a side.
func modelOf(n int, s, g tokensOf) (m *model1, nS, nT int) {
	r := &lexReader{n: n}
	sIdx, sCount := r.index(s)
	tIdx, tCount := r.index(g)
	if len(sCount) == 0 || len(tCount) == 0 {
		return nil, 0, 0
	}
	m = newModel1(r.pairs(s, sIdx, g, tIdx), len(sCount), len(tCount))
	m.train(lexRounds, len(sCount))
	return m, len(sCount), len(tCount)
}

// TestModel1SameAsTable: on pairs of random words of vocabularies from
// small (every token pair in many pairs) to large (most in one), each
// word translated by one word of its own now and then left out, with a
// particle here and there, the parameters are the table's.
func TestModel1SameAsTable(t *testing.T) {
	for _, c := range []struct{ pairs, vocab, words int }{{12, 8, 3}, {40, 30, 6}, {200, 400, 12}, {600, 4000, 30}, {300, 20000, 60}} {
		for seed := range uint64(3) {
			src, tgt := randomPairs(c.pairs, c.vocab, c.words, seed)
			s := func(k int, hs []uint64, buf []byte) ([]uint64, []byte) { return lexTokens(src[k], hs, buf) }
			g := func(k int, hs []uint64, buf []byte) ([]uint64, []byte) { return lexTokens(tgt[k], hs, buf) }
			name := fmt.Sprintf("%d pairs of %d words, seed %d", c.pairs, c.vocab, seed)
			m, nS, nT := modelOf(c.pairs, s, g)
			if m == nil {
				t.Fatalf("%s: no tokens", name)
			}
			sameModel(t, name, m, nS, nT)
		}
	}
}

// randomPairs are n pairs of up to words words of a vocabulary of vocab.
func randomPairs(n, vocab, words int, seed uint64) (src, tgt []string) {
	r := rand.New(rand.NewPCG(seed, uint64(vocab)))
	src, tgt = make([]string, n), make([]string, n)
	for k := range src {
		var ws, ts []string
		for range 1 + r.IntN(words) {
			w := r.IntN(vocab)
			ws = append(ws, fmt.Sprintf("w%c%c%c", 'a'+w%26, 'a'+w/26%26, 'a'+w/676%26))
			if r.IntN(8) > 0 {
				ts = append(ts, string([]rune{0x4E00 + rune(w%97), 0x4E80 + rune(w/97%97)}))
			}
			if r.IntN(4) == 0 {
				ts = append(ts, "の")
			}
		}
		src[k], tgt[k] = strings.Join(ws, " "), strings.Join(ts, "")
	}
	return src, tgt
}

// TestModel1SameAsTableDev: on the items of dev translations paired by
// id (each source item read with its neighbours, as learnFrom reads a
// first segmentation's runs), the parameters are the table's.
func TestModel1SameAsTableDev(t *testing.T) {
	for _, p := range [][2]string{
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml"},
		{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ko.wml"},
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
	} {
		src, tgt := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
		pairs := pairsByID(src, tgt)
		s := func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
			for i := max(0, pairs[k][0]-lexWindow); i <= min(len(src.Items)-1, pairs[k][0]+lexWindow); i++ {
				hs, buf = lexTokens(src.Items[i].Title, hs, buf)
				hs, buf = lexTokens(src.Items[i].Text, hs, buf)
			}
			return hs, buf
		}
		g := func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
			it := &tgt.Items[pairs[k][1]]
			hs, buf = lexTokens(it.Title, hs, buf)
			return lexTokens(it.Text, hs, buf)
		}
		m, nS, nT := modelOf(len(pairs), s, g)
		if m == nil || learnLexicon(len(pairs), s, g) == nil {
			t.Fatalf("%s: no lexicon learned from %d pairs: the test compares nothing", p[1], len(pairs))
		}
		sameModel(t, p[1], m, nS, nT)
	}
}

// pairsByID are the items of src and tgt of one id, the first lexPairs.
func pairsByID(src, tgt *corpus.Document) [][2]int {
	at := map[string]int{}
	for i := range src.Items {
		at[src.Items[i].ID] = i
	}
	var pairs [][2]int
	for j := range tgt.Items {
		if i, ok := at[tgt.Items[j].ID]; ok && len(pairs) < lexPairs {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	return pairs
}
