package diff

import (
	"fmt"
	"sort"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// outOfOrder returns the pairs of al (indexes into al.Pairs) whose items
// changed places among the others: the pairs left out of one longest run
// whose new places ascend as their old places do. Everything in the run
// kept its order, so the pairs outside it are the fewest that moved (two
// articles swapped: one of them; one article taken from the front to the
// back: that one). The run is a longest increasing subsequence of the new
// places read in old order, found by patience sorting in O(n log n)
// (Fredman 1975; Gusfield 1997, 12.5). Of equally long runs it keeps the
// one that ends with the earliest new places, so of two swapped items
// the one the old edition has first is the one that moved.
func outOfOrder(al *align.Alignment) []int {
	pairs := al.Pairs
	// tails[k] is the pair ending the best run of length k+1 so far (the
	// one with the smallest new place); prev links each pair to the pair
	// before it in its run.
	var tails []int
	prev := make([]int, len(pairs))
	at := func(k int) int { return pairs[k].Target[0] }
	for k := range pairs {
		t := at(k)
		n := sort.Search(len(tails), func(i int) bool { return at(tails[i]) >= t })
		prev[k] = -1
		if n > 0 {
			prev[k] = tails[n-1]
		}
		if n == len(tails) {
			tails = append(tails, k)
		} else {
			tails[n] = k
		}
	}
	if len(tails) == len(pairs) {
		return nil
	}
	kept := make([]bool, len(pairs))
	for k := tails[len(tails)-1]; k >= 0; k = prev[k] {
		kept[k] = true
	}
	var out []int
	for k, in := range kept {
		if !in {
			out = append(out, k)
		}
	}
	return out
}

// reorder marks the changes of the pairs that changed places
// (outOfOrder) as Moved. A run of them that moved together (next to each
// other in both editions: an article and its rules) is one move, told
// by the run's first item: "moved, with the 12 items after it to Rule
// 12.9: now after Article 8 (was after Article 11)"; an item that
// changed nothing else has that as a change of its own, editorial; one
// renumbered only is moved, the move told before its new number; one
// with a change of its text or title says it in its Reason. changes are those
// of comparePairs, in the order of their pairs.
func reorder(old, new *corpus.Document, al *align.Alignment, changes []Change) []Change {
	moved := outOfOrder(al)
	if len(moved) == 0 {
		return changes
	}
	byOld := make(map[int]int, len(changes)) // first old item -> change
	for i := range changes {
		if len(changes[i].Old) > 0 {
			byOld[changes[i].Old[0]] = i
		}
	}
	for r := 0; r < len(moved); {
		end := r + 1
		for end < len(moved) && together(al.Pairs[moved[end-1]], al.Pairs[moved[end]]) {
			end++
		}
		for _, k := range moved[r:end] {
			if i, ok := byOld[al.Pairs[k].Source[0]]; ok {
				changes[i].Moved = true
			}
		}
		p, last := al.Pairs[moved[r]], al.Pairs[moved[end-1]]
		why := orderReason(old, new, p, last, end-r-1)
		if i, ok := byOld[p.Source[0]]; ok {
			ch := &changes[i]
			if ch.Kind == Renumbered {
				// Moved and renumbered for its new place: the move is
				// what happened, the number follows from it.
				ch.Kind, ch.Rule = Moved, "order"
				ch.Reason = why + "; " + ch.Reason
				ch.Summary = ch.Reason
			} else {
				ch.Reason += "; " + why
			}
		} else {
			changes = append(changes, Change{Kind: Moved, Severity: Editorial, Old: p.Source, New: p.Target,
				Moved: true, Rule: "order", Reason: why, Summary: why, Score: p.Score})
		}
		r = end
	}
	return changes
}

// together reports whether pair q follows pair p directly in both
// editions.
func together(p, q align.Pair) bool {
	return q.Source[0] == p.Source[len(p.Source)-1]+1 && q.Target[0] == p.Target[len(p.Target)-1]+1
}

// orderReason says where a run of moved pairs, from p to last with more
// items after p, stands in each edition: "moved: now after Article 8
// (was after Article 6)", "moved, with the 3 items after it to Rule
// 7.3: now first (was after Rule 6.2)".
func orderReason(old, new *corpus.Document, p, last align.Pair, more int) string {
	s := "moved"
	switch {
	case more == 1:
		s += ", with the item after it"
	case more > 1:
		s += fmt.Sprintf(", with the %d items after it to %s", more, new.Items[last.Target[len(last.Target)-1]].Label())
	}
	return s + ": now " + place(new, p.Target[0]) + " (was " + place(old, p.Source[0]) + ")"
}

// place names the item before item i of d: "after Article 8", "first".
func place(d *corpus.Document, i int) string {
	if i == 0 {
		return "first"
	}
	return "after " + d.Items[i-1].Label()
}
