package gaps_test

import (
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestOrphanMarksItsPlace adds an article to real UDHR translations
// whose thirty article headings print one and the same word (their
// places name them): a heading like the others and, as its text, the
// longest paragraph of the translation's preamble, before the k-th
// article. The added item has the place id of the article it pushed on,
// whose text the aligner puts there; the added one has no place. Its
// orphaning says the item its id names holds another text, "marked for
// review": that entry must be marked, whatever else the draft finds
// on it.
func TestOrphanMarksItsPlace(t *testing.T) {
	enMD, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-en.md"))
	if err != nil {
		t.Fatal(err)
	}
	enBare, ok := testcorpus.BareHeadings(string(enMD), "Article", 30)
	if !ok {
		t.Fatal("the English has fewer than 30 headings")
	}
	en, err := ingest.Options{}.Bytes("en.md", []byte(enBare))
	if err != nil {
		t.Fatal(err)
	}
	said := 0
	for _, lang := range []string{"ja", "fr", "ru"} {
		md, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-"+lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		bare, ok := testcorpus.BareHeadings(string(md), "X", 30)
		if !ok {
			t.Fatalf("%s: fewer than 30 headings", lang)
		}
		lines := strings.Split(bare, "\n")
		var hs []int
		for i, l := range lines {
			if strings.HasPrefix(l, "## ") {
				hs = append(hs, i)
			}
		}
		articles := hs[len(hs)-30:]
		added := ""
		for _, l := range lines[:articles[0]] {
			if !strings.HasPrefix(l, "#") && len(l) > len(added) {
				added = l
			}
		}
		for _, k := range []int{3, 6, 12, 15, 18, 21, 24} {
			at := articles[k]
			out := append(append(append([]string(nil), lines[:at]...), "## X", "", added, ""), lines[at:]...)
			tr, err := ingest.Options{}.Bytes("tr.md", []byte(strings.Join(out, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			d := gaps.Options{}.Sync(en, tr, nil)
			for _, o := range d.Orphans {
				if !strings.Contains(o.Reason, "marked for review") {
					continue
				}
				said++
				for i := range d.Entries {
					if e := &d.Entries[i]; e.Source.ID == o.Target.ID && len(e.Review) == 0 {
						t.Errorf("%s, added before article %d: orphan %s: %q, but %s (holding %s) is not marked", lang, k+1, o.Target.ID, o.Reason, e.Source.ID, e.Target.ID)
					}
				}
			}
		}
	}
	if said == 0 {
		t.Error("no orphan said whose place its item lost")
	}
	t.Logf("%d orphans said whose place they lost", said)
}

// TestSyncShortLowTexts cuts, in real translations read by their own
// labels, every tenth text that sync carries unmarked (of those of 60
// characters or more with no finding) to its first two fifths: a
// translation that lost the end of its text, its number still vouching
// for its place. Where the cut text is under 0.45 of the translation's
// usual length ratio and the aligner scores it under 0.75 (shortRatio,
// shortScore), sync must mark it for review, as it does a text far
// too long or short (lengthOutlier) or one gaps finds much shorter
// than its source predicts. Held: 59 of the 73 cut texts marked (the
// others stay above 0.45 of the usual ratio, their texts long for
// their sources).
func TestSyncShortLowTexts(t *testing.T) {
	longtest.Skip(t)
	cut, marked := 0, 0
	for _, p := range []struct{ src, tr string }{
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
		{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml"},
		{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ru.wml"},
	} {
		src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
		d0 := gaps.Options{}.Sync(src, orig, nil)
		tr, cuts := cutCarried(orig, d0, 40)
		d := gaps.Options{}.Sync(src, &tr, nil)
		for i := range d.Entries {
			if e := &d.Entries[i]; cuts[e.Source.ID] {
				cut++
				if !carriedUnmarked(e) {
					marked++
				}
			}
		}
	}
	t.Logf("%d of %d cut texts marked for review", marked, cut)
	if marked < 59 {
		t.Errorf("%d of %d cut texts marked for review, want 59 or more", marked, cut)
	}
}

// carriedPairs are the real translations the checks of what sync carries
// are measured on, source first: the dev, wca and seeds pairs and the
// UDHR Markdown pages (added by farOutPairs).
var carriedPairs = [][2]string{
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
	{"dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2018-ru.md"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ko.wml"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ru.wml"},
	{"dev/debian-constitution/debian-constitution-1.0-en.wml", "dev/debian-constitution/debian-constitution-1.0-ja.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ar.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-he.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-zh.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ru.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ja.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.0-en.wml", "dev/debian-social-contract/debian-social-contract-1.0-ja.wml"},
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
	{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt"},
	{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-addendum-pt.txt"},
}

// allCarriedPairs is carriedPairs and every UDHR Markdown translation
// with the English.
func allCarriedPairs(t *testing.T) [][2]string {
	ps := slices.Clone(carriedPairs)
	mds, _ := filepath.Glob(filepath.Join(testcorpus.Dir(), "udhr", "udhr-1948-*.md"))
	for _, m := range mds {
		if !strings.HasSuffix(m, "-en.md") {
			ps = append(ps, [2]string{"udhr/udhr-1948-en.md", "udhr/" + filepath.Base(m)})
		}
	}
	if len(ps) < 50 {
		t.Fatalf("%d translations, want the 16 and the UDHR pages", len(ps))
	}
	return ps
}

// farOutReason is the start of the reason sync gives a text far out
// below its translation's spread of length ratios.
const farOutReason = "far out below their spread"

// TestSyncFarOutShort: a carried text whose length ratio is far out
// below those of its translation's other texts (Tukey's far out, three
// interquartile ranges under the first quartile) is marked for review,
// whatever the aligner's score. On the 55 real translations no carried
// text is marked for that alone (none is far out but those the other
// checks mark: FIDE hy 6.4, a quarter of the usual ratio, scored 0.79,
// also found truncated). The texts sync carries unmarked (60 characters
// or more, no finding) of a tenth of the source ids (sampled), cut to a
// quarter, three tenths or two fifths of their length: 78 of 969 stay
// unmarked (cut
// texts their number or place vouches for, scored 0.75 to 0.96, or just
// over 0.45 of the usual ratio; some too short for a ratio once cut,
// under 20 characters).
func TestSyncFarOutShort(t *testing.T) {
	longtest.Skip(t)
	cut, unmarked, alone := 0, 0, 0
	for _, p := range allCarriedPairs(t) {
		src, orig := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
		d0 := gaps.Options{}.Sync(src, orig, nil)
		for i := range d0.Entries {
			if e := &d0.Entries[i]; len(e.Review) == 1 && strings.Contains(e.Review[0], farOutReason) {
				alone++
				t.Errorf("%s: %s marked for its length alone: %q", p[1], e.Source.ID, e.Review[0])
			}
		}
		for _, frac := range []int{25, 30, 40} {
			tr, cuts := cutCarried(orig, d0, frac)
			d := gaps.Options{}.Sync(src, &tr, nil)
			for i := range d.Entries {
				if e := &d.Entries[i]; cuts[e.Source.ID] {
					cut++
					if carriedUnmarked(e) {
						unmarked++
					}
				}
			}
		}
	}
	t.Logf("real texts marked for their length alone: %d; cut texts carried unmarked: %d of %d", alone, unmarked, cut)
	if unmarked > 78 {
		t.Errorf("%d of %d cut texts carried unmarked, want 78 or fewer", unmarked, cut)
	}
}

// carriedUnmarked says whether sync carries entry e's translation as
// translated with no review mark: a text it does not carry (new, the
// source's text written for translation; stale) is not carried silently.
func carriedUnmarked(e *gaps.Entry) bool {
	return e.State == gaps.Translated && len(e.Review) == 0
}

// sampled says whether source id is in the tenth of ids cutCarried
// cuts: by a hash of the id alone, so that a text more or less carried
// unmarked elsewhere does not move the sample.
func sampled(id string) bool {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()%10 == 0
}

// cutCarried is a copy of the translation orig with the texts that the
// sync d0 carries unmarked (60 characters or more, one target, no
// finding) of a tenth of the source's ids (sampled) cut to frac percent
// of their runes, and the source ids of the texts it cut.
func cutCarried(orig *corpus.Document, d0 *gaps.Draft, frac int) (corpus.Document, map[string]bool) {
	tr := *orig
	tr.Items = slices.Clone(orig.Items)
	at := map[string]int{}
	for j := range tr.Items {
		at[tr.Items[j].ID] = j
	}
	cuts := map[string]bool{}
	for i := range d0.Entries {
		e := &d0.Entries[i]
		if e.State != gaps.Translated || len(e.Review) > 0 || len(e.Targets) != 1 || len(e.Findings) > 0 {
			continue
		}
		j, ok := at[e.Target.ID]
		if !ok {
			continue
		}
		rs := []rune(tr.Items[j].Text)
		if len(rs) < 60 {
			continue
		}
		if sampled(e.Source.ID) {
			tr.Items[j].Text = string(rs[:len(rs)*frac/100])
			cuts[e.Source.ID] = true
		}
	}
	return tr, cuts
}
