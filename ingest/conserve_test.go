package ingest_test

import (
	"fmt"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"html"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// Conservation of text: every word of an input, its markup aside, is
// somewhere in the document read from it: an item's id, number, title,
// text or parts, a section title, the document's title or its notes
// (where the numbering's label words are named). A word in none of them
// was dropped without a word said: the worst thing a reader of
// rulebooks can do, for diff then reports no change where the word
// changes.

// words are the runs of letters and marks of s in storage form
// (corpus.Clean: NFC, zero-width characters removed), case-folded.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(corpus.Clean(s)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) })
}

var (
	mdLinkTarget = regexp.MustCompile(`\]\([^)]*\)|\]\[[^\]]*\]|^\s*\[[^\]]*\]:.*$|<!--(?s:.*?)-->`)
	htmlDropped  = regexp.MustCompile(`(?is)<(script|style|head)\b.*?</(script|style|head)>|<!--.*?-->`)
	markupTag    = regexp.MustCompile(`(?s)<[^>]*>`)
)

// inputWords are the words of src as a reader sees them: tags, link
// targets and comments are markup, entities stand for their characters.
func inputWords(name, src string) []string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm":
		src = htmlDropped.ReplaceAllString(src, " ")
	case ".md":
		// Front matter ("---" lines around "key: value" lines) is
		// metadata, not text.
		if rest, ok := strings.CutPrefix(src, "---\n"); ok {
			if _, after, ok := strings.Cut(rest, "\n---\n"); ok {
				src = after
			}
		}
		var b strings.Builder
		for line := range strings.SplitSeq(src, "\n") {
			b.WriteString(mdLinkTarget.ReplaceAllString(line, " "))
			b.WriteByte('\n')
		}
		src = b.String()
	}
	return words(html.UnescapeString(markupTag.ReplaceAllString(src, " ")))
}

// documentText is everything d says, in storage form, case-folded, one
// string a line.
func documentText(d *corpus.Document) []string {
	out := []string{d.Title, d.Edition, d.Version, d.DateText}
	out = append(out, d.Notes...)
	for _, it := range d.Items {
		out = append(out, it.ID, it.Number, it.Title, it.Text, it.Section)
		for _, p := range it.Parts {
			out = append(out, p.Label, p.Marker, p.Title, p.Text)
		}
	}
	for k, s := range out {
		out[k] = strings.ToLower(corpus.Clean(s))
	}
	return out
}

// lostWords are the words of src that d holds nowhere, in the order of
// src, each once. A word of a script written without spaces is a run of
// many ("に記載されています"), which the document may split other ways:
// it is held where it is part of a line of d. A heading that prints no
// digit may have one word that stands for its number and nothing else
// ("Нэгдүгээр зүйл", "Artigo XI.", "第十二条"): its item's number holds
// it, in digits ("ماده بیست و یکم": up to three words).
func lostWords(name, src string, d *corpus.Document) []string {
	text := documentText(d)
	seen := map[string]bool{}
	for _, s := range text {
		for _, w := range words(s) {
			seen[w] = true
		}
	}
	all := strings.Join(text, "\n")
	var lost []string
	for _, w := range inputWords(name, src) {
		if !seen[w] {
			seen[w] = true
			if !strings.Contains(all, w) {
				lost = append(lost, w)
			}
		}
	}
	if len(lost) == 0 {
		return nil
	}
	isLost := map[string]bool{}
	for _, w := range lost {
		isLost[w] = true
	}
	numeral := map[string]bool{}
	for _, h := range headingLines(name, src) {
		if strings.ContainsFunc(h, unicode.IsDigit) {
			continue
		}
		var in []string
		for _, w := range words(h) {
			if isLost[w] && !slices.Contains(in, w) {
				in = append(in, w)
			}
		}
		if len(in) <= 3 {
			for _, w := range in {
				numeral[w] = true
			}
		}
	}
	// A word of one letter is a label's letter, which the document
	// keeps normalized ("В.1", Cyrillic, is "B.1"). A document that
	// says it dropped page furniture (its notes name each piece) may
	// have lost words of it, but none of a heading.
	dropped := slices.ContainsFunc(d.Notes, func(n string) bool { return strings.HasPrefix(n, "dropped ") })
	inHeading := map[string]bool{}
	for _, h := range headingLines(name, src) {
		for _, w := range words(h) {
			inHeading[w] = true
		}
	}
	return slices.DeleteFunc(lost, func(w string) bool {
		return numeral[w] || utf8.RuneCountInString(w) == 1 || dropped && !inHeading[w]
	})
}

var headingElem = regexp.MustCompile(`(?is)<h[1-6]\b[^>]*>(.*?)</h[1-6]>`)

// headingLines are the headings of src, their markup removed: Markdown's
// "#" lines, HTML's h1 to h6.
func headingLines(name, src string) []string {
	var out []string
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm":
		for _, m := range headingElem.FindAllStringSubmatch(src, -1) {
			out = append(out, html.UnescapeString(markupTag.ReplaceAllString(m[1], " ")))
		}
	case ".md":
		for line := range strings.SplitSeq(src, "\n") {
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "#") {
				out = append(out, strings.TrimLeft(t, "# "))
			}
		}
	}
	return out
}

// letterWord is a word of n letters of the alphabet from..from+size-1.
func letterWord(rng *rand.Rand, from rune, size, n int) string {
	var b strings.Builder
	for range n {
		b.WriteRune(from + rune(rng.IntN(size)))
	}
	return b.String()
}

// alphabets are lower-case letter ranges of several scripts: Latin,
// Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic.
var alphabets = []struct {
	from rune
	size int
}{{'a', 26}, {'а', 32}, {'α', 25}, {'ա', 38}, {'ა', 33}, {'א', 27}, {'ب', 20}}

// labelFrames are the ways a heading prints a word (W) beside its number
// (N): before or after it, with or without punctuation, joined by a
// hyphen.
var labelFrames = []string{
	"W N", "W N.", "W N:", "W N -", "W-N", "W-N.", "W. N.", "N W", "N W.", "N-W", "N-W.", "N-W:", "N. W", "N. W.", "N.W", "N W -",
}

// TestLabelWordsKeepTitles writes rulebooks whose article headings print
// a random word of a random script beside their numbers, in every
// labelFrame, followed by a title, as Markdown, HTML and plain text with
// two to five articles, and checks that every word of each is in the
// document read: a title after a label whose word follows its number
// ("1-бап. Атауы") was dropped whole, with no warning.
func TestLabelWordsKeepTitles(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 7))
	for _, frame := range labelFrames {
		for _, n := range []int{2, 3, 5} {
			a := alphabets[rng.IntN(len(alphabets))]
			w := letterWord(rng, a.from, a.size, 3+rng.IntN(4))
			var heads, bodies []string
			for k := 1; k <= n; k++ {
				t := alphabets[rng.IntN(len(alphabets))]
				title := letterWord(rng, unicode.ToUpper(t.from), 1, 1) + letterWord(rng, t.from, t.size, 4+rng.IntN(5))
				if rng.IntN(2) == 0 {
					title += " " + letterWord(rng, t.from, t.size, 3+rng.IntN(5))
				}
				head := strings.NewReplacer("W", w, "N", fmt.Sprint(k)).Replace(frame) + " " + title
				heads = append(heads, head)
				bodies = append(bodies, fmt.Sprintf("%s %s %s.", strings.ToUpper(letterWord(rng, a.from, a.size, 1)), letterWord(rng, a.from, a.size, 6), letterWord(rng, a.from, a.size, 5)))
			}
			var md, htm, txt strings.Builder
			md.WriteString("# Book\n\n")
			htm.WriteString("<html><body><h1>Book</h1>\n")
			txt.WriteString("Book\n\n")
			for k := range heads {
				fmt.Fprintf(&md, "## %s\n\n%s\n\n", heads[k], bodies[k])
				fmt.Fprintf(&htm, "<h2>%s</h2>\n<p>%s</p>\n", html.EscapeString(heads[k]), html.EscapeString(bodies[k]))
				fmt.Fprintf(&txt, "%s\n\n%s\n\n", heads[k], bodies[k])
			}
			htm.WriteString("</body></html>\n")
			for name, src := range map[string]string{"book.md": md.String(), "book.html": htm.String(), "book.txt": txt.String()} {
				d, err := ingest.Options{}.Bytes(name, []byte(src))
				if err != nil {
					t.Fatalf("%q ×%d %s: %v", frame, n, name, err)
				}
				if lost := lostWords(name, src, d); len(lost) > 0 {
					t.Errorf("%q ×%d %s: %d words in no item and no note: %q\n%s", frame, n, name, len(lost), lost, src)
				}
			}
		}
	}
}

// TestCorpusKeepsWords checks conservation of text on every Markdown,
// HTML and text file of the real rulebooks (dev/, udhr/, wca/, seeds/
// and tda/).
func TestCorpusKeepsWords(t *testing.T) {
	longtest.Skip(t)
	root := testcorpus.Path(t, ".")
	var files []string
	for _, sub := range []string{"dev", "udhr", "wca", "seeds", "tda"} {
		filepath.WalkDir(filepath.Join(root, sub), func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && slices.Contains([]string{".md", ".html", ".txt"}, filepath.Ext(p)) && !strings.EqualFold(e.Name(), "README.md") && !strings.Contains(p, string(filepath.Separator)+"truth"+string(filepath.Separator)) {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Fatal("no files in the corpus")
	}
	for _, p := range files {
		rel, _ := filepath.Rel(root, p)
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			d, err := ingest.Options{}.File(p)
			if err != nil {
				t.Fatal(err)
			}
			if lost := lostWords(p, string(src), d); len(lost) > 0 {
				t.Errorf("%d words in no item and no note: %q", len(lost), lost[:min(len(lost), 30)])
			}
		})
	}
}
