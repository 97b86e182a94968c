package gaps_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestNumbersInCJKNumerals: a Japanese or Chinese translation that
// writes its numbers in CJK numerals (十六, 三十, 二千二十四) states the
// numbers its source writes in digits. Each CJK translation of the dev
// corpus, its texts' numbers rewritten so (cjkNumerals), gives the
// numbers findings the original gives, and is put on its source.
func TestNumbersInCJKNumerals(t *testing.T) {
	for _, p := range gapsPairs {
		if !strings.HasSuffix(p.tr, "-ja.wml") && !strings.HasSuffix(p.tr, "-zh.wml") && !strings.HasSuffix(p.tr, "-ja.md") && !strings.Contains(p.tr, "-ja-") {
			continue
		}
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			v := *orig
			v.Items = slices.Clone(orig.Items)
			n := 0
			for j := range v.Items {
				var k int
				v.Items[j].Title, k = cjkNumerals(v.Items[j].Title)
				n += k
				v.Items[j].Text, k = cjkNumerals(v.Items[j].Text)
				n += k
			}
			want, got := gaps.Options{}.Gaps(src, orig, nil), gaps.Options{}.Gaps(src, &v, nil)
			if err := got.Unplaceable(); err != nil {
				t.Fatalf("numbers in CJK numerals: %v", err)
			}
			w, g := numbersFindings(want), numbersFindings(got)
			t.Logf("%d numbers rewritten; %d numbers findings, %d in CJK numerals", n, len(w), len(g))
			if n == 0 {
				t.Fatal("no number to rewrite")
			}
			for _, f := range g {
				if !slices.Contains(w, f) {
					t.Errorf("in CJK numerals only: %s", f)
				}
			}
			for _, f := range w {
				if !slices.Contains(g, f) {
					t.Errorf("in digits only: %s", f)
				}
			}
		})
	}
}

// numbersFindings are the numbers findings of r, each its ids and
// message.
func numbersFindings(r *gaps.Report) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Check == gaps.Numbers {
			out = append(out, fmt.Sprintf("%s %s: %s", f.SourceID, f.TargetID, f.Message))
		}
	}
	return out
}

// cjkNumerals writes each integer of s from 11 to 99999 that stands
// alone (no digit, letter, point, comma, colon, dash or slash beside
// it: no decimal, reference or time) in Japanese CJK numerals, and
// counts them. 10, 100 and 1000 are left: one numeral alone (十, 百, 千)
// is read as a word.
func cjkNumerals(s string) (string, int) {
	var b strings.Builder
	n := 0
	glued := func(r rune) bool {
		return r >= '0' && r <= '9' || r < utf8.RuneSelf && (r|0x20 >= 'a' && r|0x20 <= 'z') || strings.ContainsRune(".,:-/–", r)
	}
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[j:])
		v, err := strconv.Atoi(s[i:j])
		if err != nil || v <= 10 || v > 99999 || v == 100 || v == 1000 || s[i] == '0' || i > 0 && glued(before) || j < len(s) && glued(after) {
			b.WriteString(s[i:j])
		} else {
			b.WriteString(jaNumeral(v))
			n++
		}
		i = j
	}
	return b.String(), n
}

// jaNumeral writes v (1 to 99999) in Japanese CJK numerals: 16 十六,
// 60 六十, 2024 二千二十四, 12000 一万二千.
func jaNumeral(v int) string {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	var b strings.Builder
	if v >= 10000 {
		b.WriteString(digits[v/10000] + "万")
		v %= 10000
	}
	for _, u := range []struct {
		n    int
		name string
	}{{1000, "千"}, {100, "百"}, {10, "十"}} {
		if d := v / u.n; d > 0 {
			if d > 1 {
				b.WriteString(digits[d])
			}
			b.WriteString(u.name)
		}
		v %= u.n
	}
	b.WriteString(digits[v])
	return b.String()
}
