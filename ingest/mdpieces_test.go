package ingest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// markdownWhole is markdownBlocks of text parsed in one piece.
func markdownWhole(text string) ([]block, error) {
	was := mdPieceBytes
	mdPieceBytes = 1 << 40
	defer func() { mdPieceBytes = was }()
	return markdownBlocks(text)
}

// markdownCut is markdownBlocks of text parsed in pieces of size bytes,
// and the number of pieces.
func markdownCut(text string, size int) ([]block, int, error) {
	was := mdPieceBytes
	mdPieceBytes = size
	defer func() { mdPieceBytes = was }()
	src := []byte(text)
	pieces := mdPieces(src, lineStarts(src), size)
	for _, p := range pieces {
		if p.quote {
			quotePieces++
		}
	}
	bs, err := markdownBlocks(text)
	return bs, max(len(pieces), 1), err
}

// quotePieces counts the quote pieces markdownCut has made.
var quotePieces int

// TestMarkdownPieces holds the blocks of Markdown parsed in pieces
// (mdPieces) to the blocks of the same text parsed whole, on random
// Markdown of blank lines, headings, lists, quotes, tables, indented
// code, fences, HTML blocks, emphasis, links and link reference
// definitions cut at every few bytes (half without tabs, so that quotes
// are cut), and on the corpus's Markdown cut at 1 KB.
func TestMarkdownPieces(t *testing.T) {
	parts := []string{"text ", "1.2 ", "Rule", "**", "*", "_", "`", "[x](y)", "<br>", "&amp;", "\\*",
		"\n", "\n", "\n\n", "\n\n", "\n\n", "  \n", "\t", "    ", "- ", "* ", "+ ", "1. ", "2) ", "# ", "## ", "> ", "> > ", ">\n",
		"| a | b |\n|---|---|\n", "| 1 | x |\n", "| 2 |\n", "|", "---\n", "===\n", "~~", "é", "{#id}", "<div>\n", "</div>\n"}
	// What a blank line does not end, and what the whole text shares.
	spans := []string{"```\n", "```\n", "~~~\n", "````\n", "```go\n", "``` `x`\n", "[x]: /u\n", "[X]: /v \"t\"\n", "[x]", "[y][x]", "[x][]",
		"<!--\n", "<!-- c -->\n", "-->\n", "<script>\n", "</script>\n", "<?p\n"}
	rng := rand.New(rand.NewPCG(9, 10))
	spans = append(spans, parts...)
	cut, spanCut := 0, 0
	for i := range 4500 {
		text := testgen.Text(rng, parts, 60)
		if i%3 == 0 {
			text = testgen.Text(rng, spans, 60)
		}
		if rng.IntN(2) == 0 {
			text = strings.ReplaceAll(text, "\t", " ")
		}
		if rng.IntN(10) == 0 {
			text = "---\ntitle: x\n---\n" + text
		}
		want, errW := markdownWhole(text)
		got, n, errG := markdownCut(text, 1+rng.IntN(40))
		if fmt.Sprint(errW) != fmt.Sprint(errG) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n got %+v\nwant %+v", text, got, want)
		}
		cut += n - 1
		if i%3 == 0 && strings.ContainsAny(text, "`~[<") {
			spanCut += n - 1
		}
	}
	if cut < 3000 || quotePieces < 100 || spanCut < 300 {
		t.Errorf("%d cuts in all, %d of texts with fences, HTML or links; %d pieces of quotes", cut, spanCut, quotePieces)
	}
	// The real corpus beside the repository (internal/testcorpus
	// imports this package).
	dir := filepath.Join("..", "..", "shared", "corpus")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*.md"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*.md"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("real corpus not available; lay ../shared/corpus beside the repository to run this test")
	}
	cut = 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ToValidUTF8(string(data), "\uFFFD")
		want, errW := markdownWhole(text)
		got, n, errG := markdownCut(text, 1<<10)
		if fmt.Sprint(errW) != fmt.Sprint(errG) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the blocks parsed in %d pieces differ from the whole's", f, n)
		}
		cut += n - 1
	}
	if cut < 100 {
		t.Errorf("%d cuts in the corpus's Markdown", cut)
	}
}
