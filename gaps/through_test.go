package gaps_test

import (
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// gapsPairs are the dev translations, source first; held marks those
// held to the original's findings in bullets and <ul>.
var gapsPairs = []struct {
	src, tr string
	held    bool
}{
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md", false},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md", false},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml", false},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ko.wml", false},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ru.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ar.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-he.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-zh.wml", true},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ru.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ja.wml", false},
	{"dev/debian-social-contract/debian-social-contract-1.0-en.wml", "dev/debian-social-contract/debian-social-contract-1.0-ja.wml", false},
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", true},
	{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt", false},
	{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-addendum-pt.txt", false},
}

// TestGapsThroughVariants: gaps reads a translation through its source,
// so a variant the tests write of a dev translation (numbers lost into
// bullets, <ul>, paragraphs or table rows; heading words replaced or
// removed; numbers in Arabic-Indic, Devanagari or full-width digits; a
// table of contents before it, plain or linked; items joined or split)
// should give the findings the original gives on the source's items
// (missing and mismatch, by source id; untranslated apart, held by
// untranslatedHeld), except on the items the variant
// itself changed (joined or split: testcorpus.RenderChanged says which,
// mapped to source ids through the original's reading), and except
// those that rest on a number the original prints and a variant that
// lost its numbers cannot see (numberDependent: excused, and counted as
// such). Every finding lost, excused or added is logged with what the
// variant gives for its source id.
//
// What holds today, and is held (variantHeld): the originals give 11
// findings (FIDE ru 5, hy 2, the TDA ja reader page 3, Social Contract
// zh 1). The variants that keep the numbers give back all 11 (with a
// table of contents, the Social Contract zh's front matter is under the
// contents' heading, an unnumbered section of a kind no source item
// has: aligned as a preamble, it pairs with the source's). Bullets,
// <ul>, split and joined give back 8 and excuse 3; paragraphs and rows
// give back 6 and excuse 4. They lose only the TDA page's rule 54,
// which it lacks, in paragraphs and rows: rule 54 is long, and rule 55's
// lines, which the page has, fit it by length as well as they fit rule
// 55 (the page's texts are longer than its ratio says), so the lines of
// rules 55 and 56 are read one item early and rule 56 is reported
// missing instead (in the block alignment's units, leaving out rule 54
// costs 13.5 and rule 56 10.9; the runs of rules 55 and 56 in place
// 0.4, one item early -0.1, lengths and the lexicon it learns from the
// pair together). The
// TDA page's rule 66, which it also lacks, is found: among cut
// previews, an item with text whose run holds headings alone (rule 67's
// title) is a heading without its preview, as costly as an item left
// out. The excused: FIDE hy prints 9.2.1 and
// 9.2.2 for the source's 9.2.1.1 and 9.2.1.2, FIDE ru B.2.2 for B.2.1,
// which the original reads by the number and the variant by the text;
// the Social Contract zh mismatch is its number's. FIDE ru's true
// omissions at the end of its article 3 (3.10.1 and 3.10.3) are kept in
// every variant; its 3.9.1, a fragment there, is reported missing in
// the numbers lost variants (its 44 runes for the source's 239 cost a
// length of 4.8, joined to 3.8.2.2.2's line they cost 1.1, and the run
// of items the article ends without takes 3.9.1 in for little more).
// With the TDA page's rule 56, these are the findings they add. Social Contract
// zh and WCA ja give the original's findings in bullets and <ul>. A
// translation of part of its source whose numbers are lost (the TDA
// Portuguese addendum page) is not put on its source: gaps says so (Unplaceable,
// exit 2), which is logged here for those variants, not silent.
func TestGapsThroughVariants(t *testing.T) {
	longtest.Skip(t)
	same, excused, want, added := map[testcorpus.Variant]int{}, map[testcorpus.Variant]int{}, map[testcorpus.Variant]int{}, map[testcorpus.Variant]int{}
	// The untranslated findings, by source id, apart: the original's
	// kept, and those the variant adds.
	uSame, uWant, uAdded := map[testcorpus.Variant]int{}, map[testcorpus.Variant]int{}, map[testcorpus.Variant]int{}
	for _, p := range gapsPairs {
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			base := gaps.Options{}.Gaps(src, orig, nil)
			origSrc := sourceIDs(src, orig)
			for _, v := range testcorpus.Variants {
				d, changed := testcorpus.RenderChanged(t, orig, v)
				r := gaps.Options{}.Gaps(src, d, nil)
				if err := r.Unplaceable(); err != nil {
					if numbersLost(v) {
						t.Logf("%s: %v", v, err)
					} else {
						t.Errorf("%s: %v", v, err)
					}
					continue
				}
				skip := map[string]bool{}
				for id := range changed {
					for _, s := range origSrc[id] {
						skip[s] = true
					}
				}
				w, g := structural(base, skip), structural(r, skip)
				n, ex, more := 0, 0, 0
				for k := range w {
					switch why := numberDependent(k, src, orig, origSrc, r, g); {
					case g[k]:
						n++
					case why != "" && numbersLost(v):
						ex++
						t.Logf("%-15s %s: excused, %s; the variant gives %s", v, k, why, gives(r, k))
					default:
						t.Logf("%-15s %s: lost; the variant gives %s", v, k, gives(r, k))
					}
				}
				for k := range g {
					if !w[k] {
						more++
						t.Logf("%-15s %s: added; the variant gives %s", v, k, gives(r, k))
					}
				}
				uw, ug := untranslatedOf(base, skip), untranslatedOf(r, skip)
				un, umore := 0, 0
				for k := range uw {
					if ug[k] {
						un++
					} else {
						t.Logf("%-15s untranslated %s: lost; the variant gives %s", v, k, gives(r, " "+k))
					}
				}
				for k := range ug {
					if !uw[k] {
						umore++
						t.Logf("%-15s untranslated %s: added; the variant gives %s", v, k, gives(r, " "+k))
					}
				}
				uSame[v] += un
				uWant[v] += len(uw)
				uAdded[v] += umore
				same[v] += n
				excused[v] += ex
				want[v] += len(w)
				added[v] += more
				t.Logf("%-15s %d of %d findings of the original, %d excused; %d more (%d items changed by the variant)", v, n, len(w), ex, more, len(changed))
				if p.held && (v == testcorpus.Bullets || v == testcorpus.List) && (10*n < 9*len(w) || 10*more > max(len(w), 10)) {
					t.Errorf("%s: %d of %d findings of the original, %d more; want 90%% and at most a tenth more", v, n, len(w), more)
				}
			}
		})
	}
	for _, v := range testcorpus.Variants {
		share, most := variantHeld(v)
		got := same[v] + excused[v]
		t.Logf("%-15s pooled: %d of %d findings of the original, %d excused; %d more", v, same[v], want[v], excused[v], added[v])
		if want[v] > 0 && float64(got) < share*float64(want[v]) || added[v] > most {
			t.Errorf("%s: pooled %d of %d findings of the original (%d excused) and %d more; want %.0f%% and at most %d more", v, same[v], want[v], excused[v], added[v], 100*share, most)
		}
		t.Logf("%-15s untranslated pooled: %d of %d of the original; %d more", v, uSame[v], uWant[v], uAdded[v])
		if lost, most := untranslatedHeld(v); uWant[v]-uSame[v] > lost || uAdded[v] > most {
			t.Errorf("%s: untranslated, pooled %d of %d of the original and %d more; want at most %d lost and %d more", v, uSame[v], uWant[v], uAdded[v], lost, most)
		}
	}
}

// untranslatedOf are a report's untranslated findings, by source id,
// but those on the source ids of skip.
func untranslatedOf(r *gaps.Report, skip map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, f := range r.Findings {
		if f.Check == gaps.Untranslated && !skip[f.SourceID] {
			out[f.SourceID] = true
		}
	}
	return out
}

// untranslatedHeld is the most untranslated findings of the originals a
// variant may lose, pooled over the pairs, and the most it may add:
// what the variants give today. Of the originals' 111 (110 in the
// Debian Constitution ko, English after its section 4.1), every
// variant keeps all but those that print their numbers in the text of
// an item without a title (word replaced or removed, other digits, a
// table of contents before them), which lose 5.1(5), 5.2(1) and
// 8.1(1): read through the source, their text keeps its printed
// "5.2(1)" in front, and the check does not take it for the source's.
// Paragraphs and rows add 5.1, 6.1 and 8.1: there the heading's word
// is a line of the item's text, English, and one word longer than the
// original's text ("Powers The Project Leader may:" for "The Project
// Leader may:" under the heading "Powers"), long enough for the check
// (7.1's "Powers The Secretary:" is not).
func untranslatedHeld(v testcorpus.Variant) (lost, most int) {
	switch v {
	case testcorpus.Paragraphs, testcorpus.Rows:
		return 0, 3
	case testcorpus.WordReplaced, testcorpus.WordRemoved, testcorpus.ArabicIndic, testcorpus.Devanagari, testcorpus.FullWidth,
		testcorpus.Contents, testcorpus.ContentsLinked:
		return 3, 0
	}
	return 0, 0
}

// numberDependent says why the original's finding k (check and source
// id) rests on a number the original prints and a variant that lost its
// numbers cannot see, "" where it does not: a mismatch (the text does
// not match the place its printed number gives it); a missing source
// item S whose text the variant's reading places at S with confidence
// (0.5 or more) and finds in an item of the original that prints
// another number, where the variant does not lose the source items the
// original's reading made of that item (origSrc): the original reads
// that text by its number (FIDE hy prints 9.2.1 and 9.2.2 for the
// source's 9.2.1.1 and 9.2.1.2). A variant that shifts its texts by
// one source item around a true omission places them with little
// confidence (0.06 to 0.12 in FIDE ru), and is not excused. g are the
// variant's findings.
func numberDependent(k string, src, orig *corpus.Document, origSrc map[string][]string, r *gaps.Report, g map[string]bool) string {
	check, id, _ := strings.Cut(k, " ")
	if check == gaps.Mismatch {
		return "the original's place for its text is the number it prints"
	}
	num := map[string]string{}
	for _, it := range src.Items {
		num[it.ID] = it.Number
	}
	var line string
	for _, it := range r.Translation.Items {
		if it.ID == id && it.Confidence >= 0.5 {
			line = firstKey(it.Title + "\n" + it.Text)
		}
	}
	if len(line) < 8 {
		return ""
	}
	for _, it := range orig.Items {
		if it.Number == "" || !strings.Contains(testcorpus.Key(it.Title+" "+it.Text), line) {
			continue
		}
		if testcorpus.Key(it.Number) == testcorpus.Key(num[id]) || len(origSrc[it.ID]) == 0 {
			return ""
		}
		for _, s := range origSrc[it.ID] {
			if s == id || g[gaps.Missing+" "+s] {
				return ""
			}
		}
		return "the original prints " + it.Number + " on the text the variant reads as " + id + " and reads it as " + strings.Join(origSrc[it.ID], ", ")
	}
	return ""
}

// firstKey is the comparison key of the first line of text that has
// four characters or more.
func firstKey(text string) string {
	for l := range strings.SplitSeq(text, "\n") {
		if k := testcorpus.Key(l); len(k) >= 4 {
			return k
		}
	}
	return ""
}

// gives is what the variant's report r gives for the source id of the
// finding k: its findings on that id and the start of the text of its
// item there, if any.
func gives(r *gaps.Report, k string) string {
	_, id, _ := strings.Cut(k, " ")
	var fs []string
	for _, f := range r.Findings {
		if f.SourceID == id {
			fs = append(fs, f.Check)
		}
	}
	text := "no item"
	for _, it := range r.Translation.Items {
		if it.ID == id {
			text = strings.ReplaceAll(it.Title+" | "+it.Text, "\n", " ")
			if rs := []rune(text); len(rs) > 50 {
				text = string(rs[:50]) + "…"
			}
			text = fmt.Sprintf("%q (%s %.2f)", text, it.IDSource, it.Confidence)
		}
	}
	return fmt.Sprintf("findings %v, item %s", fs, text)
}

// numbersLost reports whether the variant prints no numbers.
func numbersLost(v testcorpus.Variant) bool {
	switch v {
	case testcorpus.Bullets, testcorpus.List, testcorpus.Paragraphs, testcorpus.Rows, testcorpus.Joined, testcorpus.Split:
		return true
	}
	return false
}

// variantHeld is what a variant is held to, pooled over the pairs: the
// least share of the original's findings it gives back or excuses and
// the most it may add; today's figures (see TestGapsThroughVariants): of
// 11, bullets, <ul>, split and joined all 11 (8 and 3 excused), adding
// 1; paragraphs and rows 10 (6 and 4), adding 2; the others all 11,
// adding none.
func variantHeld(v testcorpus.Variant) (share float64, most int) {
	switch v {
	case testcorpus.Bullets, testcorpus.List, testcorpus.Split, testcorpus.Joined:
		return 1, 1
	case testcorpus.Paragraphs, testcorpus.Rows:
		return 0.9, 2
	}
	return 1, 0
}

// sourceIDs maps the ids of the translation's items to the source ids
// their reading through the source gives them.
func sourceIDs(src, tr *corpus.Document) map[string][]string {
	r := align.Options{}.Through(src, tr)
	out := map[string][]string{}
	for j, it := range r.Doc.Items {
		if own := r.Alignment.OwnID(j); own != "" && it.IDSource != "" {
			out[own] = append(out[own], it.ID)
		}
	}
	return out
}

// structural are a report's missing and mismatch findings, by check and
// source id (an extra item has none: its id is the translation's), but
// those on the source ids of skip. A missing warning is a title or text
// left untranslated in an item the translation has, not its structure.
func structural(r *gaps.Report, skip map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, f := range r.Findings {
		switch f.Check {
		case gaps.Missing, gaps.Mismatch:
			// A missing item an unsure placement reports (Report.Unsure)
			// is a warning, and the same finding.
			unsure := r.Unsure != "" && strings.HasPrefix(f.Message, "not placed on the translation")
			if !skip[f.SourceID] && (unsure || !(f.Check == gaps.Missing && f.Severity == gaps.Warning)) {
				out[f.Check+" "+f.SourceID] = true
			}
		}
	}
	return out
}

// TestUnplaceablePerturbed: gaps stops (Unplaceable, exit 2 in the
// commands) with a reason when the source's items cannot be put on the
// translation: a translation of another document (the dev translation
// of the next pair with another source), however many items the block
// alignment, which reads lengths, spreads it over (its pairs share 0%
// to 7% of their numbers, references and terms beyond chance, a
// translation and its variants 15% to 90%: align.Affinity); and a
// translation cut to its first third of items (fewer than half placed).
func TestUnplaceablePerturbed(t *testing.T) {
	longtest.Skip(t)
	for k, p := range gapsPairs {
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			other := otherTranslation(k)
			r := gaps.Options{}.Gaps(src, testcorpus.Doc(t, other), nil)
			if err := r.Unplaceable(); err == nil {
				t.Errorf("%s read through it: %d of %d placed, want an error; affinity %+v", other, r.Placed, r.Placeable, r.Affinity)
			} else {
				t.Logf("%s: %v", other, err)
			}
			cut := *orig
			cut.Items = orig.Items[:len(orig.Items)/3]
			r = gaps.Options{}.Gaps(src, &cut, nil)
			if err := r.Unplaceable(); err == nil {
				t.Errorf("cut to a third: %d of %d placed, want an error", r.Placed, r.Placeable)
			} else {
				t.Logf("cut to a third: %v", err)
			}
		})
	}
}

// otherTranslation is the translation of the first pair after the k-th
// of gapsPairs that translates another document (another source's
// directory, or another translation's).
func otherTranslation(k int) string {
	p := gapsPairs[k]
	for d := 1; d < len(gapsPairs); d++ {
		if q := gapsPairs[(k+d)%len(gapsPairs)]; path.Dir(q.src) != path.Dir(p.src) || path.Dir(q.tr) != path.Dir(p.tr) {
			return q.tr
		}
	}
	panic("gapsPairs: every pair translates one document")
}
