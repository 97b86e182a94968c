package align

import (
	"slices"
	"sort"
	"testing"

	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/synth"
)

// TestCandidates holds the review's candidates, read from an index that
// keeps the first reviewCandidates items of each token, to the walk over
// every source item that has the target item's heaviest tokens, on
// generated editions (whose common words are in hundreds of items) and a
// generated translation.
func TestCandidates(t *testing.T) {
	longtest.Skip(t)
	docs, _ := synth.Corpus(1, 2, 1, 2000)
	for _, c := range [][2]string{{"en-1", "en-2"}, {"en-1", "ja-1"}} {
		src, tgt := docs[c[0]], docs[c[1]]
		same := sameLanguage(src.Lang, tgt.Lang)
		rd := Options{}.read(src, tgt, same, false, nil, nil)
		feats := rd.x.weigh(rd.feats, rd.twins, src, tgt)
		a := &aligner{src: src, tgt: tgt, fs: feats[:len(src.Items)], ft: feats[len(src.Items):], sc: &scorer{x: rd.x, sameLang: same}}
		long := 0          // tokens of more source items than the index keeps
		var cs candScratch // one for all the calls, as a goroutine of the review has
		for j := range a.ft {
			toks := slices.Clone(a.ft[j].toks)
			w := rd.x.weights
			sort.Slice(toks, func(x, y int) bool { return w[toks[x].id()] > w[toks[y].id()] })
			var want []int
			seen := map[int]bool{}
		walk:
			for _, tok := range toks[:min(reviewTokens, len(toks))] {
				var has []int // the source items with the token
				for i := range a.fs {
					if slices.ContainsFunc(a.fs[i].toks, func(f feature) bool { return f.id() == tok.id() }) {
						has = append(has, i)
					}
				}
				if len(has) > reviewCandidates {
					long++
				}
				for _, i := range has {
					if len(want) == reviewCandidates {
						break walk
					}
					if !seen[i] {
						seen[i] = true
						want = append(want, i)
					}
				}
			}
			if got := a.candidates(j, &cs); !slices.Equal(got, want) {
				t.Fatalf("%s-%s: candidates(%d) = %v, the walk over every item %v", c[0], c[1], j, got, want)
			}
		}
		if same && long == 0 {
			t.Errorf("%s-%s: no token of more than %d items: the test tests nothing", c[0], c[1], reviewCandidates)
		}
	}
}
