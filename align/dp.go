package align

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Moves of the dynamic programme.
const (
	mSkipS byte = iota + 1 // source item unmatched
	mSkipT                 // target item unmatched
	m11
	m12 // one source item, two target items
	m21
)

// mergeable reports whether two 1-1 gains (score less tau) are those of
// the halves of a split: both items match partly, neither fully.
func mergeable(g1, g2 float32, tau float64) bool {
	lo, hi := float32(mergeMin-tau), float32(mergeMax-tau)
	return g1 >= lo && g2 >= lo && g1 < hi && g2 < hi
}

// A split's halves each score between mergeMin and mergeMax against the
// whole.
const (
	mergeMin = 0.2
	mergeMax = 0.95
)

// mergePenalty is what a 1-2 or 2-1 pair must beat two 1-1 pairs by.
const mergePenalty = 0.1

// skipCost is what leaving one item unmatched costs the dynamic
// programme of a translation, for a threshold tau. A translation rarely
// leaves an item out (Gale & Church 1993 count 1-0 and 0-1 links as 1%
// of links, 1-1 as 89%): where a skip was free, two items next to each
// other were each left out for a better-fitting partner of one of them
// (Debian Social Contract, Hebrew: DFSG 6 and 7). At (tau+lengthOnly)/2
// a pair, at any score, beats leaving both its items out, and a second
// pair of skips, which shifts the items between them by one, costs
// lengthOnly: the most a pair can score by length alone. So a shift is
// made where content (numbers, names, terms) places an item elsewhere,
// never for a better fit of lengths, which stray far more often than a
// translator leaves a rule out. In one language, where a new edition
// adds and drops items routinely, a skip is free.
func (a *aligner) skipCost(tau float64) float32 {
	if a.sc.sameLang {
		return 0
	}
	return float32((tau + lengthOnly) / 2)
}

// dp aligns the source items S with the target items T in order, within
// a band around the diagonal. The gain of a pair is its score minus the
// threshold, that of a skipped item minus skipCost; the programme
// maximizes the total gain. A pair whose texts score no more than the
// threshold, made across languages where skips cost, is marked Low, with
// its position as evidence.
func (a *aligner) dp(S, T []int, out []Pair) []Pair {
	n, m := len(S), len(T)
	if n == 0 || m == 0 {
		return out
	}
	// A band as wide as the difference of the counts.
	w := a.o.band() + max(n-m, m-n)
	// Keep the table near linear in the items: at most 64 cells per item
	// beyond the band's minimum.
	width := min(2*w+1, m+1)
	lo := func(i int) int {
		c := int(float64(i) * float64(m) / float64(n))
		return max(0, min(c-w, m+1-width))
	}
	tau := a.o.threshold()
	skip := a.skipCost(tau)
	// The tables are the aligner's, reused by every stretch of every
	// pass (made for each, they were as many allocations as stretches:
	// one for every third item where every third prints its number).
	score := zeroed(&a.dpScore, (n+1)*width) // gain table, read only where computed
	back := zeroed(&a.dpBack, (n+1)*width)
	best := zeroed(&a.dpBest, (n+1)*width)
	at := func(i, j int) int {
		l := lo(i)
		if j < l || j >= l+width {
			return -1
		}
		return i*width + j - l
	}
	get := func(i, j int) float32 {
		k := at(i, j)
		if k < 0 {
			return float32(math.Inf(-1))
		}
		return best[k]
	}
	pairGain := func(i, j int) float32 {
		k := at(i, j)
		if k < 0 {
			return float32(math.Inf(-1))
		}
		return score[k]
	}
	for i := 0; i <= n; i++ {
		if i&63 == 0 && stopped(a.done) {
			return out
		}
		for j := lo(i); j < lo(i)+width && j <= m; j++ {
			k := at(i, j)
			if i > 0 && j > 0 {
				s, _ := a.sc.score(&a.fs[S[i-1]], &a.ft[T[j-1]], false, nil)
				if a.numbersDiffer(S[i-1], T[j-1]) {
					// Not made where leaving both items out would do,
					// whatever that costs.
					s -= numberConflict + 2*float64(skip)
				}
				score[k] = float32(s - tau)
			}
			if i == 0 && j == 0 {
				best[k] = 0
				continue
			}
			b := float32(math.Inf(-1))
			mv := byte(0)
			try := func(v float32, move byte) {
				if v > b {
					b, mv = v, move
				}
			}
			// A pair is tried first: of two equal readings (the same
			// title twice in a book), the one nearest what follows wins,
			// where the back-trace starts.
			if i > 0 && j > 0 {
				try(get(i-1, j-1)+score[k], m11)
			}
			if i > 0 {
				try(get(i-1, j)-skip, mSkipS)
			}
			if j > 0 {
				try(get(i, j-1)-skip, mSkipT)
			}
			if i > 0 && j > 1 && mergeable(score[k], pairGain(i, j-1), tau) {
				// A merge covers one item more than a pair: it must
				// explain more than a pair and a skipped item, whatever
				// the skip costs.
				if g := a.mergedGain(S[i-1:i], T[j-2:j]); g > 0 {
					try(get(i-1, j-2)+g-skip, m12)
				}
			}
			if i > 1 && j > 0 && mergeable(score[k], pairGain(i-1, j), tau) {
				if g := a.mergedGain(S[i-2:i], T[j-1:j]); g > 0 {
					try(get(i-2, j-1)+g-skip, m21)
				}
			}
			best[k], back[k] = b, mv
		}
	}
	start := len(out)
	i, j := n, m
	for i > 0 || j > 0 {
		k := at(i, j)
		if k < 0 {
			panic(fmt.Sprintf("align: back-trace left the band at %d,%d", i, j))
		}
		switch back[k] {
		case mSkipS:
			i--
		case mSkipT:
			j--
		case m11:
			p := a.pair(S[i-1:i], T[j-1:j])
			if skip > 0 && p.Score <= tau {
				p.Evidence = addEvidence(p.Evidence, Evidence{Signal: "position", Agrees: true, Detail: "in sequence: the texts say too little, and a translation rarely leaves an item out"})
				p.Low = true
			}
			out = append(out, p)
			i, j = i-1, j-1
		case m12:
			out = append(out, a.pair(S[i-1:i], T[j-2:j]))
			i, j = i-1, j-2
		case m21:
			out = append(out, a.pair(S[i-2:i], T[j-1:j]))
			i, j = i-2, j-1
		default:
			panic(fmt.Sprintf("align: no move recorded at %d,%d", i, j))
		}
	}
	slices.Reverse(out[start:])
	return out
}

// numberConflict is what a pair loses when both items print a number of
// the same kind and the numbers differ.
const numberConflict = 0.3

// numbersDiffer reports whether source item i and target item j print
// different numbers for items of one kind where that speaks against them:
// ids (regulations) always, and rule numbers across languages, since a
// translation keeps them. A new edition renumbers its rules: there a
// different number is no conflict (see renumbered).
func (a *aligner) numbersDiffer(i, j int) bool {
	s := &a.src.Items[i]
	return a.renumbered(i, j) && (identityKind(s.Kind) || !a.sc.sameLang)
}

// renumbered reports whether the items print different numbers (the
// target item's kind that it is aligned as: targetKind).
func (a *aligner) renumbered(i, j int) bool {
	s, t := &a.src.Items[i], &a.tgt.Items[j]
	return s.Number != "" && t.Number != "" && s.Kind == a.targetKind(j) && numberKey(s.Number) != numberKey(t.Number)
}

// mergedGain is the gain of pairing the items S with T as one unit: its
// score less the threshold and the merge penalty, so that a 1-2 or 2-1
// pair wins only where it explains clearly more than a 1-1 pair and a
// skipped item.
func (a *aligner) mergedGain(S, T []int) float32 {
	fs, ft := &a.fs[S[0]], &a.ft[T[0]]
	if len(S) == 2 {
		fs = merge(&a.fs[S[0]], &a.fs[S[1]], &a.bufS, a.sc.x.weights)
	}
	if len(T) == 2 {
		ft = merge(&a.ft[T[0]], &a.ft[T[1]], &a.bufT, a.sc.x.weights)
	}
	// In one language a split or merge that keeps the text word for word
	// is certain.
	if a.sc.sameLang && a.joinedEqual(S, T) {
		return float32(1 - a.o.threshold())
	}
	s, _ := a.sc.score(fs, ft, false, nil)
	return float32(s - a.o.threshold() - mergePenalty)
}

// splitAt reports whether source item i and target item j are one half
// of a split or merge that keeps the text word for word: no anchor, the
// programme pairs them whole.
func (a *aligner) splitAt(i, j int) bool {
	if j+1 < len(a.tgt.Items) && a.joinedEqual([]int{i}, []int{j, j + 1}) {
		return true
	}
	return i+1 < len(a.src.Items) && a.joinedEqual([]int{i, i + 1}, []int{j})
}

// joinedEqual reports whether the texts of S, joined, are the texts of T,
// joined, up to white space.
func (a *aligner) joinedEqual(S, T []int) bool {
	join := func(d *corpus.Document, cache *[]string, idx []int) string {
		if *cache == nil {
			*cache = make([]string, len(d.Items))
		}
		var b strings.Builder
		for _, i := range idx {
			if (*cache)[i] == "" {
				(*cache)[i] = strings.Join(strings.Fields(corpus.Fold(d.Items[i].Text)), "") + "\x00"
			}
			b.WriteString(strings.TrimSuffix((*cache)[i], "\x00"))
		}
		return b.String()
	}
	s, t := join(a.src, &a.compactS, S), join(a.tgt, &a.compactT, T)
	return len(s) == len(t) && s == t
}

// pair builds the Pair of S and T with its score; its evidence is made
// once it is one of the alignment's (explainNow).
func (a *aligner) pair(S, T []int) Pair {
	fs, ft := &a.fs[S[0]], &a.ft[T[0]]
	// Two items read as one are read here and no more: in the aligner's
	// scratch.
	if len(S) == 2 {
		fs = merge(&a.fs[S[0]], &a.fs[S[1]], &a.pairS, a.sc.x.weights)
	}
	if len(T) == 2 {
		ft = merge(&a.ft[T[0]], &a.ft[T[1]], &a.pairT, a.sc.x.weights)
	}
	s, _ := a.sc.score(fs, ft, false, nil)
	return Pair{Source: a.ints(S), Target: a.ints(T), Score: s, content: s, pending: pairLeft}
}

// ints is a copy of xs (a pair's items) cut from a block of intBlock
// shared by the pairs of the aligner (not two allocations of a word or
// two for every pair).
func (a *aligner) ints(xs []int) []int {
	if len(a.intBlock) < len(xs) {
		a.intBlock = make([]int, max(intBlock, len(xs)))
	}
	out := a.intBlock[:len(xs):len(xs)]
	a.intBlock = a.intBlock[len(xs):]
	copy(out, xs)
	return out
}

// intBlock is how many items a block of aligner.ints holds (32 KiB).
const intBlock = 4 << 10
