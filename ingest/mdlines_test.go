package ingest

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestMarkdownLineSlices holds the blocks of Markdown whose lines are
// slices of the source where a line is one piece of it (sliceLines) to
// the blocks whose lines are all copies, on random Markdown of
// emphasis, code, links, raw HTML, entities, escapes, lists, quotes,
// headings, tables, indented code, front matter and tabs (which
// goldmark pads).
func TestMarkdownLineSlices(t *testing.T) {
	pieces := []string{"text ", "1.2 ", "Rule", "**", "*", "_", "`", "[x](y)", "<https://a.b>", "<br>", "<span>", "&amp;", "&#x41;", "\\*", "\\",
		"\n", "\n", "\n\n", "  \n", "\t", "    ", "- ", "1. ", "2) ", "# ", "## ", "> ", "| a | b |\n|---|---|\n", "---\n", "~~", "é", "{#id}", "```\n"}
	rng := rand.New(rand.NewPCG(7, 8))
	sliced := 0
	for range 3000 {
		text := testgen.Text(rng, pieces, 40)
		if rng.IntN(10) == 0 {
			text = "---\ntitle: x\n---\n" + text
		}
		sliceLines = false
		want, _ := markdownBlocks(text)
		sliceLines = true
		got, _ := markdownBlocks(text)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n got %+v\nwant %+v", text, got, want)
		}
		sliced += len(got)
	}
	if sliced < 10000 {
		t.Errorf("%d blocks", sliced)
	}
}

// TestLineStarts holds lineStarts to the offsets after every newline,
// byte by byte, on random texts.
func TestLineStarts(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 20000 {
		src := []byte(testgen.Text(rng, []string{"a", "\n", "\n\n", "é", "\r\n", "line"}, 20))
		want := []int{0}
		for i, c := range src {
			if c == '\n' {
				want = append(want, i+1)
			}
		}
		if got := lineStarts(src); !reflect.DeepEqual(got, want) {
			t.Fatalf("lineStarts(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestJoinLines holds joinLines to strings.Join of the lines' texts.
func TestJoinLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for range 5000 {
		var ls []mdLine
		var texts []string
		for range rng.IntN(4) {
			s := testgen.Text(rng, []string{"a", " ", "é", ""}, 4)
			ls, texts = append(ls, mdLine{text: s}), append(texts, s)
		}
		if got, want := joinLines(ls), strings.Join(texts, " "); got != want {
			t.Fatalf("joinLines(%q) = %q, want %q", texts, got, want)
		}
	}
}
