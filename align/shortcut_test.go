package align

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// sameAlignment reports where two alignments of one pair of documents
// differ ("" when they do not): pairs (items, score, evidence, flags),
// unmatched items and the length ratio.
func sameAlignment(full, fast *Alignment) string {
	if reflect.DeepEqual(full, fast) {
		return ""
	}
	for k := range min(len(full.Pairs), len(fast.Pairs)) {
		if p, q := full.Pairs[k], fast.Pairs[k]; !reflect.DeepEqual(p, q) {
			return fmt.Sprintf("pair %d: full %+v, shortcut %+v", k, p, q)
		}
	}
	return fmt.Sprintf("full: %d pairs, unmatched %v / %v, ratio %v; shortcut: %d pairs, unmatched %v / %v, ratio %v",
		len(full.Pairs), full.UnmatchedSource, full.UnmatchedTarget, full.Ratio,
		len(fast.Pairs), fast.UnmatchedSource, fast.UnmatchedTarget, fast.Ratio)
}

// twinned returns a copy of a generated edition pair with the cases the
// shortcuts for unchanged items must tell apart: a target item with a
// source item's title and text but another reference, another part, or
// cut short (truncated); a source text twice in the target and twice in
// the source; and an item whose text moved to another number.
func twinned(old, cur *corpus.Document) (*corpus.Document, *corpus.Document) {
	o, n := *old, *cur
	o.Items, n.Items = slices.Clone(old.Items), slices.Clone(cur.Items)
	src := func(k int) corpus.Item { return o.Items[k%len(o.Items)] }
	for j := range n.Items {
		it := &n.Items[j]
		s := src(j)
		switch j % 23 {
		case 3: // the text of a source item, another reference
			o.Items[j%len(o.Items)].Refs = []string{"rule:2"}
			it.Title, it.Text, it.Refs = s.Title, s.Text, []string{"rule:1"}
		case 7: // another part
			o.Items[j%len(o.Items)].Parts = []corpus.Part{{Label: "A", Text: "a"}}
			it.Title, it.Text, it.Parts = s.Title, s.Text, []corpus.Part{{Label: "B", Text: "b"}}
		case 11: // cut short
			it.Title, it.Text, it.Refs, it.Parts = s.Title, s.Text, s.Refs, s.Parts
			it.Flags = append(slices.Clone(it.Flags), corpus.FlagTruncated)
		case 13, 14: // one source text twice
			s = src(13 * (j / 23))
			it.Title, it.Text, it.Refs, it.Parts = s.Title, s.Text, s.Refs, s.Parts
		case 17: // a text moved: another source item's
			s = src(j + 40)
			it.Title, it.Text, it.Refs, it.Parts = s.Title, s.Text, s.Refs, s.Parts
		}
	}
	for i := 19; i < len(o.Items); i += 29 { // a source text twice
		o.Items[i].Title, o.Items[i].Text = o.Items[i-1].Title, o.Items[i-1].Text
	}
	return &o, &n
}

// TestShortcuts holds the shortcuts an alignment takes for the items an
// edition left as it was (a target item with a source item's text takes
// its comparison form and tokens; the review does not look for a better
// source for a pair whose features are equal) to the full computation:
// every pair, score, piece of evidence and unmatched item the same, on
// generated editions (plain, and with the cases the shortcuts must tell
// apart), a generated translation, and the real corpus's edition and
// translation pairs.
func TestShortcuts(t *testing.T) {
	longtest.Skip(t)
	type pair struct {
		name     string
		src, tgt *corpus.Document
	}
	var pairs []pair
	for _, seed := range []uint64{1, 2, 3} {
		old, cur, _ := synth.Editions(seed, 300)
		pairs = append(pairs, pair{fmt.Sprintf("editions-%d", seed), old, cur})
		o, n := twinned(old, cur)
		pairs = append(pairs, pair{fmt.Sprintf("twinned-%d", seed), o, n})
		pairs = append(pairs, pair{fmt.Sprintf("twinned-reversed-%d", seed), n, o})
	}
	docs, _ := synth.Corpus(4, 2, 1, 300)
	pairs = append(pairs, pair{"synth en-1 en-2", docs["en-1"], docs["en-2"]}, pair{"synth en-1 ja-1", docs["en-1"], docs["ja-1"]})
	if !testing.Short() {
		real := [][2]string{
			{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md"},
			{"tda/tda-2022-shortform-en.docx", "tda/tda-2024-longform-en.docx"},
			{"dev/fab-cr/fab-cr-2.10.1-en.txt", "dev/fab-cr/fab-cr-2026-02-22-en.txt"},
			{"dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2023-en.md"},
			{"dev/fide-laws/fide-laws-2018-ru.md", "dev/fide-laws/fide-laws-2023-ru.md"},
			{"dev/debian-constitution/debian-constitution-1.0-en.wml", "dev/debian-constitution/debian-constitution-1.7-en.wml"},
			{"dev/debian-constitution/debian-constitution-1.6-en.wml", "dev/debian-constitution/debian-constitution-1.7-en.wml"},
			{"dev/debian-social-contract/debian-social-contract-1.0-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-en.wml"},
			{"dev/debian-policy/debian-policy-4.1.0.0-en.rst", "dev/debian-policy/debian-policy-4.1.2.0-en.rst"},
			{"dev/google-cppguide/google-cppguide-2015-09-11-en.html", "dev/google-cppguide/google-cppguide-2024-02-12-en.html"},
			{"wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
			{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		}
		for _, r := range real {
			pairs = append(pairs, pair{r[0] + " -> " + r[1], testcorpus.Doc(t, r[0]), testcorpus.Doc(t, r[1])})
		}
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			full := Options{full: true}.Align(p.src, p.tgt)
			fast := Options{}.Align(p.src, p.tgt)
			if d := sameAlignment(full, fast); d != "" {
				t.Errorf("the shortcuts change the alignment: %s", d)
			}
		})
	}
}

// TestTerse checks that Options.Terse changes nothing of an alignment of
// two editions but the evidence of the pairs' texts: the same pairs,
// scores and marks, and the evidence of numbers, identical texts, order,
// position and mismatch; and that across languages it changes nothing.
func TestTerse(t *testing.T) {
	old, cur, _ := synth.Editions(1, 500)
	docs, _ := synth.Corpus(1, 1, 1, 300)
	for _, c := range []struct {
		name     string
		src, tgt *corpus.Document
		same     bool
	}{{"editions", old, cur, true}, {"translation", docs["en-1"], docs["ja-1"], false}} {
		full := Options{}.Align(c.src, c.tgt)
		terse := Options{Terse: true}.Align(c.src, c.tgt)
		if len(full.Pairs) != len(terse.Pairs) || !slices.Equal(full.UnmatchedSource, terse.UnmatchedSource) ||
			!slices.Equal(full.UnmatchedTarget, terse.UnmatchedTarget) || full.Ratio != terse.Ratio {
			t.Fatalf("%s: %d pairs, terse %d (or other unmatched items, or ratio)", c.name, len(full.Pairs), len(terse.Pairs))
		}
		texts := 0
		for k := range full.Pairs {
			p, q := &full.Pairs[k], &terse.Pairs[k]
			if !slices.Equal(p.Source, q.Source) || !slices.Equal(p.Target, q.Target) || p.Score != q.Score || p.Low != q.Low || p.Anchor != q.Anchor {
				t.Fatalf("%s: pair %d is %v-%v %.3f low %v anchor %v, terse %v-%v %.3f low %v anchor %v", c.name, k,
					p.Source, p.Target, p.Score, p.Low, p.Anchor, q.Source, q.Target, q.Score, q.Low, q.Anchor)
			}
			var kept []Evidence
			for _, e := range p.Evidence {
				if slices.Contains(className[:], e.Signal) || e.Signal == "size" || e.Signal == "length" {
					texts++
					if c.same {
						continue
					}
				}
				kept = append(kept, e)
			}
			if !slices.Equal(kept, q.Evidence) {
				t.Fatalf("%s: pair %d: terse evidence %v, want %v", c.name, k, q.Evidence, kept)
			}
		}
		if texts == 0 {
			t.Fatalf("%s: no evidence of texts to leave out", c.name)
		}
	}
}
