package diff_test

import (
	"regexp"
	"testing"

	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// wordBeforeNumber is a Markdown heading's word before its number in
// digits (a letter, "Appendix C", is read by the numbering it is in)
// ("## ... Article 1: Officials").
var wordBeforeNumber = regexp.MustCompile(`(?m)^(#{1,6} (?:<[^>]*>)*\s*)\pL+( [0-9]{1,3}[.:])`)

// TestSectionRenamed rewords the headings of real editions in place: the
// word before every heading's number, as a house style would ("Article
// 1:" -> "Chapter 1:"). Each heading is at most one editorial change;
// no item under it has moved, since its section is the same one,
// renamed.
func TestSectionRenamed(t *testing.T) {
	for _, rel := range []string{
		"wca/wca-regulations-2024-01-01-en.md",
		"dev/fide-laws/fide-laws-2023-en.md",
	} {
		t.Run(rel, func(t *testing.T) {
			text, old := testcorpus.TextDoc(t, rel)
			n := len(wordBeforeNumber.FindAllString(text, -1))
			if n < 5 {
				t.Fatalf("%d headings with a word before their number", n)
			}
			relabelled := wordBeforeNumber.ReplaceAllString(text, "${1}Chapter${2}")
			cur, err := ingest.Options{}.Bytes("relabelled.md", []byte(relabelled))
			if err != nil {
				t.Fatal(err)
			}
			cmp := diff.Options{}.Compare(old, cur)
			headings := 0
			for _, ch := range cmp.Changes {
				switch {
				case ch.Moved:
					t.Errorf("%s (%s): moved: %s", ch.Kind, ch.Rule, ch.Reason)
				case ch.Rule == "heading" && ch.Severity == diff.Editorial:
					headings++
				default:
					t.Errorf("%s (%s, %s): %s", ch.Kind, ch.Rule, ch.Severity, ch.Reason)
				}
			}
			// A reading that keeps the heading's words apart from its
			// title (FIDE: the rules' section is the title alone) has
			// nothing to report.
			if headings != n && headings != 0 {
				t.Errorf("%d headings reworded, want %d", headings, n)
			}
		})
	}
}
