package history

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// realSeries are the series of the real corpus, oldest first.
var realSeries = map[string][]string{
	"debian": {"dev/debian-constitution/debian-constitution-1.0-en.wml", "dev/debian-constitution/debian-constitution-1.6-en.wml", "dev/debian-constitution/debian-constitution-1.7-en.wml"},
	"tda":    {"tda/tda-2022-shortform-en.docx", "tda/tda-2024-longform-en.docx"},
	"wca":    {"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md"},
	"fide":   {"dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2023-en.md"},
}

func realEditions(t *testing.T, rels []string) []Edition {
	t.Helper()
	docs := make([]*corpus.Document, len(rels))
	for k, rel := range rels {
		docs[k] = testcorpus.Doc(t, rel)
	}
	return FileEditions(rels, docs)
}

// node is an item of an edition.
type node struct{ e, i int }

// pairwise is what comparing each consecutive pair alone says, for
// checking a History against: the comparisons, and the items each item
// is paired with in the editions before and after it.
type pairwise struct {
	eds   []Edition
	comps []*diff.Comparison
	links map[node][]node
}

func comparePairwise(eds []Edition) *pairwise {
	p := &pairwise{eds: eds, links: map[node][]node{}}
	for k := 0; k+1 < len(eds); k++ {
		c := diff.Options{}.Compare(eds[k].Doc, eds[k+1].Doc)
		p.comps = append(p.comps, c)
		for _, pr := range c.Alignment.Pairs {
			for _, i := range pr.Source {
				for _, j := range pr.Target {
					a, b := node{k, i}, node{k + 1, j}
					p.links[a] = append(p.links[a], b)
					p.links[b] = append(p.links[b], a)
				}
			}
		}
	}
	return p
}

// component finds, breadth first, every item linked to n.
func (p *pairwise) component(n node) map[node]bool {
	seen := map[node]bool{n: true}
	for queue := []node{n}; len(queue) > 0; queue = queue[1:] {
		for _, m := range p.links[queue[0]] {
			if !seen[m] {
				seen[m] = true
				queue = append(queue, m)
			}
		}
	}
	return seen
}

// textChanged returns the editions where a pairwise change with a text
// change touched the component.
func (p *pairwise) textChanged(comp map[node]bool) []int {
	var out []int
	for k, c := range p.comps {
		for _, ch := range c.Changes {
			if !ch.TextChanged {
				continue
			}
			touches := false
			for _, i := range ch.Old {
				touches = touches || comp[node{k, i}]
			}
			for _, j := range ch.New {
				touches = touches || comp[node{k + 1, j}]
			}
			if touches && (len(out) == 0 || out[len(out)-1] != k+1) {
				out = append(out, k+1)
			}
		}
	}
	return out
}

// idsIn returns the component's ids in edition e.
func (p *pairwise) idsIn(comp map[node]bool, e int) []string {
	var ids []string
	for i := range p.eds[e].Doc.Items {
		if comp[node{e, i}] {
			ids = append(ids, p.eds[e].Doc.Items[i].ID)
		}
	}
	return ids
}

// checkAgainstPairwise checks that, for every item of the last edition,
// the history's editions of text changes and ids in every edition are
// those the pairwise comparisons give; and that the cumulative
// changelog since each edition is the union of the pairwise changes
// after it, each once.
func checkAgainstPairwise(t *testing.T, h *History, p *pairwise) {
	t.Helper()
	last := len(h.Editions) - 1
	renumbered := 0
	for i := range h.Editions[last].Doc.Items {
		l := h.LifeOf(last, i)
		comp := p.component(node{last, i})
		if got, want := l.TextChangedIn(), p.textChanged(comp); !slices.Equal(got, want) {
			t.Errorf("%s: text changed in editions %v, pairwise %v", h.Editions[last].Doc.Items[i].ID, got, want)
		}
		distinct := map[string]bool{}
		for e := range h.Editions {
			got, want := h.IDs(l, e), p.idsIn(comp, e)
			sort.Strings(got)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: ids in %s %v, pairwise %v", h.Editions[last].Doc.Items[i].ID, h.Editions[e].Name, got, want)
			}
			distinct[strings.Join(got, " ")] = len(got) > 0
		}
		if len(distinct) > 2 || len(distinct) == 2 && !slices.Contains(keys(distinct), "") {
			renumbered++
		}
	}
	for since := -1; since < last; since++ {
		var got, want []string
		for _, l := range h.Changed(since) {
			for _, ev := range l.Since(since) {
				got = append(got, changeKey(h.Editions, ev.Edition, ev.Change))
			}
		}
		for k := max(since, 0); k < len(p.comps); k++ {
			for c := range p.comps[k].Changes {
				want = append(want, changeKey(h.Editions, k+1, &p.comps[k].Changes[c]))
			}
		}
		sort.Strings(got)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("since %d: %d changes in the cumulative changelog, %d pairwise", since, len(got), len(want))
		}
		if len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Errorf("since %d: a change counted twice", since)
		}
	}
	t.Logf("%d editions, %d items in the last, %d lives, %d items known by more than one id", len(h.Editions), len(h.Editions[last].Doc.Items), len(h.Lives), renumbered)
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// changeKey names a change by its edition, kind, ids, severity and
// reason.
func changeKey(eds []Edition, e int, ch *diff.Change) string {
	var olds, news []string
	for _, i := range ch.Old {
		olds = append(olds, eds[e-1].Doc.Items[i].ID)
	}
	for _, j := range ch.New {
		news = append(news, eds[e].Doc.Items[j].ID)
	}
	return fmt.Sprintf("%d %s %v>%v %s %s", e, ch.Kind, olds, news, ch.Severity, ch.Reason)
}

// TestRealSeries follows the items of the real series.
func TestRealSeries(t *testing.T) {
	for name, rels := range realSeries {
		t.Run(name, func(t *testing.T) {
			eds := realEditions(t, rels)
			h, err := Options{}.Build(context.Background(), eds)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstPairwise(t, h, comparePairwise(eds))
		})
	}
}

// synthSeries generates n editions of items rules.
func synthSeries(t testing.TB, seed uint64, n, items int) ([]Edition, synth.CorpusTruth) {
	var eds []Edition
	truth, err := synth.Generate(seed, n, 0, items, func(name string, d *corpus.Document) error {
		eds = append(eds, Edition{Name: name, Doc: d})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return eds, truth
}

// TestSynthSeries checks a generated series against the pairwise
// comparisons and its truth: every rule the truth carries from the
// first edition to the last unsplit has one life, known by each id the
// truth gives it (renumbered in nearly every edition).
func TestSynthSeries(t *testing.T) {
	eds, truth := synthSeries(t, 3, 20, 300)
	h, err := Options{}.Build(context.Background(), eds)
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstPairwise(t, h, comparePairwise(eds))
	followed, wrong := 0, 0
	for i := range eds[0].Doc.Items {
		ids := []string{eds[0].Doc.Items[i].ID}
		for k := 1; k < len(eds) && ids[len(ids)-1] != ""; k++ {
			ids = append(ids, truth.Editions[fmt.Sprintf("en-%d..en-%d", k, k+1)].Renamed[ids[len(ids)-1]])
		}
		if ids[len(ids)-1] == "" {
			continue // deleted or split on the way
		}
		followed++
		l := h.LifeOf(0, i)
		for e, id := range ids {
			if got := h.IDs(l, e); len(got) != 1 || got[0] != id {
				wrong++
				t.Logf("rule %s of the first edition: %v in %s, truth %s", ids[0], got, eds[e].Name, id)
				break
			}
		}
	}
	t.Logf("%d rules followed from the first edition to the last by their truth, %d otherwise", followed, wrong)
	if followed == 0 || wrong*100 > followed {
		t.Errorf("%d of %d rules not followed as their truth says", wrong, followed)
	}
}

// TestSynthSplitsMerges checks a generated series with rules split and
// merged: each split rule's two halves, and each merged rule's two
// sources, are one life with the rule, as the truth says.
func TestSynthSplitsMerges(t *testing.T) {
	var eds []Edition
	truth, err := synth.Options{Merges: true}.Generate(5, 20, 0, 300, func(name string, d *corpus.Document) error {
		eds = append(eds, Edition{Name: name, Doc: d})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h, err := Options{}.Build(context.Background(), eds)
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstPairwise(t, h, comparePairwise(eds))
	index := func(e int, id string) int {
		for i := range eds[e].Doc.Items {
			if eds[e].Doc.Items[i].ID == id {
				return i
			}
		}
		t.Fatalf("no %s in %s", id, eds[e].Name)
		return -1
	}
	var splits, merges, joined int
	for e := 1; e < len(eds); e++ {
		tr := truth.Editions[fmt.Sprintf("en-%d..en-%d", e, e+1)]
		for old, halves := range tr.Split {
			splits++
			l := h.LifeOf(e-1, index(e-1, old))
			if ids := h.IDs(l, e); slices.Contains(ids, halves[0]) && slices.Contains(ids, halves[1]) {
				joined++
			} else {
				t.Logf("%s: %s split into %v, its life has %v", eds[e].Name, old, halves, ids)
			}
		}
		for merged, sources := range tr.Merged {
			merges++
			l := h.LifeOf(e, index(e, merged))
			if ids := h.IDs(l, e-1); slices.Contains(ids, sources[0]) && slices.Contains(ids, sources[1]) {
				joined++
			} else {
				t.Logf("%s: %v merged into %s, its life has %v", eds[e].Name, sources, merged, ids)
			}
		}
	}
	// The pairing is the aligner's: what it misses (a merged rule taken
	// for its first source, the second removed) the history cannot
	// follow, and TestRealSeries holds the history to the pairing.
	t.Logf("%d splits and %d merges in the truth, %d followed as one life", splits, merges, joined)
	if merges == 0 || splits == 0 || joined*10 < (splits+merges)*8 {
		t.Errorf("%d of %d splits and merges followed", joined, splits+merges)
	}
}
