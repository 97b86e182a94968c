package align_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// partner returns the id of the source item paired with target item j,
// or "".
func partner(al *align.Alignment, j int) (string, *align.Pair) {
	for k := range al.Pairs {
		if slices.Contains(al.Pairs[k].Target, j) {
			return al.Source.Items[al.Pairs[k].Source[0]].ID, &al.Pairs[k]
		}
	}
	return "", nil
}

// TestReaderPage aligns the Japanese reader page (no numbers, 68 of the
// 71 rules, previews cut short) with the 2024 English longform. The page
// lists its rules, procedures and addendum previews in the publication's
// order, without rules 1, 54 and 66: that is the truth every pair is
// checked against. The accuracy must be 100%.
func TestReaderPage(t *testing.T) {
	for _, src := range []string{"tda/tda-2024-longform-en.docx", "tda/tda-2024-longform-en.pdf"} {
		t.Run(filepath.Ext(src), func(t *testing.T) {
			en := testcorpus.Doc(t, src)
			ja := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")
			al := align.Options{}.Align(en, ja)
			absent := map[string]bool{"rule:1": true, "rule:54": true, "rule:66": true}
			want := map[corpus.Kind][]string{}
			for _, it := range en.Items {
				if it.Kind != corpus.KindPreamble && !absent[it.ID] {
					want[it.Kind] = append(want[it.Kind], it.ID)
				}
			}
			seen := map[corpus.Kind]int{}
			total, right, low := 0, 0, 0
			for j, it := range ja.Items {
				if it.Kind == corpus.KindPreamble {
					continue
				}
				k := seen[it.Kind]
				seen[it.Kind]++
				if k >= len(want[it.Kind]) {
					t.Errorf("%s (%s %q): more %s items on the page than in the source", it.ID, it.Kind, it.Title, it.Kind)
					continue
				}
				total++
				got, p := partner(al, j)
				if got != want[it.Kind][k] {
					t.Errorf("%s %q: paired with %q, want %s", it.ID, it.Title, got, want[it.Kind][k])
					continue
				}
				right++
				if p.Low {
					low++
				}
			}
			var unmatched []string
			for _, i := range al.UnmatchedSource {
				if en.Items[i].Kind != corpus.KindPreamble {
					unmatched = append(unmatched, en.Items[i].ID)
				}
			}
			if !slices.Equal(unmatched, []string{"rule:1", "rule:54", "rule:66"}) {
				t.Errorf("unmatched source items %v, want the 3 rules the page lacks", unmatched)
			}
			if total != 68+22+14 {
				t.Errorf("%d items checked, want 104", total)
			}
			t.Logf("accuracy %d/%d = %.1f%%; %d correct pairs marked low confidence", right, total, 100*float64(right)/float64(total), low)
			if low > 3 {
				t.Errorf("%d correct pairs marked low confidence; want at most 3", low)
			}
		})
	}
}

// TestNumbered checks that aligned reader-page items take the source's
// numbers: the page's item:12 is rule 13.
func TestNumbered(t *testing.T) {
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.docx")
	ja := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")
	al := align.Options{}.Align(en, ja)
	d := al.Numbered()
	if d.Items[11].ID != "rule:13" || d.Items[11].Number != "13" || d.Items[11].Title != ja.Items[11].Title {
		t.Errorf("12th item of the page: %s %q %q, want rule:13 keeping its title", d.Items[11].ID, d.Items[11].Number, d.Items[11].Title)
	}
	if ja.Items[11].ID != "item:12" {
		t.Errorf("Numbered changed its input: %s", ja.Items[11].ID)
	}
	if err := d.Validate(); err != nil {
		t.Error(err)
	}
}

// TestPortugueseAddendum aligns the Portuguese addendum page, whose entry
// headings were lost, with the 2024 longform: each entry with its
// addendum rule, in order.
func TestPortugueseAddendum(t *testing.T) {
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	pt := testcorpus.Doc(t, "seeds/tda-2024-addendum-pt.txt")
	al := align.Options{}.Align(en, pt)
	var adds []string
	for _, it := range en.Items {
		if it.Kind == corpus.KindAddendum {
			adds = append(adds, it.ID)
		}
	}
	if len(pt.Items) != len(adds) {
		t.Fatalf("%d entries on the page, %d in the source", len(pt.Items), len(adds))
	}
	for j, it := range pt.Items {
		if got, _ := partner(al, j); got != adds[j] {
			t.Errorf("entry %d (%s): paired with %q, want %s", j+1, it.ID, got, adds[j])
		}
	}
}

// TestEditions aligns the 2022 short form with the 2024 longform: all 71
// rules keep their identity, and the procedures and addendum the short
// form lacks are unmatched target items.
func TestEditions(t *testing.T) {
	old := testcorpus.Doc(t, "tda/tda-2022-shortform-en.docx")
	cur := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	al := align.Options{}.Align(old, cur)
	n := 0
	for _, p := range al.Pairs {
		s, tg := old.Items[p.Source[0]], cur.Items[p.Target[0]]
		if s.Kind != corpus.KindRule {
			continue
		}
		n++
		if s.ID != tg.ID || len(p.Source) != 1 || len(p.Target) != 1 {
			t.Errorf("%s paired with %s", s.ID, tg.ID)
		}
		if p.Low {
			t.Errorf("%s: low confidence (%.2f) for a rule that only changed wording: %v", s.ID, p.Score, p.Evidence)
		}
	}
	if n != 71 {
		t.Errorf("%d rules paired, want 71", n)
	}
	kinds := map[corpus.Kind]int{}
	for _, j := range al.UnmatchedTarget {
		kinds[cur.Items[j].Kind]++
	}
	if kinds[corpus.KindRP] != 22 || kinds[corpus.KindAddendum] != 14 || kinds[corpus.KindRule] != 0 {
		t.Errorf("unmatched target items by kind %v, want the 22 procedures and 14 addendum entries", kinds)
	}
}

// TestWCA aligns the Japanese translation of the 2021-05-01 Regulations
// with the English it follows and with the 2024-01-01 English. Ids are
// printed on both sides and decide; the pairs whose evidence contradicts
// them are the regulations whose content no longer matches. The truth is
// the set of regulations whose English text changed between the two
// editions.
func TestWCA(t *testing.T) {
	en21 := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	en24 := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	ja := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")

	same := align.Options{}.Align(en21, ja)
	contradicted := 0
	for _, p := range same.Pairs {
		s, tg := en21.Items[p.Source[0]], ja.Items[p.Target[0]]
		// Unnumbered sections have ids made from their titles, which
		// differ by language; numbered items must keep theirs.
		if s.Number != "" && s.ID != tg.ID {
			t.Errorf("2021: %s paired with %s", s.ID, tg.ID)
		}
		if p.Contradicted() {
			contradicted++
			t.Logf("2021 pair contradicted: %s: %v", s.ID, p.Evidence)
		}
	}
	if len(same.UnmatchedSource)+len(same.UnmatchedTarget) > 0 || len(same.Pairs) != len(ja.Items) {
		t.Errorf("2021: %d pairs, %d/%d unmatched; want every item paired", len(same.Pairs), len(same.UnmatchedSource), len(same.UnmatchedTarget))
	}
	falseRate := float64(contradicted) / float64(len(same.Pairs))
	t.Logf("2021 en vs its ja translation: %d pairs, %d contradicted (%.1f%%)", len(same.Pairs), contradicted, 100*falseRate)
	if falseRate > 0.03 {
		t.Errorf("%.1f%% of the pairs of a translation and its own source contradicted; want at most 3%%", 100*falseRate)
	}

	changed := map[string]bool{}
	for _, it := range en24.Items {
		if it.Number == "" {
			continue
		}
		if prev := en21.Item(it.ID); prev == nil || corpus.Fold(prev.Text) != corpus.Fold(it.Text) || corpus.Fold(prev.Title) != corpus.Fold(it.Title) {
			changed[it.ID] = true
		}
	}
	later := align.Options{}.Align(en24, ja)
	tp, fp := 0, 0
	reported := map[string]bool{}
	for _, p := range later.Pairs {
		s, tg := en24.Items[p.Source[0]], ja.Items[p.Target[0]]
		if s.Number == "" || s.ID == tg.ID && !p.Contradicted() {
			continue
		}
		reported[s.ID] = true
	}
	for _, i := range later.UnmatchedSource {
		if en24.Items[i].Number != "" {
			reported[en24.Items[i].ID] = true
		}
	}
	for id := range reported {
		if changed[id] {
			tp++
		} else {
			fp++
		}
	}
	// Many edits are only wording ("x" -> "X", "is be" -> "is"), which no
	// comparison across languages can see; the measurable ones change what
	// every language writes alike (numbers, references) or add or drop
	// much text, or are new.
	visible := map[string]bool{}
	for id := range changed {
		cur, prev := en24.Item(id), en21.Item(id)
		if prev == nil || !slices.Equal(align.Numbers(cur.Text, "en"), align.Numbers(prev.Text, "en")) || !slices.Equal(cur.Refs, prev.Refs) ||
			lengthChange(prev.Text, cur.Text) > 0.25 {
			visible[id] = true
		}
	}
	found := 0
	for id := range visible {
		if reported[id] {
			found++
		} else {
			cur, prev := en24.Item(id), en21.Item(id)
			why := ""
			if prev == nil {
				why = "new"
			} else {
				why = fmt.Sprintf("nums %v->%v refs %v->%v len %.2f", align.Numbers(prev.Text, "en"), align.Numbers(cur.Text, "en"), prev.Refs, cur.Refs, lengthChange(prev.Text, cur.Text))
			}
			for _, p := range later.Pairs {
				if en24.Items[p.Source[0]].ID == id {
					why += fmt.Sprintf(" | score %.2f ev %v", p.Score, p.Evidence)
				}
			}
			t.Logf("changed but not reported: %s: %s", id, why)
		}
	}
	precision := float64(tp) / float64(tp+fp)
	recall := float64(found) / float64(len(visible))
	t.Logf("2024 en vs the 2021 ja translation: %d regulations reported as no longer matching, %d of them changed (precision %.0f%%); "+
		"%d of the %d changed in numbers, references or length found (recall %.0f%%); %d of all %d changed ones",
		len(reported), tp, 100*precision, found, len(visible), 100*recall, tp, len(changed))
	if precision < 0.9 || recall < 0.8 {
		t.Errorf("precision %.2f, recall %.2f; want at least 0.9 and 0.8", precision, recall)
	}
	for _, p := range later.Pairs {
		s, tg := en24.Items[p.Source[0]], ja.Items[p.Target[0]]
		if s.Number != "" && s.ID != tg.ID && !p.Low {
			t.Errorf("%s paired with %s (renumbered?) without being marked for review", s.ID, tg.ID)
		}
	}
}

// TestMismatchLow swaps the texts of two rules on the Japanese page: a
// target whose text belongs to another rule must not get a high score
// where it stands.
func TestMismatchLow(t *testing.T) {
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.docx")
	ja := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")
	a, b := 4, 58 // the 5th and 59th items: rules 6 and 62 on the page
	ja.Items[a].Title, ja.Items[b].Title = ja.Items[b].Title, ja.Items[a].Title
	ja.Items[a].Text, ja.Items[b].Text = ja.Items[b].Text, ja.Items[a].Text
	ja.Items[a].Refs, ja.Items[b].Refs = ja.Items[b].Refs, ja.Items[a].Refs
	ja.Items[a].Flags, ja.Items[b].Flags = ja.Items[b].Flags, ja.Items[a].Flags
	al := align.Options{}.Align(en, ja)
	for _, j := range []int{a, b} {
		id, p := partner(al, j)
		if p == nil {
			continue // left unmatched: not silently accepted
		}
		var ev []string
		for _, e := range p.Evidence {
			ev = append(ev, e.String())
		}
		if !p.Low || p.Score >= 0.5 {
			t.Errorf("swapped item %s paired with %s at score %.2f, low=%v: %s", ja.Items[j].ID, id, p.Score, p.Low, strings.Join(ev, "; "))
		}
	}
}

// TestPivot aligns two translations through the English in one call.
func TestPivot(t *testing.T) {
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.docx")
	ja := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")
	pt := testcorpus.Doc(t, "seeds/tda-2024-addendum-pt.txt")
	als := align.Options{}.Pivot(en, ja, pt)
	rows := align.Rows(als)
	both := 0
	for _, r := range rows {
		if en.Items[r.Source].Kind == corpus.KindAddendum {
			if len(r.Targets[0]) == 1 && len(r.Targets[1]) == 1 {
				both++
			}
		}
	}
	if len(rows) != len(en.Items) || both != 14 {
		t.Errorf("%d rows, %d addendum entries with a partner in both translations; want %d rows and 14", len(rows), both, len(en.Items))
	}
	if fmt.Sprintf("%s %s", als[0].Target.Lang, als[1].Target.Lang) != "ja pt" {
		t.Errorf("alignments out of order: %s, %s", als[0].Target.Lang, als[1].Target.Lang)
	}
}

// lengthChange is the relative change in length from a to b.
func lengthChange(a, b string) float64 {
	la, lb := float64(len([]rune(a))), float64(len([]rune(b)))
	if la == 0 {
		return 1
	}
	d := (lb - la) / la
	if d < 0 {
		d = -d
	}
	return d
}
