package ingest

import (
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// marksOf writes each mark as its open, its plain text (without the
// marks inside) and its close.
func marksOf(plain string, marks []InlineMark) []string {
	var out []string
	for _, m := range marks {
		out = append(out, m.Open+plain[m.Start:m.End]+m.Close)
	}
	return out
}

// TestHTMLInline reads HTML's inline elements as Markdown's syntax:
// links (with a title, with a destination that needs brackets), nested
// emphasis, a code element of text alone (backticks) and one holding a
// link (its tags), phrasing elements with only lang, dir and title, and
// no mark for scripts, anchors without href or blocks.
func TestHTMLInline(t *testing.T) {
	for _, c := range []struct {
		page string
		want []string
	}{
		{`<p>see <a href="#2k" title="R">rule <b>2k</b></a>.</p>`, []string{`[rule 2k](#2k "R")`, "**2k**"}},
		{`<p><a href="a b">x</a><a name="n">y</a></p>`, []string{"[x](<a b>)"}},
		{"<p><em>e</em> <i>i</i> <strike>s</strike> <code>a`b</code> <code><a href=\"u\">l</a></code></p>",
			[]string{"*e*", "*i*", "~~s~~", "``a`b``", `<code>l</code>`, "[l](u)"}},
		{`<p><bdo dir="rtl" class="x" onclick="y">w</bdo><q>q</q><script>var a = "<b>"</script></p>`,
			[]string{`<bdo dir="rtl">w</bdo>`, "<q>q</q>"}},
		{`<ol><li>one</li><li>two</li></ol><div>three</div>`, nil},
	} {
		plain, marks := HTMLInline(c.page)
		if got := marksOf(plain, marks); !slices.Equal(got, c.want) {
			t.Errorf("HTMLInline(%q) = %q, want %q", c.page, got, c.want)
		}
	}
}

// TestSafeInlineTag lets through the tags HTMLInline writes and nothing
// that could run code.
func TestSafeInlineTag(t *testing.T) {
	for tag, want := range map[string]bool{
		"<q>": true, "</cite>": true, `<bdo dir="rtl">`: true, `<abbr title="x y" lang="en">`: true,
		"<script>": false, `<span onclick="x">`: false, `<q title="a>b">`: false, "<q": false, "<a>": false, `<span style="x">`: false,
	} {
		if got := SafeInlineTag(tag); got != want {
			t.Errorf("SafeInlineTag(%q) = %v, want %v", tag, got, want)
		}
	}
}

// TestInlineFaults compares a translation's markup with its source's:
// the same marks in another order are no fault; a mark deleted is
// missing, one whose syntax is left as text malformed, one repeated
// duplicated; an element of inline HTML is one fault, not two.
func TestInlineFaults(t *testing.T) {
	src := "see [rule 2k](#2k) and **this**<br> and <q>that</q>"
	for _, c := range []struct {
		target string
		want   []string
	}{
		{"<q>あれ</q> と **これ**<br> は [規則 2k](#2k) を見よ", nil},
		{"規則 2k と **これ**<br> <q>あれ</q>", []string{"missing […](#2k)"}},
		{"[規則 2k](#2k と **これ**<br> <q>あれ</q>", []string{"malformed […](#2k)"}},
		{"](#2k)規則 2k[ と **これ**<br> <q>あれ</q>", []string{"malformed […](#2k)"}},
		{"[規則 2k](#2k) [2k](#2k) **これ**<br> <q>あれ</q>", []string{"duplicated […](#2k)"}},
		{"[規則 2k](#2k) **これ**<br> あれ", []string{"missing <q>…</q>"}},
	} {
		var got []string
		for _, f := range inlineFaults("rule:1", src, c.target) {
			if f.Segment != "rule:1" {
				t.Errorf("segment %q", f.Segment)
			}
			got = append(got, f.Fault+" "+f.Markup)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("inlineFaults(%q) = %q, want %q", c.target, got, c.want)
		}
	}
}

// TestPairCodes drops a <bpt> or <ept> without its partner after or
// before it, and keeps the words.
func TestPairCodes(t *testing.T) {
	text := "[words](d)"
	for _, c := range []struct {
		codes []inlineCode
		want  string
		n     int
	}{
		{[]inlineCode{{"bpt", "1", 0, 1}, {"ept", "1", 6, 10}}, "[words](d)", 0},
		{[]inlineCode{{"bpt", "1", 0, 1}, {"ept", "2", 6, 10}}, "words", 2},
		{[]inlineCode{{"ept", "1", 0, 1}, {"bpt", "1", 6, 10}}, "words", 2},
		{[]inlineCode{{"bpt", "1", 0, 1}, {"ph", "2", 6, 10}}, "words](d)", 1},
	} {
		faults, drop := pairCodes("rule:1", text, c.codes)
		for _, f := range faults {
			if f.Fault != corpus.InlineUnbalanced {
				t.Errorf("fault %v", f)
			}
		}
		if got := dropCodes(text, drop); got != c.want || len(faults) != c.n {
			t.Errorf("%v: %q with %d faults, want %q with %d", c.codes, got, len(faults), c.want, c.n)
		}
	}
}
