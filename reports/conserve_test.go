package reports_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestUnconserved: the draft of the udhr French as written holds all of
// the translation's text; with a line of an article cut out of it (the
// draft a writer that lost it would give), that article is the orphan
// Unconserved gives, with the line's sentences as its text, and no
// other is.
func TestUnconserved(t *testing.T) {
	enText, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	frText, fr := testcorpus.TextDoc(t, "udhr/udhr-1948-fr.md")
	d := gaps.Options{}.Gaps(en, fr, nil).Draft()
	for _, format := range []string{"md", "text"} {
		draft := writeSync(t, en, fr, string(enText), string(frText), format, nil)
		if lost := reports.Unconserved(d, draft); len(lost) > 0 {
			t.Fatalf("%s: the whole draft: %d orphans, first %s: %q", format, len(lost), lost[0].Target.ID, lost[0].Target.Text)
		}
		var cut string
		for _, it := range fr.Items {
			if it.ID == "rule:12" {
				cut = strings.TrimSpace(strings.Split(it.Text, "\n")[0])
			}
		}
		k := bytes.Index(draft, []byte(cut))
		if cut == "" || k < 0 {
			t.Fatalf("%s: article 12's text %q is not in the draft", format, cut)
		}
		lost := reports.Unconserved(d, append(draft[:k:k], draft[k+len(cut):]...))
		if len(lost) != 1 || lost[0].Target.ID != "rule:12" || strings.Join(strings.Fields(lost[0].Target.Text), " ") != cut {
			var got []string
			for _, o := range lost {
				got = append(got, o.Target.ID+": "+o.Target.Text)
			}
			t.Errorf("%s: article 12's line cut: orphans %q, want rule:12 with %q", format, got, cut)
		}
	}
}
