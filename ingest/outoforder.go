package ingest

import "fmt"

// chainStarts returns the labels that start items, by block, and how
// many there are: the chain's (in), and the labels outside it whose
// blocks look like the chain's, items printed out of sequence (a
// repeated or mistyped number, an article printed before the one it
// follows): of two components or more where five of the chain's look
// alike, of one where it is displaced; and a number printed twice
// (printedTwice). Its notes go into st.
func chainStarts(bs []block, cands []candidate, in []bool, st *structure) (startLabels, int) {
	// The signature of each candidate, made once: as it is printed
	// (sigOf), and as displaced compares it (alike): a heading whatever
	// words it prints ("таття 3" among "Стаття N"); a paragraph printed
	// as the chain's ("Example 3-A" in a rule's text is none of "Rule
	// 3-A").
	sigOf := make([]signature, len(cands))
	alike := make([]signature, len(cands))
	sigs := make(map[signature]int, 8)
	var kbuf []byte
	for j, c := range cands {
		b := bs[c.block]
		kbuf = appendKinds(kbuf[:0], c.lab)
		sigOf[j] = signature{b.kind, b.level, b.lead, c.form(bs), string(kbuf)}
		alike[j] = sigOf[j]
		if alike[j].kind == blockHeading {
			alike[j].form.prefix = ""
		}
		if in[j] {
			sigs[sigOf[j]]++
		}
	}
	starts := make(startLabels, len(bs))
	numbered := 0
	twice := printedTwice(cands, bs, in)
	moved := displaced(cands, in, alike)
	for j, c := range cands {
		if in[j] {
			starts[c.block] = &cands[j].lab
			numbered++
			continue
		}
		b := bs[c.block]
		like := sigs[sigOf[j]]
		if len(c.lab.comps) >= 2 && like >= 5 && (b.kind == blockHeading || b.lead || b.kind == blockItem) || moved[j] {
			starts[c.block] = &cands[j].lab
			where := c.lab.printed
			if b.line > 0 {
				where += fmt.Sprintf(" (line %d)", b.line)
			}
			st.outOfOrder = append(st.outOfOrder, where)
			numbered++
		} else if twice[j] {
			starts[c.block] = &cands[j].lab
			numbered++
		} else if like > 0 {
			// Looks like the numbering's labels, yet is not part of it.
			st.unexplained++
		}
	}
	return starts, numbered
}

// sigKey is a label's key among the labels of one signature.
type sigKey struct {
	sig signature
	key string
}

// displaced returns, for each candidate, whether it is a label outside
// the chain that is an item printed out of its place (two articles in
// each other's places, "Article 8" and its items before "Article 7"):
// no other label printed alike (sigOf, a signature by candidate)
// prints its number, nor does any
// of the chain, and it fits the succession: it follows the displaced
// label before it in the document ("8.A" after "8", numbers skipped as
// the chain skips them), or its block looks like the chain's and a
// label of the chain printed alike comes before it or after it in the
// numbering ("Article 6" or "Article 8" for "Article 7"), or it follows
// the chain's label before it. The chain, one succession
// in document order, leaves one of two swapped articles out; their
// succession and their numbers printed once say where they stand.
func displaced(cands []candidate, in []bool, sigOf []signature) []bool {
	out := make([]bool, len(cands))
	sigs := make(map[signature]int, 8)
	for j := range cands {
		if in[j] {
			sigs[sigOf[j]]++
		}
	}
	some := false
	for j := range cands {
		some = some || !in[j] && sigs[sigOf[j]] > 0
	}
	if !some {
		return out
	}
	printed := make(map[sigKey]int, len(cands))
	taken := make(map[string]bool, len(cands)) // the chain's keys, however printed
	for j, c := range cands {
		printed[sigKey{sigOf[j], c.lab.key()}]++
		if in[j] {
			taken[c.lab.key()] = true
		}
	}
	// The signatures of the labels outside the chain that may be
	// displaced (printed once, no key of the chain, printed as some of
	// the chain): the tables below are asked of those alone.
	asked := map[signature]bool{}
	for j, c := range cands {
		if !in[j] && !taken[c.lab.key()] && printed[sigKey{sigOf[j], c.lab.key()}] == 1 && sigs[sigOf[j]] > 0 {
			asked[sigOf[j]] = true
		}
	}
	// By signature asked: the chain's keys' prefixes ("7", "7.F" of
	// "7.F.3"); and a label under a key of before, or one of parents,
	// comes before a label of the chain in the numbering.
	under, before, parents := map[sigKey]bool{}, map[sigKey]bool{}, map[sigKey]bool{}
	for j, c := range cands {
		s := sigOf[j]
		if !in[j] || !asked[s] {
			continue
		}
		for k := 1; k <= len(c.lab.comps); k++ {
			under[sigKey{s, joinComps(c.lab.comps[:k])}] = true
		}
		precedents(c.lab.comps, func(key string, parent bool) {
			if parent {
				parents[sigKey{s, key}] = true
			} else {
				before[sigKey{s, key}] = true
			}
		})
	}
	prev := -1 // the last label that starts an item, chain's or displaced
	for j, c := range cands {
		if in[j] {
			prev = j
			continue
		}
		s, key := sigOf[j], c.lab.key()
		if taken[key] || printed[sigKey{s, key}] != 1 {
			continue
		}
		// Under a displaced label, its items ("8.A" after "8"); else a
		// label printed as the chain's that fits it.
		follow := prev >= 0 && follows(cands[prev].lab.comps, c.lab.comps, chainHoles)
		fits := follow && out[prev]
		if !fits && sigs[s] > 0 {
			fits = follow || parents[sigKey{s, key}]
			precedents(c.lab.comps, func(k string, parent bool) {
				fits = fits || parent && taken[k] || !parent && under[sigKey{s, k}]
			})
			for k := 1; k <= len(c.lab.comps) && !fits; k++ {
				fits = before[sigKey{s, joinComps(c.lab.comps[:k])}]
			}
		}
		if fits {
			out[j], prev = true, j
		}
	}
	return out
}

// precedents calls fn with what a label must be for comps to follow it
// in the numbering (follows, with no number skipped): under key (a
// label whose components start with it: "7" or "7.F.3" before "8", "7"
// for "8.A") where parent is false, key itself ("8" before "8.A") where
// it is true.
func precedents(comps []comp, fn func(key string, parent bool)) {
	var buf [2]comp
	for k := len(comps) - 1; k >= 0 && len(comps)-1-k <= 2; k-- {
		if k < len(comps)-1 && !comps[k+1].first() {
			break
		}
		p := joinComps(comps[:k])
		for _, pc := range comps[k].appendPrevs(buf[:0], 0) {
			b := []byte(p)
			if k > 0 {
				b = append(b, '.')
			}
			fn(string(pc.appendKey(b)), false)
		}
		if comps[k].first() && k > 0 {
			fn(p, true)
		}
	}
}

// exchanged returns, for each heading of a run, whether the number it
// prints (values, in place order; 0 where it prints none) is another
// heading's place, printed by no other heading, and the headings so
// printed make a cycle back to its own place: "Article 8" at 7's place
// and "Article 7" at 8's, "Article 30" first and "Article 1" last.
// Headings printed out of order keep each number of the run once,
// where a misprint ("Article 2" again at 20's place) leaves a place
// without its number. A heading an id marker numbers
// (frames[seg[k]].marked) keeps its marker's number whatever it is.
func exchanged(values []int, frames []headingFrame, seg []int) []bool {
	count := map[int]int{}
	for _, v := range values {
		count[v]++
	}
	at := map[int]int{} // a place (from 1) to the number its heading prints
	for k, v := range values {
		if v > 0 && v != k+1 && count[v] == 1 && frames[seg[k]].marked == 0 {
			at[k+1] = v
		}
	}
	out := make([]bool, len(values))
	for p, v := range at {
		for steps := 0; v != p && steps <= len(at); steps++ {
			next, ok := at[v]
			if !ok {
				break
			}
			v = next
		}
		out[p-1] = v == p
	}
	return out
}
