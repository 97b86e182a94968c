package align

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testgen"
)

// TestJoinFolded holds the forms made of an item's title and text folded
// apart to those of the two folded together, as the aligner made them:
// the comparison form (a line break between them), its lower case, its
// words and its content words, on random texts of white space, marks
// that compose (ｶﾞ, e and U+0301), characters Fold drops or maps, bytes
// that are not UTF-8 and letters whose lower case is longer.
func TestJoinFolded(t *testing.T) {
	longtest.Skip(t)
	pieces := []string{"a", "B", "e", "x-", "'", "-", "1", " ", "\n", "\t", "\u00a0", "\u3000", "\u0301", "\u3099",
		"\x00", "\x7f", "\xff", "`", "ｆ", "…", "’", "–", "\u200b", "\u00ad", "ｶ", "ﾞ", "が", "ア", "ー", "規則", "İ", "Σ", "ß", "Ａ"}
	r := rand.New(rand.NewPCG(16, 9))
	for range 100000 {
		title, text := testgen.Text(r, pieces, 6), testgen.Text(r, pieces, 10)
		whole := corpus.Fold(title + "\n" + text)
		var fm forms
		fm.set(foldText(&corpus.Item{Title: title, Text: text}))
		if fm.f != whole {
			t.Fatalf("title %q, text %q: joined %q, folded together %q", title, text, fm.f, whole)
		}
		low := strings.ToLower(whole)
		if fm.low != low {
			t.Fatalf("title %q, text %q: lower case %q, want %q", title, text, fm.low, low)
		}
		if ws := words(low); !slices.Equal(fm.words, ws) {
			t.Fatalf("title %q, text %q: words %q, want %q", title, text, fm.words, ws)
		}
		if got, want := contentWordsOf(fm.words, fm.low), contentWords(low); !slices.Equal(got, want) {
			t.Fatalf("title %q, text %q: content words %q, want %q", title, text, got, want)
		}
		lowTitle := strings.ToLower(corpus.Fold(title))
		if got, want := contentWordsOf(fm.titleWords(), fm.lowTitle), contentWords(lowTitle); !slices.Equal(got, want) {
			t.Fatalf("title %q: content words %q, want %q", title, got, want)
		}
		if got, want := contentWordsOf(fm.textWords(), fm.lowText), Words(text); !slices.Equal(got, want) {
			t.Fatalf("text %q: content words %q, want %q", text, got, want)
		}
	}
}

// TestReadInOrder holds an alignment whose items are read on several
// workers to the same alignment read on one: the tokens are interned in
// item order whatever order the workers finish in, so ids, weights and
// scores are the same; and the steps shared out among the cores after
// (the items' features, the anchors' evidence, the review's settling of
// each pair) give each item or pair what it gets on one.
func TestReadInOrder(t *testing.T) {
	docs, _ := synth.Corpus(1, 2, 1, 3000)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, pair := range [][2]string{{"en-1", "ja-1"}, {"en-1", "en-2"}} {
		s, tg := docs[pair[0]], docs[pair[1]]
		runtime.GOMAXPROCS(1)
		one := Options{}.Align(s, tg)
		runtime.GOMAXPROCS(8)
		many := Options{}.Align(s, tg)
		if !reflect.DeepEqual(one, many) {
			t.Errorf("%s %s: %s", pair[0], pair[1], sameAlignment(one, many))
		}
	}
}

// TestSharedWords aligns a document with one that says it is in another
// language: where the target's texts are the source's words (a
// translation left in the source language), the pairs are made on shared
// words; where they are other words, on no words at all.
func TestSharedWords(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 11))
	text := func(prefix string) string {
		var ws []string
		for range 12 {
			ws = append(ws, fmt.Sprintf("%s%d", prefix, r.IntN(400)))
		}
		return strings.Join(ws, " ")
	}
	doc := func(lang, prefix string) *corpus.Document {
		d := &corpus.Document{Lang: lang}
		for i := range 200 {
			d.Items = append(d.Items, corpus.Item{Kind: corpus.KindRule, Number: strconv.Itoa(i + 1), Text: text(prefix)})
		}
		corpus.AssignIDs(d)
		return d
	}
	src := doc("en", "word")
	r = rand.New(rand.NewPCG(16, 11))
	shared := doc("ko", "word")
	r = rand.New(rand.NewPCG(16, 11))
	other := doc("ko", "mot")
	for _, c := range []struct {
		name  string
		tgt   *corpus.Document
		words bool
	}{{"shared", shared, true}, {"other", other, false}} {
		t.Run(c.name, func(t *testing.T) {
			al := Options{}.Align(src, c.tgt)
			n := 0
			for _, p := range al.Pairs {
				for _, e := range p.Evidence {
					if e.Signal == className[cWord] && e.Agrees {
						n++
					}
				}
			}
			if got := n > len(al.Pairs)/2; got != c.words {
				t.Errorf("%d of %d pairs agree on words; want most: %v", n, len(al.Pairs), c.words)
			}
		})
	}
}
