package align

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// TestKept: where every item of a translation prints its source item's
// label, Through leaves the projection out (kept) unless a source item
// the translation lacks numbers a sub-item of one it has (2.1 under 2),
// whose text the projection may find in that item; a label printed twice
// names no item for sure, and an item that prints none may move.
func TestKept(t *testing.T) {
	doc := func(numbers ...string) *corpus.Document {
		d := &corpus.Document{Edition: "e", Lang: "en"}
		for _, n := range numbers {
			text := "The rule numbered " + n + " says the dealer deals " + strings.Repeat("cards ", len(n)+3) + "in turn."
			d.Items = append(d.Items, corpus.Item{ID: "rule:" + n, Kind: corpus.KindRule, Number: n, Text: text})
		}
		return d
	}
	for _, c := range []struct {
		name     string
		src, tgt []string
		want     bool
	}{
		{"all placed", []string{"1", "2", "3", "4"}, []string{"1", "2", "3", "4"}, true},
		{"one lacked", []string{"1", "2", "3", "4"}, []string{"1", "2", "4"}, true},
		{"a sub-item lacked", []string{"1", "2", "2.1", "3"}, []string{"1", "2", "3"}, false},
		{"a sub-item of one lacked too", []string{"1", "2", "2.1", "3"}, []string{"1", "3"}, true},
	} {
		src, tgt := doc(c.src...), doc(c.tgt...)
		al := Options{}.Align(src, tgt)
		if got := kept(al, newNaming(al)); got != c.want {
			t.Errorf("%s: kept = %v, want %v", c.name, got, c.want)
		}
	}
	// An item that prints no label, or a label printed twice.
	src, tgt := doc("1", "2", "3"), doc("1", "2", "3")
	tgt.Items[1].Number = ""
	al := Options{}.Align(src, tgt)
	if kept(al, newNaming(al)) {
		t.Error("kept with an item that prints no label")
	}
	tgt = doc("1", "2", "2")
	tgt.Items[2].ID = "rule:2-2"
	al = Options{}.Align(src, tgt)
	if kept(al, newNaming(al)) {
		t.Error("kept with a label printed twice")
	}
}
