package gaps_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// headedPairs are dev translations whose rules print their numbers
// under headings that print theirs: source first.
var headedPairs = [][2]string{
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
}

// TestGapsHeadingsUnnumbered: a translation whose headings lost their
// numbers while the rules under them kept theirs (Word's heading
// numbering dropped in conversion: testcorpus.HeadingsUnnumbered,
// written from the real file) holds its headings, read alone, only as
// its rules' Section; read through its source, each is the source
// heading its rules' sources sit under, with that heading's id
// (align.SectionHeadings). So gaps reports no heading of the original's
// as missing that the original translates, the variant's item of each
// such heading has the original's title, and the draft carries it.
func TestGapsHeadingsUnnumbered(t *testing.T) {
	for _, p := range headedPairs {
		t.Run(p[1][strings.LastIndex(p[1], "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
			d := testcorpus.Render(t, orig, testcorpus.HeadingsUnnumbered)
			base := gaps.Options{}.Gaps(src, orig, nil)
			r := gaps.Options{}.Gaps(src, d, nil)
			title := map[string]string{} // the original's heading titles by source id
			for _, it := range base.Translation.Items {
				if it.Kind == corpus.KindSection && it.Number != "" && it.Text == "" && it.Title != "" {
					title[it.ID] = it.Title
				}
			}
			if len(title) < 5 {
				t.Fatalf("the original has %d numbered headings paired with the source's, want the variant to lose some", len(title))
			}
			// Read alone, the variant has no item of those headings
			// (the case held here): they are its rules' Section. (Where
			// a titled rule prints its number in a heading, FIDE hy's
			// "6.4", the headings between such are outline items.)
			alone := 0
			for _, it := range d.Items {
				for _, h := range title {
					if testcorpus.Key(it.Title) == testcorpus.Key(h) {
						alone++
					}
				}
			}
			if alone == len(title) {
				t.Fatalf("the variant read alone has items for %d of the %d headings", alone, len(title))
			}
			wasMissing := map[string]bool{}
			for _, f := range base.Findings {
				if f.Check == gaps.Missing {
					wasMissing[f.SourceID] = true
				}
			}
			for _, f := range r.Findings {
				if f.Check == gaps.Missing && title[f.SourceID] != "" && !wasMissing[f.SourceID] {
					t.Errorf("missing %s (%s): the variant translates it %q", f.SourceID, f.Message, title[f.SourceID])
				}
			}
			got := map[string]string{}
			for _, it := range r.Translation.Items {
				got[it.ID] = it.Title
			}
			entries := map[string]*gaps.Entry{}
			dr := r.Draft()
			for k := range dr.Entries {
				entries[dr.Entries[k].Source.ID] = &dr.Entries[k]
			}
			placed := 0
			for id, want := range title {
				if testcorpus.Key(got[id]) != testcorpus.Key(want) {
					t.Errorf("%s: the variant's item has title %q, want %q", id, got[id], want)
					continue
				}
				placed++
				if e := entries[id]; e == nil || e.Target == nil || testcorpus.Key(dr.Title(e)) != testcorpus.Key(want) {
					t.Errorf("%s: the draft does not carry the translation's heading %q", id, want)
				}
			}
			t.Logf("%d of %d headings of the original placed (%d items read alone); %d findings, the original %d", placed, len(title), alone, len(r.Findings), len(base.Findings))
		})
	}
}
