package reports

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

var (
	mdHeadingRe = regexp.MustCompile(`^(#+)\s+(.*)$`)
	anyTagRe    = regexp.MustCompile(`<[^>]+>`)
)

// asPlainHTML is a Markdown translation as plain HTML: each heading an
// <hN> of its words (its tags left out), each other line with words a
// <p> (its list marker left out).
func asPlainHTML(md string) (page string, headings []string) {
	out := []string{"<html><body>"}
	for _, l := range strings.Split(md, "\n") {
		if m := mdHeadingRe.FindStringSubmatch(l); m != nil {
			t := strings.TrimSpace(anyTagRe.ReplaceAllString(m[2], ""))
			n := string(rune('0' + len(m[1])))
			out = append(out, "<h"+n+">"+html.EscapeString(t)+"</h"+n+">")
			headings = append(headings, t)
			continue
		}
		p := strings.TrimPrefix(strings.TrimSpace(anyTagRe.ReplaceAllString(l, "")), "- ")
		if p != "" {
			out = append(out, "<p>"+html.EscapeString(p)+"</p>")
		}
	}
	return strings.Join(append(out, "</body></html>"), "\n"), headings
}

// TestSyncHTMLKeepsLabels syncs real Markdown translations turned into
// plain HTML (their headings <h2>第1条：大会役員</h2>) to their Markdown
// sources. The draft keeps the translator's headings that print the
// item's number and title (not "Article 1: 大会役員"), and the source's
// lines that hold words the translation has nowhere ("## Notes" where
// it has <h2>注釈</h2>, "Version: May 1, 2021") are never unmarked: the
// item next to them is marked for review, saying they are the source's.
// From the Markdown translation itself, the draft has no such mark.
func TestSyncHTMLKeepsLabels(t *testing.T) {
	pairs := [][2]string{
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
	}
	const left = "are the source's, their words nowhere in the translation"
	for _, p := range pairs {
		srcText, src := testcorpus.TextDoc(t, p[0])
		mdText, md := testcorpus.TextDoc(t, p[1])
		page, heads := asPlainHTML(mdText)
		cases := []struct{ name, text string }{{p[1] + ".html", page}, {p[1], mdText}}
		for _, c := range cases {
			tr := md
			if c.name != p[1] {
				var err error
				tr, err = ingest.Options{}.Bytes(c.name, []byte(c.text))
				if err != nil {
					t.Fatal(err)
				}
			}
			d := (gaps.Options{}).Sync(src, tr, nil)
			var b bytes.Buffer
			if _, err := WriteDraft(&b, d, DraftOptions{Format: "md", SourceText: srcText, TranslationText: c.text, Now: time.Unix(0, 0)}); err != nil {
				t.Fatal(err)
			}
			draft := b.String()
			if c.name == p[1] {
				if strings.Contains(draft, left) {
					t.Errorf("%s: the Markdown translation's draft marks source lines", c.name)
				}
				continue
			}
			checkLabelsKept(t, c.name, draft, d, heads)
			checkSourceLinesMarked(t, c.name, draft, srcText, c.text, left)
		}
	}
}

// checkLabelsKept: every heading of the translation that prints the
// number and title of the item it is read as is in the draft, as written.
func checkLabelsKept(t *testing.T, name, draft string, d *gaps.Draft, heads []string) {
	t.Helper()
	kept := 0
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil || e.Target.Number == "" || strings.TrimSpace(e.Target.Title) == "" {
			continue
		}
		for _, h := range heads {
			if k := lineKey(h, true); numberAlone(strings.Replace(k, lineKey(e.Target.Title, true), "", 1), lineKey(e.Target.Number, false)) && strings.Contains(k, lineKey(e.Target.Title, true)) {
				if !strings.Contains(draft, html.EscapeString(h)) && !strings.Contains(draft, h) {
					t.Errorf("%s: %s: the translator's heading %q is not in the draft", name, e.Source.ID, h)
				}
				kept++
				break
			}
		}
	}
	t.Logf("%s: %d headings that print number and title", name, kept)
}

// checkSourceLinesMarked: each line of the draft that is a line of the
// source (srcText) with words the translation (trText) has nowhere is
// next to an item whose note says so (left): the nearest line above it,
// or below it, that is a heading or holds a marker (not such a line)
// holds the note.
func checkSourceLinesMarked(t *testing.T, name, draft, srcText, trText, left string) {
	t.Helper()
	srcKeys := map[string]bool{}
	for _, l := range strings.Split(srcText, "\n") {
		srcKeys[lineKey(l, true)] = true
	}
	trKey := lineKey(html.UnescapeString(anyTagRe.ReplaceAllString(trText, " ")), true)
	lines := strings.Split(draft, "\n")
	isSource := func(l string) bool {
		k := lineKey(l, true)
		return strings.ContainsFunc(k, unicode.IsLetter) && srcKeys[k] && !strings.Contains(trKey, k) && !strings.Contains(l, "{{rulesync:")
	}
	// stop: a heading or a line that holds a marker, not one of the
	// source's.
	stop := func(l string) bool {
		s := strings.TrimSpace(l)
		begins := strings.HasPrefix(s, "#") || strings.Contains(s, "{{rulesync:")
		return begins && strings.ContainsFunc(lineKey(l, true), unicode.IsLetter) && !isSource(l)
	}
	found := 0
	for x, l := range lines {
		if !isSource(l) {
			continue
		}
		found++
		ok := false
		for y := x - 1; y >= 0; y-- {
			if stop(lines[y]) {
				ok = strings.Contains(lines[y], "lines after this item "+left)
				break
			}
		}
		for y := x + 1; !ok && y < len(lines); y++ {
			if stop(lines[y]) {
				ok = strings.Contains(lines[y], "lines before this item "+left)
				break
			}
		}
		if !ok {
			t.Errorf("%s: the source's line %d %q is in the draft unmarked", name, x+1, l)
		}
	}
	t.Logf("%s: %d lines of the source's words", name, found)
}
