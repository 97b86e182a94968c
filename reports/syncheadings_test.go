package reports_test

import (
	"bytes"
	"html"
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

// htmlTagRe is an HTML tag.
var htmlTagRe = regexp.MustCompile(`</?[A-Za-z][^<>]*>`)

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
// digits they print, not those of their tags: "<article-1>" names an
// anchor) with write; it returns the text and how many lines it
// changed.
func rewriteHeadings(text string, write func(string) string) (string, int) {
	lines := strings.Split(text, "\n")
	n := 0
	for i, l := range lines {
		m := headingLineRe.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		from, to := m[2], m[3]
		if from < 0 {
			from, to = m[4], m[5]
		}
		var b strings.Builder
		at := from
		for _, tag := range append(htmlTagRe.FindAllStringIndex(l[from:to], -1), []int{to - from, to - from}) {
			b.WriteString(asciiNumberRe.ReplaceAllStringFunc(l[at:from+tag[0]], write))
			b.WriteString(l[from+tag[0] : from+tag[1]])
			at = from + tag[1]
		}
		if b.String() == l[from:to] {
			continue
		}
		lines[i] = l[:from] + b.String() + l[to:]
		n++
	}
	return strings.Join(lines, "\n"), n
}

// headingWords are the words of the heading lines of text that print a
// number (digits of any script, CJK numerals): an HTML heading's
// without its tags, its character references resolved and its spaces
// one.
func headingWords(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		m := headingLineRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		w := m[1]
		if m[2] != "" {
			w = strings.Join(strings.Fields(html.UnescapeString(htmlTagRe.ReplaceAllString(m[2], " "))), " ")
		}
		if strings.IndexFunc(w, func(r rune) bool { return numerals.Digit(r) >= 0 || numerals.IsCJK(r) }) < 0 {
			continue
		}
		out = append(out, strings.TrimSpace(w))
	}
	return out
}

// TestSyncKeepsHeadingWords: a sync draft keeps the translator's words
// on each article's heading line ("## 第一条", "## المادة ١"), not the
// source's ("## Article 1") nor its number alone ("### 1"), whatever
// digits the heading prints and whatever formats the source and the
// translation are in. Every udhr translation (Markdown and HTML) is
// synced to the English Markdown and to the English HTML, and every
// translation of the dev corpus, of wca and of seeds to each English
// file of its edition (headingPairs), as it is and with its headings'
// numbers rewritten in Arabic-Indic and Devanagari digits and in CJK
// numerals; each heading line of the translation that prints a number
// must be a heading line of the draft, its words as the translator
// wrote them. The figures are logged per pair of formats.
func TestSyncKeepsHeadingWords(t *testing.T) {
	digitsOf := func(zero rune) func(string) string {
		return func(s string) string {
			return strings.Map(func(r rune) rune { return zero + r - '0' }, s)
		}
	}
	variants := []struct {
		name string
		// udhr: the variant is made of the udhr pages alone, whose
		// headings print an article's number; the other books' print
		// dotted labels ("2.1.", "A.1."), which CJK numerals do not
		// write, and their readers do not read "三." for 3.
		udhr  bool
		write func(string) string
	}{
		{"", false, nil},
		{"arabic-indic", false, digitsOf('٠')},
		{"devanagari", false, digitsOf('०')},
		{"cjk", true, func(s string) string {
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
	type figures struct{ kept, total int }
	byFormats := map[string]*figures{}
	var order []string
	kept, total, cjkMissed := 0, 0, 0
	for _, p := range headingPairs(t) {
		srcText, src := headingDoc(t, p.src)
		data, err := os.ReadFile(testcorpus.Path(t, p.tr))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variants {
			text := string(data)
			label := filepath.Base(p.tr) + " on " + filepath.Base(p.src)
			if v.write != nil {
				var n int
				if v.udhr && !strings.HasPrefix(p.tr, "udhr/") {
					continue
				}
				if text, n = rewriteHeadings(text, v.write); n == 0 {
					continue
				}
				label += " (" + v.name + ")"
			}
			tr, err := ingest.Options{}.Bytes(filepath.Base(p.tr), []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			// A draft made from the documents (an HTML source) keeps
			// a heading where it reads back as the item, and the
			// draft's reader does not read every heading that frames a
			// CJK numeral with words ("一. cikk", "一 бап") as the
			// number: those drafts fall back to the source's number,
			// counted against cjkMadeMissed, which may only fall.
			known := v.udhr && src.Source.Format == "html"
			k, n := keptHeadings(t, label, src, srcText, tr, text, !known)
			if known {
				cjkMissed += n - k
			}
			kept, total = kept+k, total+n
			key := src.Source.Format + " -> " + tr.Source.Format
			if byFormats[key] == nil {
				byFormats[key] = &figures{}
				order = append(order, key)
			}
			byFormats[key].kept += k
			byFormats[key].total += n
		}
	}
	for _, key := range order {
		t.Logf("%s: %d of %d translator heading lines kept", key, byFormats[key].kept, byFormats[key].total)
	}
	if cjkMissed > cjkMadeMissed {
		t.Errorf("CJK numerals on the HTML source: %d translator headings not kept, more than %d", cjkMissed, cjkMadeMissed)
	}
	t.Logf("CJK numerals on the HTML source: %d translator headings not kept (at most %d)", cjkMissed, cjkMadeMissed)
	t.Logf("translator heading lines kept in the drafts: %d of %d", kept, total)
}

// cjkMadeMissed is how many translator headings that print a CJK
// numeral (the udhr pages' numbers rewritten so) the drafts made on the
// English HTML do not keep (fr, hu, kk, si: the draft read
// back without id markers gives those items other ids, and with them
// other titles). It may only fall.
const cjkMadeMissed = 119

// headingPair is a source and a translation of the real corpus (paths
// under it).
type headingPair struct{ src, tr string }

// headingPairs are the pairs TestSyncKeepsHeadingWords syncs: every
// udhr translation on the English Markdown and HTML, and every
// translation of dev, wca and seeds (BOOK-VERSION-LANG.EXT, LANG not en)
// on each English file of the same book and version, whatever its
// format (the TDA pages of seeds on the 2024 PDF and DOCX). The quick
// suite syncs a quarter of them.
func headingPairs(t *testing.T) []headingPair {
	_, names := testcorpus.UDHRFiles(t)
	var out []headingPair
	for _, name := range names {
		if strings.HasPrefix(name, "udhr-1948-en.") || !strings.HasSuffix(name, ".md") && !strings.HasSuffix(name, ".html") {
			continue
		}
		for _, src := range []string{"udhr-1948-en.md", "udhr-1948-en.html"} {
			out = append(out, headingPair{"udhr/" + src, "udhr/" + name})
		}
	}
	re := regexp.MustCompile(`^(.+)-([0-9][0-9.-]*)-([a-z]{2,3})\.[a-z]+$`)
	var files []string
	for _, dir := range []string{"dev/*/*", "wca/*"} {
		m, err := filepath.Glob(filepath.Join(testcorpus.Dir(), dir))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	for _, tr := range files {
		mt := re.FindStringSubmatch(filepath.Base(tr))
		if mt == nil || mt[3] == "en" {
			continue
		}
		for _, src := range files {
			if ms := re.FindStringSubmatch(filepath.Base(src)); ms != nil && ms[3] == "en" && ms[1] == mt[1] && ms[2] == mt[2] {
				out = append(out, headingPair{rel(t, src), rel(t, tr)})
			}
		}
	}
	for _, src := range []string{"tda/tda-2024-longform-en.pdf", "tda/tda-2024-longform-en.docx"} {
		for _, tr := range []string{"seeds/tda-2024-ja-reader-page.txt", "seeds/tda-2024-addendum-pt.txt"} {
			out = append(out, headingPair{src, tr})
		}
	}
	if longtest.On() {
		return out
	}
	var quick []headingPair
	for k, p := range out {
		if k%4 == 0 {
			quick = append(quick, p)
		}
	}
	return quick
}

// rel is path under the real corpus.
func rel(t *testing.T, path string) string {
	r, err := filepath.Rel(testcorpus.Dir(), path)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(r)
}

// headingDoc is the text and document of a source of headingPairs, its
// text "" for a PDF or DOCX (a draft has no lines of theirs).
func headingDoc(t *testing.T, rel string) (string, *corpus.Document) {
	switch filepath.Ext(rel) {
	case ".pdf", ".docx":
		return "", testcorpus.Doc(t, rel)
	}
	return testcorpus.TextDoc(t, rel)
}

// keptHeadings syncs tr (read from text) to src (read from srcText),
// writes the Markdown draft and counts the heading lines of text that
// print a number (headingWords) and, of those, the ones that are a
// heading line of the draft; it reports the first two missed under
// label.
func keptHeadings(t *testing.T, label string, src *corpus.Document, srcText string, tr *corpus.Document, text string, report bool) (kept, total int) {
	t.Helper()
	d := gaps.Options{}.Sync(src, tr, nil)
	var b bytes.Buffer
	if _, err := reports.WriteDraft(&b, d, reports.DraftOptions{Format: "md", SourceText: srcText, TranslationText: text, Now: time.Unix(1700000000, 0)}); err != nil {
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
		if missed++; missed <= 2 && report {
			t.Errorf("%s: the heading %q is not a heading of the draft", label, w)
		}
	}
	if missed > 2 && report {
		t.Errorf("%s: %d headings more not in the draft", label, missed-2)
	}
	return kept, total
}

// idMarkerRe is an id marker (corpus.IDMarker).
var idMarkerRe = regexp.MustCompile(`\s*\{\{rulesync:id [^{}\s]+\}\}`)
