package diff_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// relabelCase is a pair of real editions and a way to relabel some items
// of the newer one while keeping their texts, written at run time from
// the real file.
type relabelCase struct {
	name, old, cur string
	// translation is a translation of old, for gaps and sync (none: "";
	// old itself stands for one where the rulebook has none).
	translation string
	// edit rewrites the newer edition's source and says how many labels
	// it changed.
	edit func(src string) (string, int)
}

// everyNth applies f to every n-th match of re in s (the first at the
// n-th), and counts them.
func everyNth(s string, re *regexp.Regexp, n int, f func(m []string) string) (string, int) {
	k, done := 0, 0
	out := re.ReplaceAllStringFunc(s, func(m string) string {
		k++
		if k%n != 0 {
			return m
		}
		done++
		return f(re.FindStringSubmatch(m))
	})
	return out, done
}

var relabelCases = []relabelCase{
	{
		// A numbered rule line loses its number: plain text, it
		// continues the rule before it.
		name: "fab-cr strip", old: "dev/fab-cr/fab-cr-2.10.1-en.txt", cur: "dev/fab-cr/fab-cr-2026-02-22-en.txt",
		translation: "dev/fab-cr/fab-cr-2.10.1-en.txt",
		edit: func(s string) (string, int) {
			re := regexp.MustCompile(`(?m)^\d+\.\d+\.\d+ ([^\n]+)\n(\d)`)
			return everyNth(s, re, 37, func(m []string) string { return m[1] + "\n" + m[2] })
		},
	},
	{
		// The items of chapter 9 are numbered Q.0, Q.1, ...: every
		// number of it changes.
		name: "fab-cr letters", old: "dev/fab-cr/fab-cr-2.10.1-en.txt", cur: "dev/fab-cr/fab-cr-2026-02-22-en.txt",
		translation: "dev/fab-cr/fab-cr-2.10.1-en.txt",
		edit: func(s string) (string, int) {
			re := regexp.MustCompile(`(?m)^9(\.\S+) `)
			n := len(re.FindAllString(s, -1))
			return re.ReplaceAllString(s, "Q$1 "), n
		},
	},
	{
		// Numbered section headings lose their numbers.
		name: "debian-constitution strip", old: "dev/debian-constitution/debian-constitution-1.0-en.wml", cur: "dev/debian-constitution/debian-constitution-1.7-en.wml",
		translation: "dev/debian-constitution/debian-constitution-1.0-ja.wml",
		edit: func(s string) (string, int) {
			re := regexp.MustCompile(`<h3>[0-9A-Z]+\.[0-9]+\. ([^<]+)</h3>(\s*<p>)`)
			return everyNth(s, re, 2, func(m []string) string { return "<h3>" + m[1] + "</h3>" + m[2] })
		},
	},
	{
		// The appendices become articles: Appendix A is Article 13, A.1
		// is 13.1, ... Appendix D is Article 16.
		name: "fide-laws appendices", old: "dev/fide-laws/fide-laws-2018-en.md", cur: "dev/fide-laws/fide-laws-2023-en.md",
		translation: "dev/fide-laws/fide-laws-2018-ru.md",
		edit: func(s string) (string, int) {
			article := map[string]string{"A": "13", "А": "13", "B": "14", "В": "14", "C": "15", "С": "15", "D": "16"}
			head := regexp.MustCompile(`(?m)^(#+ (?:\*\*)?)Appendix ([A-D])\. `)
			n := len(head.FindAllString(s, -1))
			s = head.ReplaceAllStringFunc(s, func(m string) string {
				p := head.FindStringSubmatch(m)
				return p[1] + "Article " + article[p[2]] + ": "
			})
			item := regexp.MustCompile(`(?m)^\*\*([A-DАВС])[.․]?(\d)`)
			n += len(item.FindAllString(s, -1))
			return item.ReplaceAllStringFunc(s, func(m string) string {
				p := item.FindStringSubmatch(m)
				return "**" + article[p[1]] + "." + p[2]
			}), n
		},
	},
	{
		// Article 4 becomes Article 13: regulation 4a is 13a, ...
		name: "wca article", old: "wca/wca-regulations-2021-05-01-en.md", cur: "wca/wca-regulations-2024-01-01-en.md",
		translation: "wca/wca-regulations-2021-05-01-ja.md",
		edit: func(s string) (string, int) {
			s = strings.Replace(s, "Article 4: ", "Article 13: ", 1)
			re := regexp.MustCompile(`(?m)^(\s*- )4([a-z][0-9a-z]*\))`)
			n := len(re.FindAllString(s, -1))
			return re.ReplaceAllString(s, "${1}13$2"), n
		},
	},
}

// TestRelabelled relabels items of the newer edition of real pairs of
// editions (numbers stripped, numbers turned into letters, an appendix
// turned into an article) and checks that diff follows every item: each
// old item the unperturbed comparison pairs is paired in the perturbed
// one too, with the item of the same text, and reported renumbered where
// its label changed, never removed and added; and that gaps' stale marks
// on a translation of the old edition are those of the unperturbed run.
func TestRelabelled(t *testing.T) {
	longtest.Skip(t)
	for _, tc := range relabelCases {
		t.Run(tc.name, func(t *testing.T) {
			old := testcorpus.Doc(t, tc.old)
			cur := testcorpus.Doc(t, tc.cur)
			raw, err := os.ReadFile(testcorpus.Path(t, tc.cur))
			if err != nil {
				t.Fatal(err)
			}
			src, n := tc.edit(string(raw))
			if n == 0 {
				t.Fatalf("the edit changed no label")
			}
			varied, err := ingest.Options{}.Bytes(tc.cur, []byte(src))
			if err != nil {
				t.Fatalf("ingest the variant: %v", err)
			}
			base, vari := diff.Options{}.Compare(old, cur), diff.Options{}.Compare(old, varied)
			lost := checkFollowed(t, base, vari, n)
			if tc.translation != "" {
				checkStale(t, old, cur, varied, testcorpus.Doc(t, tc.translation), lost)
			}
		})
	}
}

// partners maps each old item of a comparison's alignment to its new
// items.
func partners(c *diff.Comparison) map[int][]int {
	out := map[int][]int{}
	for _, p := range c.Alignment.Pairs {
		for _, i := range p.Source {
			out[i] = p.Target
		}
	}
	return out
}

// checkFollowed checks that vari pairs every old item base pairs, with
// an item of the same text, reported renumbered where its label changed
// (an error where the edit relabelled it, counted in lost where ingest
// read an item the edit did not touch otherwise).
func checkFollowed(t *testing.T, base, vari *diff.Comparison, n int) (lost int) {
	t.Helper()
	pb, pv := partners(base), partners(vari)
	change := map[int]*diff.Change{}
	for k := range vari.Changes {
		for _, i := range vari.Changes[k].Old {
			change[i] = &vari.Changes[k]
		}
	}
	form := func(d *corpus.Document, idx []int) string {
		var b []string
		for _, j := range idx {
			b = append(b, d.Items[j].Title, d.Items[j].Text)
		}
		return strings.Join(strings.Fields(corpus.Fold(strings.Join(b, " "))), " ")
	}
	// edited holds the forms of the items the edit relabelled: those
	// the variant holds under another number, or inside another item.
	numbered := map[string]string{}
	for j := range base.New.Items {
		numbered[form(base.New, []int{j})] = base.New.Items[j].Number
	}
	edited := map[string]bool{}
	for j := range vari.New.Items {
		f := form(vari.New, []int{j})
		if n, ok := numbered[f]; ok && n != vari.New.Items[j].Number {
			edited[f] = true
		}
	}
	// Or at the end of another item (a line that continues the one
	// before);
	// a text the variant holds nowhere, ingest lost.
	in := map[string]bool{}
	var all strings.Builder
	for j := range vari.New.Items {
		f := form(vari.New, []int{j})
		in[f] = true
		all.WriteString(f + "\x00")
	}
	for f := range numbered {
		if !in[f] && strings.Contains(all.String(), " "+f+"\x00") {
			edited[f] = true
		}
	}
	relabelled := 0
	for i := range base.Old.Items {
		c, ok := pb[i]
		if !ok {
			continue
		}
		o := &base.Old.Items[i]
		v, ok := pv[i]
		if !ok {
			// An error where the edit relabelled the partner; where it
			// did not, ingest read the variant otherwise.
			lost++
			if edited[form(base.New, c[:1])] {
				t.Errorf("%s: paired with %s unperturbed, removed in the variant", o.ID, base.New.Items[c[0]].ID)
			} else {
				t.Logf("%s: paired with %s unperturbed, unpaired in the variant (not relabelled: ingest read the variant otherwise)", o.ID, base.New.Items[c[0]].ID)
			}
			continue
		}
		// Where the unperturbed pair rests on the number alone (the
		// texts differ), the variant's may rest on the text.
		was, now := form(base.New, c), form(vari.New, v)
		if form(base.Old, []int{i}) == was && !strings.Contains(now, was) {
			t.Errorf("%s: paired with %s (%.60q) in the variant, with %s (%.60q) unperturbed", o.ID, vari.New.Items[v[0]].ID, now, base.New.Items[c[0]].ID, was)
			continue
		}
		if base.New.Items[c[0]].Number == vari.New.Items[v[0]].Number && len(v) == len(c) {
			continue
		}
		relabelled++
		if ch := change[i]; ch == nil || !ch.Renumbered || ch.Kind == diff.Removed {
			t.Errorf("%s: relabelled as %s, reported as %+v", o.ID, vari.New.Items[v[0]].ID, ch)
		}
	}
	added := func(c *diff.Comparison) int {
		k := 0
		for _, ch := range c.Changes {
			if ch.Kind == diff.Added {
				k++
			}
		}
		return k
	}
	if a, b := added(vari), added(base); a > b+lost {
		t.Errorf("%d items added in the variant, %d unperturbed", a, b)
	}
	t.Logf("%d labels changed; %d old items followed to a relabelled item, %d lost", n, relabelled, lost)
	if relabelled == 0 {
		t.Errorf("no relabelled item followed")
	}
	return lost
}

// checkStale checks that gaps marks stale, on a translation of old, the
// same translated items against the variant as against the unperturbed
// edition, and finds no more missing or extra items than the lost ones
// checkFollowed counted (items ingest read otherwise in the variant).
func checkStale(t *testing.T, old, cur, varied, tr *corpus.Document, lost int) {
	t.Helper()
	rb, rv := gaps.Options{}.Gaps(cur, tr, old), gaps.Options{}.Gaps(varied, tr, old)
	count := func(r *gaps.Report, check string) map[string]bool {
		out := map[string]bool{}
		for _, f := range r.Findings {
			if f.Check == check {
				out[f.TargetID+"|"+f.SourceID] = true
			}
		}
		return out
	}
	staleB, staleV := map[string]bool{}, map[string]bool{}
	for _, f := range rb.Findings {
		if f.Check == gaps.Stale {
			staleB[f.TargetID] = true
		}
	}
	for _, f := range rv.Findings {
		if f.Check == gaps.Stale {
			staleV[f.TargetID] = true
		}
	}
	kept := 0
	for id := range staleB {
		if staleV[id] {
			kept++
		} else {
			t.Errorf("%s: stale unperturbed, not in the variant", id)
		}
	}
	t.Logf("stale: %d of %d followed (%d in the variant)", kept, len(staleB), len(staleV))
	for _, check := range []string{gaps.Missing, gaps.Extra} {
		if b, v := len(count(rb, check)), len(count(rv, check)); v > b+lost {
			t.Errorf("%s: %d in the variant, %d unperturbed", check, v, b)
		}
	}
	// sync: the translation items carried stale, and those left with
	// no place.
	db, dv := rb.Draft(), rv.Draft()
	carried := func(d *gaps.Draft) (stale map[string]bool, placed int) {
		stale = map[string]bool{}
		for _, e := range d.Entries {
			placed += len(e.Targets)
			if e.State == gaps.StaleState {
				for _, x := range e.Targets {
					stale[x.ID] = true
				}
			}
		}
		return stale, placed
	}
	sb, pb := carried(db)
	sv, pv := carried(dv)
	followed := 0
	for id := range sb {
		if sv[id] {
			followed++
		} else {
			t.Errorf("sync: %s carried stale unperturbed, not in the variant", id)
		}
	}
	t.Logf("sync: %d of %d stale entries followed; %d translation items placed (%d unperturbed), %d orphans (%d)", followed, len(sb), pv, pb, len(dv.Orphans), len(db.Orphans))
	if len(dv.Orphans) > len(db.Orphans)+lost {
		t.Errorf("sync: %d orphans in the variant, %d unperturbed", len(dv.Orphans), len(db.Orphans))
	}
}
