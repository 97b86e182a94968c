package testcorpus

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// BareHeadings rewrites a Markdown page's last n "## " headings (its
// articles: a preamble's heading, where there is one, comes before
// them) as one and the same heading, "## " and word, as a page whose
// numbers were lost prints them: nothing tells them apart but their
// places. ok is false where the page has fewer such headings.
func BareHeadings(md, word string, n int) (string, bool) {
	lines := strings.Split(md, "\n")
	var hs []int
	for i, ln := range lines {
		if strings.HasPrefix(ln, "## ") {
			hs = append(hs, i)
		}
	}
	if len(hs) < n {
		return "", false
	}
	for _, i := range hs[len(hs)-n:] {
		lines[i] = "## " + word
	}
	return strings.Join(lines, "\n"), true
}

// h2 is an HTML page's <h2> heading, its text the group.
var h2 = regexp.MustCompile(`<h2[^>]*>([^<]*)</h2>`)

// BareHTMLHeadings is BareHeadings for an HTML page: its last n <h2>
// headings' texts made word.
func BareHTMLHeadings(page, word string, n int) (string, bool) {
	hs := h2.FindAllStringSubmatchIndex(page, -1)
	if len(hs) < n {
		return "", false
	}
	for k := len(hs) - 1; k >= len(hs)-n; k-- {
		page = page[:hs[k][2]] + word + page[hs[k][3]:]
	}
	return page, true
}

// SwapSections exchanges the k-th and (k+1)-th of a Markdown page's
// last n "## " sections (0-based, among those n), each a heading with
// the lines under it to the next heading: two articles in each other's
// places.
func SwapSections(md string, n, k int) string {
	lines := strings.Split(md, "\n")
	var hs []int
	for i, ln := range lines {
		if strings.HasPrefix(ln, "## ") {
			hs = append(hs, i)
		}
	}
	hs = hs[len(hs)-n:]
	end := func(x int) int {
		if x+1 < len(hs) {
			return hs[x+1]
		}
		return len(lines)
	}
	a, b := lines[hs[k]:end(k)], lines[hs[k+1]:end(k+1)]
	out := append([]string(nil), lines[:hs[k]]...)
	out = append(out, b...)
	out = append(out, a...)
	out = append(out, lines[end(k+1):]...)
	return strings.Join(out, "\n")
}

// SwapTexts returns a copy of d in which items a and b (indexes in
// d.Items) have each other's texts and parts, their numbers, titles
// and ids kept: a translation that prints its source's numbers with
// two texts in each other's places.
func SwapTexts(d *corpus.Document, a, b int) *corpus.Document {
	out := *d
	out.Items = append([]corpus.Item(nil), d.Items...)
	x, y := &out.Items[a], &out.Items[b]
	x.Text, y.Text = y.Text, x.Text
	x.Parts, y.Parts = y.Parts, x.Parts
	return &out
}

// Unlike reports whether two texts' lengths differ by half the shorter
// or more: a swap of them is one their lengths alone can show.
func Unlike(x, y string) bool {
	a, b := utf8.RuneCountInString(x), utf8.RuneCountInString(y)
	return 2*max(a, b) >= 3*min(a, b)
}

// DeleteArticle is the Markdown udhr file md with its k-th article
// (heading and text) removed and each heading after it given the one
// before it, in the file's own words and numerals: a translation that
// lost an article and was renumbered.
func DeleteArticle(md string, k int) (string, bool) {
	lines := strings.Split(md, "\n")
	var heads []int
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, i)
		}
	}
	heads = heads[min(1, len(heads)):] // the preamble's heading stays
	if k < 1 || k >= len(heads) {
		return "", false
	}
	texts := make([]string, len(heads))
	for n, h := range heads {
		texts[n] = lines[h]
	}
	for n := k; n < len(heads); n++ {
		lines[heads[n]] = texts[n-1]
	}
	out := slices.Concat(lines[:heads[k-1]], lines[heads[k]:])
	return strings.Join(out, "\n"), true
}

// MarkdownLevel is the level of a Markdown heading line ("## x": 2), 0
// for any other line.
func MarkdownLevel(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n == len(line) || line[n] != ' ' {
		return 0
	}
	return n
}

// htmlHeading matches a line that opens an HTML heading ("<h2>",
// "<h3 id=...>"), its level the group.
var htmlHeading = regexp.MustCompile(`^\s*<[hH]([1-6])[\s>]`)

// HTMLLevel is the level of a line that opens an HTML heading ("<h2>":
// 2); a line that opens no heading but ends the page's text ("</body>")
// or enters a page's contents as a section heading does (a WML
// "<toc-add-entry": 2) counts as one above every level (1 and 2); 0
// for any other line.
func HTMLLevel(line string) int {
	if m := htmlHeading.FindStringSubmatch(line); m != nil {
		return int(m[1][0] - '0')
	}
	switch t := strings.TrimSpace(line); {
	case strings.HasPrefix(t, "</body"):
		return 1
	case strings.HasPrefix(t, "<toc-add-entry"):
		return 2
	}
	return 0
}

// SwapBlocks exchanges two whole sections of a page of lines: the a-th
// and b-th (0-based, a < b) of the headings level says are of level
// want, each with the lines under it up to the next heading of its
// level or above (level gives a line's heading level, 0 for none). The
// lines between the two stay in place: two articles printed each in
// the other's place, heading and items. ok is false where the page has
// fewer such headings.
func SwapBlocks(text string, level func(string) int, want, a, b int) (string, bool) {
	lines := strings.Split(text, "\n")
	var heads []int
	for i, l := range lines {
		if level(l) == want {
			heads = append(heads, i)
		}
	}
	if a < 0 || a >= b || b >= len(heads) {
		return "", false
	}
	end := func(h int) int {
		for i := h + 1; i < len(lines); i++ {
			if v := level(lines[i]); v > 0 && v <= want {
				return i
			}
		}
		return len(lines)
	}
	sa, ea, sb, eb := heads[a], end(heads[a]), heads[b], end(heads[b])
	// Blank lines after a section stay where they are (the page's
	// last, at its end).
	for eb > sb+1 && strings.TrimSpace(lines[eb-1]) == "" {
		eb--
	}
	for ea > sa+1 && strings.TrimSpace(lines[ea-1]) == "" {
		ea--
	}
	out := slices.Concat(lines[:sa], lines[sb:eb], lines[ea:sb], lines[sa:ea], lines[eb:])
	return strings.Join(out, "\n"), true
}

// RestartArticles is the Markdown udhr file md without its title line
// (its "# " heading) and with its first n articles (heading and text)
// printed again at its end, in its own words and numerals: a numbering
// that starts again with no heading between, after the preamble's
// unnumbered heading at the articles' level. ok is false where md has
// no 30 article headings after another.
func RestartArticles(md string, n int) (string, bool) {
	lines, art, _ := articles(md)
	if art == nil || n < 1 || n >= 30 {
		return "", false
	}
	var out []string
	for _, l := range lines[:art[29]] {
		if MarkdownLevel(l) != 1 {
			out = append(out, l)
		}
	}
	out = append(out, lines[art[29]:]...)
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	out = append(out, "")
	out = append(out, lines[art[0]:art[n]]...)
	return strings.Join(out, "\n"), true
}
