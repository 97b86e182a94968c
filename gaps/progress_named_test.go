package gaps_test

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestProgressNamed holds the progress counts and the findings to each
// other on real translations: every segment counted untranslated, stale
// or fuzzy is named by a finding on its item (or, for a title, by the
// titles finding that lists the untranslated titles), so that no count
// stands without a finding that --fail-on sees.
func TestProgressNamed(t *testing.T) {
	for _, c := range []struct{ source, translation, base string }{
		{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt", ""},
		{"tda/tda-2024-longform-en.pdf", "seeds/tda-2024-addendum-pt.txt", ""},
		{"wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "wca/wca-regulations-2021-05-01-en.md"},
		{"udhr/udhr-1948-en.md", "udhr/udhr-1948-ja.md", ""},
		{"udhr/udhr-1948-en.md", "udhr/udhr-1948-ru.md", ""},
	} {
		t.Run(c.translation, func(t *testing.T) {
			src, tr := testcorpus.Doc(t, c.source), testcorpus.Doc(t, c.translation)
			var base *corpus.Document
			if c.base != "" {
				base = testcorpus.Doc(t, c.base)
			}
			r := gaps.Options{}.Gaps(src, tr, base)
			named := map[string]bool{}
			titles := ""
			for _, f := range r.Findings {
				named[f.SourceID] = true
				if f.Check == gaps.Titles {
					titles = f.Message
				}
			}
			counted := 0
			for _, s := range r.Draft().Segments() {
				if s.Status == gaps.Current {
					continue
				}
				counted++
				id := s.Entry.Source.ID
				if named[id] || s.Title && s.Status == gaps.NotTranslated && titles != "" {
					continue
				}
				t.Errorf("%s: counted %s (%s) with no finding", s.ID(), s.Status, s.Why)
			}
			p := r.Progress()
			if got := p.Stale + p.Fuzzy + p.Untranslated; got != counted {
				t.Errorf("progress counts %d segments not current, the segments %d", got, counted)
			}
		})
	}
}
