package align_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// BenchmarkAlign aligns two generated editions of n rules each (3%
// deleted, 3% inserted, 10% edited, the rest renumbered), once with the
// rule numbers as anchors and once with every number removed, so that the
// whole alignment is left to the banded dynamic programme. Run with
// -cpu 1 for the one-core figure; B/op shows memory growing with n. The
// "translated" cases align a generated English edition with its Japanese
// translation (glossary terms and loanwords instead of shared words).
func BenchmarkAlign(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		docs, _ := synth.Corpus(1, 1, 1, n)
		s, t := docs["en-1"], docs["ja-1"]
		if s == nil || t == nil {
			b.Fatalf("synth.Corpus made no en-1 and ja-1")
		}
		b.Run(fmt.Sprintf("translated/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				al := align.Options{}.Align(s, t)
				if len(al.Pairs) < n*9/10 {
					b.Fatalf("%d pairs for %d items", len(al.Pairs), n)
				}
			}
		})
	}
	for _, n := range []int{1000, 5000} {
		src, tgt := synthetic(1, n)
		for _, numbered := range []bool{true, false} {
			s, t := src, tgt
			name := "anchored"
			if !numbered {
				s, t = unnumbered(src), unnumbered(tgt)
				name = "unnumbered"
			}
			b.Run(fmt.Sprintf("%s/n=%d", name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					al := align.Options{}.Align(s, t)
					if len(al.Pairs) < n*9/10 {
						b.Fatalf("%d pairs for %d items", len(al.Pairs), n)
					}
				}
			})
		}
	}
}

func unnumbered(d *corpus.Document) *corpus.Document {
	c := *d
	c.Items = append([]corpus.Item(nil), d.Items...)
	for i := range c.Items {
		c.Items[i].Number, c.Items[i].ID = "", ""
	}
	corpus.AssignIDs(&c)
	return &c
}

// BenchmarkPivot aligns a generated English edition of 5,000 items with
// its Japanese translation through Pivot, the way `rulesync align A B`
// does: one target, then two (where the memo of tokens is shared).
func BenchmarkPivot(b *testing.B) {
	docs, _ := synth.Corpus(1, 2, 1, 5000)
	en, ja, ja2 := docs["en-1"], docs["ja-1"], docs["ja-2"]
	if en == nil || ja == nil || ja2 == nil {
		b.Fatalf("synth.Corpus made no en-1, ja-1 and ja-2")
	}
	for _, targets := range [][]*corpus.Document{{ja}, {ja, ja2}} {
		b.Run(fmt.Sprintf("targets=%d", len(targets)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, al := range (align.Options{}).Pivot(en, targets...) {
					if len(al.Pairs) < 4500 {
						b.Fatalf("%d pairs for 5000 items", len(al.Pairs))
					}
				}
			}
		})
	}
}

// BenchmarkAlignmentJSON writes the alignment of a generated English
// edition of 5,000 items with its Japanese translation as `rulesync align
// --to json` does, through a json.Encoder (way=encoder, the command
// before WriteJSON) and with WriteJSON; B/op is the memory that grows
// with the items.
func BenchmarkAlignmentJSON(b *testing.B) {
	docs, _ := synth.Corpus(1, 1, 1, 5000)
	al := align.Options{}.Align(docs["en-1"], docs["ja-1"])
	for _, way := range []string{"encoder", "WriteJSON"} {
		b.Run("way="+way, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var buf bytes.Buffer
				var err error
				if way == "encoder" {
					enc := json.NewEncoder(&buf)
					enc.SetIndent("", "  ")
					err = enc.Encode(align.JSONReference(al))
				} else {
					err = al.WriteJSON(&buf)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFind finds the glossary's concepts in a Japanese text made of
// its Japanese terms between kana and kanji that name none (the
// generated translations are in Latin letters, so BenchmarkAlign does not
// take find's search of CJK text).
func BenchmarkFind(b *testing.B) {
	g := align.DefaultGlossary()
	var sb strings.Builder
	filler := []string{"は", "を", "する。", "場合、", "プレイヤー", "ー", "に", "の手番で"}
	k := 0
	for _, c := range g.Concepts {
		for _, t := range c.Terms["ja"] {
			sb.WriteString(t)
			sb.WriteString(filler[k%len(filler)])
			k++
		}
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if len(g.Find(text, "ja")) == 0 {
			b.Fatal("no concept found")
		}
	}
}

// BenchmarkAlignReaderPage aligns the 2024 English longform (PDF) with
// the Japanese reader page of the real corpus, as `rulesync align`
// does: a small pair (about a hundred items each) that shares no
// numbers, so its swaps are tested with the pair's own lexicon. It is
// skipped when the corpus is absent.
func BenchmarkAlignReaderPage(b *testing.B) {
	en := testcorpus.Doc(b, "tda/tda-2024-longform-en.pdf")
	ja := testcorpus.Doc(b, "seeds/tda-2024-ja-reader-page.txt")
	b.ReportAllocs()
	for b.Loop() {
		al := align.Options{}.Align(en, ja)
		if len(al.Pairs) < len(ja.Items)*9/10 {
			b.Fatalf("%d pairs for %d items", len(al.Pairs), len(ja.Items))
		}
	}
}
