package gaps_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/synth"
)

// TestDraftOnce checks that a report's draft is made once and is the
// draft made afresh from the finished report: Gaps makes it for its
// accounting, before the findings that accounting adds and their sort,
// and every entry must carry the findings as the report has them.
func TestDraftOnce(t *testing.T) {
	docs, _ := synth.Corpus(3, 2, 1, 300)
	base, src := docs["en-1"], docs["en-2"]
	// A number the translation prints where its base has another: a
	// reason to review that only the draft finds, so the accounting's.
	tr := *docs["ja-1"]
	tr.Items = slices.Clone(tr.Items)
	for i := 10; i < len(tr.Items); i += 40 {
		tr.Items[i].Number += "9"
	}
	r := gaps.Options{}.Gaps(src, &tr, base)
	d := r.Draft()
	if d != r.Draft() || d.Report != r {
		t.Fatal("Draft made the draft again")
	}
	// The accounting added findings of its own: the draft made before
	// them would miss them.
	accounted := 0
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Message, "the text ") || strings.HasPrefix(f.Message, "the title ") {
			accounted++
		}
	}
	if accounted == 0 {
		t.Fatal("no finding of the accounting: the test checks nothing")
	}
	fresh := gaps.NewDraft(r)
	if len(d.Entries) != len(fresh.Entries) {
		t.Fatalf("%d entries, afresh %d", len(d.Entries), len(fresh.Entries))
	}
	for i := range d.Entries {
		if !reflect.DeepEqual(d.Entries[i], fresh.Entries[i]) {
			t.Fatalf("entry %s: made once %+v\nafresh %+v", d.Entries[i].Source.ID, d.Entries[i], fresh.Entries[i])
		}
	}
	if !reflect.DeepEqual(d.Orphans, fresh.Orphans) || !reflect.DeepEqual(d.Renumbered, fresh.Renumbered) {
		t.Fatal("the orphans or the renumbering differ from the draft made afresh")
	}
	if got, want := gaps.Count(d.Segments()), r.Progress(); got != want {
		t.Fatalf("progress %v, the report's %v", got, want)
	}
}
