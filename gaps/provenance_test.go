package gaps_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// history is a generated rulebook of 20 English editions, 6 and 14 each
// reissues of the edition before it, with a translation of every edition.
func history(items int) (map[string]*corpus.Document, synth.CorpusTruth) {
	return synth.Options{Unchanged: []int{6, 14}}.Corpus(11, 20, 1, items)
}

func editions(docs map[string]*corpus.Document, n int) []*corpus.Document {
	var out []*corpus.Document
	// Given newest first: provenance orders them by their dates.
	for e := n; e >= 1; e-- {
		out = append(out, docs[fmt.Sprintf("en-%d", e)])
	}
	return out
}

// TestProvenanceSynthetic checks every translation of a generated history
// of 20 editions against all 20: the right edition each time, except
// where the generator made two editions identical, and there "ambiguous
// between" exactly those two.
func TestProvenanceSynthetic(t *testing.T) {
	longtest.Skip(t)
	docs, truth := history(150)
	if len(truth.Unchanged) != 2 {
		t.Fatalf("unchanged editions %v, want 2 pairs", truth.Unchanged)
	}
	cands := editions(docs, 20)
	twin := map[int]int{5: 6, 6: 5, 13: 14, 14: 13}
	for e := 1; e <= 20; e++ {
		t.Run(fmt.Sprintf("ja-%d", e), func(t *testing.T) {
			pv, err := gaps.Options{}.Provenance(docs[fmt.Sprintf("ja-%d", e)], cands...)
			if err != nil {
				t.Fatal(err)
			}
			if pv.Candidates[0].Edition != "synth-1" || pv.Candidates[19].Edition != "synth-20" {
				t.Fatalf("candidates not in date order: %s ... %s", pv.Candidates[0].Edition, pv.Candidates[19].Edition)
			}
			if o, ok := twin[e]; ok {
				a, b := min(e, o), max(e, o)
				want := fmt.Sprintf("is ambiguous between synth-%d and synth-%d", a, b)
				if pv.Best >= 0 || len(pv.Tied) != 2 || pv.Tied[0] != a-1 || pv.Tied[1] != b-1 || !strings.HasPrefix(pv.Answer(), want) {
					t.Errorf("%s; want %s", pv.Answer(), want)
				}
				return
			}
			if pv.Best != e-1 {
				t.Errorf("%s; want synth-%d", pv.Answer(), e)
			}
			if pv.Margin <= 0 || pv.Decided <= 0 {
				t.Errorf("%s: no margin or no deciding items", pv.Answer())
			}
		})
	}
}

// BenchmarkProvenance is provenance of a translation against 20
// candidate editions of 500 items (README: under 2 s on one core).
func BenchmarkProvenance(b *testing.B) {
	docs, _ := history(500)
	cands := editions(docs, 20)
	tr := docs["ja-9"]
	b.ReportAllocs()
	for b.Loop() {
		if pv, err := (gaps.Options{}).Provenance(tr, cands...); err != nil || pv.Best != 8 {
			b.Fatalf("%v %v", pv.Answer(), err)
		}
	}
}

// TestProvenanceDuplicateEditions: two candidates that state one edition
// name are an error naming both files.
func TestProvenanceDuplicateEditions(t *testing.T) {
	a := doc("en", "1|Clock|A player has 60 seconds to act.")
	b := doc("en", "1|Clock|A player has 90 seconds to act.")
	a.Edition, b.Edition = "wca-2017-06-19", "wca-2017-06-19"
	a.Source.Path, b.Source.Path = "regs-a.md", "regs-b.md"
	ja := doc("ja", "|クロック|プレイヤーは60秒以内にアクションする。")
	_, err := gaps.Options{}.Provenance(ja, a, b)
	var dup *gaps.DuplicateEditionError
	if !errors.As(err, &dup) || !strings.Contains(err.Error(), "regs-a.md and regs-b.md both state edition \"wca-2017-06-19\"") {
		t.Errorf("err = %v; want one naming both files", err)
	}
}

// TestProvenanceStaleItems: a translation updated to the newer edition
// in one item and left at the older text in another follows the newer
// one (old text stays behind where nobody updated it; new text cannot
// come before it is written), and says that one item follows older text.
func TestProvenanceStaleItems(t *testing.T) {
	old := doc("en",
		"1|Clock|A player has 60 seconds to act once a clock is called.",
		"2|Breaks|Play stops for a 15 minute break every two levels.",
		"3|Seats|Seats are drawn at random for 40 seats.")
	cur := doc("en",
		"1|Clock|A player has 30 seconds to act once a clock is called.",
		"2|Breaks|Play stops for a 20 minute break every two levels.",
		"3|Seats|Seats are drawn at random for 40 seats.")
	old.Edition, old.Date, cur.Edition, cur.Date = "house-2030", "2030-01-01", "house-2031", "2031-01-01"
	ja := doc("ja",
		"|クロック|クロックが要求されたら、プレイヤーは30秒以内にアクションする。",
		"|休憩|2レベルごとに15分の休憩でゲームを止める。",
		"|席|40席で席はランダムに抽選する。")
	pv, err := gaps.Options{}.Provenance(ja, cur, old)
	if err != nil {
		t.Fatal(err)
	}
	if pv.Best != 1 || pv.Behind[1] != 1 || !strings.Contains(pv.Answer(), "1 follows older text") {
		t.Errorf("%s; want house-2031, one item behind", pv.Answer())
	}
}

// TestProvenanceUnrelated: provenance refuses a translation it cannot
// put on its candidate as gaps and sync do (TestUnplaceablePerturbed),
// with an UnplaceableError that names the candidate and the reason: a
// dev translation of another document, however many items the block
// alignment, which reads lengths, spreads it over (its pairs share no
// more than chance, align.Affinity), and a translation cut to its first
// third of items (fewer than half placed). Its own translation, whole,
// is taken. The quick suite takes 5 of the pairs (longtest.Sample), the
// long one all.
func TestProvenanceUnrelated(t *testing.T) {
	ks := make([]int, len(gapsPairs))
	for k := range ks {
		ks[k] = k
	}
	for _, k := range longtest.Sample(ks, 5) {
		p := gapsPairs[k]
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			other := otherTranslation(k)
			var unplaced *gaps.UnplaceableError
			_, err := gaps.Options{}.Provenance(testcorpus.Doc(t, other), src)
			if !errors.As(err, &unplaced) || unplaced.Candidate == "" {
				t.Errorf("%s read through %s: err = %v, want an UnplaceableError naming it", other, p.src, err)
			} else {
				t.Logf("%s: %v", other, err)
			}
			cut := *orig
			cut.Items = orig.Items[:len(orig.Items)/3]
			if _, err := (gaps.Options{}).Provenance(&cut, src); !errors.As(err, &unplaced) || !strings.Contains(err.Error(), "fewer than half") {
				t.Errorf("cut to a third: err = %v, want fewer than half placed", err)
			}
			if r := (gaps.Options{}).Gaps(src, orig, nil); r.Unplaceable() == nil {
				if _, err := (gaps.Options{}).Provenance(orig, src); err != nil {
					t.Errorf("the translation itself, which gaps places: %v", err)
				}
			}
		})
	}
}
