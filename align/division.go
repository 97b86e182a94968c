package align

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// A document's numbered items fall into numberings (divisions): the
// rules 1-71, then recommended procedures 1-22, then addendum entries.
// Ingest names a division's kind where the division's heading or label
// word names one in a language it knows; a translation in another
// language numbers the same divisions with the same shape, in the same
// order, under headings it cannot name, and all its items are rules. The
// division a target item is in, matched by position to the source's,
// then gives it the kind it is aligned as.

// divisions returns, for each item of d, the index of the numbering it
// is in (-1 for an item without a number, or of a kind that is not
// numbered: sections, preambles), and the kinds of the numberings. A
// numbering starts where the kind changes, or where an item's top-level
// number goes back to a first one (1, a, A, I) after a later one.
// Without withOf, of is nil (the kinds alone).
func divisions(d *corpus.Document, withOf bool) (of []int, kinds []corpus.Kind) {
	if withOf {
		of = make([]int, len(d.Items))
	}
	cur, top := -1, 0
	for i := range d.Items {
		it := &d.Items[i]
		if of != nil {
			of[i] = -1
		}
		if it.Number == "" || it.Kind == corpus.KindSection || it.Kind == corpus.KindPreamble || it.Kind == corpus.KindItem {
			continue
		}
		v := topValue(it.Number)
		if cur < 0 || kinds[cur] != it.Kind || v == 1 && top > 1 {
			kinds = append(kinds, it.Kind)
			cur, top = len(kinds)-1, 0
		}
		top = max(top, v)
		if of != nil {
			of[i] = cur
		}
	}
	return of, kinds
}

// topValue is the value of a number's first component: 12 for "12.3",
// 1 for "A.4", "a" or "I" (a first letter of any alphabet), 2 for
// another single letter, 0 when it starts with neither digits nor a
// single letter ("Appendix-C").
func topValue(n string) int {
	n = strings.TrimLeft(n, "(§ ")
	end := strings.IndexFunc(n, func(r rune) bool { return !unicode.IsDigit(r) })
	if end < 0 {
		end = len(n)
	}
	if end > 0 {
		v, err := strconv.Atoi(n[:end])
		if err != nil {
			return 0
		}
		return v
	}
	r, size := utf8.DecodeRuneInString(n)
	next, _ := utf8.DecodeRuneInString(n[size:])
	if !unicode.IsLetter(r) || size < len(n) && unicode.IsLetter(next) {
		return 0
	}
	// A first letter of any alphabet ("a", "A", Cyrillic "А"), or "I".
	switch unicode.ToLower(r) {
	case 'a', 'а', 'i', 'α':
		return 1
	}
	return 2
}

// divisionKinds returns the kind each target item is aligned as: its
// own, except where both documents have the same number of numberings
// (two or more) and their kinds differ, when an item of the target's
// k-th numbering, if a rule (ingest named no kind for it), takes the
// kind of the source's k-th. It returns nil when no item changes.
func divisionKinds(src, tgt *corpus.Document) []corpus.Kind {
	// The kinds first: the target's numbering of each item only where
	// they differ (a list as long as the items, for each alignment).
	_, ks := divisions(src, false)
	_, kt := divisions(tgt, false)
	if len(ks) < 2 || len(ks) != len(kt) || slices.Equal(ks, kt) {
		return nil
	}
	of, _ := divisions(tgt, true)
	out := make([]corpus.Kind, len(tgt.Items))
	changed := false
	for j := range tgt.Items {
		out[j] = tgt.Items[j].Kind
		// Only a numbering ingest could not name (its items are rules)
		// takes the source's kind: one it named keeps its own.
		if of[j] >= 0 && kt[of[j]] == corpus.KindRule && ks[of[j]] != corpus.KindRule {
			out[j], changed = ks[of[j]], true
		}
	}
	if !changed {
		return nil
	}
	return out
}

// labelKinds returns the kind each target item is aligned as, given
// kinds (divisionKinds', nil for the target's own): where an item
// prints a number (numberKey) that no source item of its kind prints,
// and the source items that print it are all of one other kind, it is
// aligned as that kind. A translation is read through its source: its
// own reading may take a heading for a list entry, or an entry for a
// heading ("sec:B" where the source reads "rule:B", "item:3" for
// "rule:3"), and the kind it gives an item is evidence, not a wall
// between the items; the label both print pairs them. An item the
// target numbers under another by its place ("rule:_4_3": entry 3 of 4,
// whose printed number was stripped) is no top-level item of its number
// ("sec:3"), nor the other way round (nestedID). It returns kinds itself
// when no item changes.
func labelKinds(nks []numberKind, tgt *corpus.Document, kinds []corpus.Kind) []corpus.Kind {
	kindOf := func(j int) corpus.Kind {
		if kinds != nil {
			return kinds[j]
		}
		return tgt.Items[j].Kind
	}
	var out []corpus.Kind
	for j := range tgt.Items {
		it := &tgt.Items[j]
		own := kindOf(j)
		if it.Number == "" || own == corpus.KindPreamble {
			continue
		}
		nk, ok := findNumberKind(nks, numberKey(it.Number))
		if !ok || nk.kind == "" || nk.kind == own {
			continue
		}
		if want := 2 - boolInt8(nestedID(it.ID)); nk.nested&want == 0 {
			continue
		}
		if out == nil {
			out = make([]corpus.Kind, len(tgt.Items))
			for m := range out {
				out[m] = kindOf(m)
			}
		}
		out[j] = nk.kind
	}
	if out == nil {
		return kinds
	}
	return out
}

// numberKind is what the source items that print one number (key, a
// numberKey) are: their kind, "" where they are of more than one; and
// whether they are named by a place under another (nestedID): 1 all of
// them, 2 none, 3 some.
type numberKind struct {
	key    string
	kind   corpus.Kind
	nested int8
}

// numberKinds are the numberKinds of the items of src that print a
// number, preambles aside, one for each number, sorted by key (a list
// made at its size, not two maps: they were a tenth of what reading a
// translation through its source allocated at 100k items).
func numberKinds(src *corpus.Document) []numberKind {
	n := 0
	for i := range src.Items {
		if it := &src.Items[i]; it.Number != "" && it.Kind != corpus.KindPreamble {
			n++
		}
	}
	all := make([]numberKind, 0, n)
	for i := range src.Items {
		if it := &src.Items[i]; it.Number != "" && it.Kind != corpus.KindPreamble {
			all = append(all, numberKind{numberKey(it.Number), it.Kind, 2 - boolInt8(nestedID(it.ID))})
		}
	}
	slices.SortFunc(all, func(a, b numberKind) int { return strings.Compare(a.key, b.key) })
	out := all[:0]
	for _, nk := range all {
		if k := len(out) - 1; k >= 0 && out[k].key == nk.key {
			if out[k].kind != nk.kind {
				out[k].kind = ""
			}
			out[k].nested |= nk.nested
			continue
		}
		out = append(out, nk)
	}
	return out
}

// findNumberKind is the numberKind of key in nks, sorted by key.
func findNumberKind(nks []numberKind, key string) (numberKind, bool) {
	k, ok := slices.BinarySearchFunc(nks, key, func(nk numberKind, key string) int { return strings.Compare(nk.key, key) })
	if !ok {
		return numberKind{}, false
	}
	return nks[k], true
}

// nestedID reports whether id names its item by its place under another
// ("rule:_4_3", "sec:_2.1"): its name opens with '_' and holds another
// '_' or a dot after it.
func nestedID(id string) bool {
	_, name, _ := strings.Cut(id, ":")
	return strings.HasPrefix(name, "_") && strings.ContainsAny(name[1:], "_.")
}

// boolInt8 is 1 for true, 0 for false.
func boolInt8(b bool) int8 {
	if b {
		return 1
	}
	return 0
}
