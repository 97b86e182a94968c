package gaps_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// checkSegments holds the rules of the segments on a draft: every
// non-blank title and text of the items in scope or translated is one
// segment, once, in order; a segment is untranslated exactly when its
// field has no translation, stale only on an entry stale or moved,
// fuzzy only with a reason; the counts add up.
func checkSegments(t *testing.T, name string, d *gaps.Draft) gaps.Progress {
	t.Helper()
	segs := d.Segments()
	want := 0
	for i := range d.Entries {
		e := &d.Entries[i]
		if !e.InScope && e.Target == nil {
			continue
		}
		for _, f := range []string{e.Source.Title, e.Source.Text} {
			if strings.TrimSpace(f) != "" {
				want++
			}
		}
	}
	if len(segs) != want {
		t.Errorf("%s: %d segments, want %d (the non-blank fields of the items counted)", name, len(segs), want)
	}
	seen := map[string]bool{}
	for _, s := range segs {
		if seen[s.ID()] {
			t.Errorf("%s: segment %s twice", name, s.ID())
		}
		seen[s.ID()] = true
		target := d.Text(s.Entry)
		if s.Title {
			target = d.Title(s.Entry)
		}
		switch {
		case (s.Status == gaps.NotTranslated) != (target == ""):
			t.Errorf("%s: %s is %s with translation %q", name, s.ID(), s.Status, target)
		case s.Stale && s.Entry.State != gaps.StaleState:
			t.Errorf("%s: %s is stale on an entry %s", name, s.ID(), s.Entry.State)
		case s.Status == gaps.NeedsReview && s.Why == "":
			t.Errorf("%s: %s needs review for no reason", name, s.ID())
		case s.Status != gaps.NeedsReview && s.Why != "":
			t.Errorf("%s: %s is %s with a reason %q", name, s.ID(), s.Status, s.Why)
		}
	}
	p := d.Progress()
	if p.Total() != len(segs) || p.Review() != p.Stale+p.Fuzzy {
		t.Errorf("%s: %+v does not add up to %d segments", name, p, len(segs))
	}
	return p
}

// TestProgressRealTranslations counts the segments of the real
// translations and of copies the test perturbs: the WCA Japanese made
// from 2021 against 2024 (stale segments where the source changed, the
// title of a changed item current when it did not change), the
// Portuguese addendum (only its scope: the addendum's items), the TDA
// reader page (cut previews are fuzzy); a translation with its titles
// removed has those segments untranslated and nothing else moved; one
// marked for review has every translated segment fuzzy.
func TestProgressRealTranslations(t *testing.T) {
	en21 := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	en24 := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	ja21 := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")
	tda := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	pt := testcorpus.Doc(t, "seeds/tda-2024-addendum-pt.txt")
	reader := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")

	wca := checkSegments(t, "wca ja", gaps.Options{}.Sync(en24, ja21, en21))
	if wca.Stale == 0 || wca.Translated == 0 || wca.Untranslated == 0 {
		t.Errorf("wca ja: %+v; the 2024 source changed, added and kept regulations", wca)
	}
	d := gaps.Options{}.Sync(tda, pt, nil)
	p := checkSegments(t, "pt addendum", d)
	kinds := map[corpus.Kind]bool{}
	for _, it := range pt.Items {
		kinds[it.Kind] = it.Kind != corpus.KindPreamble
	}
	for _, s := range d.Segments() {
		if !kinds[s.Entry.Source.Kind] && s.Entry.Target == nil {
			t.Errorf("pt addendum: %s of a %s item counted, outside the addendum's scope", s.ID(), s.Entry.Source.Kind)
		}
	}
	if p.Total() >= len(tda.Items) {
		t.Errorf("pt addendum: %d segments of a source of %d items: the rules are counted", p.Total(), len(tda.Items))
	}
	r := checkSegments(t, "reader page", gaps.Options{}.Sync(tda, reader, nil))
	if r.Fuzzy == 0 {
		t.Errorf("reader page: %+v; its cut previews are fuzzy", r)
	}

	// The WCA translation without its titles.
	untitled := *ja21
	untitled.Items = append([]corpus.Item(nil), ja21.Items...)
	titles := 0
	for i := range untitled.Items {
		if untitled.Items[i].Title != "" {
			untitled.Items[i].Title = ""
			titles++
		}
	}
	if titles == 0 {
		t.Fatal("wca ja has no titles to remove")
	}
	u := checkSegments(t, "wca ja untitled", gaps.Options{}.Sync(en24, &untitled, en21))
	if u.Total() != wca.Total() || u.Untranslated <= wca.Untranslated || u.Translated+u.Review() != wca.Translated+wca.Review()-(u.Untranslated-wca.Untranslated) {
		t.Errorf("without its %d titles: %+v, with them %+v", titles, u, wca)
	}
	// The WCA translation marked for review throughout.
	marked := *ja21
	marked.Items = append([]corpus.Item(nil), ja21.Items...)
	for i := range marked.Items {
		marked.Items[i].Flags = append(append([]corpus.Flag(nil), marked.Items[i].Flags...), corpus.FlagReview)
	}
	m := checkSegments(t, "wca ja marked", gaps.Options{}.Sync(en24, &marked, en21))
	if m.Translated != 0 || m.Stale != wca.Stale || m.Fuzzy != wca.Translated+wca.Fuzzy || m.Untranslated != wca.Untranslated {
		t.Errorf("marked for review: %+v, unmarked %+v", m, wca)
	}
}
