package diff_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// changed maps the ids of a comparison's changes by new id (old id for
// removed items).
func changed(c *diff.Comparison) map[string]*diff.Change {
	out := map[string]*diff.Change{}
	for i := range c.Changes {
		ch := &c.Changes[i]
		if it := c.NewItem(ch); it != nil {
			out[it.ID] = ch
		} else {
			out[c.OldItem(ch).ID] = ch
		}
	}
	return out
}

// TestTDA2022To2024 compares the 2022 short form with the 2024 longform:
// every rule whose title or text changed is reported, and no other; the
// procedures and addendum entries the short form lacks are a scope note
// (quoting the short form's own pointer to the longform), not 36 added
// items; the severities are an editor's (rule 25's "cannot" -> "can't",
// "floorperson" -> "floor person" is editorial); and no reason holds an
// id or a backslash.
func TestTDA2022To2024(t *testing.T) {
	old := testcorpus.Doc(t, "tda/tda-2022-shortform-en.docx")
	cur := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	c := diff.Options{}.Compare(old, cur)
	got := changed(c)
	reported := 0
	for _, o := range old.Items {
		if o.Kind != corpus.KindRule {
			continue
		}
		n := cur.Item(o.ID)
		if n == nil {
			t.Fatalf("%s missing from 2024", o.ID)
		}
		differs := corpus.Fold(o.Title) != corpus.Fold(n.Title) || corpus.Fold(o.Text) != corpus.Fold(n.Text)
		ch := got[o.ID]
		switch {
		case differs && ch == nil:
			t.Errorf("%s changed but is not reported", o.ID)
		case !differs && ch != nil:
			t.Errorf("%s did not change but is reported as %s: %s", o.ID, ch.Kind, ch.Reason)
		case differs:
			reported++
			if (corpus.Fold(o.Text) != corpus.Fold(n.Text)) != ch.TextChanged || (corpus.Fold(o.Title) != corpus.Fold(n.Title)) != ch.TitleChanged {
				t.Errorf("%s: text_changed %v title_changed %v, wrong", o.ID, ch.TextChanged, ch.TitleChanged)
			}
		}
	}
	added := 0
	for _, ch := range c.Changes {
		if ch.Kind == diff.Added {
			added++
			t.Errorf("added: %s (%s)", c.NewItem(&ch).ID, ch.Reason)
		}
		if strings.Contains(ch.Reason, "\\") || idRe.MatchString(ch.Reason) {
			t.Errorf("%s: the reason %q holds an id or a backslash", c.NewItem(&ch).ID, ch.Reason)
		}
	}
	t.Logf("%d of 71 rules changed; %d items added; %d substantive, %d editorial", reported, added, c.Count(diff.Substantive), c.Count(diff.Editorial))
	if len(c.Scope) != 1 {
		t.Fatalf("scope notes %+v, want one", c.Scope)
	}
	sc := c.Scope[0]
	t.Logf("scope: %s", sc.Note)
	if sc.InOld || len(sc.Items) != 22+14+2 || !slices.Equal(sc.Names, []string{"Recommended Procedures", "Illustration Addendum"}) || !slices.Equal(sc.Counts, []int{22, 14}) {
		t.Errorf("scope note %+v: want the 22 procedures and 14 addendum entries of 2024 (and the preambles of their sections)", sc)
	}
	if want := "(For Recommended Procedures and Illustration Addendum, see longform version at TDA website)"; sc.Mention != want || !strings.Contains(sc.Note, want) {
		t.Errorf("the note does not quote the short form's pointer: %q", sc.Note)
	}
	// An editor's reading of particular rules (the texts are in
	// ../shared/corpus/tda): rule 7 only turned "his or her" into
	// "their"; rule 5 gained parts A-D; rule 3 only "&" and "See also";
	// rule 25 only "cannot" -> "can't" and compounds written apart.
	for id, want := range map[string]diff.Severity{"rule:7": diff.Editorial, "rule:5": diff.Substantive, "rule:3": diff.Editorial, "rule:15": diff.Editorial, "rule:25": diff.Editorial} {
		if ch := got[id]; ch == nil || ch.Severity != want {
			t.Errorf("%s: %v, want %s", id, ch, want)
		}
	}
	for id, want := range map[string]string{
		"rule:5":  "parts A, B, C and D added",
		"rule:33": "now cites Rule 71-B",
		"rule:10": "title broadened: now also covers new players",
	} {
		if ch := got[id]; ch == nil || ch.Reason != want {
			t.Errorf("%s: reason %v, want %q", id, ch, want)
		}
	}
}

// idRe finds an item id in a reason.
var idRe = regexp.MustCompile(`\b(?:rule|rp|add|reg|guide|sec|item|pre):`)

// TestPDFvsDOCX compares the PDF and the DOCX of one edition: nothing.
func TestPDFvsDOCX(t *testing.T) {
	for _, base := range []string{"tda/tda-2024-longform-en", "tda/tda-2022-shortform-en"} {
		c := diff.Options{}.Compare(testcorpus.Doc(t, base+".pdf"), testcorpus.Doc(t, base+".docx"))
		for _, ch := range c.Changes {
			t.Errorf("%s: %s %v/%v: %s", base, ch.Kind, c.OldItem(&ch), c.NewItem(&ch), ch.Reason)
		}
	}
}

// TestWCA compares the English Regulations of 2021-05-01 and 2024-01-01:
// by id, every regulation whose text changed is modified, every id only
// in 2024 added (or split off a regulation of 2021: 3h4 and 4g1 each
// became a lead-in and a sub-regulation holding the old text) and every
// id only in 2021 removed, unless the aligner found it renumbered or
// moved, which it must then say.
func TestWCA(t *testing.T) {
	old := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	cur := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	c := diff.Options{}.Compare(old, cur)
	byOld := map[string]*diff.Change{}
	byNew := map[string]*diff.Change{}
	for i := range c.Changes {
		ch := &c.Changes[i]
		if o := c.OldItem(ch); o != nil {
			byOld[o.ID] = ch
		}
		for _, j := range ch.New {
			byNew[cur.Items[j].ID] = ch
		}
	}
	for i := range c.Changes {
		if r := c.Changes[i].Reason; strings.Contains(r, "\\") || idRe.MatchString(r) {
			t.Errorf("the reason %q holds an id or a backslash", r)
		}
	}
	for _, s := range c.StaleRefs {
		if idRe.MatchString(s.Reason) {
			t.Errorf("the stale reference %q holds an id", s.Reason)
		}
	}
	var modified, added, removed, renumbered, split int
	for _, n := range cur.Items {
		if n.Number == "" {
			continue
		}
		o := old.Item(n.ID)
		ch := byNew[n.ID]
		switch {
		case o == nil:
			if ch == nil || ch.Kind != diff.Added && ch.Kind != diff.Split && !ch.Renumbered {
				t.Errorf("%s is new: reported as %v", n.ID, ch)
			}
			switch {
			case ch != nil && ch.Kind == diff.Added:
				added++
			case ch != nil && ch.Kind == diff.Split:
				split++
			}
		case corpus.Fold(o.Text) != corpus.Fold(n.Text) || corpus.Fold(o.Title) != corpus.Fold(n.Title):
			if ch == nil || !ch.TextChanged && !ch.TitleChanged || c.OldItem(ch).ID != n.ID {
				t.Errorf("%s changed: reported as %v", n.ID, ch)
			}
			modified++
		case ch != nil && !ch.Renumbered && !ch.Moved:
			t.Errorf("%s did not change: reported as %s (%s)", n.ID, ch.Kind, ch.Reason)
		}
	}
	for _, o := range old.Items {
		if o.Number == "" || cur.Item(o.ID) != nil {
			continue
		}
		ch := byOld[o.ID]
		switch {
		case ch == nil:
			t.Errorf("%s is gone: not reported", o.ID)
		case ch.Kind == diff.Removed:
			removed++
		case ch.Renumbered:
			renumbered++
		default:
			t.Errorf("%s is gone: reported as %s", o.ID, ch.Kind)
		}
	}
	t.Logf("WCA 2021-05-01 -> 2024-01-01: %d modified, %d added, %d split off, %d removed, %d renumbered, %d sentences moved", modified, added, split, removed, renumbered, len(c.Moves))
}

// TestOneWordChanges: in the WCA Regulations of 2021 and 2024, a word of
// content added or deleted alters what a regulation says (A7c2
// "intentionally" added: only a signature made on purpose forfeits the
// attempt; A7g "new" deleted: every competitor's inexperience may be
// excused), and the changes of one or two words that keep the words'
// content stay editorial (12d2c "the" added).
func TestOneWordChanges(t *testing.T) {
	old := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	cur := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	c := diff.Options{}.Compare(old, cur)
	got := changed(c)
	for id, want := range map[string]diff.Severity{"rule:A7c2": diff.Substantive, "rule:A7g": diff.Substantive, "rule:12d2c": diff.Editorial} {
		if ch := got[id]; ch == nil || ch.Severity != want {
			t.Errorf("%s: %v, want %s", id, ch, want)
		}
	}
}
