package diff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// ScopeNote says that one edition contains a kind of item the other has
// none of, as the 2022 short form of the TDA rules has no Recommended
// Procedures and no Illustration Addendum, which the longform has: those
// items are outside the comparison, and are listed apart instead of as
// added (or removed) items.
type ScopeNote struct {
	// InOld is set when the old edition has the items and the new one
	// has not.
	InOld bool
	// Kinds are the kinds of item only one edition has, Counts how many
	// items of each it has, and Names what the edition calls them (the
	// section they stand in, or the kind's name: "Recommended
	// Procedures").
	Kinds  []corpus.Kind
	Counts []int
	Names  []string
	// Items are the indexes of the items outside the comparison in the
	// edition that has them: those of Kinds and the preambles of the
	// sections that hold only them.
	Items []int
	// Mention is the line of the other edition that names what it
	// leaves out, if it has one: "(For Recommended Procedures and
	// Illustration Addendum, see longform version at TDA website)".
	Mention string
	// Note says it in a sentence, for a changelog.
	Note string
}

// scopeKinds are the kinds of item whose absence from a whole edition
// is a difference of scope; sections, preambles and loose items come
// and go with the layout.
var scopeKinds = []corpus.Kind{corpus.KindRule, corpus.KindRP, corpus.KindAddendum, corpus.KindRegulation, corpus.KindGuideline, corpus.KindDefinition}

// scope finds the kinds of item only one edition has, and returns the
// notes and, for each edition, the items outside the comparison (for
// the edition without the kinds, the preambles of sections named as the
// other edition's sections of them: a pointer to where they are).
func scope(old, new *corpus.Document) (notes []ScopeNote, outOld, outNew map[int]bool) {
	outOld, outNew = map[int]bool{}, map[int]bool{}
	for _, side := range []struct {
		has, lacks *corpus.Document
		inOld      bool
		outHas     map[int]bool
		outLacks   map[int]bool
	}{{old, new, true, outOld, outNew}, {new, old, false, outNew, outOld}} {
		// A kind is out of scope only where none of its items is in the
		// other edition by id: an item that moved, or whose kind is read
		// otherwise there, is compared as any other.
		var kinds []corpus.Kind
		var lacksIDs map[string]bool
		for _, k := range scopeKinds {
			if side.has.Count(k) == 0 || side.lacks.Count(k) > 0 {
				continue
			}
			if lacksIDs == nil {
				lacksIDs = make(map[string]bool, len(side.lacks.Items))
				for _, it := range side.lacks.Items {
					lacksIDs[it.ID] = true
				}
			}
			if !slices.ContainsFunc(side.has.Items, func(it corpus.Item) bool { return it.Kind == k && lacksIDs[it.ID] }) {
				kinds = append(kinds, k)
			}
		}
		if len(kinds) == 0 {
			continue
		}
		n := ScopeNote{InOld: side.inOld, Kinds: kinds}
		// The sections that hold only these kinds (and preambles).
		only := map[string]bool{}
		for _, it := range side.has.Items {
			if it.Section == "" {
				continue
			}
			if _, seen := only[it.Section]; !seen {
				only[it.Section] = true
			}
			if it.Kind != corpus.KindPreamble && !slices.Contains(kinds, it.Kind) {
				only[it.Section] = false
			}
		}
		for _, k := range kinds {
			count, section := 0, ""
			for _, it := range side.has.Items {
				if it.Kind != k {
					continue
				}
				count++
				if count == 1 {
					section = it.Section
				} else if it.Section != section {
					section = ""
				}
			}
			name := corpus.KindName(k)
			if section != "" && only[section] {
				name = section
			}
			n.Counts, n.Names = append(n.Counts, count), append(n.Names, name)
		}
		for i, it := range side.has.Items {
			if slices.Contains(kinds, it.Kind) || it.Kind == corpus.KindPreamble && only[it.Section] {
				n.Items = append(n.Items, i)
				side.outHas[i] = true
			}
		}
		for i, it := range side.lacks.Items {
			if it.Kind == corpus.KindPreamble && it.Section != "" && only[it.Section] {
				side.outLacks[i] = true
			}
		}
		n.Mention = mention(side.lacks, n.Names)
		n.Note = scopeSentence(side.has, side.lacks, n)
		notes = append(notes, n)
	}
	return notes, outOld, outNew
}

// mention returns the first line of d that names one of names, if any.
func mention(d *corpus.Document, names []string) string {
	for _, it := range d.Items {
		for _, l := range strings.Split(it.Title+"\n"+it.Text, "\n") {
			low := strings.ToLower(corpus.Fold(l))
			for _, name := range names {
				if strings.Contains(low, strings.ToLower(corpus.Fold(name))) {
					return strings.TrimSpace(l)
				}
			}
		}
	}
	return ""
}

// scopeSentence writes a note: "tda-2022 does not contain the
// Recommended Procedures (22 items) and the Illustration Addendum (14
// items) that tda-2024 has; they are listed apart, not as new items."
func scopeSentence(has, lacks *corpus.Document, n ScopeNote) string {
	var what []string
	for k, name := range n.Names {
		what = append(what, fmt.Sprintf("the %s (%s)", name, counted(n.Counts[k], "item")))
	}
	as := "new"
	if n.InOld {
		as = "removed"
	}
	s := fmt.Sprintf("%s does not contain %s that %s has; they are listed apart, not as %s items.", editionName(lacks), and(what), editionName(has), as)
	if n.Mention != "" {
		s += fmt.Sprintf(" %s says: %s", editionName(lacks), quote(n.Mention))
	}
	return s
}

// editionName names a document in a note as every message does
// (corpus.Document.Name), or as "the other edition" where it has no name.
func editionName(d *corpus.Document) string {
	if n := d.Name(); n != "" && n != corpus.UnknownEdition {
		return n
	}
	return "the other edition"
}

// dropOutOfScope drops the changes that concern only items outside the
// comparison.
func (c *Comparison) dropOutOfScope(outOld, outNew map[int]bool) {
	if len(outOld) == 0 && len(outNew) == 0 {
		return
	}
	all := func(idx []int, out map[int]bool) bool {
		for _, i := range idx {
			if !out[i] {
				return false
			}
		}
		return true
	}
	kept := c.Changes[:0]
	for _, ch := range c.Changes {
		if all(ch.Old, outOld) && all(ch.New, outNew) {
			continue
		}
		kept = append(kept, ch)
	}
	c.Changes = kept
}
