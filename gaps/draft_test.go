package gaps_test

import (
	"fmt"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// TestSyncKeyedByID syncs a translation read from a catalogue, whose
// items carry the source's ids: it is paired by id, its markers count
// (a fuzzy entry with the source it was made from is stale, one marked
// untranslated is no translation), an id the source lacks is an orphan,
// and gaps reports the marked items.
func TestSyncKeyedByID(t *testing.T) {
	src := &corpus.Document{Edition: "wca-2024-01-01", Lang: "en", Items: []corpus.Item{
		{ID: "rule:1a", Kind: corpus.KindRegulation, Number: "1a", Text: "A competition must include a WCA Delegate."},
		{ID: "rule:1b", Kind: corpus.KindRegulation, Number: "1b", Text: "The organization team is responsible for logistics."},
		{ID: "rule:1c", Kind: corpus.KindRegulation, Number: "1c", Text: "Each event must have one or more judges."},
		{ID: "rule:1d", Kind: corpus.KindRegulation, Number: "1d", Text: "Each event must have one or more scramblers."},
	}}
	tr := &corpus.Document{Edition: "wca-2024-01-01", Lang: "ja", Source: corpus.Source{Format: "po"}, Items: []corpus.Item{
		{ID: "rule:1a", Kind: corpus.KindRegulation, Number: "1a", Text: "大会には WCA 代理人を置かなければならない。"},
		{ID: "rule:1b", Kind: corpus.KindRegulation, Number: "1b", Text: "大会運営チームは支援の責任を負う。", Flags: []corpus.Flag{corpus.FlagStale}},
		{ID: "rule:1d", Kind: corpus.KindRegulation, Number: "1d", Text: "Each event must have one or more scramblers.", Flags: []corpus.Flag{corpus.FlagUntranslated}},
		{ID: "rule:9z", Kind: corpus.KindRegulation, Number: "9z", Text: "どこにもない。"},
	}}
	d := gaps.Options{}.Sync(src, tr, nil)
	var got string
	for _, e := range d.Entries {
		got += fmt.Sprintf("%s:%s ", e.Source.ID, e.State)
	}
	if want := "rule:1a:translated rule:1b:stale rule:1c:new rule:1d:new "; got != want {
		t.Errorf("entries %s, want %s", got, want)
	}
	if len(d.Orphans) != 1 || d.Orphans[0].Target.ID != "rule:9z" {
		t.Errorf("orphans %v, want rule:9z", d.Orphans)
	}
	r := d.Report
	var marked []string
	for _, f := range r.Findings {
		if f.Check == gaps.Stale || f.Check == gaps.Untranslated {
			marked = append(marked, f.Check+" "+f.SourceID)
		}
	}
	if fmt.Sprint(marked) != "[stale rule:1b untranslated rule:1d]" {
		t.Errorf("marked findings %v", marked)
	}
	if r.Coverage != 75 {
		t.Errorf("coverage %.1f, want 75 (by id: 1a, 1b, 1d of 4)", r.Coverage)
	}
}
