package align_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestAffinityHeldReading holds the Affinity of a reading through the
// source that takes the items' reading Through kept (Options.KeepReading)
// to the Affinity read from the items, on the real translations and
// editions and a generated translation: the same figures, the reading
// let go once taken, and read again for a copy whose items read
// otherwise (a text changed, a title taken for a text). The quick suite
// takes 3 of the dev pairs (longtest.Sample), the long one all.
func TestAffinityHeldReading(t *testing.T) {
	pairs := append([][2]string{
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt"},
		{"tda/tda-2024-longform-en.docx", "seeds/tda-2024-addendum-pt.txt"},
	}, longtest.Sample(devPairs, 3)...)
	type pair struct {
		name     string
		src, tgt *corpus.Document
	}
	var all []pair
	for _, p := range pairs {
		rel := func(s string) string {
			if s[:4] == "wca/" || s[:4] == "tda/" || s[:6] == "seeds/" {
				return s
			}
			return "dev/" + s
		}
		all = append(all, pair{p[1], testcorpus.Doc(t, rel(p[0])), testcorpus.Doc(t, rel(p[1]))})
	}
	// 3,000 generated items a side with -tags long, 800 in the quick
	// suite.
	n := 800
	if longtest.On() {
		n = 3000
	}
	docs, _ := synth.Corpus(1, 1, 1, n)
	all = append(all, pair{"synth ja", docs["en-1"], docs["ja-1"]})
	held := 0
	for _, p := range all {
		if rd := (align.Options{}).Through(p.src, p.tgt); align.Held(rd.Alignment) {
			t.Errorf("%s: a reading held without KeepReading", p.name)
		}
		rd := align.Options{KeepReading: true}.Through(p.src, p.tgt)
		want := align.AffinityUnheld(align.Options{}, rd.Alignment)
		if align.Held(rd.Alignment) {
			held++
		}
		if got := (align.Options{}).Affinity(rd.Alignment); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Affinity of the reading held %+v, read from the items %+v", p.name, got, want)
		}
		if align.Held(rd.Alignment) {
			t.Errorf("%s: the reading is held after Affinity took it", p.name)
		}
		// Copies whose items read otherwise are read from their items.
		for _, change := range []func(it *corpus.Item){
			func(it *corpus.Item) { it.Text += " 1999" },
			func(it *corpus.Item) { it.Title, it.Text = it.Text, it.Title },
		} {
			rd := align.Options{KeepReading: true}.Through(p.src, p.tgt)
			if len(rd.Alignment.Pairs) == 0 {
				continue
			}
			c := *rd.Alignment
			d := *c.Target
			d.Items = slices.Clone(d.Items)
			change(&d.Items[rd.Alignment.Pairs[len(rd.Alignment.Pairs)/2].Target[0]])
			c.Target = &d
			want := align.AffinityUnheld(align.Options{}, &c)
			if got := (align.Options{}).Affinity(&c); !reflect.DeepEqual(got, want) {
				t.Errorf("%s, an item changed: Affinity %+v, read from the items %+v", p.name, got, want)
			}
		}
	}
	if held < len(all)/2 {
		t.Errorf("a reading held for %d of %d translations", held, len(all))
	}
	t.Logf("a reading held for %d of %d translations", held, len(all))
}
