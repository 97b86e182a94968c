package gaps_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestFuzzyNumberings: the Debian Social Contract numbers its five
// commitments 1 to 5 and then, under another heading, its guidelines 1
// to 10 (rule:1 and rule:_2_1): a translation that prints both lists as
// its source does needs no review for it. Each translation checked
// against the English of its own version with no finding has every
// segment translated and current (none fuzzy); and a copy of the
// Japanese that prints 1 on the second commitment as well as on the
// first is marked for review on those two, not on the guideline 1.
func TestFuzzyNumberings(t *testing.T) {
	sc := "dev/debian-social-contract/debian-social-contract-"
	for _, c := range [][2]string{
		{"1.0-en", "1.0-ja"}, {"1.1-en", "1.1-ja"}, {"1.1-en", "1.1-ar"}, {"1.1-en", "1.1-he"},
		{"1.1-en", "1.1-ru"}, {"1.1-en", "1.1-zh"},
	} {
		en := testcorpus.Doc(t, sc+c[0]+".wml")
		tr := testcorpus.Doc(t, sc+c[1]+".wml")
		r := gaps.Options{}.Gaps(en, tr, nil)
		p := r.Progress()
		if len(r.Findings) == 0 && p.Fuzzy > 0 {
			for _, s := range r.Draft().Segments() {
				if s.Status == gaps.NeedsReview {
					t.Errorf("%s: %s needs review, with no finding: %s", c[1], s.ID(), s.Why)
				}
			}
		}
		t.Logf("%s: %s; %d findings", c[1], p, len(r.Findings))
	}

	en := testcorpus.Doc(t, sc+"1.1-en.wml")
	ja := testcorpus.Doc(t, sc+"1.1-ja.wml")
	twice := *ja
	twice.Items = append([]corpus.Item(nil), ja.Items...)
	second := twice.Item("rule:2")
	if second == nil || twice.Item("rule:_2_1") == nil {
		t.Fatal("the Japanese Social Contract has no rule:2 or rule:_2_1")
	}
	second.Number = "1"
	review := map[string]bool{}
	for _, s := range (gaps.Options{}).Gaps(en, &twice, nil).Draft().Segments() {
		if s.Status == gaps.NeedsReview && strings.Contains(s.Why, "prints 1 for") {
			review[s.Entry.Source.ID] = true
		}
	}
	if !review["rule:1"] || !review["rule:2"] || review["rule:_2_1"] || len(review) != 2 {
		t.Errorf("1 printed on commitments 1 and 2: for review %v, want rule:1 and rule:2", review)
	}
}
