package reports_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// plainRunRe is a run of letters and blanks that no draft format
// escapes (no apostrophe, quote, ampersand or angle bracket), long
// enough to be a piece of its own.
var plainRunRe = regexp.MustCompile(`[\p{L} ]{16,}`)

// TestUnconserved: the draft of the udhr French as written, in every
// draft format, holds all of the translation's text; with a run of
// words of article 12 cut out of it (the draft a writer that lost it
// would give: out of a PO's msgstr, an XLIFF's target, a CSV's text
// column, a document JSON's item), that article is the one orphan
// Unconserved gives, its text the sentence the run was cut from.
func TestUnconserved(t *testing.T) {
	enText, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	frText, fr := testcorpus.TextDoc(t, "udhr/udhr-1948-fr.md")
	d := gaps.Options{}.Gaps(en, fr, nil).Draft()
	var line string
	for _, it := range fr.Items {
		if it.ID == "rule:12" {
			line = strings.TrimSpace(strings.Split(it.Text, "\n")[0])
		}
	}
	run := strings.TrimSpace(plainRunRe.FindString(line))
	if run == "" {
		t.Fatalf("article 12's first line %q holds no plain run of words", line)
	}
	for _, format := range reports.DraftFormats {
		draft := writeSync(t, en, fr, string(enText), string(frText), format, nil)
		if lost, err := reports.Unconserved(d, format, draft); err != nil || len(lost) > 0 {
			t.Fatalf("%s: the whole draft: %d orphans (%v): %v", format, len(lost), err, lost)
		}
		if n := bytes.Count(draft, []byte(run)); n != 1 {
			t.Fatalf("%s: article 12's words %q are %d times in the draft, want once", format, run, n)
		}
		k := bytes.Index(draft, []byte(run))
		lost, err := reports.Unconserved(d, format, append(draft[:k:k], draft[k+len(run):]...))
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if len(lost) != 1 || lost[0].Target.ID != "rule:12" || !strings.Contains(lost[0].Target.Text, run) {
			var got []string
			for _, o := range lost {
				got = append(got, o.Target.ID+": "+o.Target.Text)
			}
			t.Errorf("%s: article 12's words %q cut: orphans %q, want rule:12 with them", format, run, got)
		}
	}
}
