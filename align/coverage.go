package align

import (
	"fmt"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Coverage is how much of a source a reading put on the translation:
// of the source's items of the kinds the translation covers (the kinds
// its pairs reach, all where they reach none; preambles aside),
// Placeable counts them, Placed those that have a counterpart, Unplaced
// names the others. Affinity, where the caller measured it, says
// whether the pairs share more than chance.
type Coverage struct {
	Placed, Placeable int
	Unplaced          []string
	Affinity          Affinity
}

// Covered is the coverage of the source of al by its target, over the
// kinds of source item its pairs cover: a page of addendum entries is
// not held to the rules it does not translate.
func Covered(al *Alignment) Coverage {
	src := al.Source
	placed := make([]bool, len(src.Items))
	kinds := map[corpus.Kind]bool{}
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			placed[i] = true
			kinds[src.Items[i].Kind] = true
		}
	}
	var c Coverage
	for i := range src.Items {
		if k := src.Items[i].Kind; k == corpus.KindPreamble || len(kinds) > 0 && !kinds[k] {
			continue
		}
		c.Placeable++
		if placed[i] {
			c.Placed++
		} else {
			c.Unplaced = append(c.Unplaced, src.Items[i].ID)
		}
	}
	return c
}

// Err is the error of a coverage under half: the translation could not
// be put on its source (fewer than half of the items it should cover
// have a counterpart). It names how many and the first ten of those left
// out; nil for half or more, or nothing to place. Where the pairs share
// no more than chance (Affinity.Unrelated), it is the error of a text
// that does not translate the source, however many items it placed;
// where half or more are placed but the two documents state too little
// alike (Stated.Foreign), a NotTranslationError.
func (c Coverage) Err() error {
	if a := c.Affinity; a.Unrelated() {
		return fmt.Errorf("the translation could not be put on its source: the %d items placed share %.0f%% of their numbers, references and terms with their source items beyond what items paired at random share, under 10%%: it reads as a text of another document",
			a.Pairs, 100*max(0, a.Shared-a.Chance)/a.Mass)
	}
	if c.Placeable == 0 || 2*c.Placed >= c.Placeable {
		if why, ok := c.Affinity.Stated.Foreign(); ok {
			return &NotTranslationError{Reason: why}
		}
		return nil
	}
	names := c.Unplaced
	more := ""
	if len(names) > 10 {
		names, more = names[:10], fmt.Sprintf(" and %d more", len(c.Unplaced)-10)
	}
	return fmt.Errorf("the translation could not be put on its source: %d of %d source items matched, fewer than half; not matched: %s%s",
		c.Placed, c.Placeable, strings.Join(names, ", "), more)
}
