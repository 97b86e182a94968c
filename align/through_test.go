package align_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// throughPairs are the dev translations, source first, that
// TestThroughVariants reads through their source.
var throughPairs = [][2]string{
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
}

// labelled are the pairs of src and the original translation tgt that
// the truth of a variant rests on: the target items that print the number
// of the source item they are aligned with, and no other target item
// prints (a number printed twice names neither item for sure) (index of
// the target item -> source id).
func labelled(src, tgt *corpus.Document) map[int]string {
	ref := map[int]string{}
	// The reader gives the second item that prints a number the first's
	// id with a count ("rule:6.12.1-2").
	at := map[string]int{}
	for j, it := range tgt.Items {
		at[it.ID] = j
	}
	twice := map[int]bool{}
	for j, it := range tgt.Items {
		if k := strings.LastIndex(it.ID, "-"); k > 0 && it.Number != "" && strings.Trim(it.ID[k+1:], "0123456789") == "" {
			if f, ok := at[it.ID[:k]]; ok && numKey(tgt.Items[f].Number) == numKey(it.Number) {
				twice[j], twice[f] = true, true
			}
		}
	}
	for _, p := range (align.Options{}).Align(src, tgt).Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			s, t := &src.Items[p.Source[0]], &tgt.Items[p.Target[0]]
			if t.Number != "" && numKey(s.Number) == numKey(t.Number) && !twice[p.Target[0]] && firstLine(t) != "" {
				ref[p.Target[0]] = s.ID
			}
		}
	}
	return ref
}

// firstLine is the comparison key of an item's first line of text, else
// of its title.
func firstLine(it *corpus.Item) string {
	for l := range strings.SplitSeq(it.Text, "\n") {
		if k := testcorpus.Key(l); len(k) >= 4 {
			return k
		}
	}
	return testcorpus.Key(it.Title)
}

// pairedRight counts the labelled items of the original whose first line
// the reading puts in the item with their source's id (or, for an item
// with a title, whose title it puts there: the lines after a title may
// be the source's sub-items, which a reading through the source puts
// apart), and names up to five it does not; sure counts those it does
// not whose item under that id the reading is sure of (confidence 0.9
// or more).
func pairedRight(orig *corpus.Document, ref map[int]string, r *align.Reading) (right int, wrong []string, sure int) {
	text := map[string]string{}
	conf := map[string]float64{}
	for _, it := range r.Doc.Items {
		text[it.ID] = testcorpus.Key(it.Title + " " + it.Text)
		conf[it.ID] = it.Confidence
	}
	for j, id := range ref {
		it := &orig.Items[j]
		title := testcorpus.Key(it.Title)
		if strings.Contains(text[id], firstLine(it)) || len(title) >= 4 && strings.HasPrefix(text[id], title) {
			right++
			continue
		}
		if conf[id] >= 0.9 {
			sure++
		}
		if len(wrong) < 5 {
			wrong = append(wrong, id)
		}
	}
	return right, wrong, sure
}

// TestThroughVariants reads each dev translation, and the variants the
// test writes of it (numbers stripped into bullets, <ul>, paragraphs and
// table rows; heading words replaced or removed; items joined or split),
// through its source. Every item the reading names carries an id of the
// source; the items that print their source's number in the original
// are looked for under that id in each variant. Each original must be
// read at 97% at least; each numbers lost variant at 95% (the Debian
// Constitution ko, Korean to section 4.1 and English after it, reaches
// it with the passages left in the source's language measured at their
// own length, 99.4% in paragraphs and rows; the 1.7 ja paragraphs,
// whose reader takes 61 lines for titles where the source has 34, with
// only the shortest of them read as headings, 98.1%; the 1.0 ja
// paragraphs, whose items open with a short lead sentence that the
// lengths of whole runs put as well at the end of the item before, by
// the length of each run's first sentence, 96.6%); the variants are
// held, pooled over the pairs, to what variantMissed gives. The test
// logs the table of every pair and variant, and how many of the items
// not under their source's id the reading is sure of (0.9 or more).
func TestThroughVariants(t *testing.T) {
	longtest.Skip(t)
	right, total, sure := map[string]int{}, map[string]int{}, map[string]int{}
	table := map[string]map[string]float64{} // pair -> variant -> share
	var names []string
	for _, p := range throughPairs {
		name := p[1][strings.LastIndex(p[1], "/")+1:]
		names = append(names, name)
		table[name] = map[string]float64{}
		t.Run(name, func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
			ref := labelled(src, orig)
			ids := map[string]bool{}
			for _, it := range src.Items {
				ids[it.ID] = true
			}
			check := func(name string, r *align.Reading) float64 {
				for _, it := range r.Doc.Items {
					if it.IDSource != "" && !ids[it.ID] {
						t.Errorf("%s: item %s (%s) has no id of the source", name, it.ID, it.IDSource)
					}
					if it.IDSource != "" && (it.Confidence <= 0 || it.Confidence > 1) {
						t.Errorf("%s: item %s: confidence %v outside (0, 1]", name, it.ID, it.Confidence)
					}
				}
				n, wrong, sureWrong := pairedRight(orig, ref, r)
				right[name] += n
				total[name] += len(ref)
				sure[name] += sureWrong
				share := float64(n) / float64(max(1, len(ref)))
				t.Logf("%-14s %d of %d labelled items under their source's id (%.1f%%); %d of %d source items placed; projected %v; not: %v",
					name, n, len(ref), 100*share, r.Placed, r.Items, r.Projected, wrong)
				table[p[1][strings.LastIndex(p[1], "/")+1:]][name] = share
				return share
			}
			if share := check("original", align.Options{}.Through(src, orig)); share < 0.97 {
				t.Errorf("original: %.1f%% of labelled items under their source's id, want 97%%", 100*share)
			}
			for _, v := range testcorpus.Variants {
				r := testcorpus.Render(t, orig, v)
				share := check(string(v), align.Options{}.Through(src, r))
				if !slices.Contains(testcorpus.NumbersLost, v) {
					continue
				}
				if share < 0.95 {
					t.Errorf("%s: %.1f%% of labelled items under their source's id, want 95%%", v, 100*share)
				}
			}
		})
	}
	var b strings.Builder
	b.WriteString("\n| pair | original")
	for _, v := range testcorpus.Variants {
		b.WriteString(" | " + string(v))
	}
	b.WriteString(" |\n")
	for _, name := range names {
		fmt.Fprintf(&b, "| %s | %.1f", name, 100*table[name]["original"])
		for _, v := range testcorpus.Variants {
			fmt.Fprintf(&b, " | %.1f", 100*table[name][string(v)])
		}
		b.WriteString(" |\n")
	}
	t.Log(b.String())
	for _, v := range testcorpus.Variants {
		name := string(v)
		share := float64(right[name]) / float64(max(1, total[name]))
		t.Logf("%-14s pooled: %d of %d (%.1f%%); of the %d not, %d at confidence 0.9 or more", name, right[name], total[name], 100*share,
			total[name]-right[name], sure[name])
		if total[name] > 0 && total[name]-right[name] > variantMissed(v) {
			t.Errorf("%s: pooled %d of %d labelled items under their source's id (%.1f%%), want at most %d not", name, right[name], total[name], 100*share, variantMissed(v))
		}
	}
}

// variantMissed is the most labelled items a variant may leave, pooled,
// away from their source's id: what the reading leaves today and one
// more (the numbers lost variants are held pair by pair too, at 95%).
// Of the 2,204 labelled items it leaves: paragraphs 31, bullets, <ul>
// and split 29, rows and joined 28 (of which the FIDE 2018 ru's
// bullets, <ul> and split 14, its lines 1.2 to 2.4 around the
// diagrams), the variants that replace or remove the headings' words
// or write their digits otherwise 4 (the Debian Constitution ru 2, its
// headings 2.1, 3.2, 4.2, 5.2, ... read as rules where the source reads
// sections: paired by their labels, they bound the projection of the
// sub-items an item holds as lines, which puts the second line of
// 5.1(8) and a line of 6.2(7) on the item before; the ja's 2(1), in
// both editions), the contents variants 3.
func variantMissed(v testcorpus.Variant) int {
	switch v {
	case testcorpus.Paragraphs:
		return 32
	case testcorpus.Rows, testcorpus.Joined:
		return 29
	case testcorpus.Bullets, testcorpus.List, testcorpus.Split:
		return 30
	case testcorpus.Contents, testcorpus.ContentsLinked:
		return 4
	}
	return 5
}

// TestThroughSubItemsAndTwice: a numbered item of a translation whose
// text holds its source item's sub-items as lines of their own, with no
// labels, is read as them; and of two items that print the same label,
// the second is read as the source item its text translates, not as
// the label says.
func TestThroughSubItemsAndTwice(t *testing.T) {
	src := doc("en",
		"1||Members pay the yearly fee of 40 euros before the first of March of each year.",
		"2||The board may refuse a member who:",
		"2.1||has not paid 3 yearly fees in a row, counted from 2019 on, or",
		"2.2||was expelled by another club in the last 5 years for a breach of its rules.",
		"3||A guest may play twice a month when a member brings them along to the club.",
		"4||Courts are booked online at most 7 days ahead, for 60 minutes at a time.",
		"5||Changes to these rules need two thirds of the votes at a general meeting.")
	tgt := doc("de",
		"1||Mitglieder zahlen den Jahresbeitrag von 40 Euro vor dem ersten März jedes Jahres.",
		"2||Der Vorstand kann ein Mitglied ablehnen, das:\n1) 3 Jahresbeiträge in Folge nicht gezahlt hat, gezählt ab 2019, oder\n2) in den letzten 5 Jahren von einem anderen Verein wegen eines Verstoßes ausgeschlossen wurde.",
		"3||Ein Gast darf zweimal im Monat spielen, wenn ein Mitglied ihn in den Verein mitbringt.",
		"3||Plätze werden online höchstens 7 Tage im Voraus gebucht, für jeweils 60 Minuten.",
		"5||Änderungen dieser Regeln brauchen zwei Drittel der Stimmen einer Hauptversammlung.")
	r := align.Options{}.Through(src, tgt)
	text := map[string]string{}
	for _, it := range r.Doc.Items {
		text[it.ID] = it.Text
	}
	for id, want := range map[string]string{"rule:2": "Der Vorstand", "rule:2.1": "3 Jahresbeiträge", "rule:2.2": "5 Jahren",
		"rule:3": "Ein Gast", "rule:4": "7 Tage", "rule:5": "zwei Drittel"} {
		if !strings.Contains(text[id], want) {
			t.Errorf("%s: %q, want it to hold %q", id, text[id], want)
		}
	}
	if r.Placed != r.Items {
		t.Errorf("%d of %d source items placed, want all; not: %v", r.Placed, r.Items, r.Unplaced)
	}
}
