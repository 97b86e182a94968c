package diff

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// An item that loses or changes its label between two editions ("8.2.5
// Pushing" becomes an unnumbered heading "Pushing"; "Appendix C" becomes
// chapter 14) may also change its kind, and the aligner pairs items
// within one kind by numbers where both sides print them: it leaves the
// old item and the new one each without a partner. relabel pairs them
// after the alignment, by the two things that make an item the same one
// whatever it is called: its text, and its place among the items that
// did keep their identity (its neighbours). No word of the text counts,
// only the text as a whole.
//
// Three passes, each over the items still unpaired:
//
//  1. The same text (Fold of title and text together: a numbered item's
//     title may be a heading's text) between the new partners of the old
//     item's paired neighbours: the item stayed where it was.
//  2. The same text anywhere, where the text is long enough to say who it
//     is (relabelMinLetters) and no other unpaired item on either side
//     has it: the item moved.
//  3. A similar text between the neighbours' partners (Dice's
//     coefficient of character trigrams, relabelMinSimilar; Dice 1945),
//     the best pairs first: the item stayed and its text changed, which
//     gaps and sync must see as stale rather than as missing. Where the
//     two are the only free items between the same anchors, a text
//     that does not contradict it is enough (relabelMinAlone), as
//     Gale & Church's (1993) 1-1 link between anchors.
//  4. The text at the end of the new partner of the paired item just
//     before, which the old partner did not have: the item lost its
//     number and is read as the continuation of the item before it (a
//     line of plain text without a number). The two old items are
//     merged into that new one. Likewise where the aligner paired the
//     item just after with the new item that holds both texts.
//
// The pairs join the alignment (in the source's order), so that the
// changes, and gaps' and sync's stale marks, follow the item.

// relabelMinLetters is the fewest letters a text needs for its identity
// to be read from it wherever it stands: a heading of one word
// ("Procedure") recurs across a rulebook.
const relabelMinLetters = 24

// relabelMinSimilar is the Dice coefficient of character trigrams above
// which two texts between the same neighbours are one item rewritten.
const relabelMinSimilar = 0.6

// relabelMinAlone is the Dice coefficient enough where the old item and
// the new one are each the only free item between the same anchors.
const relabelMinAlone = 0.45

// relabelWindow is how many unpaired new items between the neighbours'
// partners an old item is compared with at most, nearest its expected
// place first: a gap of thousands (a rewritten part) would otherwise
// cost its square.
const relabelWindow = 64

// relabel adds to al the pairs of unpaired old and new items that are one
// item relabelled, and updates its unmatched lists. A pair of the
// aligner's whose items share neither number nor text (a position alone
// made it) gives way to a pair of the same text in place (passes 1 and
// 2): the aligner pairs within one kind, and a relabelled item that
// changed kind leaves a gap it fills with the neighbour.
func relabel(old, new *corpus.Document, al *align.Alignment) {
	r := newRelabeller(old, new, al)
	if len(r.candOld) == 0 || len(r.candNew) == 0 {
		return
	}
	r.sameTextInPlace()
	r.sameTextAnywhere()
	r.similarInPlace()
	r.absorbed(al)
	if len(r.added) == 0 && len(r.merged) == 0 {
		return
	}
	kept := al.Pairs[:0]
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && r.drop[p.Source[0]] {
			continue
		}
		if m, ok := r.merged[p.Source[0]]; ok && len(p.Source) == 1 && len(p.Target) == 1 {
			p.Source, p.Low = m, true
		}
		kept = append(kept, p)
	}
	al.Pairs = append(kept, r.added...)
	slices.SortStableFunc(al.Pairs, func(p, q align.Pair) int { return cmp.Compare(p.Source[0], q.Source[0]) })
	usedOld, usedNew := make([]bool, len(old.Items)), make([]bool, len(new.Items))
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			usedOld[i] = true
		}
		for _, j := range p.Target {
			usedNew[j] = true
		}
	}
	al.UnmatchedSource, al.UnmatchedTarget = unused(usedOld), unused(usedNew)
}

// unused returns the indexes of used that are false.
func unused(used []bool) []int {
	var out []int
	for i, u := range used {
		if !u {
			out = append(out, i)
		}
	}
	return out
}

// relabeller holds what the passes of relabel share.
type relabeller struct {
	old, new *corpus.Document
	// lo and hi bound where each candidate old item may stand in the
	// new edition: after the new partner of the anchored item before it,
	// and before that of the anchored item after it (exclusive).
	lo, hi []int
	// from is the anchored old item before each candidate (-1 for none).
	from []int
	// text is the comparison form of each candidate (title and text
	// joined, folded), by side.
	textOld, textNew map[int]string
	// candOld and candNew are the candidates, in order: the unpaired
	// items, and those of weak pairs.
	candOld, candNew []int
	// weakOld and weakNew are the aligner's pairs whose items share
	// neither number nor text, by old and by new item.
	weakOld, weakNew map[int]int
	// drop marks the old items whose weak pair gave way.
	drop                 map[int]bool
	pairedOld, pairedNew map[int]bool
	added                []align.Pair
	// merged maps a paired old item to the two old items its new
	// partner holds, in order: it and the unpaired one before or after
	// it (pass 4).
	merged map[int][]int
}

func newRelabeller(old, new *corpus.Document, al *align.Alignment) *relabeller {
	r := &relabeller{old: old, new: new,
		textOld: map[int]string{}, textNew: map[int]string{},
		weakOld: map[int]int{}, weakNew: map[int]int{}, drop: map[int]bool{},
		pairedOld: map[int]bool{}, pairedNew: map[int]bool{}, merged: map[int][]int{}}
	// first and last are the new partners of each anchored old item.
	first, last := filled(len(old.Items), -1), filled(len(old.Items), -1)
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			o, n := &old.Items[p.Source[0]], &new.Items[p.Target[0]]
			// Equal strings need no folding: most renumbered items
			// kept their text.
			if o.Number != n.Number && (o.Text != n.Text || o.Title != n.Title) && itemForm(o) != itemForm(n) {
				r.weakOld[p.Source[0]], r.weakNew[p.Target[0]] = p.Target[0], p.Source[0]
				continue
			}
		}
		for _, i := range p.Source {
			first[i], last[i] = slices.Min(p.Target), slices.Max(p.Target)
		}
	}
	r.candOld = candidates(al.UnmatchedSource, r.weakOld)
	r.candNew = candidates(al.UnmatchedTarget, r.weakNew)
	if len(r.candOld) == 0 || len(r.candNew) == 0 {
		return r // nothing to pair
	}
	// Walk the old edition once each way for the nearest anchored
	// neighbour of every candidate.
	r.lo, r.hi, r.from = make([]int, len(old.Items)), make([]int, len(old.Items)), make([]int, len(old.Items))
	prev, prevOld := -1, -1
	un := make([]bool, len(old.Items))
	for _, i := range r.candOld {
		un[i] = true
	}
	for i := range old.Items {
		if un[i] {
			r.lo[i], r.from[i] = prev, prevOld
		} else if last[i] >= 0 {
			prev, prevOld = max(prev, last[i]), i
		}
	}
	next := len(new.Items)
	for i := len(old.Items) - 1; i >= 0; i-- {
		if un[i] {
			r.hi[i] = next
		} else if first[i] >= 0 {
			next = min(next, first[i])
		}
	}
	for _, i := range r.candOld {
		r.textOld[i] = itemForm(&old.Items[i])
	}
	for _, j := range r.candNew {
		r.textNew[j] = itemForm(&new.Items[j])
	}
	return r
}

// candidates returns the unmatched items and those of weak pairs, in
// order.
func candidates(unmatched []int, weak map[int]int) []int {
	out := append([]int(nil), unmatched...)
	for i := range weak {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

// free reports whether old item i may take a partner in passes 3 and 4:
// it has none.
func (r *relabeller) free(i int) bool {
	_, weak := r.weakOld[i]
	return !weak && !r.pairedOld[i]
}

// freeNew is free for new item j.
func (r *relabeller) freeNew(j int) bool {
	_, weak := r.weakNew[j]
	return !weak && !r.pairedNew[j]
}

// itemForm is an item's identity as text: its title and text joined, in
// comparison form.
func itemForm(it *corpus.Item) string {
	return strings.TrimSpace(corpus.Fold(it.Title + "\n" + it.Text))
}

// pair records old item i and new item j as one, with score s; a weak
// pair of either gives way (its other item is then free).
func (r *relabeller) pair(i, j int, s float64) {
	r.pairedOld[i], r.pairedNew[j] = true, true
	if w, ok := r.weakOld[i]; ok && w == j {
		delete(r.weakOld, i)
		delete(r.weakNew, j)
		return // the aligner's pair stands
	}
	if w, ok := r.weakOld[i]; ok {
		r.drop[i] = true
		delete(r.weakOld, i)
		delete(r.weakNew, w)
	}
	if w, ok := r.weakNew[j]; ok {
		r.drop[w] = true
		delete(r.weakNew, j)
		delete(r.weakOld, w)
	}
	r.added = append(r.added, align.Pair{Source: []int{i}, Target: []int{j}, Score: s, Low: s < 1})
}

// window returns the unpaired new items between old item i's neighbours'
// partners, at most relabelWindow of them, nearest its expected place
// (as far past lo as i is past its paired neighbour) first.
func (r *relabeller) window(i int) []int {
	lo, hi := r.lo[i], r.hi[i]
	if hi <= lo+1 {
		return nil // the anchors around it cross, or leave no room
	}
	a, _ := slices.BinarySearch(r.candNew, lo+1)
	b, _ := slices.BinarySearch(r.candNew, hi)
	in := r.candNew[a:b]
	if len(in) <= relabelWindow {
		return in
	}
	// The expected place: as far past lo as i is past its old paired
	// neighbour.
	c, _ := slices.BinarySearch(in, lo+i-r.from[i])
	s := max(0, min(c-relabelWindow/2, len(in)-relabelWindow))
	return in[s : s+relabelWindow]
}

// sameTextInPlace is the first pass: the same text between the
// neighbours' partners.
func (r *relabeller) sameTextInPlace() {
	for _, i := range r.candOld {
		t := r.textOld[i]
		if t == "" || r.pairedOld[i] {
			continue
		}
		for _, j := range r.window(i) {
			if !r.pairedNew[j] && r.textNew[j] == t {
				r.pair(i, j, 1)
				break
			}
		}
	}
}

// sameTextAnywhere is the second pass: the same long text, once on each
// side among the unpaired items.
func (r *relabeller) sameTextAnywhere() {
	type seen struct{ old, new, n, m int }
	by := map[string]*seen{}
	for _, i := range r.candOld {
		if t := r.textOld[i]; !r.pairedOld[i] && letterCount(t) >= relabelMinLetters {
			s := by[t]
			if s == nil {
				s = &seen{old: -1, new: -1}
				by[t] = s
			}
			s.old, s.n = i, s.n+1
		}
	}
	for _, j := range r.candNew {
		if s := by[r.textNew[j]]; s != nil && !r.pairedNew[j] {
			s.new, s.m = j, s.m+1
		}
	}
	for _, i := range r.candOld {
		if s := by[r.textOld[i]]; s != nil && s.old == i && s.n == 1 && s.m == 1 && !r.pairedOld[i] {
			r.pair(i, s.new, 1)
		}
	}
}

// similarInPlace is the third pass: similar texts between the
// neighbours' partners, the most similar pairs first.
func (r *relabeller) similarInPlace() {
	type edge struct {
		i, j int
		s    float64
	}
	var edges []edge
	grams := map[int]map[uint64]int{}
	gramsOf := func(j int) map[uint64]int {
		g, ok := grams[j]
		if !ok {
			g = trigrams(r.textNew[j])
			grams[j] = g
		}
		return g
	}
	// How many free old items share each gap between anchors.
	inGap := map[[2]int]int{}
	for _, i := range r.candOld {
		if r.free(i) {
			inGap[[2]int{r.lo[i], r.hi[i]}]++
		}
	}
	for _, i := range r.candOld {
		if !r.free(i) || r.textOld[i] == "" {
			continue
		}
		var in []int
		for _, j := range r.window(i) {
			if r.freeNew(j) && r.textNew[j] != "" {
				in = append(in, j)
			}
		}
		// One item on each side of a gap: the gap says who it is, and
		// the text need only not contradict it.
		least := relabelMinSimilar
		if len(in) == 1 && inGap[[2]int{r.lo[i], r.hi[i]}] == 1 {
			least = relabelMinAlone
		}
		var gi map[uint64]int
		for _, j := range in {
			if gi == nil {
				gi = trigrams(r.textOld[i])
			}
			if s := gramDice(gi, gramsOf(j)); s >= least {
				edges = append(edges, edge{i, j, s})
			}
		}
	}
	slices.SortStableFunc(edges, func(a, b edge) int { return cmp.Compare(b.s, a.s) })
	for _, e := range edges {
		if r.free(e.i) && r.freeNew(e.j) {
			r.pair(e.i, e.j, e.s)
		}
	}
}

// absorbed is the fourth pass: an unpaired old item whose text ends the
// new partner of the paired old item right before it, where that old
// item's own text does not.
func (r *relabeller) absorbed(al *align.Alignment) {
	partner := map[int]int{} // old item of a 1-1 pair -> its new item
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 && !r.drop[p.Source[0]] && !r.pairedOld[p.Source[0]] {
			partner[p.Source[0]] = p.Target[0]
		}
	}
	for _, i := range r.candOld {
		p := r.from[i]
		if !r.free(i) || p != i-1 || r.textOld[i] == "" {
			continue // only the item right after a paired one
		}
		q, ok := partner[p]
		if !ok {
			continue
		}
		if _, taken := r.merged[p]; taken {
			continue
		}
		t := r.textOld[i]
		was, now := itemForm(&r.old.Items[p]), itemForm(&r.new.Items[q])
		if strings.HasSuffix(now, t) && !strings.HasSuffix(was, t) && len(now) > len(t) {
			r.merged[p] = []int{p, i}
			r.pairedOld[i] = true
			r.confirm(p)
		}
	}
	// The aligner may have paired the item after with the new item that
	// holds both texts: the old item lost its number and the next one
	// continues it, the two read one after the other.
	for _, i := range r.candOld {
		q, ok := partner[i+1]
		if !r.free(i) || !ok || r.textOld[i] == "" {
			continue
		}
		if _, taken := r.merged[i+1]; taken {
			continue
		}
		if corpus.Fold(r.textOld[i]+"\n"+itemForm(&r.old.Items[i+1])) == itemForm(&r.new.Items[q]) {
			r.merged[i+1] = []int{i, i + 1}
			r.pairedOld[i] = true
			r.confirm(i + 1)
		}
	}
}

// confirm keeps the aligner's pair of old item i, weak or not.
func (r *relabeller) confirm(i int) {
	if j, ok := r.weakOld[i]; ok {
		delete(r.weakOld, i)
		delete(r.weakNew, j)
	}
}

// trigrams counts the character trigrams of the letters and digits of
// s, lower-cased, each run of other characters read as one space: a
// measure of text that needs no word boundaries (Chinese, Thai).
func trigrams(s string) map[uint64]int {
	var rs []rune
	space := true
	for _, c := range s {
		if unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.Is(unicode.Mn, c) || unicode.Is(unicode.Mc, c) {
			rs = append(rs, unicode.ToLower(c))
			space = false
		} else if !space {
			rs = append(rs, ' ')
			space = true
		}
	}
	g := map[uint64]int{}
	for k := 0; k+3 <= len(rs); k++ {
		g[gram(rs[k:k+3])]++
	}
	if len(g) == 0 && len(rs) > 0 {
		g[gram(rs)]++ // a text of one or two characters
	}
	return g
}

// gram packs up to three runes into a key, 21 bits each.
func gram(rs []rune) uint64 {
	var k uint64
	for _, r := range rs {
		k = k<<21 | uint64(r)
	}
	return k | uint64(len(rs))<<63
}

// gramDice is Dice's coefficient of two multisets: twice what they share
// over what they hold.
func gramDice(a, b map[uint64]int) float64 {
	na, nb, shared := 0, 0, 0
	for g, n := range a {
		na += n
		shared += min(n, b[g])
	}
	for _, n := range b {
		nb += n
	}
	if na+nb == 0 {
		return 0
	}
	return 2 * float64(shared) / float64(na+nb)
}

// letterCount counts the letters of s.
func letterCount(s string) int {
	n := 0
	for _, c := range s {
		if unicode.IsLetter(c) {
			n++
		}
	}
	return n
}
