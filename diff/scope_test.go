package diff_test

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// TestScopeNotForAnItemOfBothEditions: an item read as another kind in
// the new edition (it moved under another article, whose numbering
// names it otherwise) is no difference of scope even though the old
// edition has no item of that kind: its id is in both, so it is
// compared, once, and no note says the old edition lacks it.
func TestScopeNotForAnItemOfBothEditions(t *testing.T) {
	reg := func(id, section, text string) corpus.Item {
		return corpus.Item{ID: id, Kind: corpus.KindRegulation, Number: id[5:], Section: section, Text: text}
	}
	old := &corpus.Document{Edition: "2021", Items: []corpus.Item{
		reg("rule:1a", "Officials", "The organiser runs the event."),
		reg("rule:1b", "Officials", "The judge enforces the rules."),
		reg("rule:5b1", "Defects", "A puzzle defect is fixed by the competitor."),
	}}
	moved := reg("rule:5b1", "Officials", "A puzzle defect is fixed by the competitor.")
	moved.Kind = corpus.KindRule
	new := &corpus.Document{Edition: "2024", Items: []corpus.Item{old.Items[0], moved, old.Items[1]}}
	c := diff.Options{}.Compare(old, new)
	if len(c.Scope) != 0 {
		t.Errorf("scope notes %+v for an item both editions have", c.Scope)
	}
	n := 0
	for _, ch := range c.Changes {
		if c.NewItem(&ch) != nil && c.NewItem(&ch).ID == "rule:5b1" || c.OldItem(&ch) != nil && c.OldItem(&ch).ID == "rule:5b1" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("rule:5b1 in %d changes, want 1 (moved): %+v", n, c.Changes)
	}
}
