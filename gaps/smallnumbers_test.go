package gaps_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// smallNumberPairs are the dev translations whose texts state small
// numbers in digits on both sides.
var smallNumberPairs = []struct{ src, tr string }{
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
}

// TestSmallNumberChanged: a number from 1 to 9 that a translation states
// in place of the source's ("5 attempts" as "6 回", "+2 seconds" as "+3
// 秒") is a numbers error. In each pair's translation, every paired item
// whose text and source text both state one such number d once, as an
// amount (spaces or a letter of a script without spaces around it; not
// the items' own numbers nor their citations'), and neither states d+1,
// has d made d+1 in a copy: each must get "d -> d+1".
func TestSmallNumberChanged(t *testing.T) {
	for _, p := range smallNumberPairs {
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			r := gaps.Options{}.Gaps(src, orig, nil)
			v := *orig
			v.Items = slices.Clone(orig.Items)
			want := map[string]string{} // target id -> "d -> d+1"
			for _, pr := range r.Alignment.Pairs {
				s, tr := &src.Items[pr.Source[0]], &v.Items[pr.Target[0]]
				d, at, ok := loneSmall(s, tr)
				if !ok {
					continue
				}
				tr.Text = tr.Text[:at] + strconv.Itoa(d+1) + tr.Text[at+1:]
				want[tr.ID] = strconv.Itoa(d) + " -> " + strconv.Itoa(d+1)
			}
			if len(want) == 0 {
				t.Fatalf("%d items with a small number to change", len(want))
			}
			got := gaps.Options{}.Gaps(src, &v, nil)
			missed := 0
			for id, change := range want {
				if !slices.ContainsFunc(got.Findings, func(f gaps.Finding) bool {
					return f.TargetID == id && f.Check == gaps.Numbers && f.Severity == gaps.Error && strings.Contains(f.Message, change)
				}) {
					missed++
					t.Errorf("%s: %s not reported", id, change)
				}
			}
			t.Logf("%d small numbers changed, %d not reported", len(want), missed)
		})
	}
}

// loneSmall finds the number from 1 to 9 that s's and t's texts both
// state once as an amount (amountAt), and neither the items' numbers nor
// their citations, nor d+1: its value and its byte offset in t.Text.
func loneSmall(s, t *corpus.Item) (d, at int, ok bool) {
	sd, _ := amounts(s.Text)
	td, offs := amounts(t.Text)
	if len(sd) != 1 || len(td) != 1 || sd[0] != td[0] {
		return 0, 0, false
	}
	d = sd[0]
	other := s.Number + " " + t.Number + " " + strings.Join(s.Refs, " ") + " " + strings.Join(t.Refs, " ")
	for _, text := range []string{s.Text, t.Text, s.Title, t.Title, other} {
		n := align.Numbers(text, "en")
		if slices.Contains(n, strconv.Itoa(d+1)) || text == other && slices.Contains(n, strconv.Itoa(d)) {
			return 0, 0, false
		}
	}
	if strings.Count(s.Text, strconv.Itoa(d)) != 1 || strings.Count(t.Text, strconv.Itoa(d)) != 1 {
		return 0, 0, false
	}
	return d, offs[0], true
}

// amounts lists the one-digit numbers 1 to 9 of text that stand as
// amounts: a space or a letter of a script written without spaces on
// each side (" 5 attempts", "残り 3 回", "+2 秒"), with their offsets.
func amounts(text string) (ds, offs []int) {
	for i := 0; i < len(text); i++ {
		if text[i] < '1' || text[i] > '9' {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[i+1:])
		if i == 0 || i+1 == len(text) {
			continue
		}
		side := func(r rune) bool { return r == ' ' || corpus.IsCJK(r) && unicode.IsLetter(r) }
		if (side(before) || before == '+') && side(after) {
			ds = append(ds, int(text[i]-'0'))
			offs = append(offs, i)
		}
	}
	return ds, offs
}

// TestTimeUnitUnread: a translation whose durations' unit words the
// lexicon does not know ("15 секунд", "15초") states their numbers still.
// Each dev translation, the units of its durations replaced by a word
// no unit starts with, gives no numbers finding its original does not.
func TestTimeUnitUnread(t *testing.T) {
	for _, p := range gapsPairs {
		if strings.HasPrefix(p.tr, "seeds/") {
			continue // cut previews
		}
		t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			v := *orig
			v.Items = slices.Clone(orig.Items)
			n := 0
			for j := range v.Items {
				var k int
				v.Items[j].Text, k = unreadUnits(v.Items[j].Text)
				n += k
			}
			srcTimes := 0
			for _, it := range src.Items {
				srcTimes += len(align.Times(it.Text))
			}
			if srcTimes == 0 {
				t.Skip("the source states no duration")
			}
			want, got := numbersFindings(gaps.Options{}.Gaps(src, orig, nil)), numbersFindings(gaps.Options{}.Gaps(src, &v, nil))
			t.Logf("%d units rewritten; %d numbers findings, %d with the units unread", n, len(want), len(got))
			for _, f := range got {
				if !slices.Contains(want, f) {
					t.Errorf("with the units unread only: %s", f)
				}
			}
		})
	}
}

// unreadUnits replaces in text the unit word of each duration written
// with digits ("15 秒", "30 seconds") by "ʃʃ", and counts them.
func unreadUnits(text string) (string, int) {
	n := 0
	for _, tm := range align.TimesPrinted(text) {
		i := 0
		for i < len(tm.Printed) && (tm.Printed[i] >= '0' && tm.Printed[i] <= '9' || tm.Printed[i] == ' ') {
			i++
		}
		if i == 0 || i == len(tm.Printed) {
			continue
		}
		num, unit := strings.TrimSpace(tm.Printed[:i]), tm.Printed[i:]
		for _, sep := range []string{" ", ""} {
			if strings.Contains(text, num+sep+unit) {
				text = strings.ReplaceAll(text, num+sep+unit, num+sep+"ʃʃ")
				n++
				break
			}
		}
	}
	return text, n
}
