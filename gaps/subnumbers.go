package gaps

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
)

// A number's place in its numbering shows in the numbers under it: the
// sub-items of 1g print 1g1, 1g2, those of 4.2 print 4.2.1 or 4.2(1). A
// translation item whose sub-items print another parent's numbers (an
// item printed 1f, its sub-items 1g1 and 1g2) prints a number its own
// lines disagree with: it may be 1g's text under 1f's number (a line
// mislabelled where 1f was left out), which sync would carry to 1f in
// silence. The check needs no word of the document's language: only
// the succession of its numbers.

// numberSegments are the parts of a printed number in its comparison
// form: runs of digits, runs of letters, and what the separators ('.',
// '-', '(', ')', ' ', '/') part ("1g1" -> 1, g, 1; "4.2(3)" -> 4, 2, 3;
// "II.2" -> ii, 2).
func numberSegments(n string) []string {
	var segs []string
	var cur []rune
	kind := 0 // 1 digit, 2 letter
	flush := func() {
		if len(cur) > 0 {
			segs = append(segs, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range strings.ToLower(corpus.Fold(n)) {
		k := runeKind(r)
		if k == 0 || k != kind {
			flush()
		}
		kind = k
		if k != 0 {
			cur = append(cur, r)
		}
	}
	flush()
	return segs
}

// runeKind is 1 for a digit, 2 for a letter and 0 for anything else
// (a separator), the kinds whose runs make a number's segments.
func runeKind(r rune) int {
	switch {
	case unicode.IsDigit(r):
		return 1
	case unicode.IsLetter(r):
		return 2
	}
	return 0
}

// subNumbersDisagree is, for the item at index j of items printing
// number n, the numbers its sub-items print and the parent they name
// when that parent is not n: the numbered items after it that are
// deeper than n (more segments) until one that is not, every one of
// them under one other parent that prints as many segments as n. ok is
// false when the item has no sub-items or they agree with n.
func subNumbersDisagree(items []corpus.Item, j int, n string, number func(*corpus.Item) string) (parent string, subs []string, ok bool) {
	own := numberSegments(n)
	if len(own) == 0 {
		return "", nil, false
	}
	var under []string
	for k := j + 1; k < len(items); k++ {
		cn := number(&items[k])
		if cn == "" {
			continue
		}
		segs := numberSegments(cn)
		if len(segs) <= len(own) {
			break
		}
		p := segs[:len(own)]
		if slices.Equal(p, own) {
			return "", nil, false
		}
		if under == nil {
			under, parent = p, numberPrefix(cn, len(own))
		} else if !slices.Equal(p, under) {
			return "", nil, false
		}
		subs = append(subs, cn)
	}
	if len(subs) == 0 {
		return "", nil, false
	}
	return parent, subs, true
}

// numberPrefix is the printed number n up to the end of its k-th
// segment (numberSegments): "1g" of "1g1", "6.2" of "6.2.1".
func numberPrefix(n string, k int) string {
	seen, kind := 0, 0
	for i, r := range n {
		c := runeKind(r)
		if c != 0 && c != kind {
			if seen == k {
				return strings.TrimRight(n[:i], ".-()/ ")
			}
			seen++
		}
		kind = c
	}
	return n
}

// checkSubNumbers marks for review each carried entry whose translation
// item's sub-items print another parent's numbers (subNumbersDisagree)
// where the item of the edition translated it is carried to (origOf
// gives its index in orig) has no such sub-items: a source that prints
// 7.1 and then 7.2.1, with no 7.2, is followed in that.
func (d *Draft) checkSubNumbers(orig *corpus.Document, origOf func(i int) (int, bool), number func(*corpus.Item) string) {
	if keyedByID(d.Translation) {
		return // a file keyed by id prints no numbers of its own
	}
	index := make(map[*corpus.Item]int, len(d.Translation.Items))
	for j := range d.Translation.Items {
		index[&d.Translation.Items[j]] = j
	}
	printed := func(it *corpus.Item) string { return it.Number }
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil || e.State == New {
			continue
		}
		j, found := index[e.Target]
		n := number(e.Target)
		if !found || n == "" {
			continue
		}
		parent, subs, ok := subNumbersDisagree(d.Translation.Items, j, n, number)
		if !ok {
			continue
		}
		if o, ok := origOf(i); ok {
			if p, _, ok := subNumbersDisagree(orig.Items, o, orig.Items[o].Number, printed); ok && normNumber(p) == normNumber(parent) {
				continue
			}
		}
		shown := subs
		if len(shown) > 3 {
			shown = append(shown[:3:3], "...")
		}
		e.Review = append(e.Review, fmt.Sprintf("the translation prints %s, but the items under it print %s, numbered under %s: check that this is the text of %s", n, strings.Join(shown, ", "), parent, e.Source.Number))
	}
}
