package align_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// lexiconPair is a generated source of n rules, each of six words of a
// vocabulary of 30 (so every word is in several rules), all of one
// length, and its translation into a script that does not space its
// words, each word three Han characters of its own, with the rule at
// index missing left out and its numbers lost: the rules run together,
// one line each, under one heading. Lengths cannot tell which rule is
// missing (all are as long); what the rules say can, once the words'
// translations are learned from the pair.
func lexiconPair(n, missing int) (src, tgt *corpus.Document, want map[string]string) {
	r := rand.New(rand.NewPCG(7, 11))
	vocab := make([]string, 30)
	han := make([]string, 30)
	for k := range vocab {
		vocab[k] = fmt.Sprintf("w%c%c%cord", 'a'+k/10, 'a'+k%10, 'a'+(k*7)%26)
		han[k] = string([]rune{0x4E00 + rune(3*k), 0x4E01 + rune(3*k), 0x4E02 + rune(3*k)})
	}
	src = &corpus.Document{Edition: "test", Lang: "en"}
	var lines []string
	want = map[string]string{}
	for i := range n {
		var ws, hs []string
		for _, k := range r.Perm(len(vocab))[:6] {
			ws, hs = append(ws, vocab[k]), append(hs, han[k])
		}
		text := strings.Join(ws, " ") + "."
		src.Items = append(src.Items, corpus.Item{Kind: corpus.KindRule, Number: fmt.Sprint(i + 1), Text: text})
		if i != missing {
			lines = append(lines, strings.Join(hs, "")+"。")
		}
	}
	corpus.AssignIDs(src)
	for i, it := range src.Items {
		if i != missing {
			want[it.ID] = lines[i-btoi(i > missing)]
		}
	}
	tgt = &corpus.Document{Edition: "test", Lang: "zh", Items: []corpus.Item{{Kind: corpus.KindItem, Text: strings.Join(lines, "\n")}}}
	corpus.AssignIDs(tgt)
	return src, tgt, want
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestLexiconFindsMissing: where a translation whose numbers were lost
// lacks a rule as long as its neighbours, the block alignment finds
// which by the lexicon it learns from the pair (the lengths alone leave
// it to chance where the run of rules shifts by one), and gives every
// other rule its own line.
func TestLexiconFindsMissing(t *testing.T) {
	for _, missing := range []int{5, 20, 33} {
		t.Run(fmt.Sprint(missing), func(t *testing.T) {
			src, tgt, want := lexiconPair(40, missing)
			r := align.Options{}.Through(src, tgt)
			got := map[string]string{}
			for _, it := range r.Doc.Items {
				got[it.ID] = strings.TrimSpace(it.Title + it.Text)
			}
			right := 0
			for id, line := range want {
				if got[id] == line {
					right++
				} else {
					t.Logf("%s: %q, want %q", id, got[id], line)
				}
			}
			gone := src.Items[missing].ID
			if right < len(want) || !slices.Contains(r.Unplaced, gone) {
				t.Errorf("%d of %d rules have their own line; unplaced %v, want %s", right, len(want), r.Unplaced, gone)
			}
		})
	}
}
