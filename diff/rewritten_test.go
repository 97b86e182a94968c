package diff_test

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// TestRewrittenRedline: a rule written anew is shown as its old text out
// and its new text in, not as a scatter of the words that recur; a rule
// with a few words changed keeps its word redline.
func TestRewrittenRedline(t *testing.T) {
	edition := func(name string, texts ...string) *corpus.Document {
		d := &corpus.Document{Edition: name, Lang: "en"}
		for i, text := range texts {
			d.Items = append(d.Items, corpus.Item{Kind: corpus.KindRule, Number: string(rune('1' + i)), Title: "Rule " + string(rune('A'+i)), Text: text})
		}
		corpus.AssignIDs(d)
		return d
	}
	oldIdentity := "Clothing or other accoutrements must not continuously obscure player identity or become a distraction to the game."
	newIdentity := "Players must be clearly identifiable at all times and staff may ask a player to remove any item which hides them."
	old := edition("house-2030", oldIdentity, "A player has 30 seconds to act when a clock is called on them by another player.")
	cur := edition("house-2031", newIdentity, "A player has 45 seconds to act when a clock is called on them by another player.")
	c := diff.Options{}.Compare(old, cur)
	if len(c.Changes) != 2 {
		t.Fatalf("%d changes, want 2", len(c.Changes))
	}
	whole := c.Changes[0]
	if len(whole.Spans) != 2 || whole.Spans[0] != (diff.Span{Op: diff.Delete, Text: oldIdentity}) || whole.Spans[1] != (diff.Span{Op: diff.Insert, Text: newIdentity}) {
		t.Errorf("rewritten rule's redline: %v", whole.Spans)
	}
	if got, err := diff.Apply(oldIdentity, whole.Redline); err != nil || got != newIdentity {
		t.Errorf("its edits give %q, %v", got, err)
	}
	if r := diff.WordDiff.Render(c.Changes[1].Spans); r != "A player has [-30-]{+45+} seconds to act when a clock is called on them by another player." {
		t.Errorf("a small edit: %s", r)
	}
}
