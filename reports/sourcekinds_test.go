package reports_test

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/reports"
)

// gapsErrors are the source ids of a report's errors, by check (missing
// and untranslated as one: a catalogue leaves an item out where a
// Markdown draft marks the source's text), sorted; and its scope
// findings.
func gapsErrors(r *gaps.Report) (errs, scope []string) {
	for _, f := range r.Findings {
		switch {
		case f.Check == gaps.Scope:
			scope = append(scope, f.Message)
		case f.Severity == gaps.Error:
			check := f.Check
			if check == gaps.Missing {
				check = gaps.Untranslated
			}
			errs = append(errs, check+" "+f.SourceID)
		}
	}
	slices.Sort(errs)
	return errs, scope
}

// TestInterchangeTakesSourceKinds syncs a real translation whose source
// numbers regulations with rule: ids (the WCA Japanese of 2021 onto the
// English of 2024) to Markdown, PO, XLIFF and TMX, and checks each file
// read back with gaps: every format gives the same errors on the same
// source items, and none says part of the source is not checked. A
// catalogue's items take their kinds from their source items, not from
// the prefix of the ids they carry.
func TestInterchangeTakesSourceKinds(t *testing.T) {
	base, _ := readDoc(t, "../testdata/wca/wca-regulations-2021-05-01-en.md")
	src, srcText := readDoc(t, "../testdata/wca/wca-regulations-2024-01-01-en.md")
	tr, trText := readDoc(t, "../testdata/wca/wca-regulations-2021-05-01-ja.md")
	d := gaps.Options{}.Sync(src, tr, base)
	var want []string
	for _, format := range []string{"md", "po", "xliff", "tmx"} {
		var b bytes.Buffer
		o := reports.DraftOptions{Format: format, SourceText: srcText, TranslationText: trText, Now: time.Unix(1700000000, 0)}
		var err error
		if format == "tmx" {
			err = reports.DraftTMX(&b, d, o)
		} else {
			_, err = reports.WriteDraft(&b, d, o)
		}
		if err != nil {
			t.Fatal(err)
		}
		back, err := ingest.Options{}.Bytes("draft."+format, b.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		errs, scope := gapsErrors(gaps.Options{}.Gaps(src, back, nil))
		if len(scope) > 0 {
			t.Errorf("%s: %q", format, scope)
		}
		if format == "md" {
			want = errs
			if n := d.Count(gaps.New); len(errs) < n {
				t.Errorf("md: %d errors for %d untranslated items", len(errs), n)
			}
			continue
		}
		if !slices.Equal(errs, want) {
			t.Errorf("%s: %d errors, the Markdown draft %d; first differing: %s", format, len(errs), len(want), firstDifference(errs, want))
		}
	}
}

// firstDifference names the first entry of a that b lacks, or of b that
// a lacks.
func firstDifference(a, b []string) string {
	for _, s := range a {
		if !slices.Contains(b, s) {
			return s + " (only here)"
		}
	}
	for _, s := range b {
		if !slices.Contains(a, s) {
			return s + " (only in Markdown)"
		}
	}
	return "none"
}

// TestTextDraftMarkedIDsPair syncs the TDA Japanese page onto the 2024
// longform as a plain-text draft, whose layout cannot say the ids of the
// addendum's examples ("rule:_12_10") and writes them in id markers, and
// checks the draft read back with gaps: every item a marker names that
// the source has is paired with it (no "extra" finding on it), and no
// part of the source is left unchecked.
func TestTextDraftMarkedIDsPair(t *testing.T) {
	src, srcText := readDoc(t, "../testdata/tda/tda-2024-longform-en.docx")
	tr, trText := readDoc(t, "../testdata/seeds/tda-2024-ja-reader-page.txt")
	_, text, _ := syncDraft(t, src, tr, nil, srcText, trText, "text")
	back, err := ingest.Options{}.Bytes("draft.txt", text)
	if err != nil {
		t.Fatal(err)
	}
	marked := map[string]bool{}
	for _, it := range back.Items {
		if src.Item(it.ID) != nil && it.IDSource == corpus.IDMarked && corpus.PlaceID(it.ID) {
			marked[it.ID] = true
		}
	}
	if len(marked) == 0 {
		t.Fatal("the draft marks no place id of the source: the test checks nothing")
	}
	r := gaps.Options{}.Gaps(src, back, nil)
	for _, f := range r.Findings {
		if f.Check == gaps.Extra && marked[f.TargetID] || f.Check == gaps.Scope {
			t.Errorf("%s %s: %s", f.Check, f.TargetID, f.Message)
		}
	}
	t.Logf("%d place ids marked in the draft", len(marked))
}
