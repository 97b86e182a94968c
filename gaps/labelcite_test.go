package gaps_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// wordLabel is a label of words, a space, then digits ("Article 3",
// "Статья 3", "अनुच्छेद ३", "دفعہ ۳"): the labels whose words a citation
// reads as the document's own.
var wordLabel = regexp.MustCompile(`^[\p{L}\p{M} ]+ \p{Nd}+$`)

// TestLabelCitationChanged: a translation that cites another article
// than its source, both by their labels' own words ("Article 2" where
// the source says "Article 1", in a document whose articles print
// "Article N"), is a refs error. Each udhr translation whose articles
// print such labels gets, in copies, a citation of article 2 added to
// article 1 of its source and of itself (no finding), then of article 3
// in the translation (a finding naming articles 3 and 2).
func TestLabelCitationChanged(t *testing.T) {
	_, names := testcorpus.UDHRFiles(t)
	en := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	checked := 0
	for _, name := range names {
		if filepath.Ext(name) != ".md" || name == "udhr-1948-en.md" {
			continue
		}
		tr := testcorpus.Doc(t, "udhr/"+name)
		at := func(d *corpus.Document, id string) int {
			return slices.IndexFunc(d.Items, func(it corpus.Item) bool { return it.ID == id })
		}
		s1, t1, t2, t3 := at(en, "rule:1"), at(tr, "rule:1"), at(tr, "rule:2"), at(tr, "rule:3")
		if t1 < 0 || t2 < 0 || t3 < 0 || !wordLabel.MatchString(tr.Items[t2].Printed) || !wordLabel.MatchString(tr.Items[t3].Printed) {
			continue
		}
		checked++
		t.Run(name, func(t *testing.T) {
			src := *en
			src.Items = slices.Clone(en.Items)
			src.Items[s1].Text += "\n(" + en.Items[at(en, "rule:2")].Printed + ")"
			for _, cited := range []int{t2, t3} {
				v := *tr
				v.Items = slices.Clone(tr.Items)
				v.Items[t1].Text += "\n(" + tr.Items[cited].Printed + ")"
				var got []string
				for _, f := range (gaps.Options{}).Gaps(&src, &v, nil).Findings {
					if f.Check == gaps.Refs && f.SourceID == "rule:1" {
						got = append(got, f.Message)
					}
				}
				switch {
				case cited == t2 && len(got) > 0:
					t.Errorf("the same article cited: %q", got)
				case cited == t3 && (len(got) != 1 || !strings.Contains(got[0], "where the source cites "+en.Items[at(en, "rule:2")].Printed) || !strings.Contains(got[0], "cites "+en.Items[at(en, "rule:3")].Printed)):
					t.Errorf("%s cited for %s: %q, want one finding naming both", tr.Items[t3].Printed, en.Items[at(en, "rule:2")].Printed, got)
				}
			}
		})
	}
	if checked < 20 {
		t.Errorf("%d udhr translations whose articles print words and digits, want at least 20", checked)
	}
	t.Logf("%d udhr translations checked", checked)
}
