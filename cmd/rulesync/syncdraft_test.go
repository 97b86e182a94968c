package main

import (
	"slices"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/synth"
)

// TestSyncDraftCopies checks that the draft sync writes leaves the
// report's own draft (which every Report.Draft returns) as it was: the
// reasons to review of edited msgids and the release of the checks are
// made on a copy.
func TestSyncDraftCopies(t *testing.T) {
	docs, _ := synth.Corpus(1, 1, 1, 200)
	r := gaps.Options{}.Gaps(docs["en-1"], docs["ja-1"], nil)
	own := r.Draft()
	// Every entry's reasons with room to grow: an append that is not
	// clipped writes into the report's array.
	reviews := make([][]string, len(own.Entries))
	for i := range own.Entries {
		e := &own.Entries[i]
		e.Review = append(make([]string, 0, len(e.Review)+4), e.Review...)
		reviews[i] = slices.Clone(e.Review)
	}
	var edited []editedMsgid
	for i := range own.Entries {
		if e := &own.Entries[i]; e.Target != nil && len(edited) < 5 {
			edited = append(edited, editedMsgid{line: i + 1, ctx: e.Target.ID, why: "edited"})
		}
	}
	if len(edited) == 0 {
		t.Fatal("no entry carries a translation")
	}
	d := syncDraft(r, edited)
	if r.Draft() != own || own.Report != r || own.Report.Alignment == nil {
		t.Fatal("the report's draft was replaced or released")
	}
	if d.Report == r || d.Report.Alignment != nil {
		t.Fatal("the draft written holds the checks")
	}
	marked := 0
	for i := range own.Entries {
		rv := own.Entries[i].Review
		if !slices.Equal(rv, reviews[i]) || rv[:len(rv)+1][len(rv)] != "" {
			t.Fatalf("entry %s of the report's draft changed: %q, was %q", own.Entries[i].Source.ID, own.Entries[i].Review, reviews[i])
		}
		if len(d.Entries[i].Review) > len(reviews[i]) {
			marked++
		}
	}
	if marked != len(edited) {
		t.Fatalf("%d entries marked for review, want %d", marked, len(edited))
	}
}
