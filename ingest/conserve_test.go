package ingest_test

import (
	"fmt"
	"html"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

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

// words are the runs of letters and marks of s, case-folded.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) })
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
		var b strings.Builder
		for line := range strings.SplitSeq(src, "\n") {
			b.WriteString(mdLinkTarget.ReplaceAllString(line, " "))
			b.WriteByte('\n')
		}
		src = b.String()
	}
	return words(html.UnescapeString(markupTag.ReplaceAllString(src, " ")))
}

// documentWords are the words of everything d says.
func documentWords(d *corpus.Document) map[string]bool {
	seen := map[string]bool{}
	add := func(ss ...string) {
		for _, s := range ss {
			for _, w := range words(s) {
				seen[w] = true
			}
		}
	}
	add(d.Title, d.Edition, d.Version, d.DateText)
	add(d.Notes...)
	for _, it := range d.Items {
		add(it.ID, it.Number, it.Title, it.Text, it.Section)
		for _, p := range it.Parts {
			add(p.Label, p.Marker, p.Title, p.Text)
		}
	}
	return seen
}

// lostWords are the words of src that d holds nowhere, in the order of
// src, each once.
func lostWords(name, src string, d *corpus.Document) []string {
	seen := documentWords(d)
	var lost []string
	for _, w := range inputWords(name, src) {
		if !seen[w] {
			seen[w] = true
			lost = append(lost, w)
		}
	}
	return lost
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
