package diff_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// summaryPairs are the real edition pairs whose changelogs the summaries
// are checked on.
var summaryPairs = [][2]string{
	{"tda/tda-2022-shortform-en.docx", "tda/tda-2024-longform-en.docx"},
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md"},
	{"dev/debian-constitution/debian-constitution-1.6-en.wml", "dev/debian-constitution/debian-constitution-1.7-en.wml"},
	{"dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2023-en.md"},
	{"dev/fide-laws/fide-laws-2018-ru.md", "dev/fide-laws/fide-laws-2023-ru.md"},
}

// wordClassRules are the severity tests that name a class of words or
// marks (negations, modal verbs, sentence ends, part labels) or counts:
// a summary that said only what they say would not name the change.
var wordClassRules = map[string]bool{"negation": true, "modal": true, "sentences": true, "parts": true, "numbers": true, "refs": true}

// flatText is an item's title and text on one line each, as summaries
// quote them.
func flatText(it *corpus.Item) string {
	if it == nil {
		return ""
	}
	return strings.Join(strings.Fields(corpus.Fold(it.Title)), " ") + "\n" + strings.Join(strings.Fields(corpus.Fold(it.Text)), " ")
}

// checkSummaries holds every change of c to what a summary promises: it
// is never empty; a change decided by a word class or a count is
// summarized by quotations of the text, not by the class; each quotation
// is text of the old or the new item (cut with "…" where it was long);
// and a change of numbers names one of the numbers that came or went.
func checkSummaries(t *testing.T, name string, c *diff.Comparison) {
	t.Helper()
	for i := range c.Changes {
		ch := &c.Changes[i]
		o, n := c.OldItem(ch), c.NewItem(ch)
		id := ""
		if n != nil {
			id = n.ID
		} else {
			id = o.ID
		}
		where := fmt.Sprintf("%s %s (%s)", name, id, ch.Kind)
		if ch.Summary == "" {
			t.Errorf("%s: no summary", where)
			continue
		}
		if wordClassRules[ch.Rule] && ch.TextChanged && (ch.Summary == ch.Reason || !strings.Contains(ch.Summary, "“")) {
			t.Errorf("%s: summary %q only says what the %s test saw", where, ch.Summary, ch.Rule)
		}
		if ch.Summary == ch.Reason || ch.Kind == diff.Split || ch.Kind == diff.Merged {
			continue
		}
		hay := flatText(o) + "\n" + flatText(n)
		for _, q := range quotations(ch.Summary) {
			for _, piece := range strings.Split(q, "…") {
				if piece = strings.TrimSpace(piece); piece != "" && !strings.Contains(hay, corpus.Fold(piece)) {
					t.Errorf("%s: summary quotes %q, which neither edition's text holds", where, piece)
				}
			}
		}
		if ch.Rule == "numbers" && o != nil && n != nil {
			was, is := map[string]bool{}, map[string]bool{}
			for _, x := range align.Numbers(o.Text, c.Old.Lang) {
				was[x] = true
			}
			for _, x := range align.Numbers(n.Text, c.New.Lang) {
				is[x] = true
			}
			named := false
			for _, x := range align.Numbers(ch.Summary, c.New.Lang) {
				named = named || was[x] != is[x]
			}
			if !named {
				t.Errorf("%s: summary %q names none of the numbers that changed (%s)", where, ch.Summary, ch.Reason)
			}
		}
	}
}

// quotations are the texts between curly quotes in s.
func quotations(s string) []string {
	var out []string
	for {
		_, rest, ok := strings.Cut(s, "“")
		if !ok {
			return out
		}
		q, after, ok := strings.Cut(rest, "”")
		if !ok {
			return out
		}
		out = append(out, q)
		s = after
	}
}

// TestSummariesReal checks the summaries of every change of the real
// edition pairs (checkSummaries).
func TestSummariesReal(t *testing.T) {
	for _, p := range summaryPairs {
		old, cur := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
		checkSummaries(t, p[0]+" -> "+p[1], diff.Options{}.Compare(old, cur))
	}
}

// TestSummariesPerturbed edits real items the way editions do, in
// whatever language the file is: a number of each rule that has one
// raised by one, the last sentence of each rule with two or more
// deleted; the summary of each such rule quotes the new number and the
// deleted sentence (or its beginning).
func TestSummariesPerturbed(t *testing.T) {
	for _, p := range summaryPairs {
		old := testcorpus.Doc(t, p[1])
		cur := *old
		cur.Items = append([]corpus.Item(nil), old.Items...)
		want := map[string]string{}
		for i := range cur.Items {
			it := &cur.Items[i]
			if it.Kind != corpus.KindRule || i%3 != 0 {
				continue
			}
			if k := strings.LastIndex(strings.TrimRight(it.Text, ". "), ". "); k > 0 && i%2 == 0 {
				gone := strings.TrimSpace(it.Text[k+1:])
				it.Text = it.Text[:k+1]
				// Its first word, without the punctuation after it
				// ("Например:" is quoted "Например").
				first := strings.Fields(gone)[0]
				if w := strings.TrimRightFunc(first, unicode.IsPunct); w != "" {
					first = w
				}
				want[it.ID] = first
				continue
			}
			if x, y, ok := bumpNumber(it.Text); ok {
				it.Text = y
				want[it.ID] = x
			}
		}
		c := diff.Options{}.Compare(old, &cur)
		name := p[1] + " perturbed"
		checkSummaries(t, name, c)
		seen := 0
		for i := range c.Changes {
			ch := &c.Changes[i]
			n := c.NewItem(ch)
			if n == nil || want[n.ID] == "" {
				continue
			}
			seen++
			if !strings.Contains(ch.Summary, want[n.ID]) {
				t.Errorf("%s %s: summary %q does not quote %q", name, n.ID, ch.Summary, want[n.ID])
			}
		}
		if seen < len(want)/2 {
			t.Errorf("%s: %d of %d perturbed rules reported", name, seen, len(want))
		}
	}
}

// bumpNumber raises the last number of text written in ASCII digits by
// one, when it stands alone (not part of "1.2", "9u" or "Rule 5"'s
// citation form "5-B"); it returns the new number and the text.
func bumpNumber(text string) (string, string, bool) {
	ms := loneNumber.FindAllStringSubmatchIndex(text, -1)
	if len(ms) == 0 {
		return "", "", false
	}
	m := ms[len(ms)-1]
	var n int
	fmt.Sscan(text[m[2]:m[3]], &n)
	x := fmt.Sprint(n + 1)
	return x, text[:m[2]] + x + text[m[3]:], true
}

// loneNumber is a number of one to three digits between spaces or
// closing punctuation.
var loneNumber = regexp.MustCompile(`(?:^|\s)([0-9]{1,3})(?:[\s,;)]|$)`)
