package corpus

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestRefsShortcut holds Refs, which skips the texts mayCite clears, and
// ItemRefs, which looks at a title and a text before it joins them, to
// refsAll, which folds and searches every text, on random texts of cue
// words in any case, citations, white space, control characters (which
// Fold drops: "r\x00p 5" cites RP 5), backquotes and non-ASCII letters.
func TestRefsShortcut(t *testing.T) {
	pieces := []string{"Rule", "RULES", "rul", "e", "r", "p", "R", "P", "rp", "Rp", "RP-", "Recommended", "procedure", "regra", "Regel", "REGOLA",
		"reg", "l", "§", "第", "項", "ルール", "推奨手順", "](", "]", "(", ")", "regulation:", "regulations:", "guideline:", "article:",
		"1", "2k", "45", "71-B", "A1a+", "and", "or", ",", ".", " ", "  ", "\t", "\n", "\r", "\x00", "\x1f", "\x7f", "`", "'",
		"r\x00p", "Ru\x01les ", "]\x7f(", "RP\t12", "ＲＰ", "Ｒｕｌｅ", "é", "\u00a0", "\u200b", "purpose", "interpret"}
	r := rand.New(rand.NewPCG(16, 4))
	cited := 0
	for range 50000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		got, want := Refs(s), refsAll(s)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Refs(%q) = %q, refsAll %q", s, got, want)
		}
		// ItemRefs looks at a title and a text apart before it joins them.
		k := r.IntN(len(s) + 1)
		if got, want := ItemRefs(s[:k], s[k:]), refsAll(s[:k]+"\n"+s[k:]); !reflect.DeepEqual(got, want) {
			t.Fatalf("ItemRefs(%q, %q) = %q, refsAll of them joined %q", s[:k], s[k:], got, want)
		}
		if !mayCite(s) {
			low := strings.ToLower(Fold(s))
			c := cues()
			for _, c := range slices.Concat(c.wca, c.rule, c.ja, c.rp) {
				if strings.Contains(low, c) {
					t.Fatalf("mayCite(%q) false, its comparison form %q holds the cue %q", s, low, c)
				}
			}
		}
		if want != nil {
			cited++
		}
	}
	if cited < 1000 {
		t.Fatalf("only %d of the random texts cite: the test is too weak", cited)
	}
}

// TestRefsRepeated checks that Refs lists each item once, in the order
// of first citation, for texts that cite few items and many (past the
// few that refsAll looks through without a map), each cited twice.
func TestRefsRepeated(t *testing.T) {
	for _, n := range []int{1, 3, 16, 17, 40} {
		var nums, want []string
		for i := 1; i <= n; i++ {
			nums = append(nums, strconv.Itoa(i*7))
			want = append(want, "rule:"+strconv.Itoa(i*7))
		}
		text := "See Rules " + strings.Join(nums, ", ") + ", then rules " + strings.Join(nums, " and ") + ", and Rule 71-B."
		want = append(want, "rule:71#B")
		if got := Refs(text); !reflect.DeepEqual(got, want) {
			t.Errorf("%d numbers: %v, want %v", n, got, want)
		}
	}
}
