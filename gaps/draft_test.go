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

// TestSyncObsoleteOrphans: the translations a catalogue keeps obsolete
// are orphans, after the translation's own, with the reason their
// entries give or, beside the source text they give, a reason that says
// so; never placed, not even under an id the source has.
func TestSyncObsoleteOrphans(t *testing.T) {
	src := &corpus.Document{Edition: "wca-2024-01-01", Lang: "en", Items: []corpus.Item{
		{ID: "rule:1a", Kind: corpus.KindRegulation, Number: "1a", Text: "A competition must include a WCA Delegate."},
	}}
	tr := &corpus.Document{Edition: "wca-2024-01-01", Lang: "ja", Source: corpus.Source{Format: "po"}, Items: []corpus.Item{
		{ID: "rule:1a", Kind: corpus.KindRegulation, Number: "1a", Text: "大会には WCA 代理人を置かなければならない。"},
	}, Obsolete: []corpus.Obsolete{
		{Item: corpus.Item{ID: "rule:2b", Kind: corpus.KindRegulation, Number: "2b", Text: "電子機器を使用してはならない。"}, SourceText: "Competitors must not use electronic devices."},
		{Item: corpus.Item{ID: "rule:1a", Kind: corpus.KindRegulation, Number: "1a", Text: "別の訳。"}, Reason: "no counterpart in wca-2021-05-01"},
		{Item: corpus.Item{ID: "rule:9z", Kind: corpus.KindRegulation, Number: "9z", Text: "どこにもない。"}},
	}}
	d := gaps.Options{}.Sync(src, tr, nil)
	if e := d.Entries[0]; e.Target == nil || e.Target.Text != tr.Items[0].Text {
		t.Errorf("rule:1a holds %v, want the translation's item", e.Target)
	}
	var got []string
	for _, o := range d.Orphans {
		was := ""
		if o.Was != nil {
			was = o.Was.Text
		}
		got = append(got, fmt.Sprintf("%s %q %q: %s", o.Target.ID, o.Target.Text, was, o.Reason))
	}
	want := []string{
		`rule:2b "電子機器を使用してはならない。" "Competitors must not use electronic devices.": translates rule:2b of an earlier edition, kept obsolete by the catalogue: wca-2024-01-01 has no place for it`,
		`rule:1a "別の訳。" "": no counterpart in wca-2021-05-01`,
		`rule:9z "どこにもない。" "": kept obsolete by the catalogue: wca-2024-01-01 has no place for it`,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("orphans:\n%q\nwant:\n%q", got, want)
	}
}
