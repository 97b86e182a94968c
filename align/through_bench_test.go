package align_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/cputime"
	"github.com/rulesync/rulesync/internal/synth"
)

// BenchmarkThrough reads a generated Japanese translation of n rules
// through its English source after the numbers were lost and its rules
// run together, twenty to an item, one line each (Markdown bullets
// under headings): the item-level alignment places few rules, so the
// blocks are aligned and the source's items projected onto them. It
// reports the CPU time (of every core) and the bytes allocated per item
// of each side; the translation has as many blocks as the source has
// items.
func BenchmarkThrough(b *testing.B) {
	benchThrough(b, []int{1000, 10000, 100000}, func(t *corpus.Document) *corpus.Document { return bulleted(t, 20) })
}

// BenchmarkThroughAnchored reads a generated Japanese translation of n
// rules through its English source where every third rule prints its
// number and the two after it run together in one item with no number,
// a line each: the numbered rules keep their item-level reading, and
// each run between them is aligned block by block with the source items
// between theirs (anchored), a projection of two blocks for every third
// rule. It reports what BenchmarkThrough does. The item-level
// alignment that comes first aligns the loose items (the joined ones,
// which print no number) between the anchors of the numbered ones, so
// it is linear in the items too (bench/README.md).
func BenchmarkThroughAnchored(b *testing.B) {
	benchThrough(b, []int{1000, 10000, 100000}, everyThird)
}

// BenchmarkThroughLexicon is BenchmarkThroughAnchored on texts of a
// vocabulary of lexVocab words, each translated by a word of its own
// in katakana (lexical): a word is in a few of the runs a first
// segmentation is sure of, not in all of them, so the block-level
// alignment learns a lexicon from them and segments again with it (the
// generated corpus has 45 words, each in every run, and learns none).
// It reports what BenchmarkThrough does.
func BenchmarkThroughLexicon(b *testing.B) {
	benchThroughWith(b, []int{1000, 10000, 100000}, lexical, everyThird)
}

// lexVocab is the vocabulary of lexical: with some forty words an item,
// read with its two neighbours, a word is in about a dozen of the 2,048
// runs a lexicon is learned from at most (in two or more, and in no
// more than 64, as the lexicon's tokens are).
const lexVocab = 20000

// lexical rewrites the words of s and of its translation t (the
// generated corpus's, whose items have the ids of theirs) with words of
// a vocabulary of lexVocab, drawn at random: each source word a word of
// four letters, and its translation's a word of three katakana, where
// the generated translation has its source word's cipher; numbers and
// punctuation stay, and a translation cut short keeps half its text. It
// fails b where no lexicon is learned from the pairs of the two.
func lexical(b *testing.B, s, t *corpus.Document) (*corpus.Document, *corpus.Document) {
	en := func(k int) string {
		return string([]byte{'a' + byte(k/17576%26), 'a' + byte(k/676%26), 'a' + byte(k/26%26), 'a' + byte(k%26)})
	}
	kana := []rune("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン")
	ja := func(k int) string {
		n := len(kana)
		return string([]rune{kana[k/(n*n)%n], kana[k/n%n], kana[k%n]})
	}
	src, tgt := *s, *t
	src.Items, tgt.Items = slices.Clone(s.Items), nil
	translated := map[string]*corpus.Item{}
	for i := range src.Items {
		it := &src.Items[i]
		r := rand.New(rand.NewPCG(uint64(i), 5))
		tr := corpus.Item{ID: it.ID, Kind: it.Kind, Number: it.Number}
		rewrite := func(text string) (string, string) {
			ws, ts := strings.Fields(text), []string(nil)
			for w, word := range ws {
				core := strings.TrimRight(word, ".,;")
				if core == "" || core[0] >= '0' && core[0] <= '9' {
					ts = append(ts, word)
					continue
				}
				k := r.IntN(lexVocab)
				ws[w] = en(k) + word[len(core):]
				ts = append(ts, ja(k)+word[len(core):])
			}
			return strings.Join(ws, " "), strings.Join(ts, " ")
		}
		it.Title, tr.Title = rewrite(it.Title)
		it.Text, tr.Text = rewrite(it.Text)
		translated[it.ID] = &tr
	}
	for _, it := range t.Items {
		tr, ok := translated[it.ID]
		if !ok {
			b.Fatalf("translated item %s has no source item", it.ID)
		}
		c := *tr
		if it.Has(corpus.FlagTruncated) {
			rs := []rune(c.Text)
			c.Text = string(rs[:len(rs)/2])
			c.SetFlag(corpus.FlagTruncated)
		}
		tgt.Items = append(tgt.Items, c)
	}
	if !align.LexiconLearned(&src, &tgt) {
		b.Fatalf("no lexicon learned from the texts of %d items", len(src.Items))
	}
	return &src, &tgt
}

// benchThrough reads the generated Japanese translation of n rules,
// changed by perturb, through its English source for each n, and
// reports the CPU time (of every core) and the bytes allocated per item
// of each side: the machine is shared, so the process's CPU time says
// more than the wall clock.
func benchThrough(b *testing.B, sizes []int, perturb func(*corpus.Document) *corpus.Document) {
	benchThroughWith(b, sizes, nil, perturb)
}

// benchThroughWith is benchThrough with the texts of the two documents
// rewritten by words first (nil for none).
func benchThroughWith(b *testing.B, sizes []int, words func(*testing.B, *corpus.Document, *corpus.Document) (*corpus.Document, *corpus.Document), perturb func(*corpus.Document) *corpus.Document) {
	for _, n := range sizes {
		docs, _ := synth.Corpus(1, 1, 1, n)
		s, t := docs["en-1"], docs["ja-1"]
		if s == nil || t == nil {
			b.Fatalf("synth.Corpus made no en-1 and ja-1")
		}
		if words != nil {
			s, t = words(b, s, t)
		}
		t = perturb(t)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var r *align.Reading
			c0, _ := cputime.Used()
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			hw := watchHeap()
			for b.Loop() {
				r = align.Options{}.Through(s, t)
			}
			c1, ok := cputime.Used()
			runtime.ReadMemStats(&m1)
			held, live := hw.stop()
			if !r.Projected || r.Placed < r.Items*9/10 {
				b.Fatalf("projected %v, %d of %d placed", r.Projected, r.Placed, r.Items)
			}
			if ok {
				b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(b.N)/float64(2*n), "cpu-ns/item/side")
			}
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(2*n), "B/item/side")
			base := float64(m0.HeapAlloc)
			b.ReportMetric(max(0, float64(held)-base)/float64(2*n), "held-B/item/side")
			b.ReportMetric(max(0, float64(live)-base)/float64(2*n), "live-B/item/side")
		})
	}
}

// heapWatch samples the heap while a benchmark runs: the high-water
// marks of the bytes its objects hold, reachable or not yet swept
// (held), and of the bytes the last collection found reachable
// (live), read every heapEvery.
type heapWatch struct {
	quit chan struct{}
	done chan [2]uint64
}

// heapEvery is how often heapWatch reads the heap's figures.
const heapEvery = 2 * time.Millisecond

// watchHeap starts a heapWatch.
func watchHeap() *heapWatch {
	w := &heapWatch{quit: make(chan struct{}), done: make(chan [2]uint64)}
	go func() {
		ms := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
		var hi [2]uint64
		tick := time.NewTicker(heapEvery)
		defer tick.Stop()
		for {
			metrics.Read(ms)
			for k := range ms {
				if ms[k].Value.Kind() == metrics.KindUint64 {
					hi[k] = max(hi[k], ms[k].Value.Uint64())
				}
			}
			select {
			case <-w.quit:
				w.done <- hi
				return
			case <-tick.C:
			}
		}
	}()
	return w
}

// stop ends the watch and returns its high-water marks, held and live,
// in bytes.
func (w *heapWatch) stop() (held, live uint64) {
	close(w.quit)
	hi := <-w.done
	return hi[0], hi[1]
}

// everyThird keeps every third item of d as it is and joins the two
// after it into one item each, their texts a line apiece, with no
// number.
func everyThird(d *corpus.Document) *corpus.Document {
	c := *d
	c.Items = nil
	for i := 0; i < len(d.Items); i += 3 {
		c.Items = append(c.Items, d.Items[i])
		var lines []string
		for _, it := range d.Items[i+1 : min(i+3, len(d.Items))] {
			lines = append(lines, strings.ReplaceAll(strings.TrimSpace(it.Title+" "+it.Text), "\n", " "))
		}
		if len(lines) > 0 {
			c.Items = append(c.Items, corpus.Item{ID: corpus.PositionID(len(c.Items) + 1), Kind: corpus.KindItem, Text: strings.Join(lines, "\n")})
		}
	}
	return &c
}

// bulleted joins the items of d k at a time into one item each, their
// texts a line apiece, with no numbers.
func bulleted(d *corpus.Document, k int) *corpus.Document {
	c := *d
	c.Items = nil
	for i := 0; i < len(d.Items); i += k {
		var lines []string
		for _, it := range d.Items[i:min(i+k, len(d.Items))] {
			lines = append(lines, strings.ReplaceAll(strings.TrimSpace(it.Title+" "+it.Text), "\n", " "))
		}
		c.Items = append(c.Items, corpus.Item{ID: corpus.PositionID(len(c.Items) + 1), Kind: corpus.KindItem, Text: strings.Join(lines, "\n")})
	}
	return &c
}
