package align_test

import (
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// headed is a document of items "id|title|text|section": a heading has
// a title and no text.
func headed(lang string, items ...[4]string) *corpus.Document {
	d := &corpus.Document{Lang: lang}
	for _, f := range items {
		k := corpus.KindRule
		if f[2] == "" {
			k = corpus.KindSection
		}
		d.Items = append(d.Items, corpus.Item{ID: f[0], Kind: k, Title: f[1], Text: f[2], Section: f[3]})
	}
	return d
}

// byIndex pairs source item i with target item j for each [i, j], the
// rest unmatched.
func byIndex(src, tgt *corpus.Document, pairs ...[2]int) *align.Alignment {
	al := &align.Alignment{Source: src, Target: tgt}
	ps, pt := map[int]bool{}, map[int]bool{}
	for _, p := range pairs {
		al.Pairs = append(al.Pairs, align.Pair{Source: []int{p[0]}, Target: []int{p[1]}, Score: 1})
		ps[p[0]], pt[p[1]] = true, true
	}
	for i := range src.Items {
		if !ps[i] {
			al.UnmatchedSource = append(al.UnmatchedSource, i)
		}
	}
	for j := range tgt.Items {
		if !pt[j] {
			al.UnmatchedTarget = append(al.UnmatchedTarget, j)
		}
	}
	return al
}

// TestSectionHeadings: a source heading with no pair whose rules'
// partners sit under one heading of the target that has no item gets
// that heading as a target item with its id, before the first of them;
// the pairs after it move with their items. A heading the target left
// out, its rules under the heading before, gets none; nor does one
// whose target heading is an item already; a body paired with a source
// heading is replaced, left without a partner under its own id.
func TestSectionHeadings(t *testing.T) {
	src := headed("en",
		[4]string{"sec:1", "Officials", "", "Article 1: Officials"},
		[4]string{"rule:1a", "", "A competition has officials.", "Article 1: Officials"},
		[4]string{"rule:1b", "", "Officials are named.", "Article 1: Officials"},
		[4]string{"sec:2", "Competitors", "", "Article 2: Competitors"},
		[4]string{"rule:2a", "", "Competitors register.", "Article 2: Competitors"},
		[4]string{"sec:3", "Puzzles", "", "Article 3: Puzzles"},
		[4]string{"rule:3a", "", "Puzzles are checked.", "Article 3: Puzzles"})
	t.Run("unpaired", func(t *testing.T) {
		tgt := headed("de",
			[4]string{"rule:1a", "", "Ein Wettbewerb hat Offizielle.", "Offizielle"},
			[4]string{"rule:1b", "", "Offizielle werden benannt.", "Offizielle"},
			[4]string{"rule:2a", "", "Teilnehmer melden sich an.", "Teilnehmer"},
			[4]string{"rule:3a", "", "Puzzles werden geprüft.", "Teilnehmer"})
		al := byIndex(src, tgt, [2]int{1, 0}, [2]int{2, 1}, [2]int{4, 2}, [2]int{6, 3})
		out := align.SectionHeadings(al)
		var ids, titles []string
		for _, it := range out.Target.Items {
			ids, titles = append(ids, it.ID), append(titles, it.Title)
		}
		want := []string{"sec:1", "rule:1a", "rule:1b", "sec:2", "rule:2a", "rule:3a"}
		if len(ids) != len(want) {
			t.Fatalf("target ids %v, want %v", ids, want)
		}
		for k := range want {
			if ids[k] != want[k] {
				t.Fatalf("target ids %v, want %v", ids, want)
			}
		}
		if titles[0] != "Offizielle" || titles[3] != "Teilnehmer" {
			t.Errorf("titles %q", titles)
		}
		for _, p := range out.Pairs {
			if s, g := out.Source.Items[p.Source[0]].ID, out.Target.Items[p.Target[0]].ID; s != g {
				t.Errorf("pair %s with %s", s, g)
			}
		}
		if len(out.UnmatchedSource) != 1 || out.Source.Items[out.UnmatchedSource[0]].ID != "sec:3" {
			t.Errorf("unmatched source %v, want sec:3 alone (its rule sits under the heading before)", out.UnmatchedSource)
		}
		if len(tgt.Items) != 4 || len(al.Pairs) != 4 {
			t.Errorf("the alignment given was changed")
		}
	})
	t.Run("held", func(t *testing.T) {
		tgt := headed("de",
			[4]string{"sec:_1", "Offizielle", "", "Offizielle"},
			[4]string{"rule:1a", "", "Ein Wettbewerb hat Offizielle.", "Offizielle"},
			[4]string{"rule:1b", "", "Offizielle werden benannt.", "Offizielle"})
		al := byIndex(src, tgt, [2]int{1, 1}, [2]int{2, 2})
		if out := align.SectionHeadings(al); out != al {
			t.Errorf("a heading made where the target has an item of it: %d items", len(out.Target.Items))
		}
	})
	t.Run("body", func(t *testing.T) {
		tgt := headed("de",
			[4]string{"rule:1", "", "Eins: die Grundregeln.", ""},
			[4]string{"rule:1a", "", "Ein Wettbewerb hat Offizielle.", "Offizielle"},
			[4]string{"rule:1b", "", "Offizielle werden benannt.", "Offizielle"})
		tgt.Items[0].ID = "sec:1" // the id its pair gave it
		al := byIndex(src, tgt, [2]int{0, 0}, [2]int{1, 1}, [2]int{2, 2})
		out := align.SectionHeadings(al)
		if len(out.Target.Items) != 4 || out.Target.Items[1].ID != "sec:1" || out.Target.Items[1].Title != "Offizielle" {
			t.Fatalf("target %+v", out.Target.Items)
		}
		if id := out.Target.Items[0].ID; id == "sec:1" {
			t.Errorf("the body replaced keeps the heading's id")
		}
		if len(out.UnmatchedTarget) != 1 || out.UnmatchedTarget[0] != 0 {
			t.Errorf("unmatched target %v, want [0]", out.UnmatchedTarget)
		}
	})
}
