package gaps_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// keyedPair is a source of two rules and two addendum examples and a
// catalogue (format: po, xliff or tmx) with a unit for each source item
// of ids: translated where translate says so, else empty (read as its
// item marked untranslated, the source's text standing in, as ingest
// reads an empty unit). The catalogue's own reading calls every unit a
// rule: only the source's ids say which are the addendum's.
func keyedPair(format string, ids []string, translate func(id string) bool) (src, tr *corpus.Document) {
	src = doc("en",
		"1|Seat Draw|Seats are drawn at random.",
		"2|Clock|A player may call for a clock after a reasonable time.",
		"3|Example|A player bets 500 out of turn.",
		"4|Example|A player calls with 200 behind.")
	for i := range src.Items[2:] {
		src.Items[2+i].Kind = corpus.KindAddendum
	}
	tr = &corpus.Document{Edition: src.Edition, Lang: "pt", Source: corpus.Source{Format: format}}
	for _, it := range src.Items {
		if !slices.Contains(ids, it.ID) {
			continue
		}
		u := corpus.Item{ID: it.ID, Kind: corpus.KindRule, Number: it.Number, Title: "Exemplo " + it.Number, Text: fmt.Sprintf("Um jogador aposta %s fora de vez.", it.Number)}
		if !translate(it.ID) {
			u.Title, u.Text = it.Title, it.Text
			u.SetFlag(corpus.FlagEmptyUnit)
			u.SetFlag(corpus.FlagUntranslated)
		}
		tr.Items = append(tr.Items, u)
	}
	return src, tr
}

// scopeChecks is what a report says of its scope: the source ids
// reported missing, and whether a finding says part of the source is
// not checked.
func scopeChecks(r *gaps.Report) (missing map[string]bool, scoped bool) {
	missing = map[string]bool{}
	for _, f := range r.Findings {
		switch f.Check {
		case gaps.Scope:
			scoped = true
		case gaps.Missing:
			missing[f.SourceID] = true
		}
	}
	return missing, scoped
}

// TestKeyedScopeByUnits checks that a catalogue (PO, XLIFF, TMX) covers
// the kinds of the source items its units name, as msgfmt counts it:
// one with units for the addendum's examples alone (as sync writes it
// for a translation of the addendum) has no rule missing and says the
// rules are not checked, even where some of its units are empty or its
// own reading calls the examples rules; one with units of both kinds,
// some deleted, has the deleted ones missing, whichever kind they are.
func TestKeyedScopeByUnits(t *testing.T) {
	all := func(string) bool { return true }
	for _, format := range []string{"po", "xliff", "tmx"} {
		t.Run(format+"/addendum", func(t *testing.T) {
			for _, tr := range []func(string) bool{all, func(id string) bool { return id == "rule:3" }} {
				src, cat := keyedPair(format, []string{"rule:3", "rule:4"}, tr)
				r := gaps.Options{}.Gaps(src, cat, nil)
				missing, scoped := scopeChecks(r)
				for _, id := range []string{"rule:1", "rule:2"} {
					if missing[id] {
						t.Errorf("%s is reported missing, though the catalogue has no unit of a rule", id)
					}
				}
				if !scoped {
					t.Errorf("no finding says the rules are not checked")
				}
				p := r.Progress()
				if n := p.Translated + p.Stale + p.Fuzzy + p.Untranslated; n != 4 {
					t.Errorf("%d segments counted, want the 4 of the two examples (%+v)", n, p)
				}
			}
		})
		t.Run(format+"/deleted", func(t *testing.T) {
			// Units of rule:1 and of one example: rule:2 and the other
			// example were deleted, an empty unit counting as one.
			for _, tr := range []func(string) bool{all, func(id string) bool { return id != "rule:1" }} {
				src, cat := keyedPair(format, []string{"rule:1", "rule:3"}, tr)
				missing, scoped := scopeChecks(gaps.Options{}.Gaps(src, cat, nil))
				for _, id := range []string{"rule:2", "rule:4"} {
					if !missing[id] {
						t.Errorf("%s (no unit) is not reported missing", id)
					}
				}
				if scoped {
					t.Errorf("a finding says part of the source is not checked")
				}
			}
		})
	}
}
