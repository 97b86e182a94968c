package diff_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// nextLabel is the label after number among its siblings: its last
// digit run plus one, or its last letter the next one.
func nextLabel(number string) (string, bool) {
	rs := []rune(number)
	if len(rs) == 0 {
		return "", false
	}
	k := len(rs)
	for k > 0 && unicode.IsDigit(rs[k-1]) {
		k--
	}
	if k < len(rs) {
		n := 0
		for _, r := range rs[k:] {
			n = n*10 + int(r-'0')
		}
		return string(rs[:k]) + itoa(n+1), true
	}
	last := rs[len(rs)-1]
	if last >= 'a' && last < 'z' || last >= 'A' && last < 'Z' {
		return string(rs[:len(rs)-1]) + string(last+1), true
	}
	return "", false
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// sentenceCut cuts text after the sentence end nearest its middle, when
// both sides keep at least 5 words.
func sentenceCut(text string) (string, string, bool) {
	best, bestD := -1, 1<<30
	mid := len(text) / 2
	for i, r := range text {
		if unicode.Is(unicode.Sentence_Terminal, r) && i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\n') {
			a, b := text[:i+1], text[i+1:]
			if len(strings.Fields(a)) < 5 || len(strings.Fields(b)) < 5 {
				continue
			}
			if d := abs(i - mid); d < bestD {
				best, bestD = i+1, d
			}
		}
	}
	if best < 0 {
		return "", "", false
	}
	return strings.TrimSpace(text[:best]), strings.TrimSpace(text[best:]), true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// leaf reports whether item i of d has no item under it: the next item's
// number does not extend its number.
func leaf(d *corpus.Document, i int) bool {
	it := &d.Items[i]
	return i+1 == len(d.Items) || !strings.HasPrefix(d.Items[i+1].Number, it.Number)
}

// splitCandidates are the numbered leaf items of d whose text cuts in
// two and whose next label is free.
func splitCandidates(d *corpus.Document) []int {
	var out []int
	for i := range d.Items {
		it := &d.Items[i]
		if it.Number == "" || !strings.HasSuffix(it.ID, it.Number) || !leaf(d, i) {
			continue
		}
		if _, _, ok := sentenceCut(it.Text); !ok {
			continue
		}
		nl, ok := nextLabel(it.Number)
		if !ok || d.Item(strings.TrimSuffix(it.ID, it.Number)+nl) != nil {
			continue
		}
		out = append(out, i)
	}
	return out
}

// splitAt returns a copy of d with item i cut in two at a sentence end:
// item i keeps the first part, a new item under the next label the rest.
func splitAt(d *corpus.Document, i int) *corpus.Document {
	c := *d
	it := d.Items[i]
	a, b, _ := sentenceCut(it.Text)
	nl, _ := nextLabel(it.Number)
	first, second := it, it
	first.Text, first.Parts = a, nil
	second.Text, second.Parts, second.Title, second.Refs = b, nil, "", nil
	second.Number, second.ID = nl, strings.TrimSuffix(it.ID, it.Number)+nl
	c.Items = append(append(append([]corpus.Item(nil), d.Items[:i]...), first, second), d.Items[i+1:]...)
	return &c
}

// mergeCandidates are the numbered leaf items i of d followed by a
// numbered leaf sibling without a title, each with text.
func mergeCandidates(d *corpus.Document) []int {
	var out []int
	for i := 0; i+1 < len(d.Items); i++ {
		a, b := &d.Items[i], &d.Items[i+1]
		if a.Number == "" || b.Number == "" || !leaf(d, i) || !leaf(d, i+1) || b.Title != "" || a.Section != b.Section || a.Kind != b.Kind {
			continue
		}
		if len(strings.Fields(a.Text)) < 5 || len(strings.Fields(b.Text)) < 5 {
			continue
		}
		out = append(out, i)
	}
	return out
}

// mergeAt returns a copy of d with items i and i+1 joined into item i.
func mergeAt(d *corpus.Document, i int) *corpus.Document {
	c := *d
	it := d.Items[i]
	it.Text = it.Text + " " + d.Items[i+1].Text
	it.Parts = nil
	it.Refs = append(append([]string(nil), it.Refs...), d.Items[i+1].Refs...)
	c.Items = append(append(append([]corpus.Item(nil), d.Items[:i]...), it), d.Items[i+2:]...)
	return &c
}

// pick returns up to n indexes of s spread over it.
func pick(s []int, n int) []int {
	if len(s) <= n {
		return s
	}
	var out []int
	for k := range n {
		out = append(out, s[k*(len(s)-1)/(n-1)])
	}
	return out
}

// splitEditions are real editions of every layout the corpus has:
// DOCX, Markdown, WML, plain text.
var splitEditions = []string{
	"tda/tda-2024-longform-en.docx",
	"wca/wca-regulations-2024-01-01-en.md",
	"dev/fide-laws/fide-laws-2023-en.md",
	"dev/debian-constitution/debian-constitution-1.7-en.wml",
	"dev/usau-rules/usau-rules-2024-2025-en.md",
	"dev/fab-cr/fab-cr-2026-02-22-en.txt",
}

// ids lists the ids of the items idx of d.
func ids(d *corpus.Document, idx []int) string {
	var out []string
	for _, i := range idx {
		out = append(out, d.Items[i].ID)
	}
	return strings.Join(out, "+")
}

// describe lists a comparison's changes: kind, old ids -> new ids.
func describe(c *diff.Comparison) string {
	var b strings.Builder
	for i := range c.Changes {
		ch := &c.Changes[i]
		b.WriteString(" " + string(ch.Kind) + " " + ids(c.Old, ch.Old) + "->" + ids(c.New, ch.New) + ";")
	}
	return b.String()
}

// TestSplitPerturbed cuts one rule of a real edition in two at a sentence
// end, the second part under the next free number (4.1 becomes 4.1 and
// 4.2), and compares the edition with its copy: the one change is that
// split, naming the old rule and both new ones, and its redline carries
// the whole of the old text.
func TestSplitPerturbed(t *testing.T) {
	for _, rel := range splitEditions {
		d := testcorpus.Doc(t, rel)
		picked := pick(splitCandidates(d), 5)
		if len(picked) == 0 {
			t.Errorf("%s: no rule to split", rel)
		}
		for _, i := range picked {
			nd := splitAt(d, i)
			c := diff.Options{}.Compare(d, nd)
			want := " split " + d.Items[i].ID + "->" + nd.Items[i].ID + "+" + nd.Items[i+1].ID + ";"
			if got := describe(c); got != want {
				t.Errorf("%s: %s cut in two: got%s, want%s", rel, d.Items[i].ID, got, want)
				continue
			}
			ch := &c.Changes[0]
			if !strings.Contains(ch.Reason, nd.Items[i+1].Label()) || !strings.Contains(ch.Summary, nd.Items[i+1].Label()) {
				t.Errorf("%s: %s: the reason %q or summary %q does not name %s", rel, d.Items[i].ID, ch.Reason, ch.Summary, nd.Items[i+1].Label())
			}
			if ch.TextChanged || ch.Severity != diff.Editorial {
				t.Errorf("%s: %s: the text is all kept, yet text_changed %v, %s", rel, d.Items[i].ID, ch.TextChanged, ch.Severity)
			}
		}
	}
}

// TestMergePerturbed joins two neighbouring rules of a real edition into
// the first (the second's number gone): the one change is that merge,
// naming both old rules and the new one.
func TestMergePerturbed(t *testing.T) {
	for _, rel := range splitEditions {
		d := testcorpus.Doc(t, rel)
		picked := pick(mergeCandidates(d), 5)
		for _, i := range picked {
			nd := mergeAt(d, i)
			c := diff.Options{}.Compare(d, nd)
			want := " merged " + d.Items[i].ID + "+" + d.Items[i+1].ID + "->" + nd.Items[i].ID + ";"
			if got := describe(c); got != want {
				t.Errorf("%s: %s and %s joined: got%s, want%s", rel, d.Items[i].ID, d.Items[i+1].ID, got, want)
				continue
			}
			if ch := &c.Changes[0]; !strings.Contains(ch.Reason, d.Items[i+1].Label()) {
				t.Errorf("%s: the reason %q does not name %s", rel, ch.Reason, d.Items[i+1].Label())
			}
		}
	}
}

// TestSplitReworded is TestSplitPerturbed with the first part reworded
// as a lead-in ("The following apply:"), as editions write a split: a
// split still, the text changed, and the redline across both parts
// deletes nothing of the old text.
func TestSplitReworded(t *testing.T) {
	for _, rel := range splitEditions {
		d := testcorpus.Doc(t, rel)
		for _, i := range pick(splitCandidates(d), 3) {
			nd := splitAt(d, i)
			nd.Items[i].Text += " The following apply:"
			c := diff.Options{}.Compare(d, nd)
			want := " split " + d.Items[i].ID + "->" + nd.Items[i].ID + "+" + nd.Items[i+1].ID + ";"
			if got := describe(c); got != want {
				t.Errorf("%s: %s cut in two: got%s, want%s", rel, d.Items[i].ID, got, want)
				continue
			}
			ch := &c.Changes[0]
			deleted := 0
			for _, sp := range ch.Spans {
				if sp.Op == diff.Delete {
					deleted += len(sp.Text)
				}
			}
			if red := diff.WordDiff.Render(ch.Spans); !ch.TextChanged || !strings.Contains(red, "following apply:") || deleted > 0 {
				t.Errorf("%s: %s: text_changed %v, redline %q", rel, d.Items[i].ID, ch.TextChanged, red)
			}
		}
	}
}

// TestNoFalseSplit: a rule rewritten next to a rule that is new (a text
// of another rule of the edition) is modified and added, not split.
func TestNoFalseSplit(t *testing.T) {
	for _, rel := range splitEditions {
		d := testcorpus.Doc(t, rel)
		cands := splitCandidates(d)
		for k, i := range pick(cands, 3) {
			nd := splitAt(d, i)
			// The second part is the text of another rule.
			other := cands[(k*7+len(cands)/2)%len(cands)]
			if other == i {
				continue
			}
			nd.Items[i+1].Text = d.Items[other].Text
			c := diff.Options{}.Compare(d, nd)
			for _, ch := range c.Changes {
				if ch.Kind == diff.Split || ch.Kind == diff.Merged {
					t.Errorf("%s: %s: a false %s:%s", rel, d.Items[i].ID, ch.Kind, describe(c))
				}
			}
		}
	}
}
