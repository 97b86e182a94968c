package testcorpus

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/numerals"
)

// articles splits the Markdown udhr file md into lines and finds its 30
// article headings (the last 30 "## " lines, after at least one more,
// the preamble's) and the longest line before them that is no heading
// (the preamble's longest paragraph). art is nil where md has fewer
// headings.
func articles(md string) (lines []string, art []int, added string) {
	lines = strings.Split(md, "\n")
	var heads []int
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, i)
		}
	}
	if len(heads) < 31 {
		return lines, nil, ""
	}
	art = heads[len(heads)-30:]
	for _, l := range lines[:art[0]] {
		if !strings.HasPrefix(l, "#") && utf8.RuneCountInString(l) > utf8.RuneCountInString(added) {
			added = l
		}
	}
	return lines, art, added
}

// lastDigitEnd is the index after the last digit (of any script) of rs,
// or -1 where rs has none.
func lastDigitEnd(rs []rune) int {
	for k := len(rs) - 1; k >= 0; k-- {
		if numerals.Digit(rs[k]) >= 0 {
			return k + 1
		}
	}
	return -1
}

// InsertArticle is the Markdown udhr file md with an article added
// before its k-th (1 to 29): the k-th heading over the longest
// paragraph of the preamble, and each heading after it given the one
// after it (the last its number plus one, in its own digits): a
// translation that added an item and numbered on. It reports false
// where md has no 30 article headings after the preamble's, or no
// such paragraph.
func InsertArticle(md string, k int) (string, bool) {
	lines, art, added := articles(md)
	if art == nil || k < 1 || k >= 30 {
		return "", false
	}
	last, ok := NextNumber(lines[art[29]])
	if !ok || added == "" {
		return "", false
	}
	texts := make([]string, 30)
	for n, h := range art {
		texts[n] = lines[h]
	}
	for n := k - 1; n < 30; n++ {
		if n+1 < 30 {
			lines[art[n]] = texts[n+1]
		} else {
			lines[art[n]] = last
		}
	}
	at := art[k-1]
	out := slices.Concat(lines[:at], []string{texts[k-1], "", added, ""}, lines[at:])
	return strings.Join(out, "\n"), true
}

// NextNumber is the heading h with its last number, in digits of any
// script, one more, written in the same digits.
func NextNumber(h string) (string, bool) {
	rs := []rune(h)
	end := lastDigitEnd(rs)
	if end < 0 {
		return "", false
	}
	start := end
	for start > 0 && numerals.Digit(rs[start-1]) >= 0 {
		start--
	}
	zero := rs[start] - rune(numerals.Digit(rs[start]))
	n := 0
	for _, r := range rs[start:end] {
		n = n*10 + numerals.Digit(r)
	}
	var b []rune
	for _, c := range strconv.Itoa(n + 1) {
		b = append(b, zero+(c-'0'))
	}
	return string(rs[:start]) + string(b) + string(rs[end:]), true
}

// InsertSubArticle is the Markdown udhr file md with an article added
// after its k-th (1 to 29) and numbered as an insertion: the k-th
// heading with suffix written after its last number ("## Article 3" ->
// "## Article 3bis" for "bis", "## Статья 3-2" for "-2"), over the
// longest paragraph of the preamble; no heading is renumbered. It
// reports false where md has no 30 article headings after the
// preamble's, its k-th prints no digit or its last number glued to a
// word, or it has no such paragraph.
func InsertSubArticle(md string, k int, suffix string) (string, bool) {
	return InsertSubArticles(md, k, suffix)
}

// InsertSubArticles is InsertSubArticle with one article added for
// each suffix, in their order ("bis", "ter": "## Article 3bis", then
// "## Article 3ter", both before "## Article 4").
func InsertSubArticles(md string, k int, suffixes ...string) (string, bool) {
	lines, art, added := articles(md)
	if art == nil || k < 1 || k >= 30 || len(suffixes) == 0 {
		return "", false
	}
	rs := []rune(lines[art[k-1]])
	end := lastDigitEnd(rs)
	if end < 0 || added == "" || end < len(rs) && unicode.IsLetter(rs[end]) {
		// A number glued to a word ("第３条", "༢པ") takes no suffix.
		return "", false
	}
	var ins []string
	for _, suffix := range suffixes {
		ins = append(ins, string(rs[:end])+suffix+string(rs[end:]), "", added, "")
	}
	at := art[k]
	out := slices.Concat(lines[:at], ins, lines[at:])
	return strings.Join(out, "\n"), true
}

// TableCells is the Markdown udhr file md with its 30 articles as the
// rows of one GFM table, the heading in the first cell and the
// article's paragraphs in the second, joined by <br> (GFM's only way to
// put two paragraphs in a cell; pipes escaped). It reports false where
// md has no 30 article headings after the preamble's.
func TableCells(md string) (string, bool) {
	lines, art, _ := articles(md)
	if art == nil {
		return "", false
	}
	out := slices.Clone(lines[:art[0]])
	out = append(out, "| | |", "| --- | --- |")
	for k, a := range art {
		end := len(lines)
		if k+1 < len(art) {
			end = art[k+1]
		}
		var paras []string
		for _, l := range lines[a+1 : end] {
			if l = strings.TrimSpace(l); l != "" {
				paras = append(paras, strings.ReplaceAll(l, "|", `\|`))
			}
		}
		out = append(out, "| "+strings.TrimPrefix(lines[a], "## ")+" | "+strings.Join(paras, "<br>")+" |")
	}
	return strings.Join(out, "\n") + "\n", true
}
