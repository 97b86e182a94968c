package ingest_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// The udhr corpus: one document in 40 languages, each article headed in
// its language's words and numerals (ordinal words in some), with truth
// ids that are the same in every file. Read alone, every file must give
// every truth id, and the articles the same ids in all of them.

// The truth helpers are the test corpus's (testcorpus), shared with the
// tests that read udhr through the English.
var (
	udhrFiles    = testcorpus.UDHRFiles
	readIDs      = testcorpus.ReadIDs
	truthMissing = testcorpus.TruthMissing
)

// articleIDs are the ids of d's items that are neither sections nor
// preambles nor numbered paragraphs (list items an HTML page makes items
// of): the articles.
func articleIDs(d *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		if it.Kind != corpus.KindSection && it.Kind != corpus.KindPreamble && !strings.Contains(it.ID, "(") {
			out = append(out, it.ID)
		}
	}
	return out
}

// TestUDHRStructure reads each udhr file alone: every truth id comes out,
// and the 30 articles have the same ids in all 46 files, whatever their
// headings print (digits of 11 sets, Ethiopic, Hebrew, Chinese or roman
// numerals, ordinal words).
func TestUDHRStructure(t *testing.T) {
	dir, names := udhrFiles(t)
	var want []string
	wantFrom := ""
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			d, err := ingest.Options{}.File(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			ids := readIDs(t, filepath.Join(dir, "truth", name+".ids"))
			if missing := truthMissing(d, ids); len(missing) > 0 {
				t.Errorf("%d of %d truth ids recovered, want all; missing %v", len(ids)-len(missing), len(ids), head(missing, 20))
			}
			got := articleIDs(d)
			if len(got) != 30 {
				t.Errorf("%d articles %v, want 30", len(got), head(got, 40))
			}
			if want == nil {
				want, wantFrom = got, name
			} else if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("article ids %v differ from %s's %v", head(got, 40), wantFrom, head(want, 40))
			}
		})
	}
}

// articleHeadings returns the line indexes of a udhr page's 30 article
// headings: its last 30 "## " lines (the corpus README: a preamble
// heading, where there is one, comes before them).
func articleHeadings(lines []string) []int {
	var hs []int
	for i, ln := range lines {
		if strings.HasPrefix(ln, "## ") {
			hs = append(hs, i)
		}
	}
	if len(hs) < 30 {
		return nil
	}
	return hs[len(hs)-30:]
}

var digitRun = regexp.MustCompile(`\pN+`)

// writeDigits writes n in the digit set whose zero is zero.
func writeDigits(n int, zero rune) string {
	var b strings.Builder
	for _, c := range strconv.Itoa(n) {
		b.WriteRune(zero + (c - '0'))
	}
	return b.String()
}

// udhrVariant is a rewrite of a page's article headings: of the k-th
// (number k) heading h, or ok false where the page does not lend itself.
type udhrVariant struct {
	name    string
	rewrite func(h string, k int, shared, frame string) (string, bool)
}

// Words of other languages' article headings, put around the numbers.
var foreignFrames = []string{"Madde %s", "%s бап", "%s. cikk", "제 %s 조", "Điều %s:", "Հոդված %s"}

var udhrVariants = []udhrVariant{
	{"arabic-indic-digits", digitsIn('٠')},
	{"devanagari-digits", digitsIn('०')},
	{"full-width-digits", digitsIn('０')},
	{"words-removed", func(h string, k int, _, _ string) (string, bool) {
		if !digitRun.MatchString(h) {
			return "", false
		}
		return strconv.Itoa(k), true
	}},
	{"words-of-another-language", func(h string, k int, _, frame string) (string, bool) {
		return fmt.Sprintf(frame, writeDigits(k, '0')), true
	}},
	{"shared-word-replaced", func(h string, k int, shared, _ string) (string, bool) {
		if shared == "" {
			return "", false
		}
		return strings.Replace(h, shared, "Madde", 1), true
	}},
}

// digitsIn rewrites the number a heading prints (in any digits) in the
// digit set from zero; headings with no digits are left out.
func digitsIn(zero rune) func(string, int, string, string) (string, bool) {
	return func(h string, k int, _, _ string) (string, bool) {
		loc := digitRun.FindStringIndex(h)
		if loc == nil || len(digitRun.FindAllString(h, -1)) != 1 {
			return "", false
		}
		return h[:loc[0]] + writeDigits(k, zero) + h[loc[1]:], true
	}
}

// sharedWord is the whitespace-separated word that every heading of hs
// starts with, or ends with, or "".
func sharedWord(hs []string) string {
	for _, pick := range []func([]string) string{
		func(f []string) string { return f[0] },
		func(f []string) string { return f[len(f)-1] },
	} {
		w := ""
		for i, h := range hs {
			f := strings.Fields(h)
			if len(f) < 2 || i > 0 && pick(f) != w {
				w = ""
				break
			}
			w = pick(f)
		}
		if w != "" {
			return w
		}
	}
	return ""
}

// udhrMarkups rewrite the markup of a udhr page's "## " headings and
// nothing else: as paragraphs all in bold (a word processor's headings
// converted to Markdown: "**Article 1**"), or underlined (Setext, the
// title's "# " line too).
var udhrMarkups = []struct {
	name    string
	rewrite func(lines []string) []string
}{
	{"bold-headings", func(lines []string) []string {
		out := make([]string, 0, len(lines))
		for _, ln := range lines {
			if h, ok := strings.CutPrefix(ln, "## "); ok {
				ln = "**" + h + "**"
			}
			out = append(out, ln)
		}
		return out
	}},
	{"setext-headings", func(lines []string) []string {
		out := make([]string, 0, len(lines))
		for _, ln := range lines {
			h, under := ln, ""
			if t, ok := strings.CutPrefix(ln, "# "); ok {
				h, under = t, "="
			} else if t, ok := strings.CutPrefix(ln, "## "); ok {
				h, under = t, "-"
			}
			out = append(out, h)
			if under != "" {
				out = append(out, strings.Repeat(under, max(3, utf8.RuneCountInString(h))))
			}
		}
		return out
	}},
}

// itemTexts is d's items, each its id and the start of its text.
func itemTexts(d *corpus.Document) string {
	var out []string
	for _, it := range d.Items {
		out = append(out, it.ID+"="+strings.Join(strings.Fields(string([]rune(it.Text)[:min(30, utf8.RuneCountInString(it.Text))])), "_"))
	}
	return strings.Join(out, " ")
}

// udhrPage is a udhr Markdown page: its place among the udhr files
// (index), its bytes and lines, and the lines of its 30 article headings.
type udhrPage struct {
	index int
	name  string
	data  []byte
	lines []string
	heads []int
}

// udhrPages reads the udhr Markdown pages; a page without 30 article
// headings fails t.
func udhrPages(t *testing.T) []udhrPage {
	t.Helper()
	dir, names := udhrFiles(t)
	var pages []udhrPage
	for f, name := range names {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		hs := articleHeadings(lines)
		if hs == nil {
			t.Fatalf("%s: no 30 article headings", name)
		}
		pages = append(pages, udhrPage{f, name, data, lines, hs})
	}
	return pages
}

// TestUDHRVariants rewrites the article headings of the udhr Markdown
// pages, at run time from the real files: their markup (udhrMarkups),
// their numbers in Arabic-Indic, Devanagari and full-width digits,
// their words removed, replaced by another language's words, or the
// word they share replaced by another. The ids must not change.
func TestUDHRVariants(t *testing.T) {
	longtest.Skip(t)
	for _, p := range udhrPages(t) {
		name, data, lines, hs := p.name, p.data, p.lines, p.heads
		frame := foreignFrames[p.index%len(foreignFrames)]
		texts := make([]string, len(hs))
		for k, i := range hs {
			texts[k] = strings.TrimPrefix(lines[i], "## ")
		}
		shared := sharedWord(texts)
		orig, err := ingest.Options{}.Read(name, bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Join(articleIDs(orig), " ")
		for _, m := range udhrMarkups {
			t.Run(name+"/"+m.name, func(t *testing.T) {
				d, err := ingest.Options{}.Read(name, strings.NewReader(strings.Join(m.rewrite(lines), "\n")))
				if err != nil {
					t.Fatal(err)
				}
				if got, want := itemTexts(d), itemTexts(orig); got != want {
					t.Errorf("items differ from the page with ATX headings: %s", firstDiff(got, want))
				}
			})
		}
		for _, v := range udhrVariants {
			t.Run(name+"/"+v.name, func(t *testing.T) {
				out := append([]string(nil), lines...)
				for k, i := range hs {
					h, ok := v.rewrite(texts[k], k+1, shared, frame)
					if !ok {
						t.Skipf("the headings do not lend themselves (%q)", texts[k])
					}
					out[i] = "## " + h
				}
				d, err := ingest.Options{}.Read(name, strings.NewReader(strings.Join(out, "\n")))
				if err != nil {
					t.Fatal(err)
				}
				if got := strings.Join(articleIDs(d), " "); got != want {
					t.Errorf("article ids\n%s\nwant\n%s\n(headings %q ...)", got, want, out[hs[0]])
				}
			})
		}
	}
}

// TestUDHRMoved moves one article of each udhr Markdown page (its
// heading and text, at run time from the real file) to another place:
// article 3 after article 20, article 27 after article 8. Every article
// keeps its id and its text, and a warning names the one printed out of
// order. Pages whose headings print no number the grammar reads, their
// places numbering them (ordinal words), are skipped: a move leaves no
// printed number to keep.
func TestUDHRMoved(t *testing.T) {
	longtest.Skip(t)
	for _, p := range udhrPages(t) {
		name, data, lines, hs := p.name, p.data, p.lines, p.heads
		orig, err := ingest.Options{}.Read(name, bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		want := articleTexts(orig)
		for _, mv := range [][2]int{{3, 20}, {27, 8}} {
			t.Run(fmt.Sprintf("%s/%d-after-%d", name, mv[0], mv[1]), func(t *testing.T) {
				for _, n := range orig.Notes {
					if strings.Contains(n, "their places number them") {
						t.Skip("the headings' places number them: no printed number to keep")
					}
				}
				out, line := moveArticle(lines, hs, mv[0], mv[1])
				d, err := ingest.Options{}.Read(name, strings.NewReader(strings.Join(out, "\n")))
				if err != nil {
					t.Fatal(err)
				}
				got := articleTexts(d)
				kept := 0
				for id, text := range want {
					if got[id] == text {
						kept++
					}
				}
				if kept != len(want) {
					t.Errorf("%d of %d articles keep their id and text", kept, len(want))
				}
				warned := false
				for _, n := range d.Warnings() {
					warned = warned || strings.Contains(n, "printed out of order") && strings.Contains(n, fmt.Sprintf("(line %d)", line))
				}
				if !warned {
					t.Errorf("no warning names the moved article's line %d: %v", line, d.Warnings())
				}
			})
		}
	}
}

// articleTexts maps the ids of d's articles (articleIDs) to their texts.
func articleTexts(d *corpus.Document) map[string]string {
	ids := map[string]bool{}
	for _, id := range articleIDs(d) {
		ids[id] = true
	}
	out := map[string]string{}
	for _, it := range d.Items {
		if ids[it.ID] {
			out[it.ID] = it.Text
		}
	}
	return out
}

// moveArticle returns lines with article k (its heading, by hs, and the
// lines up to the next article's) put after article after, and the
// line (1-based) its heading stands on there.
func moveArticle(lines []string, hs []int, k, after int) ([]string, int) {
	end := func(j int) int {
		if j < len(hs) {
			return hs[j]
		}
		return len(lines)
	}
	a, b := hs[k-1], end(k)
	rest := append(append([]string{}, lines[:a]...), lines[b:]...)
	at := end(after)
	if at > a {
		at -= b - a
	}
	return append(append(append([]string{}, rest[:at]...), lines[a:b]...), rest[at:]...), at + 1
}

// devLabel is a label at a line's start in the dev corpus's text, after
// a word; mdLabel in Markdown, after heading or bold marks and a word (a
// list marker "1." written in other digits is no list marker, which
// changes the page, not its labels).
var (
	devLabel = regexp.MustCompile(`(?m)^(\s*(?:\p{L}+\s)?)([0-9]+(?:\.[0-9A-Za-z]+)*)`)
	// headingWord is a Markdown heading's word before its number
	// ("# Article 1:", "# Статья 3:").
	headingWord = regexp.MustCompile(`(?m)^(#+ )\p{L}+ ([0-9])`)
	mdLabel     = regexp.MustCompile(`(?m)^(\s*(?:#+\s+(?:\p{L}+\s)?|\*\*))([0-9]+(?:\.[0-9A-Za-z]+)*)`)
)

// TestDevDigitVariants writes the labels of dev corpus rulebooks (the
// numbers at their lines' starts) in Arabic-Indic, Devanagari and
// full-width digits, and replaces or removes their headings' words
// ("# Article 1:" as "# Madde 1:", "# 1:"), at run time from the real
// files: every item keeps its id.
func TestDevDigitVariants(t *testing.T) {
	longtest.Skip(t)
	files := devFiles(t)
	for _, name := range []string{"fide-laws-2023-en.md", "fide-laws-2023-ru.md", "fide-laws-2023-hy.md", "usau-rules-2024-2025-en.md", "fab-cr-2.10.1-en.txt"} {
		path, ok := files[name]
		if !ok {
			t.Fatalf("%s not in the dev corpus", name)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		orig, err := ingest.Options{}.Read(name, bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		want := itemIDs(orig)
		re := devLabel
		if strings.HasSuffix(name, ".md") {
			re = mdLabel
		}
		digits := func(zero rune) func(string) string {
			return func(text string) string {
				return re.ReplaceAllStringFunc(text, func(m string) string {
					sub := re.FindStringSubmatch(m)
					var b strings.Builder
					for _, r := range sub[2] {
						if r >= '0' && r <= '9' {
							r = zero + (r - '0')
						}
						b.WriteRune(r)
					}
					return sub[1] + b.String()
				})
			}
		}
		// glued writes each label as a CJK or Korean article number,
		// its dots kept ("1.4.2" as "第1.4.2条", "1.4.2조"), the
		// headings' words removed.
		// gluedRe is re for the labels of digits (a letter after each
		// number), the one-dot leader for a dot too; the dot after the
		// label and a letter glued to it ("3.8.2.1.2.with") are read
		// apart: the counter stands for the dot.
		prefix := re.String()[:strings.Index(re.String(), "([0-9]")]
		gluedRe := regexp.MustCompile(prefix + `([0-9]+[a-z]?(?:[.․][0-9]+[a-z]?)*)(\.?)(\p{L}?)`)
		glued := func(mark, counter string) func(string) string {
			return func(text string) string {
				text = headingWord.ReplaceAllString(text, "${1}${2}")
				return gluedRe.ReplaceAllStringFunc(text, func(m string) string {
					sub := gluedRe.FindStringSubmatch(m)
					end := counter
					if sub[4] != "" {
						end += " " + sub[4]
					}
					return sub[1] + mark + sub[2] + end
				})
			}
		}
		for _, v := range []struct {
			name    string
			rewrite func(string) string
		}{
			{"cjk-glued", glued("第", "条")},
			{"korean-glued", glued("", "조")},
			{"cjk-spaced", glued("第 ", " 条")},
			{"arabic-indic", digits('٠')},
			{"devanagari", digits('०')},
			{"full-width", digits('０')},
			{"heading-words-replaced", func(text string) string { return headingWord.ReplaceAllString(text, "${1}Madde ${2}") }},
			{"heading-words-removed", func(text string) string { return headingWord.ReplaceAllString(text, "${1}${2}") }},
		} {
			t.Run(name+"/"+v.name, func(t *testing.T) {
				out := v.rewrite(string(data))
				if out == string(data) {
					t.Skip("nothing to rewrite")
				}
				d, err := ingest.Options{}.Read(name, strings.NewReader(out))
				if err != nil {
					t.Fatal(err)
				}
				if got := itemIDs(d); got != want {
					t.Errorf("ids differ:\n%s", firstDiff(got, want))
				}
			})
		}
	}
}

func itemIDs(d *corpus.Document) string {
	var out []string
	for _, it := range d.Items {
		out = append(out, it.ID)
	}
	return strings.Join(out, " ")
}

// firstDiff shows where two id lists part.
func firstDiff(got, want string) string {
	g, w := strings.Fields(got), strings.Fields(want)
	for i := 0; i < len(g) || i < len(w); i++ {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			return fmt.Sprintf("at item %d: got %v, want %v (%d and %d items)", i, head(g[min(i, len(g)):], 5), head(w[min(i, len(w)):], 5), len(g), len(w))
		}
	}
	return ""
}
