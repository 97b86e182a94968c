package gaps_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// key names a finding for comparison: "check severity source target".
func key(f gaps.Finding) string {
	return strings.Join(strings.Fields(fmt.Sprintf("%s %s %s %s", f.Check, f.Severity, f.SourceID, f.TargetID)), " ")
}

// expect compares findings (other than those skip accepts) with the
// explained list: every finding must be explained, every explanation
// found.
func expect(t *testing.T, r *gaps.Report, skip func(gaps.Finding) bool, explained map[string]string) {
	t.Helper()
	seen := map[string]bool{}
	for _, f := range r.Findings {
		if skip != nil && skip(f) {
			continue
		}
		k := key(f)
		seen[k] = true
		if _, ok := explained[k]; !ok {
			t.Errorf("unexplained finding: %s: %s %v", k, f.Message, f.Evidence)
		}
	}
	var missing []string
	for k := range explained {
		if !seen[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		t.Errorf("expected finding not reported: %s (%s)", k, explained[k])
	}
}

// TestReaderPage checks the Japanese reader page against the 2024
// longform: the three absent rules missing, cut previews reported as
// truncated info, and no number or reference errors caused by cutting.
func TestReaderPage(t *testing.T) {
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.docx")
	ja := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")
	r := gaps.Options{}.Gaps(en, ja, nil)
	// The page read through the longform: its items have the rules'
	// ids, which the findings name.
	cut := map[string]bool{}
	for _, it := range r.Translation.Items {
		if it.Has(corpus.FlagTruncated) && it.Kind != corpus.KindPreamble {
			cut[it.ID] = true
		}
	}
	truncated := 0
	for _, f := range r.Findings {
		if f.Check == gaps.Truncated && f.Severity == gaps.Info {
			truncated++
			if !cut[f.TargetID] {
				t.Errorf("%s reported truncated but not cut", f.TargetID)
			}
		}
	}
	if truncated != len(cut) {
		t.Errorf("%d cut previews reported, %d on the page", truncated, len(cut))
	}
	// The draft's own reasons to review (review) and the untranslated
	// titles (titles) are TestProgressNamed's.
	expect(t, r, func(f gaps.Finding) bool {
		return f.Check == gaps.Truncated && f.Severity == gaps.Info || f.Check == gaps.Terminology || f.Check == gaps.Review || f.Check == gaps.Titles
	}, map[string]string{
		"missing error rule:1":            "absent from the page",
		"missing error rule:54":           "absent from the page",
		"missing error rule:66":           "absent from the page",
		"numbers warning rule:42 rule:42": "the page leaves out the note that 2-motion raises were eliminated in 2019",
	})
	if r.Coverage < 97 || r.Coverage > 97.3 {
		t.Errorf("coverage %.2f%%, want 104 of 107 = 97.2%%", r.Coverage)
	}
}

// TestPortugueseAddendum finds the defects of the Portuguese addendum
// page against the 2024 longform (read in ../shared/corpus/seeds and
// checked by hand).
func TestPortugueseAddendum(t *testing.T) {
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	pt := testcorpus.Doc(t, "seeds/tda-2024-addendum-pt.txt")
	r := gaps.Options{}.Gaps(en, pt, nil)
	expect(t, r, func(f gaps.Finding) bool {
		return f.Check == gaps.Terminology || f.Check == gaps.Scope || f.Check == gaps.Review || f.Check == gaps.Titles
	}, map[string]string{
		"numbers error rule:_12_51 rule:_12_51":       "example 3 gives the blinds as 1000-200 where the source says 1000-2000",
		"numbers error rule:_12_18 rule:_12_18":       "the entry ends with a stray fragment about rule 20 D, deleted in 2022",
		"refs error rule:_12_18 rule:_12_18":          "the same stray fragment cites rule 20",
		"numbers error rule:_12_45 rule:_12_45":       "example 2 says 1300 where the source's UTG+1 put out 1500 (one finding: 1500 -> 1300)",
		"numbers warning rule:_12_16 rule:_12_16":     "example 3 drops the amounts 700, 1000 and 2000",
		"numbers warning rule:_12_53-A rule:_12_53-A": "example 1 drops the alternative raise to 600 and its 900",
	})
	if r.Coverage != 100 {
		t.Errorf("coverage %.1f%%, want 100%% of the addendum", r.Coverage)
	}
	scope := 0
	for _, f := range r.Findings {
		if f.Check == gaps.Scope {
			scope++
		}
	}
	if scope != 1 {
		t.Errorf("%d scope findings; want one saying the rules and procedures are out of scope", scope)
	}
}

// TestPagesWithoutSource runs the checks that need no source on the
// Japanese guides and the WSOP page.
func TestPagesWithoutSource(t *testing.T) {
	for _, c := range []struct {
		file      string
		explained map[string]string
	}{
		{"seeds/wsop-2009-ja-rules-page9.txt", map[string]string{
			"enumeration warning rule:72": "the mangled markers 1）b）ç）エ） read a, b, c, e: d is skipped",
			"terminology info":            "ペナルティ and 罰則, ルール and 規則 side by side",
		}},
		{"seeds/general-poker-rules-ja.txt", map[string]string{
			"terminology warning item:4": "フォルド for フォールド",
		}},
		{"seeds/holdem-basics-guide-ja.txt", map[string]string{}},
	} {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			r := gaps.Options{}.Check(testcorpus.Doc(t, c.file))
			expect(t, r, nil, c.explained)
		})
	}
}

// TestWCAStale checks the Japanese translation of the 2021-05-01
// Regulations against the 2024-01-01 English with the 2021-05-01 English
// as base: stale, missing and extra exactly as the English edition diff
// says; and provenance names 2021-05-01 without being told.
func TestWCAStale(t *testing.T) {
	en21 := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	en24 := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	ja := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")

	pv, err := gaps.Options{}.Provenance(ja, en24, en21)
	if err != nil {
		t.Fatal(err)
	}
	// Candidates come in the order of their dates: 2021 first.
	if pv.Best != 0 || pv.Candidates[0] != en21 || en21.Edition != "wca-"+ja.Date {
		t.Errorf("provenance: best %d (votes %v), want wca-2021-05-01, which the translation states (%s)", pv.Best, pv.Votes, ja.Date)
	}

	r := gaps.Options{}.Gaps(en24, ja, en21)
	cmp := diff.Options{}.Compare(en21, en24)
	want := map[string][]string{}
	for i := range cmp.Changes {
		ch := &cmp.Changes[i]
		o, n := cmp.OldItem(ch), cmp.NewItem(ch)
		switch {
		case ch.Kind == diff.Added && n.Kind != corpus.KindPreamble:
			want[gaps.Missing] = append(want[gaps.Missing], n.ID)
		case ch.Kind == diff.Removed && o.Kind != corpus.KindPreamble:
			want[gaps.Extra] = append(want[gaps.Extra], o.ID)
		case ch.TextChanged || ch.TitleChanged:
			want[gaps.Stale] = append(want[gaps.Stale], n.ID)
		}
		if ch.Kind == diff.Split {
			// The part that took a number of its own is not translated.
			for _, j := range ch.New[1:] {
				want[gaps.Missing] = append(want[gaps.Missing], cmp.New.Items[j].ID)
			}
		}
	}
	got := map[string][]string{}
	for _, f := range r.Findings {
		switch f.Check {
		case gaps.Missing, gaps.Stale, gaps.Extra:
			got[f.Check] = append(got[f.Check], f.SourceID)
		}
	}
	for _, check := range []string{gaps.Missing, gaps.Extra, gaps.Stale} {
		w, g := want[check], got[check]
		slices.Sort(w)
		slices.Sort(g)
		if !slices.Equal(w, g) {
			t.Errorf("%s: got %d %v\nwant %d %v", check, len(g), g, len(w), w)
		}
	}
	for _, f := range r.Findings {
		if f.Check == gaps.Stale && len(f.Redline) == 0 {
			t.Errorf("stale %s has no source redline", f.SourceID)
		}
	}
	t.Logf("%d stale, %d missing, %d extra; coverage %.1f%%", len(got[gaps.Stale]), len(got[gaps.Missing]), len(got[gaps.Extra]), r.Coverage)
}

// TestWCAClean checks the Japanese translation against the English it
// was made from: few findings, each explained here (read in the two
// files by hand).
func TestWCAClean(t *testing.T) {
	en := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	ja := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")
	r := gaps.Options{}.Gaps(en, ja, nil)
	expect(t, r, nil, map[string]string{
		"terminology info":                "ペナルティ and 罰則, 解く and ソルブ, 記録 and 結果, 規則 and 規定 are each used for one English term",
		"numbers error rule:9f1 rule:9f1": "the translation truncates to the thousandth of a second (1000 分の 1 秒), the English to the hundredth",
		"refs error rule:B2a rule:B2a":    "the translation cites A3b1 where the English cites A3b (one finding)",
		"refs error rule:E2a1 rule:E2a1":  "the translation cites 12a where the English cites E2c1 (one finding)",
		"refs warning rule:3j rule:3j":    "the translation leaves out the sentence \"Exception: a logo (see Regulation 3l)\"",
	})
	if r.Coverage != 100 {
		t.Errorf("coverage %.1f%%, want 100%%", r.Coverage)
	}
}

// TestProvenanceCorpus names the edition every translation of the real
// corpus was made from, against every English edition of it the corpus
// has, from content alone: the Debian Constitution in ja, ko, ru against
// 1.0, 1.6 and 1.7 (the Japanese 1.0 and 1.7 each to their own), the
// Social Contract in ja, ar, he, zh, ru against 1.0 and 1.1, and the
// FIDE Laws in ru and hy against 2018 and 2023. Between Constitution 1.6
// and 1.7 only the heading's "(v1.7)" tells (the other change, Chairman
// to Chair, is one word in Japanese, Korean and Russian alike). The
// Chinese Social Contract keeps 1.0's text in contract 4 ("100% free
// software", "value-added distributions") and 5 ("FTP archive"): it
// follows 1.1, with two items behind.
func TestProvenanceCorpus(t *testing.T) {
	longtest.Skip(t)
	dc := "dev/debian-constitution/debian-constitution-"
	sc := "dev/debian-social-contract/debian-social-contract-"
	fl := "dev/fide-laws/fide-laws-"
	constitution := []string{dc + "1.0-en.wml", dc + "1.6-en.wml", dc + "1.7-en.wml"}
	contract := []string{sc + "1.0-en.wml", sc + "1.1-en.wml"}
	fide := []string{fl + "2018-en.md", fl + "2023-en.md"}
	for _, c := range []struct {
		tr, want string
		cands    []string
		behind   int // items that follow older text, at most
	}{
		{dc + "1.0-ja.wml", "1.0", constitution, 0},
		{dc + "1.7-ja.wml", "1.7", constitution, 4},
		{dc + "1.7-ko.wml", "1.7", constitution, 1},
		{dc + "1.7-ru.wml", "1.7", constitution, 2},
		{sc + "1.0-ja.wml", "1.0", contract, 0},
		{sc + "1.1-ja.wml", "1.1", contract, 0},
		{sc + "1.1-ar.wml", "1.1", contract, 0},
		{sc + "1.1-he.wml", "1.1", contract, 0},
		{sc + "1.1-zh.wml", "1.1", contract, 2},
		{sc + "1.1-ru.wml", "1.1", contract, 0},
		{fl + "2018-ru.md", "2018-01-01", fide, 8},
		{fl + "2023-ru.md", "2023-01-01", fide, 11},
		{fl + "2023-hy.md", "2023-01-01", fide, 11},
	} {
		t.Run(c.tr, func(t *testing.T) {
			tr := testcorpus.Doc(t, c.tr)
			var cands []*corpus.Document
			for _, p := range c.cands {
				cands = append(cands, testcorpus.Doc(t, p))
			}
			pv, err := gaps.Options{}.Provenance(tr, cands...)
			if err != nil {
				t.Fatal(err)
			}
			if pv.Best < 0 || pv.Candidates[pv.Best].Edition != c.want || pv.Margin <= 0 || pv.Decided == 0 || pv.Behind[pv.Best] > c.behind {
				t.Errorf("the translation %s; want %s, at most %d items behind", pv.Answer(), c.want, c.behind)
			}
			t.Logf("the translation %s", pv.Answer())
		})
	}
}

// TestKoreanUntranslated: the Korean Constitution is Korean in its title,
// headings and first sections and English in the rest; every item left in
// English (no Hangul, 60 runes or more) is an untranslated finding, and no
// Korean item is.
func TestKoreanUntranslated(t *testing.T) {
	en := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-en.wml")
	ko := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-ko.wml")
	if ko.Lang != "ko" {
		t.Fatalf("lang %s, want ko", ko.Lang)
	}
	hangul := func(s string) bool {
		for _, r := range s {
			if r >= 0xac00 && r <= 0xd7a3 {
				return true
			}
		}
		return false
	}
	flagged := map[string]bool{}
	for _, f := range (gaps.Options{}).Gaps(en, ko, nil).Findings {
		if f.Check == gaps.Untranslated {
			flagged[f.TargetID] = true
		}
	}
	want := 0
	for _, it := range ko.Items {
		english := !hangul(it.Title+it.Text) && len([]rune(it.Text)) >= 60
		if english {
			want++
		}
		switch {
		case english && !flagged[it.ID]:
			t.Errorf("%s is in English and not reported: %.60q", it.ID, it.Text)
		case hangul(it.Text) && flagged[it.ID]:
			t.Errorf("%s is Korean and reported untranslated: %.60q", it.ID, it.Text)
		}
	}
	t.Logf("%d items left in English, %d reported", want, len(flagged))
}

// TestTermSpellings: the 2024 English longform writes "color up",
// "color-up" and "color-ups", "rebuy" and "re-buys": one term each, not
// two renderings; "overchip" and "oversized chip" are two.
func TestTermSpellings(t *testing.T) {
	r := gaps.Options{}.Check(testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf"))
	var terms []string
	for _, f := range r.Findings {
		if f.Check == gaps.Terminology {
			terms = append(terms, f.Message)
		}
	}
	for _, m := range terms {
		if strings.Contains(m, `"color up"`) || strings.Contains(m, `"rebuy"`) {
			t.Errorf("one term reported as two renderings: %s", m)
		}
	}
	if !slices.ContainsFunc(terms, func(m string) bool { return strings.Contains(m, `"overchip"`) }) {
		t.Errorf("overchip and oversized chip are no longer reported: %q", terms)
	}
}
