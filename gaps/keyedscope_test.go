package gaps_test

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// TestKeyedCoversEverySourceItem checks a catalogue (a PO file) whose
// translated units are all of one kind of the source (its addendum):
// the rules it left untranslated are missing, and no finding says part
// of the source is not checked. Its items take their kinds from the
// source's (the prefix of the ids it carries says rule for both), and a
// catalogue has a unit for every item of its source.
func TestKeyedCoversEverySourceItem(t *testing.T) {
	src := doc("en",
		"1|Seat Draw|Seats are drawn at random.",
		"2|Clock|A player may call for a clock after a reasonable time.",
		"3|Example|A player bets 500 out of turn.",
		"4|Example|A player calls with 200 behind.")
	for i := range src.Items[2:] {
		src.Items[2+i].Kind = corpus.KindAddendum
	}
	tr := &corpus.Document{Edition: src.Edition, Lang: "pt", Source: corpus.Source{Format: "po"}}
	for _, it := range src.Items[2:] {
		tr.Items = append(tr.Items, corpus.Item{ID: it.ID, Kind: corpus.KindRule, Number: it.Number, Title: "Exemplo", Text: "Um jogador aposta fora de vez."})
	}
	r := gaps.Options{}.Gaps(src, tr, nil)
	missing := map[string]bool{}
	for _, f := range r.Findings {
		switch f.Check {
		case gaps.Scope:
			t.Errorf("scope: %s", f.Message)
		case gaps.Missing:
			missing[f.SourceID] = true
		}
	}
	for _, it := range src.Items[:2] {
		if !missing[it.ID] {
			t.Errorf("%s is not reported missing", it.ID)
		}
	}
}
