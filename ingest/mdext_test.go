package ingest_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
)

// mdTree prints the tree goldmark parses from src with exts: every
// node's kind, position, lines and text segments, a table's and a
// cell's alignments.
func mdTree(src []byte, exts ...goldmark.Extender) string {
	md := goldmark.New(goldmark.WithExtensions(exts...), goldmark.WithParserOptions(gmparser.WithHeadingAttribute()))
	root := md.Parser().Parse(gmtext.NewReader(src))
	var b strings.Builder
	_ = gast.Walk(root, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			b.WriteString(")")
			return gast.WalkContinue, nil
		}
		fmt.Fprintf(&b, "(%s@%d", n.Kind(), n.Pos())
		if n.Type() == gast.TypeBlock {
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				fmt.Fprintf(&b, " [%d,%d,%d]", s.Start, s.Stop, s.Padding)
			}
		}
		switch n := n.(type) {
		case *gast.Text:
			fmt.Fprintf(&b, " %q %v %v %v", n.Segment.Value(src), n.SoftLineBreak(), n.HardLineBreak(), n.IsRaw())
		case *gast.String:
			fmt.Fprintf(&b, " %q", n.Value)
		case *extast.Table:
			fmt.Fprintf(&b, " %v", n.Alignments)
		case *extast.TableRow:
			fmt.Fprintf(&b, " %v", n.Alignments)
		case *extast.TableCell:
			fmt.Fprintf(&b, " %v", n.Alignment)
		}
		return gast.WalkContinue, nil
	})
	return b.String()
}

// TestMarkdownExtensionsAsGoldmark holds the reader's table and
// strikethrough extensions to goldmark's own: the same tree from every
// Markdown file of the corpus and from tables and strikethroughs at
// their edges.
func TestMarkdownExtensionsAsGoldmark(t *testing.T) {
	srcs := map[string]string{
		"aligned":      "| a | b | c | d |\n| :-- | --: | :-: | --- |\n| 1 | 2 | 3 | 4 |\n",
		"no pipes":     "a | b\n--- | ---\n1 | 2\n",
		"text above":   "Some text\nmore\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |\n| 4 | 5 | 6 |\n",
		"mismatch":     "| a | b |\n| --- |\n| 1 | 2 |\n",
		"escaped pipe": "| `a\\|b` | c\\|d |\n| --- | --- |\n| `x \\| y` `z\\|` | w |\n",
		"spaces":       "| a | b |\n|\t:---\t| ---: \r|\n| 1 | 2 |\n",
		"form feed":    "| a | b |\n| \f--- | --- |\n",
		"vtab":         "| a | b |\n| \v--- | --- |\n",
		"colons":       "| a | b |\n| : | :: |\n| x | y |\n",
		"dash only":    "a\n---\n",
		"indented":     "| a | b |\n    | --- | --- |\n",
		"in list":      "- | a | b |\n  | - | - |\n  | 1 | 2 |\n\n1. x\n   | c |\n   |:-:|\n",
		"quote":        "> | a |\n> | --- |\n> | ~~b~~ |\n",
		"strike":       "~~a~~ ~b~ ~~~c~~~ ~~d~ e~~f~~g ~ h ~ \\~~i~~ **~~j~~** ~~k\nl~~ ~~~~",
		"strike tight": "a~~ b ~~c ~~d~~e",
		"empty cells":  "||\n|-|\n||\n",
		"one column":   "| a |\n| - |\n",
		"heading attr": "# Title {#id}\n\n| a |\n|---|\n| b |\n",
	}
	dir := testcorpus.Dir()
	_ = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, "README.md") {
			if b, err := os.ReadFile(p); err == nil {
				srcs[p] = string(b)
			}
		}
		return nil
	})
	if len(srcs) < 30 {
		t.Logf("only the %d written sources: no corpus at %s", len(srcs), dir)
	}
	tables := 0
	for name, src := range srcs {
		want := mdTree([]byte(src), extension.Table, extension.Strikethrough)
		got := mdTree([]byte(src), ingest.MarkdownTable, ingest.MarkdownStrike)
		if got != want {
			t.Errorf("%s: the tree differs from goldmark's\n got %s\nwant %s", name, got, want)
		}
		tables += strings.Count(want, "(Table@")
	}
	if tables < 10 {
		t.Errorf("only %d tables in the sources: the comparison reads too few", tables)
	}
}
