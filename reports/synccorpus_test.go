package reports_test

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// wcaLabelRe reads a WCA regulation line, not with rulesync: its
// indentation, its label and the rest of the line.
var wcaLabelRe = regexp.MustCompile(`^(\s*)- ([0-9A-Z][0-9a-z]*)\) (.*)$`)

// wcaLines maps each regulation label of a WCA Markdown text to the rest
// of its line, and lists the labels in order.
func wcaLines(text string) (map[string]string, []string) {
	rest := map[string]string{}
	var order []string
	for _, l := range strings.Split(text, "\n") {
		if m := wcaLabelRe.FindStringSubmatch(l); m != nil {
			rest[m[2]] = m[3]
			order = append(order, m[2])
		}
	}
	return rest, order
}

// changedIDs are the ids of the source items the edition diff reports
// modified, retitled, split, merged or added: those a translation of
// the base is stale or silent on.
func changedIDs(cmp *diff.Comparison) (changed, added map[string]bool) {
	changed, added = map[string]bool{}, map[string]bool{}
	for i := range cmp.Changes {
		ch := &cmp.Changes[i]
		switch {
		case ch.Kind == diff.Added:
			added[cmp.New.Items[ch.New[0]].ID] = true
		case ch.Kind == diff.Split:
			// The first part holds the old item's translation, stale;
			// a part that took a number of its own has none.
			changed[cmp.New.Items[ch.New[0]].ID] = true
			for _, j := range ch.New[1:] {
				added[cmp.New.Items[j].ID] = true
			}
		case ch.TextChanged || ch.TitleChanged || ch.Kind == diff.Split || ch.Kind == diff.Merged:
			for _, j := range ch.New {
				changed[cmp.New.Items[j].ID] = true
			}
		}
	}
	return changed, added
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestSyncWCA is the real case: the Japanese WCA Regulations follow
// 2021-05-01, the English are at 2024-01-01. The draft's regulation
// labels, read here with a regular expression of our own, are exactly
// the 2024 English labels in order; each regulation the English diff
// does not report changed or added carries the 2021 Japanese text of its
// line byte for byte; gaps on the draft reports as stale or untranslated
// exactly the regulations the diff reports changed or added; the
// translation items with no place are the regulations 2024 removed.
func TestSyncWCA(t *testing.T) {
	en21, _ := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md"))
	en24, en24Text := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2024-01-01-en.md"))
	ja21, ja21Text := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md"))
	d, md, st := syncDraft(t, en24, ja21, en21, en24Text, ja21Text, "md")

	draftLines, draftOrder := wcaLines(string(md))
	_, enOrder := wcaLines(en24Text)
	jaLines, _ := wcaLines(ja21Text)
	if !slices.Equal(draftOrder, enOrder) {
		t.Fatalf("draft labels (%d) are not the 2024 English labels (%d) in order", len(draftOrder), len(enOrder))
	}
	cmp := diff.Options{}.Compare(en21, en24)
	changed, added := changedIDs(cmp)
	// Regulations the diff reports renumbered (or moved and renumbered:
	// A3b3) carry the 2021 Japanese text of their old number (A3d2 is
	// A3b3, A3d3 is A3b4: the same text), with a note of it.
	was := map[string]string{}
	for i := range cmp.Changes {
		if ch := &cmp.Changes[i]; ch.Renumbered && (ch.Kind == diff.Renumbered || ch.Kind == diff.Moved) && len(ch.Old) == 1 {
			was[cmp.NewItem(ch).Number] = cmp.OldItem(ch).Number
		}
	}
	if was["A3b3"] != "A3d2" || was["A3b4"] != "A3d3" {
		t.Errorf("renumbered: %v, want A3d2 -> A3b3 and A3d3 -> A3b4", was)
	}
	// A carried text the checks find against (a citation it lacks or
	// changes) is carried marked for review, with the reasons.
	entryOf := map[string]*gaps.Entry{}
	for i := range d.Entries {
		entryOf[d.Entries[i].Source.ID] = &d.Entries[i]
	}
	carried, reviewed := 0, 0
	for _, label := range enOrder {
		id := "rule:" + label
		if changed[id] || added[id] {
			continue
		}
		want := jaLines[label]
		if w, ok := was[label]; ok {
			want = jaLines[w] + " {{rulesync:note was rule:" + w + "}}"
		}
		if e := entryOf[id]; e != nil && len(e.Review) > 0 {
			want = "{{rulesync:review}} " + want + " {{rulesync:note review: " + strings.Join(e.Review, "; ") + "}}"
			reviewed++
		}
		if draftLines[label] != want {
			t.Errorf("%s: draft %q, want the 2021 Japanese %q", label, draftLines[label], want)
		}
		carried++
	}

	back, err := ingest.Options{}.Bytes("ja-2024.md", md)
	if err != nil {
		t.Fatal(err)
	}
	if back.Edition != "wca-2024-01-01" || back.Version != "2024年1月1日" {
		t.Errorf("draft edition %s, version %q", back.Edition, back.Version)
	}
	// Every numbered item reads back with its 2024 id; the notes
	// sections, unnumbered, by the slugs of their Japanese titles.
	var want, got []string
	for _, it := range en24.Items {
		if it.Number != "" {
			want = append(want, it.ID)
		}
	}
	for _, it := range back.Items {
		if it.Number != "" {
			got = append(got, it.ID)
		}
	}
	if !slices.Equal(got, want) || len(back.Items) != len(en24.Items) {
		t.Errorf("draft read back: %d items, numbered ids equal: %v", len(back.Items), slices.Equal(got, want))
	}
	// A regulation 2024 added with the whole text of one it removed
	// would carry its translation there, marked stale; the diff finds
	// the two there are (A3d2, A3d3) renumbered, which carries them.
	movedFrom := map[string]bool{}
	for i := range d.Entries {
		if e := &d.Entries[i]; e.MovedFrom != "" {
			delete(added, e.Source.ID)
			changed[e.Source.ID], movedFrom[e.MovedFrom] = true, true
		}
	}
	if len(movedFrom) != 0 {
		t.Errorf("moved: %v, want none (renumbered)", movedFrom)
	}
	r := gaps.Options{}.Gaps(en24, back, nil)
	stale, untranslated := findings(r, gaps.Stale), findings(r, gaps.Untranslated)
	if !slices.Equal(stale, keys(changed)) || !slices.Equal(untranslated, keys(added)) {
		t.Errorf("gaps on the draft: %d stale, %d untranslated; the diff: %d changed (moves included), %d added", len(stale), len(untranslated), len(changed), len(added))
	}
	var removed []string
	for i := range cmp.Changes {
		if ch := &cmp.Changes[i]; ch.Kind == diff.Removed && !movedFrom[en21.Items[ch.Old[0]].ID] {
			removed = append(removed, en21.Items[ch.Old[0]].ID)
		}
	}
	var orphans []string
	for _, o := range d.Orphans {
		orphans = append(orphans, o.Target.ID)
	}
	sort.Strings(removed)
	sort.Strings(orphans)
	if !slices.Equal(orphans, removed) {
		t.Errorf("orphans %v, want the removed %v", orphans, removed)
	}
	counts := fmt.Sprintf("%d items: carried %d, stale %d, untranslated %d, orphaned %d; %d regulations carried byte for byte, %d of them marked for review",
		len(d.Entries), d.Count(gaps.Translated), d.Count(gaps.StaleState), d.Count(gaps.New), len(d.Orphans), carried, reviewed)
	// The figures in the README.
	if counts != "473 items: carried 367, stale 75, untranslated 31, orphaned 33; 345 regulations carried byte for byte, 2 of them marked for review" {
		t.Errorf("%s", counts)
	}
	if !bytes.Contains(md, []byte("<version>バージョン：2024年1月1日 {{rulesync:review}}")) || st.VersionLine == "" {
		t.Errorf("version line not renamed: %q", st.VersionLine)
	}
	t.Log(counts)
}

// TestSyncEditedPO is the translator's round trip through a PO editor:
// the WCA draft as PO; in it one untranslated entry is filled (1c1) and
// one fuzzy entry is cleared (1e2); `sync --to md` of the edited PO on
// the 2024 source finds both edits at their regulations, unmarked, and
// leaves the entries still fuzzy marked; the links of the translation's
// Markdown travel in the msgstr.
func TestSyncEditedPO(t *testing.T) {
	en21, _ := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md"))
	en24, en24Text := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2024-01-01-en.md"))
	ja21, ja21Text := readDoc(t, testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md"))
	_, po, _ := syncDraft(t, en24, ja21, en21, en24Text, ja21Text, "po")
	fill := "WCA 代理人は、大会が WCA スクランブル説明責任方針に従うことを保証しなければならない。"
	edited := editPO(t, string(po), "rule:1c1", fill, "rule:1e2")
	tr, err := ingest.Options{}.Bytes("edited.po", []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	d, md, _ := syncDraft(t, en24, tr, nil, en24Text, "", "md")
	lines, _ := wcaLines(string(md))
	if lines["1c1"] != fill {
		t.Errorf("1c1: %q, want the filled msgstr", lines["1c1"])
	}
	// The translation's line, its link kept through the PO.
	ja21Lines, _ := wcaLines(ja21Text)
	if want := ja21Lines["1e2"]; lines["1e2"] != want || want == "" {
		t.Errorf("1e2: %q, want the translation without a marker: %q", lines["1e2"], want)
	}
	if !strings.HasPrefix(lines["1e"], "各種目には") || !strings.HasPrefix(lines["2a"], "{{rulesync:stale}}") {
		t.Errorf("1e %q (carried), 2a %q (still fuzzy: stale)", lines["1e"], lines["2a"])
	}
	if got := fmt.Sprintf("%d %d %d", d.Count(gaps.Translated), d.Count(gaps.StaleState), d.Count(gaps.New)); got != "369 74 30" {
		t.Errorf("carried, stale, untranslated: %s", got)
	}
}

// editPO fills the msgstr of the entry of one msgctxt and clears the
// fuzzy flag of another, as a translator in Poedit would.
func editPO(t *testing.T, po, fillCtx, fill, unfuzzyCtx string) string {
	t.Helper()
	entries := strings.Split(po, "\n\n")
	done := 0
	for i, e := range entries {
		switch {
		case strings.Contains(e, "msgctxt \""+fillCtx+"\"\n"):
			if !strings.HasSuffix(e, "msgstr \"\"") {
				t.Fatalf("%s is translated already:\n%s", fillCtx, e)
			}
			entries[i] = strings.TrimSuffix(e, "\"\"") + "\"" + fill + "\""
			done++
		case strings.Contains(e, "msgctxt \""+unfuzzyCtx+"\"\n"):
			if !strings.Contains(e, "#, fuzzy\n") {
				t.Fatalf("%s is not fuzzy:\n%s", unfuzzyCtx, e)
			}
			var keep []string
			for _, l := range strings.Split(e, "\n") {
				if l != "#, fuzzy" && !strings.HasPrefix(l, "#|") && !strings.HasPrefix(l, "# rulesync:") {
					keep = append(keep, l)
				}
			}
			entries[i] = strings.Join(keep, "\n")
			done++
		}
	}
	if done != 2 {
		t.Fatalf("edited %d entries, want 2", done)
	}
	return strings.Join(entries, "\n\n")
}

// TestSyncDevCorpus syncs two translations of the dev corpus: the
// Debian Constitution in Japanese, made from 1.0, on 1.7 (HTML: the
// draft is Markdown made from the documents), and the FIDE Laws in
// Russian, made from 2018, on 2023 (Markdown: the source's lines). Each
// draft reads back with the source's ids (numbered ones; FIDE's
// unnumbered headings by their Russian titles), carried items hold the
// translation's text, and gaps reports stale and untranslated exactly
// the items the English diff reports changed and added.
func TestSyncDevCorpus(t *testing.T) {
	for _, c := range []struct {
		name, base, src, tr, counts string
	}{
		{"debian-constitution-ja", "dev/debian-constitution/debian-constitution-1.0-en.wml", "dev/debian-constitution/debian-constitution-1.7-en.wml",
			"dev/debian-constitution/debian-constitution-1.0-ja.wml", "159 items: carried 91, stale 43, untranslated 25, orphaned 15"},
		{"fide-laws-ru", "dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2023-en.md",
			"dev/fide-laws/fide-laws-2018-ru.md", "367 items: carried 349, stale 15, untranslated 3, orphaned 29"},
	} {
		t.Run(c.name, func(t *testing.T) {
			base, _ := readDoc(t, testcorpus.Path(t, c.base))
			src, srcText := readDoc(t, testcorpus.Path(t, c.src))
			tr, trText := readDoc(t, testcorpus.Path(t, c.tr))
			format, _ := reports.DraftFormat(&gaps.Draft{Source: src, Translation: tr}, "")
			d, out, st := syncDraft(t, src, tr, base, srcText, trText, format)
			counts := fmt.Sprintf("%d items: carried %d, stale %d, untranslated %d, orphaned %d", len(d.Entries), d.Count(gaps.Translated), d.Count(gaps.StaleState), d.Count(gaps.New), len(d.Orphans))
			if counts != c.counts {
				t.Errorf("%s, want %s", counts, c.counts)
			}
			if st.IDsDiffer != 0 {
				t.Errorf("%d ids differ when read back (%s)", st.IDsDiffer, st.Reread)
			}
			back, err := ingest.Options{}.Bytes("draft."+format, out)
			if err != nil {
				t.Fatal(err)
			}
			at := map[string]*corpus.Item{}
			for i := range back.Items {
				at[back.Items[i].ID] = &back.Items[i]
			}
			for i := range d.Entries {
				e := &d.Entries[i]
				b := at[e.Source.ID]
				if b == nil {
					if e.Source.Number != "" || !st.Skeleton {
						t.Errorf("%s: not in the draft read back", e.Source.ID)
					}
					continue
				}
				// (A line that begins as a Markdown block marker is
				// escaped in a made layout: "4\.1(3) 節を見よ".)
				if e.State == gaps.Translated && corpus.Fold(strings.ReplaceAll(b.Title+" "+b.Text, "\\", "")) != corpus.Fold(d.Title(e)+" "+d.Text(e)) && !st.Skeleton {
					t.Errorf("%s: %q, want the translation's %q", e.Source.ID, b.Title+" "+b.Text, d.Title(e)+" "+d.Text(e))
				}
			}
			// gaps on the draft reports what the draft marks; the draft
			// marks stale exactly the items the diff says changed that
			// the translation had, and every item the diff says added is
			// untranslated (or carried from a removed item with its
			// text).
			r := gaps.Options{}.Gaps(src, back, nil)
			var stale, untranslated []string
			had := map[string]bool{}
			for i := range d.Entries {
				e := &d.Entries[i]
				switch e.State {
				case gaps.StaleState:
					stale = append(stale, e.Source.ID)
				case gaps.New:
					untranslated = append(untranslated, e.Source.ID)
				}
				if e.Target != nil && e.MovedFrom == "" {
					had[e.Source.ID] = true
				}
			}
			sort.Strings(stale)
			sort.Strings(untranslated)
			if got := findings(r, gaps.Stale); !slices.Equal(got, stale) {
				t.Errorf("gaps: stale %v, the draft marks %v", got, stale)
			}
			if got := findings(r, gaps.Untranslated); !slices.Equal(got, untranslated) {
				t.Errorf("gaps: untranslated %v, the draft marks %v", got, untranslated)
			}
			changed, added := changedIDs(diff.Options{}.Compare(base, src))
			var want []string
			for id := range changed {
				if had[id] {
					want = append(want, id)
				}
			}
			for i := range d.Entries {
				if e := &d.Entries[i]; e.MovedFrom != "" {
					want = append(want, e.Source.ID)
				}
			}
			sort.Strings(want)
			if !slices.Equal(stale, want) {
				t.Errorf("stale %v, the diff's changed items the translation had %v", stale, want)
			}
			for id := range added {
				if e := entry(d, id); e == nil || e.State == gaps.Translated {
					t.Errorf("%s, added, is carried", id)
				}
			}
			t.Logf("%s (%s, %d id markers)", counts, format, st.IDMarkers)
		})
	}
}

func entry(d *gaps.Draft, id string) *gaps.Entry {
	for i := range d.Entries {
		if d.Entries[i].Source.ID == id {
			return &d.Entries[i]
		}
	}
	return nil
}
