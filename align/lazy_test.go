package align

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestLazyEvidence holds an alignment whose evidence is made late
// (alignScratch.lazy, Alignment.explained) to one that makes it at once:
// the same pairs and evidence. And it holds numberSignals, which the
// review reads where a pair's evidence is not made yet, to the evidence
// of the texts score makes, for each one to one pair and for its target
// with the source items on either side of its own (texts that share
// numbers, and texts that do not).
func TestLazyEvidence(t *testing.T) {
	docs, _ := synth.Corpus(3, 1, 1, 400)
	cases := []struct {
		name     string
		src, tgt *corpus.Document
	}{
		{"generated", docs["en-1"], docs["ja-1"]},
		{"wca ja", testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md"), testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")},
		{"fide ru", testcorpus.Doc(t, "dev/fide-laws/fide-laws-2023-en.md"), testcorpus.Doc(t, "dev/fide-laws/fide-laws-2023-ru.md")},
		{"fide editions", testcorpus.Doc(t, "dev/fide-laws/fide-laws-2018-en.md"), testcorpus.Doc(t, "dev/fide-laws/fide-laws-2023-en.md")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := Options{}.Align(c.src, c.tgt)
			lazy := Options{}.alignIn(c.src, c.tgt, nil, &alignScratch{lazy: true})
			a := lazy.lazy
			if a == nil {
				t.Fatalf("the lazy alignment has no evidence left to make")
			}
			tried, differ := 0, 0
			for _, p := range lazy.Pairs {
				if len(p.Source) != 1 || len(p.Target) != 1 {
					continue
				}
				j := p.Target[0]
				for _, i := range []int{p.Source[0] - 1, p.Source[0], p.Source[0] + 1} {
					if i < 0 || i >= len(c.src.Items) {
						continue
					}
					_, ev := a.sc.score(&a.fs[i], &a.ft[j], true, nil)
					agrees, differs := a.sc.numberSignals(&a.fs[i], &a.ft[j])
					if want := numbersDisagree(ev); want != (!agrees && differs) || agrees != sharesAgreeing(ev) {
						t.Fatalf("source %d, target %d: numberSignals %v %v, evidence %v", i, j, agrees, differs, ev)
					}
					tried++
					if differs {
						differ++
					}
				}
			}
			if tried == 0 {
				t.Fatalf("no pair tried")
			}
			t.Logf("%d texts compared, %d with numbers that speak against them", tried, differ)
			lazy.explained()
			if lazy.lazy != nil {
				t.Fatalf("evidence still left to make")
			}
			if d := sameAlignment(now, lazy); d != "" {
				t.Errorf("the evidence made late differs: %s", d)
			}
		})
	}
}

// sharesAgreeing reports whether ev has numbers that agree.
func sharesAgreeing(ev []Evidence) bool {
	for _, e := range ev {
		if e.Signal == className[cNumber] && e.Agrees {
			return true
		}
	}
	return false
}
