package testcorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/numerals"
)

// ArticleSwap is a real page with two whole articles, heading and
// items, in each other's places (SwapBlocks): a translation or an
// edition that prints them out of order.
type ArticleSwap struct {
	File   string // the page, under Dir ("udhr/udhr-1948-fr.md")
	Source string // the page it translates, or itself
	A, B   int    // the two articles' numbers, A < B
	Text   string // the page with the two exchanged
}

// Name is the swap as a test names it: "udhr-1948-fr.md 7<>8".
func (s ArticleSwap) Name() string {
	return fmt.Sprintf("%s %d<>%d", filepath.Base(s.File), s.A, s.B)
}

// udhrSwaps are the articles ArticleSwaps exchanges on every UDHR page:
// neighbours, two far apart, the first and the last, the last two.
var udhrSwaps = [][2]int{{7, 8}, {3, 20}, {1, 30}, {29, 30}}

// devSwaps are the dev rulebooks whose articles are headings of one
// level that print their numbers (the Markdown "# Article 7: ..." of
// FIDE's Laws, "## 7 Timeouts" of USA Ultimate's rules), the page each
// translates and the articles exchanged. FIDE's Russian heads its
// articles 1, 2 and 12 otherwise, and its 2018 edition in setext. USA
// Ultimate's first or last sections are not exchanged: its table of
// contents, left listing them in their old order, is no longer read as
// contents (which repeat the headings in order) but as rules 1 to 20
// where the first moves; the line "20 yards ..." after its last, where
// 19 is last, continues the numbering.
var devSwaps = []struct {
	file, source string
	level        int
	swaps        [][2]int
}{
	{"dev/fide-laws/fide-laws-2018-en.md", "", 1, [][2]int{{7, 8}, {4, 10}, {1, 12}}},
	{"dev/fide-laws/fide-laws-2023-en.md", "", 1, [][2]int{{7, 8}, {4, 10}, {1, 12}}},
	{"dev/fide-laws/fide-laws-2023-hy.md", "dev/fide-laws/fide-laws-2023-en.md", 1, [][2]int{{7, 8}, {4, 10}, {1, 12}}},
	{"dev/fide-laws/fide-laws-2023-ru.md", "dev/fide-laws/fide-laws-2023-en.md", 1, [][2]int{{7, 8}, {4, 10}, {3, 11}}},
	{"dev/usau-rules/usau-rules-2024-2025-en.md", "", 2, [][2]int{{7, 8}, {3, 15}, {5, 16}}},
}

// ArticleSwaps returns the swaps of every UDHR page, Markdown and HTML
// (its 30 articles are its last 30 headings of level 2, whatever
// numerals they print), at udhrSwaps, and of the dev rulebooks of
// devSwaps (an article is the heading of its level whose first number
// is the article's). It skips t where the corpus is absent.
func ArticleSwaps(t testing.TB) []ArticleSwap {
	t.Helper()
	dir := Path(t, "udhr")
	var out []ArticleSwap
	for _, ext := range []string{"md", "html"} {
		files, _ := filepath.Glob(filepath.Join(dir, "udhr-1948-*."+ext))
		if len(files) == 0 {
			t.Fatalf("no UDHR page in %s", dir)
		}
		level := MarkdownLevel
		if ext == "html" {
			level = HTMLLevel
		}
		for _, f := range files {
			text := read(t, f)
			heads := headings(text, level, 2)
			if len(heads) < 30 {
				t.Fatalf("%s: %d headings of level 2, want the 30 articles", f, len(heads))
			}
			first := len(heads) - 30
			for _, ab := range udhrSwaps {
				s, ok := SwapBlocks(text, level, 2, first+ab[0]-1, first+ab[1]-1)
				if !ok {
					t.Fatalf("%s: no articles %d and %d", f, ab[0], ab[1])
				}
				out = append(out, ArticleSwap{File: "udhr/" + filepath.Base(f), Source: "udhr/udhr-1948-en." + ext, A: ab[0], B: ab[1], Text: s})
			}
		}
	}
	for _, d := range devSwaps {
		text := read(t, Path(t, d.file))
		heads := headings(text, MarkdownLevel, d.level)
		src := d.source
		if src == "" {
			src = d.file
		}
		for _, ab := range d.swaps {
			a, b := numbered(heads, ab[0]), numbered(heads, ab[1])
			s, ok := SwapBlocks(text, MarkdownLevel, d.level, a, b)
			if !ok {
				t.Fatalf("%s: no headings of articles %d and %d", d.file, ab[0], ab[1])
			}
			out = append(out, ArticleSwap{File: d.file, Source: src, A: ab[0], B: ab[1], Text: s})
		}
	}
	return out
}

// read is the text of the file at path, failing t where it cannot be
// read.
func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// headings are the lines of text that level says are headings of level
// want.
func headings(text string, level func(string) int, want int) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if level(l) == want {
			out = append(out, l)
		}
	}
	return out
}

// numbered is the index in heads of the first whose first number, in
// digits of any script, is n; -1 where none is.
func numbered(heads []string, n int) int {
	for k, h := range heads {
		v, in := 0, false
		for _, r := range h {
			d := numerals.Digit(r)
			if d >= 0 {
				v, in = v*10+d, true
				continue
			}
			if in {
				break
			}
		}
		if in && v == n {
			return k
		}
	}
	return -1
}

// NumberedByPlace reports whether d's headings print no number and their
// places number them (a note of ingest says so): a swap of two of its
// articles reads as texts exchanged between places.
func NumberedByPlace(d *corpus.Document) bool {
	for _, n := range d.Notes {
		if strings.HasPrefix(n, "numbered by position: ") && strings.Contains(n, "print no number") {
			return true
		}
	}
	return false
}

// Misprinted reports whether d warns that its heading of article n
// prints another number, which its place contradicts.
func Misprinted(d *corpus.Document, n int) bool {
	for _, note := range d.Notes {
		if strings.Contains(note, "headings whose number their place in a run contradicts") && strings.Contains(note, fmt.Sprintf(" read as %d by its place", n)) {
			return true
		}
	}
	return false
}
