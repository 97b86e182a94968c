package gaps

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// jaccard is the Jaccard index of two sorted sets, merged to the end:
// the oracle jaccardAtLeast is held to.
func jaccard(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return float64(n) / float64(len(a)+len(b)-n)
}

// TestJaccardAtLeast holds the early-stopping comparison to the whole
// index on random sets drawn near the threshold (one set a copy of the
// other with a few elements dropped or added), far from it, and empty.
func TestJaccardAtLeast(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	set := func(n, universe int) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = uint64(r.IntN(universe))
		}
		slices.Sort(s)
		return slices.Compact(s)
	}
	near := func(a []uint64, drop, add int) []uint64 {
		b := slices.Clone(a)
		for range drop {
			if len(b) > 0 {
				i := r.IntN(len(b))
				b = slices.Delete(b, i, i+1)
			}
		}
		for range add {
			b = append(b, uint64(r.IntN(1000)))
		}
		slices.Sort(b)
		return slices.Compact(b)
	}
	for k := range 20000 {
		a := set(r.IntN(300), 1000)
		var b []uint64
		switch k % 3 {
		case 0:
			b = set(r.IntN(300), 1000)
		default:
			b = near(a, r.IntN(1+len(a)/8), r.IntN(1+len(a)/8))
		}
		for _, th := range []float64{0.9, 0.5, 0, 1} {
			if got, want := jaccardAtLeast(a, b, th), jaccard(a, b) >= th; got != want {
				t.Fatalf("jaccardAtLeast(%d elements, %d elements, %v) = %v, the index %v says %v", len(a), len(b), th, got, jaccard(a, b), want)
			}
		}
	}
}

// TestSharedWords holds sharedWords, which looks short texts' words up
// one by one, to the share counted through a set of the source's words,
// on random texts of few and of many words, with punctuation and
// repeated words.
func TestSharedWords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vocab := []string{"a", "bet", "call", "raise", "fold", "ベット", "コール", "12", "x1", "é"}
	seps := []string{" ", ",", ".", "; ", "、"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(vocab[r.IntN(len(vocab))])
			b.WriteString(seps[r.IntN(len(seps))])
		}
		return b.String()
	}
	c := &checker{} // one checker for all, as for the pairs of a report
	for range 5000 {
		tt, s := text(r.IntN(80)), text(r.IntN(80))
		if got, want := c.sharedWords(tt, s), sharedWordsSet(tt, s); got != want {
			t.Fatalf("sharedWords(%q, %q) = %v, want %v", tt, s, got, want)
		}
	}
}

// sharedWordsSet is sharedWords as it was, through a set of s's words
// always: the oracle sharedWords is held to.
func sharedWordsSet(t, s string) float64 {
	have := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, notWord) {
		have[w] = true
	}
	n, shared := 0, 0
	for _, w := range strings.FieldsFunc(t, notWord) {
		n++
		if have[w] {
			shared++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(shared) / float64(n)
}

// BenchmarkSharedWords compares a Japanese translation's text with its
// English source, as the untranslated check does for every pair.
func BenchmarkSharedWords(b *testing.B) {
	tr := "プレーヤーは、自分の手番でのみベット、コール、レイズまたはフォールドできる。NLHE のミニマムレイズは 100。"
	src := strings.ToLower("Players may bet, call, raise or fold only in turn. In NLHE the minimum raise is 100, and a raise must be at least the size of the largest previous bet or raise of the current betting round.")
	for _, c := range []struct {
		name string
		f    func(t, s string) float64
	}{{"set", sharedWordsSet}, {"sharedWords", (&checker{}).sharedWords}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.f(tr, src)
			}
		})
	}
}

// TestWords holds words to strings.FieldsFunc(s, notWord), which it
// stands for without a slice, on random strings of letters, digits,
// spaces, punctuation, CJK and invalid UTF-8.
func TestWords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Zé", "7", " ", "  ", ".", "—", "規則", "ー", "\xff", "\xe3\x81", "\n", "x1", "@", "[", "`", "{", "/", ":", "_", "z", "A", "0", "9"}
	for range 5000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := slices.Collect(words(s)), strings.FieldsFunc(s, notWord); !slices.Equal(got, want) {
			t.Fatalf("words(%q) = %q, FieldsFunc %q", s, got, want)
		}
	}
}

// TestNormNumber: a separator between a letter and a digit is no part
// of the number a translation prints (FIDE's Russian "A.2" for "A2"),
// one between digits is.
func TestNormNumber(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"A.2", "A2", true},
		{"A-4.1.1", "A4.1.1", true},
		{"12a", "12.a", true},
		{"Ａ２", "A2", true},
		{"1.1", "11", false},
		{"3.2", "3-2", false},
		{"A2", "A3", false},
	} {
		if got := normNumber(c.a) == normNumber(c.b); got != c.same {
			t.Errorf("normNumber(%q) == normNumber(%q): %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// TestSubstitutedReused holds substituted, on one checker whose table
// each call reuses, to a fresh table of rows for each call (the oracle
// below), on random sequences of few numbers of various lengths.
func TestSubstitutedReused(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	nums := []string{"1", "2", "15", "300", "1500", "2000"}
	seq := func() []string {
		var out []string
		for range r.IntN(7) {
			out = append(out, nums[r.IntN(len(nums))])
		}
		return out
	}
	c := &checker{}
	for range 20000 {
		sn, tn := seq(), seq()
		if got, want := c.substituted(sn, tn), substitutedRows(sn, tn); !slices.Equal(got, want) {
			t.Fatalf("substituted(%q, %q) = %q, want %q", sn, tn, got, want)
		}
	}
}

// substitutedRows is substituted with a table of rows of its own.
func substitutedRows(sn, tn []string) [][2]string {
	n, m := len(sn), len(tn)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if sn[i] == tn[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out [][2]string
	var gs, gt []string
	flush := func() {
		if len(gs) == len(gt) {
			for k := range gs {
				if !slices.Contains(tn, gs[k]) && !slices.Contains(sn, gt[k]) {
					out = append(out, [2]string{gs[k], gt[k]})
				}
			}
		}
		gs, gt = gs[:0], gt[:0]
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && sn[i] == tn[j]:
			flush()
			i++
			j++
		case j >= m || i < n && lcs[i+1][j] >= lcs[i][j+1]:
			gs = append(gs, sn[i])
			i++
		default:
			gt = append(gt, tn[j])
			j++
		}
	}
	flush()
	return out
}

// TestFieldsAtLeast holds fieldsAtLeast to strings.Fields.
func TestFieldsAtLeast(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 6))
	pieces := []string{"a", "bc", " ", "\t", "\u00a0", "\u3000", "語", "\n", "."}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		for n := range 6 {
			if got, want := fieldsAtLeast(s, n), len(strings.Fields(s)) >= n; got != want {
				t.Fatalf("fieldsAtLeast(%q, %d) = %v, want %v", s, n, got, want)
			}
		}
	}
}

// TestSortedSet holds sortedSet, its buffer reused, to slices.Sort and
// slices.Compact on keys of few and of many bytes that differ, short
// and long.
func TestSortedSet(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var tmp []uint64
	for k := range 5000 {
		keys := make([]uint64, r.IntN(300))
		for i := range keys {
			switch k % 3 {
			case 0: // trigrams of ASCII
				keys[i] = uint64(97+r.IntN(26))<<42 ^ uint64(97+r.IntN(26))<<21 ^ uint64(32+r.IntN(90))
			case 1: // few values, many repeats
				keys[i] = uint64(r.IntN(5)) << (8 * r.IntN(8))
			default:
				keys[i] = r.Uint64()
			}
		}
		want := slices.Compact(slices.Sorted(slices.Values(keys)))
		var got []uint64
		got, tmp = sortedSet(slices.Clone(keys), tmp)
		if !slices.Equal(got, want) {
			t.Fatalf("sortedSet(%v) = %v, want %v", keys, got, want)
		}
	}
}
