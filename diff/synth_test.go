package diff_test

import (
	"context"
	"testing"
	"time"

	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/synth"
)

// TestSyntheticEditions compares generated editions with what the
// generator did to them: moved rules paired with their new place, split
// rules reported split, changed amounts reported substantive by the
// numbers rule.
func TestSyntheticEditions(t *testing.T) {
	docs, truth := synth.Corpus(9, 4, 0, 400)
	for e := 2; e <= 4; e++ {
		pair := "en-" + string(rune('0'+e-1)) + "..en-" + string(rune('0'+e))
		tr := truth.Editions[pair]
		c := diff.Options{}.Compare(docs["en-"+string(rune('0'+e-1))], docs["en-"+string(rune('0'+e))])
		byNew := map[string]*diff.Change{}
		pairedOld := map[string]string{}
		for i := range c.Changes {
			ch := &c.Changes[i]
			if n := c.NewItem(ch); n != nil {
				byNew[n.ID] = ch
				if o := c.OldItem(ch); o != nil {
					pairedOld[o.ID] = n.ID
				}
			}
		}
		for _, id := range tr.Moved {
			ch := byNew[id]
			if ch == nil || ch.Kind == diff.Added {
				t.Errorf("%s: moved rule %s reported as %v", pair, id, ch)
			}
		}
		for old, parts := range tr.Split {
			ch := byNew[parts[0]]
			if ch == nil || ch.Kind != diff.Split {
				t.Errorf("%s: %s split into %v, reported %v", pair, old, parts, ch)
			}
		}
		for _, id := range tr.NumbersEdited {
			ch := byNew[id]
			if ch == nil || ch.Severity != diff.Substantive || ch.Rule != "numbers" {
				t.Errorf("%s: amount changed in %s, reported %+v", pair, id, ch)
			}
		}
		t.Logf("%s: %d moved, %d split, %d amounts changed", pair, len(tr.Moved), len(tr.Split), len(tr.NumbersEdited))
	}
}

// TestCompareCancel: a comparison whose context has ended does not do the
// work: it returns at once with fewer changes than the whole comparison
// finds. How soon a cancel during the comparison is seen is logged, not
// asserted (a timed assertion fails on a loaded machine); the commands'
// exit 130 on SIGINT is tested end to end in cmd/rulesync.
func TestCompareCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("compares 10,000 items a side")
	}
	old, cur, _ := synth.Editions(1, 10000)
	start := time.Now()
	all := diff.Options{}.Compare(old, cur)
	whole := time.Since(start)
	if len(all.Changes) == 0 {
		t.Fatal("the whole comparison finds no changes")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c := (diff.Options{Context: ctx}).Compare(old, cur); len(c.Changes) >= len(all.Changes) {
		t.Errorf("a comparison cancelled before it started found %d changes, as many as the whole one (%d)", len(c.Changes), len(all.Changes))
	}
	for _, at := range []time.Duration{whole / 10, whole * 8 / 10} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(at, cancel)
		start = time.Now()
		diff.Options{Context: ctx}.Compare(old, cur)
		t.Logf("whole comparison %v, cancelled at %v: stopped after %v", whole.Round(time.Millisecond), at.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
		cancel()
	}
}

// TestCompareTerse checks that the alignment a comparison keeps carries
// no evidence of the pairs' texts (align.Options.Terse), which it never
// reads, and still the evidence of identical texts.
func TestCompareTerse(t *testing.T) {
	old, cur, _ := synth.Editions(1, 300)
	c := diff.Options{}.Compare(old, cur)
	identical := 0
	for _, p := range c.Alignment.Pairs {
		for _, e := range p.Evidence {
			switch e.Signal {
			case "words", "title", "numbers", "refs", "acronyms", "terms", "loanwords", "parts", "size", "length":
				t.Fatalf("pair %v-%v: evidence %v of the texts", p.Source, p.Target, e)
			case "identical":
				identical++
			}
		}
	}
	if identical == 0 {
		t.Fatalf("no pair of identical texts among %d pairs", len(c.Alignment.Pairs))
	}
}
