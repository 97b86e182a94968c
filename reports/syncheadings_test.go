package reports_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/numerals"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// headingLineRe is a heading line of the udhr pages: Markdown "## ..."
// (any level) or HTML "<h2>...</h2>"; the heading's words are group 1
// or 2.
var headingLineRe = regexp.MustCompile(`^(?:#{2,6}\s+(.*\S)\s*|\s*<h[2-6][^>]*>(.*)</h[2-6]>\s*)$`)

// asciiNumberRe is a run of ASCII digits.
var asciiNumberRe = regexp.MustCompile(`[0-9]+`)

// cjkNumber writes n (0 < n < 100) in CJK numerals, as Chinese and
// Japanese headings print it: 一, 十, 十二, 二十三.
func cjkNumber(n int) string {
	ds := []rune("〇一二三四五六七八九")
	var b strings.Builder
	if n >= 10 {
		if n >= 20 {
			b.WriteRune(ds[n/10])
		}
		b.WriteRune('十')
		n %= 10
		if n == 0 {
			return b.String()
		}
	}
	b.WriteRune(ds[n])
	return b.String()
}

// rewriteHeadings writes the numbers of text's heading lines (the ASCII
// digits they print) with write; it returns the text and how many lines
// it changed.
func rewriteHeadings(text string, write func(string) string) (string, int) {
	lines := strings.Split(text, "\n")
	n := 0
	for i, l := range lines {
		if m := headingLineRe.FindStringSubmatch(l); m == nil || !asciiNumberRe.MatchString(m[1]+m[2]) {
			continue
		}
		m := headingLineRe.FindStringSubmatchIndex(l)
		from, to := m[2], m[3]
		if from < 0 {
			from, to = m[4], m[5]
		}
		lines[i] = l[:from] + asciiNumberRe.ReplaceAllStringFunc(l[from:to], write) + l[to:]
		n++
	}
	return strings.Join(lines, "\n"), n
}

// headingWords are the words of the heading lines of text that print a
// number (digits of any script, CJK numerals).
func headingWords(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		m := headingLineRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		w := m[1] + m[2]
		if strings.IndexFunc(w, func(r rune) bool { return numerals.Digit(r) >= 0 || numerals.IsCJK(r) }) < 0 {
			continue
		}
		out = append(out, strings.TrimSpace(w))
	}
	return out
}

// TestSyncKeepsHeadingWords: a sync draft keeps the translator's words
// on each article's heading line ("## 第一条", "## المادة ١"), not the
// source's ("## Article 1"), whatever digits the heading prints. Every
// udhr translation (Markdown and HTML) is synced to the English
// Markdown as it is and with its headings' numbers rewritten in
// Arabic-Indic and Devanagari digits and in CJK numerals; each heading
// line of the translation that prints a number must be a heading line
// of the draft, its words as the translator wrote them.
func TestSyncKeepsHeadingWords(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	enText, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	digitsOf := func(zero rune) func(string) string {
		return func(s string) string {
			return strings.Map(func(r rune) rune { return zero + r - '0' }, s)
		}
	}
	variants := []struct {
		name  string
		write func(string) string
	}{
		{"", nil},
		{"arabic-indic", digitsOf('٠')},
		{"devanagari", digitsOf('०')},
		{"cjk", func(s string) string {
			n := 0
			for _, r := range s {
				n = n*10 + int(r-'0')
			}
			if n <= 0 || n >= 100 {
				return s
			}
			return cjkNumber(n)
		}},
	}
	kept, total := 0, 0
	for k, name := range names {
		if name == "udhr-1948-en.md" || name == "udhr-1948-en.html" || !strings.HasSuffix(name, ".md") && !strings.HasSuffix(name, ".html") {
			continue
		}
		if !longtest.On() && k%4 != 0 {
			continue // the quick suite: a quarter of them
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variants {
			text := string(data)
			label := name
			if v.write != nil {
				var n int
				if text, n = rewriteHeadings(text, v.write); n == 0 {
					continue
				}
				label += " (" + v.name + ")"
			}
			tr, err := ingest.Options{}.Bytes(name, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			d := gaps.Options{}.Sync(en, tr, nil)
			var b bytes.Buffer
			if _, err := reports.WriteDraft(&b, d, reports.DraftOptions{Format: "md", SourceText: string(enText), TranslationText: text, Now: time.Unix(1700000000, 0)}); err != nil {
				t.Fatal(err)
			}
			heads := map[string]bool{}
			for _, l := range strings.Split(corpus.DropNotes(b.String()), "\n") {
				if m := headingLineRe.FindStringSubmatch(l); m != nil {
					s, _ := corpus.StripMarkers(m[1] + m[2])
					heads[strings.TrimSpace(idMarkerRe.ReplaceAllString(s, ""))] = true
				}
			}
			missed := 0
			for _, w := range headingWords(text) {
				total++
				if heads[w] {
					kept++
					continue
				}
				if missed++; missed <= 2 {
					t.Errorf("%s: the heading %q is not a heading of the draft", label, w)
				}
			}
			if missed > 2 {
				t.Errorf("%s: %d headings more not in the draft", label, missed-2)
			}
		}
	}
	t.Logf("translator heading lines kept in the drafts: %d of %d", kept, total)
}

// idMarkerRe is an id marker (corpus.IDMarker).
var idMarkerRe = regexp.MustCompile(`\s*\{\{rulesync:id [^{}\s]+\}\}`)
