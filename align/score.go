package align

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Evidence is one signal's say on a pair: which signal, whether it agrees,
// and what it saw ("1200, 50-100").
type Evidence struct {
	Signal string `json:"signal"`
	Agrees bool   `json:"agrees"`
	Detail string `json:"detail"`
}

func (e Evidence) String() string {
	sign := "+"
	if !e.Agrees {
		sign = "-"
	}
	return sign + e.Signal + " " + e.Detail
}

// scorer rates pairs of items of one source and one target document.
type scorer struct {
	x        *extractor
	ratio    float64 // learned target/source length ratio; 0 before learning
	logRatio float64
	sameLang bool
	// tgtCites is whether the target document cites anything: where it
	// does, a reference its item lacks is one it dropped.
	tgtCites bool
	// lengths holds the length evidence already made, by its ratio as
	// shown (see lengthDetail).
	lengths lengthDetails
}

// lengthDetails are the details of the length evidence made for the
// learned ratio (ratio): one string for each ratio as shown ("ratio
// 1.00, expected 1.00"), where fmt.Sprintf made one for every pair (a
// tenth of the evidence held aligning 100k items, whose ratios take a
// few hundred values). Its zero value is empty; explainEach's workers
// share one scorer, hence the lock.
type lengthDetails struct {
	mu     sync.Mutex
	ratio  float64
	byText map[string]string
}

// lengthDetail is the length evidence's detail for a pair with length
// ratio r: "ratio %.2f, expected %.2f" with sc.ratio expected.
func (sc *scorer) lengthDetail(r float64) string {
	var buf [24]byte
	shown := strconv.AppendFloat(buf[:0], r, 'f', 2, 64) // fmt's %.2f
	ld := &sc.lengths
	ld.mu.Lock()
	defer ld.mu.Unlock()
	if ld.byText == nil || ld.ratio != sc.ratio {
		ld.byText, ld.ratio = map[string]string{}, sc.ratio
	}
	if d, ok := ld.byText[string(shown)]; ok {
		return d
	}
	d := "ratio " + string(shown) + ", expected " + strconv.FormatFloat(sc.ratio, 'f', 2, 64)
	ld.byText[string(shown)] = d
	return d
}

// lengthOnly is the most a pair across languages scores by length alone.
const lengthOnly = 0.3

// tokenCount is how much one shared token of each class counts as
// evidence: numbers and references are precise, words and terms recur.
var tokenCount = [nClass]float64{cNumber: 2, cRef: 2, cAcronym: 1.5, cConcept: 1, cLoanword: 1, cWord: 1, cTitle: 1, cPart: 0.5}

// oneSidedClasses are the classes whose tokens speak against a pair when
// one side alone has them (see score's evidence); oneSided marks them by
// class, so that score gathers the one-sided tokens of these classes
// alone (those of every class were most of what an alignment of 100k
// items allocated after reading them: 42 of 200 MB).
var (
	oneSidedClasses = [...]class{cNumber, cRef}
	oneSided        = func() (m [nClass]bool) {
		for _, c := range oneSidedClasses {
			m[c] = true
		}
		return m
	}()
)

// score rates how well target t translates or restates source s, in
// [0, 1]. With explain it also returns the evidence; with first, the
// evidence starts with *first (explain or not), in a slice with room for
// one more.
func (sc *scorer) score(s, t *features, explain bool, first *Evidence) (float64, []Evidence) {
	return sc.scoreWith(s, t, explain, first, nil, nil)
}

// scoreWith is score with the evidence of after, then more, after the
// texts', in a slice of the size of all (room for one more only where
// both are empty: evidence given them is complete).
func (sc *scorer) scoreWith(s, t *features, explain bool, first *Evidence, after, more []Evidence) (float64, []Evidence) {
	var common [nClass]float64
	var shared, onlyS, onlyT [nClass][]int32
	k := 0.0 // shared tokens, the precise ones counted more
	i, j := 0, 0
	if !explain {
		// The hot path of the dynamic programme: the intersection only.
		a, b := s.toks, t.toks
		weights := sc.x.weights
		for i < len(a) && j < len(b) {
			ai, bj := a[i].id(), b[j].id()
			switch {
			case ai < bj:
				i++
			case ai > bj:
				j++
			default:
				c := a[i].c()
				common[c] += float64(weights[ai]) // the same token: one weight
				k += tokenCount[c]
				i++
				j++
			}
		}
		i = len(a) // skip the explaining loop below
	}
	for i < len(s.toks) && j < len(t.toks) {
		switch {
		case s.toks[i].id() < t.toks[j].id():
			if c := s.toks[i].c(); explain && oneSided[c] {
				onlyS[c] = append(onlyS[c], s.toks[i].id())
			}
			i++
		case s.toks[i].id() > t.toks[j].id():
			if c := t.toks[j].c(); explain && oneSided[c] {
				onlyT[c] = append(onlyT[c], t.toks[j].id())
			}
			j++
		default:
			c := s.toks[i].c()
			common[c] += float64(sc.x.weights[s.toks[i].id()])
			k += tokenCount[c]
			if explain {
				shared[c] = append(shared[c], s.toks[i].id())
			}
			i++
			j++
		}
	}
	if explain {
		for ; j < len(t.toks); j++ {
			if c := t.toks[j].c(); oneSided[c] {
				onlyT[c] = append(onlyT[c], t.toks[j].id())
			}
		}
		for ; i < len(s.toks); i++ {
			if c := s.toks[i].c(); oneSided[c] {
				onlyS[c] = append(onlyS[c], s.toks[i].id())
			}
		}
	}
	var num, den float64
	for c := class(0); c < nClass; c++ {
		ms, mt := float64(s.mass[c]), float64(t.mass[c])
		if ms == 0 || mt == 0 {
			continue
		}
		var d float64
		switch {
		case t.truncated:
			// A cut preview can only show part of its source.
			d = mt
		case sc.sameLang:
			d = (ms + mt) / 2
		default:
			// Extraction differs across languages (every English word
			// has a skeleton, only katakana words do in Japanese): the
			// smaller side is what can be found in the other.
			d = math.Min(ms, mt)
		}
		num += common[c]
		den += d
	}
	lenScore, lenOK := sc.lengthAgreement(s, t)
	if lenOK {
		num += lenScore
		den++
	}
	if den == 0 {
		return 0, sc.evidence(first, nil, after, more)
	}
	// Few shared tokens are weak evidence however well they cover a
	// short text: the score shrinks by k/(k+2).
	score := num / den * (k / (k + 2))
	// Across languages, texts that share nothing checkable still say
	// something by their lengths, as in Gale & Church (1993): a pair
	// whose length fits the ratio gets lengthOnly of that fit, enough to
	// beat leaving both unmatched, never enough to be confident.
	if !sc.sameLang && lenOK {
		score = math.Max(score, lengthOnly*lenScore)
	}
	score = math.Max(0, math.Min(1, score))
	if !explain {
		return score, sc.evidence(first, nil, after, more)
	}
	// The evidence is gathered here and kept in a slice of its size with
	// room for one more (the order's, in the review), not in what append
	// grew to: the evidence of every pair is held to the end.
	var buf [nClass + 5]Evidence // shared classes, 4 missing, 1 length
	ev := buf[:0]
	for c := class(0); c < nClass; c++ {
		if len(shared[c]) > 0 {
			ev = append(ev, Evidence{Signal: className[c], Agrees: true, Detail: sc.list(shared[c])})
		}
	}
	// A number or reference that one side states and the other does not
	// speaks against the pair: the text says something else. Small
	// numbers are left out (languages spell "one" or "two" out), and what
	// a cut preview lacks is no evidence. A number the source states is
	// missed only where the target states numbers (it may spell them);
	// a reference, wherever the target document cites at all.
	for _, c := range oneSidedClasses {
		if ids := sc.telling(onlyT[c]); len(ids) > 0 && s.mass[c] > 0 {
			ev = append(ev, Evidence{Signal: className[c], Agrees: false, Detail: "target only: " + sc.list(ids)})
		}
		if ids := sc.telling(onlyS[c]); len(ids) > 0 && (t.mass[c] > 0 || c == cRef && sc.tgtCites) && !t.truncated {
			ev = append(ev, Evidence{Signal: className[c], Agrees: false, Detail: "source only: " + sc.list(ids)})
		}
	}
	if l, ok := sc.lengthAgreement(s, t); ok {
		r := float64(t.runes) / float64(max(1, s.runes))
		if l < sizeConflict {
			// Far too long or too short: one side says much more.
			ev = append(ev, Evidence{Signal: "size", Agrees: false, Detail: fmt.Sprintf("the target is %.1f times as long as expected (ratio %.2f, expected %.2f)", r/sc.ratio, r, sc.ratio)})
		} else {
			ev = append(ev, Evidence{Signal: "length", Agrees: l >= 0.5, Detail: sc.lengthDetail(r)})
		}
	}
	return score, sc.evidence(first, ev, after, more)
}

// evidence returns *first (if first is not nil), ev, after and more in
// a slice of their size, with room for one more where after and more
// are empty; nil when there is none. (The evidence of every pair is
// held to the end: one slice of the size it needs, not a copy to put
// first in front.)
func (sc *scorer) evidence(first *Evidence, ev, after, more []Evidence) []Evidence {
	n := len(ev) + len(after) + len(more)
	if first != nil {
		n++
	}
	if n == 0 {
		return nil
	}
	room := n
	if len(after)+len(more) == 0 {
		room++
	}
	out := make([]Evidence, 0, room)
	if first != nil {
		out = append(out, *first)
	}
	out = append(out, ev...)
	out = append(out, after...)
	return append(out, more...)
}

// numberSignals says what the evidence of the texts of s and t that
// score gives (with explain) has of numbers, found without making it:
// whether numbers agree (both state one), and whether one side states
// numbers the other lacks where that speaks against the pair.
func (sc *scorer) numberSignals(s, t *features) (agrees, differs bool) {
	// score gives no evidence where nothing is compared.
	compared := false
	for c := class(0); c < nClass; c++ {
		compared = compared || s.mass[c] != 0 && t.mass[c] != 0
	}
	if !compared {
		if _, ok := sc.lengthAgreement(s, t); !ok {
			return false, false
		}
	}
	onlyS, onlyT := false, false
	i, j := 0, 0
	a, b := s.toks, t.toks
	for i < len(a) || j < len(b) {
		switch {
		case j >= len(b) || i < len(a) && a[i].id() < b[j].id():
			onlyS = onlyS || a[i].c() == cNumber && sc.tellingOne(a[i].id())
			i++
		case i >= len(a) || a[i].id() > b[j].id():
			onlyT = onlyT || b[j].c() == cNumber && sc.tellingOne(b[j].id())
			j++
		default:
			agrees = agrees || a[i].c() == cNumber
			i++
			j++
		}
	}
	return agrees, onlyT && s.mass[cNumber] > 0 || onlyS && t.mass[cNumber] > 0 && !t.truncated
}

// tellingOne reports whether token id is evidence when one side lacks
// it (telling keeps it).
func (sc *scorer) tellingOne(id int32) bool {
	if sc.x.classes[id] == cNumber {
		if n, err := strconv.Atoi(sc.x.names[id]); err == nil && n <= 10 {
			return false
		}
	}
	return true
}

// sizeConflict is the length agreement below which a pair's lengths
// contradict it: about twice or half the expected length.
const sizeConflict = 0.1

// telling drops the tokens that are no evidence when one side lacks them:
// numbers up to ten.
func (sc *scorer) telling(ids []int32) []int32 {
	var out []int32
	for _, id := range ids {
		if sc.x.classes[id] == cNumber {
			if n, err := strconv.Atoi(sc.x.names[id]); err == nil && n <= 10 {
				continue
			}
		}
		out = append(out, id)
	}
	return out
}

// lengthAgreement compares the length ratio of a pair with the ratio the
// aligned pairs of the documents show (Gale & Church 1993 use the same
// signal, modelled as a normal distribution of the log ratio).
func (sc *scorer) lengthAgreement(s, t *features) (float64, bool) {
	if sc.ratio == 0 || t.truncated || s.runes < 20 || t.runes < 10 {
		return 0, false
	}
	d := logRunes(t.runes) - logRunes(s.runes) - sc.logRatio
	return math.Exp(-d * d / (2 * 0.35 * 0.35)), true
}

// listed is how many tokens evidence names.
const listed = 6

// list names the first listed tokens in the order of their names, and
// how many more there are.
func (sc *scorer) list(ids []int32) string {
	// The first names are kept in order as they come, not all of them
	// sorted (the sort was half of the evidence of an unchanged item,
	// which shares every word).
	first := make([]string, 0, listed)
	for _, id := range ids {
		n := sc.x.names[id]
		if len(first) == listed && n >= first[listed-1] {
			continue
		}
		i := sort.SearchStrings(first, n)
		if len(first) < listed {
			first = append(first, "")
		}
		copy(first[i+1:], first[i:len(first)-1])
		first[i] = n
	}
	if len(ids) > listed {
		first = append(first, fmt.Sprintf("(+%d)", len(ids)-listed))
	}
	return strings.Join(first, ", ")
}

// logRunes is math.Log(max(1, n)), from a table for the lengths of most
// items (made when first needed): the length signal reads it for every
// pair scored, and features keep no log of their own (8 bytes less an
// item, held for the whole alignment).
func logRunes(n int32) float64 {
	if t := logTable(); n < int32(len(t)) {
		return t[max(0, n)]
	}
	return math.Log(float64(n))
}

var logTable = sync.OnceValue(func() *[4096]float64 {
	var t [4096]float64
	for n := range t {
		t[n] = math.Log(float64(max(1, n)))
	}
	return &t
})
