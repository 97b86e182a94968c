package align

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// previews reports whether a quarter or more of d's items are one cut
// preview each (onePreview), and none holds several: their lengths say
// nothing of their source items', and a projection, which reads
// lengths, would misplace them. Where an item holds several (entries
// a layout set under one heading), its items are not the source's and
// the projection reads them.
func previews(d *corpus.Document) bool {
	for j := range d.Items {
		if severalCut(&d.Items[j]) {
			return false
		}
	}
	return mostlyCut(d)
}

// mostlyCut reports whether a quarter or more of d's items are cut
// previews (cutPreview).
func mostlyCut(d *corpus.Document) bool {
	n := 0
	for j := range d.Items {
		if cutPreview(&d.Items[j]) {
			n++
		}
	}
	return n > 0 && 4*n >= len(d.Items)
}

// severalCut reports whether a line of it other than its last ends in
// a cut mark: it holds several previews.
func severalCut(it *corpus.Item) bool {
	t := strings.TrimRightFunc(it.Text, unicode.IsSpace)
	return strings.Contains(strings.TrimSuffix(t, "…"), "…\n")
}

// partial reports whether the target of al holds less than 60% of the
// text its source predicts at the length ratio of its sure pairs (their
// median): those whose items print the same number, or that the
// alignment is confident of, at least three and half the target's
// items. Such a target translates part of the source (one appendix, a
// page of previews) and has no blocks for most of the source's, where
// block alignment, which like Gale & Church's (1993) takes the two to
// say the same, would spread its blocks over the whole source. Without
// enough sure pairs the translation is taken to be whole.
func partial(al *Alignment) bool {
	size := func(it *corpus.Item) float64 {
		return float64(corpus.Len(it.Title) + corpus.Len(it.Text))
	}
	rs := make([]float64, 0, len(al.Pairs)) // made at the most it holds, not grown
	// A cut preview's size says nothing of the ratio; it stands for its
	// source item's at the ratio, where it is paired one to one.
	cutOf := map[int]int{}
	for _, p := range al.Pairs {
		if len(p.Source) != 1 || len(p.Target) != 1 {
			continue
		}
		s, t := &al.Source.Items[p.Source[0]], &al.Target.Items[p.Target[0]]
		if cutPreview(t) {
			cutOf[p.Target[0]] = p.Source[0]
			continue
		}
		sure := t.Number != "" && numberKey(t.Number) == numberKey(s.Number) || !p.Low && p.Score >= 0.5
		if sure && size(s) >= 20 && size(t) >= 10 {
			rs = append(rs, size(t)/size(s))
		}
	}
	if len(rs) < 3 || 2*(len(rs)+len(cutOf)) < len(al.Target.Items) {
		return false
	}
	slices.Sort(rs)
	r := rs[len(rs)/2]
	var ns, nt float64
	for i := range al.Source.Items {
		ns += size(&al.Source.Items[i])
	}
	for j := range al.Target.Items {
		if i, ok := cutOf[j]; ok {
			nt += max(size(&al.Target.Items[j]), r*size(&al.Source.Items[i]))
			continue
		}
		nt += size(&al.Target.Items[j])
	}
	return nt < 0.6*r*ns
}

// spread marks the target items that keep no item-level reading, of
// those that do not print their source item's label (a label the
// translation prints twice names neither item for sure): those the
// alignment al does not pair one to one; those whose blocks the
// projection gives less than three quarters of to any one source item;
// and those that print no label of their source's where the projection
// gives most of their blocks to another source item than al's.
func spread(al *Alignment, renamed *naming, pieces []piece, bt []block) []bool {
	cut := mostlyCut(al.Target)
	n := len(renamed.of)
	bad := make([]bool, n)
	pairOf := make([]int, n)
	for j := range pairOf {
		pairOf[j] = -1
	}
	sure := make([]bool, n)
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			pairOf[p.Target[0]] = p.Source[0]
			sure[p.Target[0]] = !p.Low
		}
	}
	placed := make([]bool, len(al.Source.Items))
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			placed[i] = true
		}
	}
	twice := printedTwice(al.Target)
	numbers := labelsUnder(al, renamed, pairOf, twice)
	tot := make([]int, n)
	top := make([]int, n)
	topSrc := make([]int, n)
	nested := make([]bool, n)
	for k := 0; k < len(pieces); {
		j := bt[pieces[k].block].item
		share := map[int]int{}
		k0 := k
		for ; k < len(pieces) && bt[pieces[k].block].item == j; k++ {
			l := utf8.RuneCountInString(pieces[k].text)
			tot[j] += l
			i := int(pieces[k].src)
			share[i] += l
			if share[i] > top[j] {
				top[j], topSrc[j] = share[i], i
			}
		}
		nested[j] = pairOf[j] >= 0 && subItems(al.Source, pairOf[j], placed, numbers, pieces[k0:k], bt)
	}
	for j := range bad {
		label := renamed.idSource(j) == corpus.IDLabel && !twice[j]
		switch {
		case label:
			// Its printed label names its source item: a source item
			// the projection gives part of its blocks to (one the
			// translation lacks, or of another edition) takes none,
			// but for the source's sub-items its text holds as list
			// entries or paragraphs of their own (subItems).
			bad[j] = nested[j]
		case pairOf[j] < 0:
			bad[j] = true
		case !severalCut(&al.Target.Items[j]) && (cutPreview(&al.Target.Items[j]) || cut && sure[j]):
			// A cut preview paired one to one, or a pair the alignment
			// is confident of among cut previews: the projection, which
			// reads lengths, says nothing of where it goes (an item of
			// several previews is not the source's).
		case tot[j] > 0 && 4*top[j] < 3*tot[j]:
			bad[j] = true
		case tot[j] > 0 && topSrc[j] != pairOf[j] && (!sure[j] || twice[j]):
			// The projection, by lengths, gives it to another source
			// item than the alignment, which is not confident of it, or
			// leans on a label printed twice (a confident pair stands: a
			// projection shifted by a source item the translation lacks
			// would move it).
			bad[j] = true
		}
	}
	return bad
}

// labelsUnder marks the source items (of al) whose sub-items the
// translation numbers: an item of it that prints its source item's label
// (once) pairs with a source item whose number extends theirs (3.8.2.1.1
// under 3.8.2.1). A block that prints no label is not taken for such an
// item (subItems): the translation prints its sub-items' labels, so it
// would print its own; its line is gone, and the block before them is
// the text of the item it follows (a caption of that item's figure).
func labelsUnder(al *Alignment, renamed *naming, pairOf []int, twice []bool) []bool {
	out := make([]bool, len(al.Source.Items))
	keys := map[string]int{}
	for i, it := range al.Source.Items {
		if it.Number != "" {
			keys[numberKey(it.Number)] = i
		}
	}
	for j, i := range pairOf {
		if i < 0 || twice[j] || renamed.idSource(j) != corpus.IDLabel || al.Source.Items[i].Number == "" {
			continue
		}
		key := numberKey(al.Source.Items[i].Number)
		for k := len(key) - 1; k > 0; k-- {
			if key[k] != '.' {
				continue
			}
			if up, ok := keys[key[:k]]; ok {
				out[up] = true
			}
		}
	}
	return out
}

// kept reports whether spread would mark no item of renamed, the
// item-level reading of al, whatever the projection: every item prints
// its source item's label (a label printed twice aside), and no source
// item that al leaves unplaced has a number that extends the number of
// the source item of a one to one pair (a sub-item, D.2.6.2.1 under
// D.2.6.2: the only pieces that subItems, and so spread, moves an item
// that prints its label for). The projection, a block alignment of the
// whole translation that would change nothing, is then not made (it was
// half of the checks of a translation that lacks a few of its source's
// items).
func kept(al *Alignment, renamed *naming) bool {
	twice := printedTwice(al.Target)
	for j := range renamed.of {
		if renamed.idSource(j) != corpus.IDLabel || twice[j] {
			return false
		}
	}
	placed := make([]bool, len(al.Source.Items))
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			placed[i] = true
		}
	}
	// The number keys that the number of an unplaced source item extends.
	under := map[string]bool{}
	for i := range al.Source.Items {
		if placed[i] || al.Source.Items[i].Number == "" {
			continue
		}
		key := numberKey(al.Source.Items[i].Number)
		for k := 0; k < len(key); k++ {
			if key[k] == '.' {
				under[key[:k]] = true
			}
		}
	}
	if len(under) == 0 {
		return true
	}
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			if n := al.Source.Items[p.Source[0]].Number; n != "" && under[numberKey(n)] {
				return false
			}
		}
	}
	return true
}

// printedTwice marks the items of d whose number another item of the
// same numbering prints too: the reader gave the second (and any later)
// the first's id with a count ("rule:6.12.1-2"), and both are marked.
func printedTwice(d *corpus.Document) []bool {
	out := make([]bool, len(d.Items))
	// suffix is the place of the "-" of a count ("-2") that ends the id
	// of an item printing a number, -1 for none: only the ids before
	// such counts are looked up, not every id (a map of them all was
	// made for the few items that have one).
	suffix := func(it *corpus.Item) int {
		k := strings.LastIndexByte(it.ID, '-')
		if it.Number == "" || k < 0 || !isDigits(it.ID[k+1:]) {
			return -1
		}
		return k
	}
	var at map[string]int // the last item of each id looked up, -1 for none
	for j := range d.Items {
		if k := suffix(&d.Items[j]); k >= 0 {
			if at == nil {
				at = map[string]int{}
			}
			at[d.Items[j].ID[:k]] = -1
		}
	}
	if at == nil {
		return out
	}
	for j := range d.Items {
		if _, ok := at[d.Items[j].ID]; ok {
			at[d.Items[j].ID] = j
		}
	}
	for j := range d.Items {
		it := &d.Items[j]
		if k := suffix(it); k >= 0 {
			if f := at[it.ID[:k]]; f >= 0 && numberKey(d.Items[f].Number) == numberKey(it.Number) {
				out[j], out[f] = true, true
			}
		}
	}
	return out
}

// subItems reports whether the pieces ps of one target item, paired
// by its printed label with source item i, hold i's sub-items that the
// translation prints no labels of (a list of "1)" entries, bullets or
// paragraphs under a numbered item): the projection gives its first
// block to i, and each later run of it to a source item that no item
// of the translation was paired with and whose number extends i's
// (D.2.6.2.1 under D.2.6.2), starting on a line of its own (not one
// that continues a paragraph, nor a cut block). A numbering nests its sub-items by construction, in any
// language; a run of a source item the translation lacks, or of
// another edition's, is not taken for one.
func subItems(src *corpus.Document, i int, placed, numbered []bool, ps []piece, bt []block) bool {
	if len(ps) < 2 || int(ps[0].src) != i || src.Items[i].Number == "" {
		return false
	}
	prefix := numberKey(src.Items[i].Number) + "."
	other := false
	for k, p := range ps {
		if int(p.src) == i {
			continue
		}
		other = true
		if int(p.src) < i || placed[p.src] || numbered[p.src] || !strings.HasPrefix(numberKey(src.Items[p.src].Number), prefix) {
			return false
		}
		if ps[k-1].src != p.src && (bt[p.block].cont || p.text != bt[p.block].text) {
			return false
		}
	}
	return other
}
