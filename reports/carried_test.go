package reports_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// digitsRe finds a run of digits in a line.
var digitsRe = regexp.MustCompile(`[0-9]+`)

// TestSyncMarksDisagreement deletes, in the real Japanese WCA
// Regulations, a number of two digits or more from the line of a
// regulation that sync carries unmarked and whose English states the
// same number: gaps warns that the number is missing, and the draft
// must not carry the text in silence. In every format the entry is
// marked for review (Markdown's marker, PO's fuzzy, XLIFF's state; each
// read back as a review flag), with the finding as its reason, and
// sync's count of what to review grows by one.
func TestSyncMarksDisagreement(t *testing.T) {
	en, enText := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md"))
	ja, jaText := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md"))
	d0, _, st0 := syncDraft(t, en, ja, nil, enText, jaText, "md")
	before := (&reports.SyncReport{Draft: d0, Stats: st0}).Counts()["review"]

	// The first regulation carried with no reason to review whose
	// source and translation lines print one number of two digits.
	jaLines := strings.Split(jaText, "\n")
	label, line, cut := "", -1, ""
	for i := range d0.Entries {
		e := &d0.Entries[i]
		if e.State != gaps.Translated || len(e.Review) > 0 || len(e.Findings) > 0 || e.Source.Number == "" {
			continue
		}
		for k, l := range jaLines {
			m := wcaLabelRe.FindStringSubmatch(l)
			if m == nil || m[2] != e.Source.Number {
				continue
			}
			for _, n := range digitsRe.FindAllString(m[3], -1) {
				if len(n) >= 2 && len(digitsRe.FindAllString(m[3], -1)) == 1 && slices.Contains(digitsRe.FindAllString(e.Source.Text, -1), n) {
					label, line, cut = e.Source.Number, k, n
				}
			}
			break
		}
		if line >= 0 {
			break
		}
	}
	if line < 0 {
		t.Fatal("no carried regulation prints a number of two digits on both sides")
	}
	jaLines[line] = strings.Replace(jaLines[line], cut, "", 1)
	perturbed := strings.Join(jaLines, "\n")
	tr, err := ingest.Options{}.Bytes("ja.md", []byte(perturbed))
	if err != nil {
		t.Fatal(err)
	}
	id := "rule:" + label
	t.Logf("%s: %s deleted from the translation", id, cut)

	d, md, st := syncDraft(t, en, tr, nil, enText, perturbed, "md")
	if got := (&reports.SyncReport{Draft: d, Stats: st}).Counts()["review"]; got != before+1 {
		t.Errorf("to review: %d, want %d (the %d of the original and %s)", got, before+1, before, id)
	}
	var e *gaps.Entry
	for i := range d.Entries {
		if d.Entries[i].Source.ID == id {
			e = &d.Entries[i]
		}
	}
	if e == nil || e.State != gaps.Translated || !slices.ContainsFunc(e.Review, func(w string) bool { return strings.Contains(w, "missing") && strings.Contains(w, cut) }) {
		t.Fatalf("%s: entry %+v, want carried with the missing %s as a reason to review", id, e, cut)
	}
	mdLine := ""
	for _, l := range strings.Split(string(md), "\n") {
		if m := wcaLabelRe.FindStringSubmatch(l); m != nil && m[2] == label {
			mdLine = l
		}
	}
	if !strings.Contains(mdLine, corpus.Marker(corpus.FlagReview)) || !strings.Contains(mdLine, cut) {
		t.Errorf("draft line of %s %q: want the review marker and a note naming %s", id, mdLine, cut)
	}
	for _, format := range []string{"md", "po", "xliff"} {
		_, out, _ := syncDraft(t, en, tr, nil, enText, perturbed, format)
		back, err := ingest.Options{}.Bytes("draft."+format, out)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if it := back.Item(id); it == nil || !it.Has(corpus.FlagReview) {
			t.Errorf("%s: %s read back %+v, want it flagged for review", format, id, it)
		}
	}
}
