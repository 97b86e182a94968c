package ingest

import (
	"github.com/rulesync/rulesync/internal/numerals"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// Navigation is not content: a table of contents, a breadcrumb or a
// list of links to the document's own sections repeats, in order,
// headings and item titles that the document prints again further on.
// contents finds such runs by that structure alone (no word such as
// "Contents" is needed) and marks them page furniture ("contents"), kept
// in the notes: otherwise their entries would become the items, and the
// real ones would get a second id ("rule:1.1-2").

// minContents is the fewest entries a run must repeat of the headings
// after it to be navigation: two short lines that happen to be titles
// further on are not a table of contents.
const minContents = 3

// contentsKey is a line as a table of contents and a heading both print
// it: its letters and digits, case and width folded and digits of every
// script read as ASCII, as words; "" for a
// line longer than a title or without a letter (a bare number or page
// count repeats nothing).
func contentsKey(s string) string {
	if runeLen(s) > 2*maxTitleRunes {
		return ""
	}
	var b strings.Builder
	letter := false
	space := false
	for _, r := range corpus.Fold(s) {
		if v := numerals.Digit(r); v >= 0 {
			r = rune('0' + v) // "١" in the contents is "1" in the heading
		}
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			letter = letter || unicode.IsLetter(r)
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	if !letter {
		return ""
	}
	return b.String()
}

// withoutPage is key without a last word that is a page number ("3
// definitions 5" -> "3 definitions"), or "" where it has none.
func withoutPage(key string) string {
	i := strings.LastIndexByte(key, ' ')
	if i < 0 {
		return ""
	}
	last := key[i+1:]
	for _, r := range last {
		if !unicode.IsDigit(r) && !strings.ContainsRune("ivxlc", r) {
			return ""
		}
	}
	return key[:i]
}

// firstLine is the first line of a block's text.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// markContents marks as "contents" the runs of blocks that repeat, in
// order, the headings and titled lines found after them (see above),
// and a heading right above such a run with nothing else under it (the
// run's own heading, in whatever words). It returns the number of blocks
// marked.
func markContents(bs []block) int {
	// A table of contents repeats titles: of headings, or the first
	// line of a block that has text under it. A block repeated whole (a
	// passage printed twice) is no title of it, and stays text.
	at := map[string][]int{}
	for i, b := range bs {
		if b.chrome != "" || b.kind != blockHeading && !strings.Contains(strings.TrimSpace(b.text), "\n") {
			continue
		}
		if k := contentsKey(firstLine(b.text)); k != "" {
			at[k] = append(at[k], i)
		}
	}
	if len(at) == 0 {
		return 0 // no title to repeat: no run marks a block (markRun)
	}
	marked := 0
	for s := 0; s < len(bs); {
		e := s
		for e < len(bs) && entryLike(bs[e]) {
			e++
		}
		if e == s {
			s++
			continue
		}
		marked += markRun(bs, s, e, at)
		s = e
	}
	return marked
}

// entryLike reports whether b may be an entry of a table of contents: a
// short text of one line (a title and its page number) that is not a
// heading nor furniture already.
func entryLike(b block) bool {
	return b.chrome == "" && b.kind != blockHeading && b.kind != blockCode && !strings.Contains(strings.TrimSpace(b.text), "\n") &&
		utf8.RuneCountInString(b.text) <= maxTitleRunes+10
}

// markRun marks the blocks of bs[s:e] (a run of entryLike blocks) that
// repeat, in order, lines printed after the run, when at least
// minContents do and they are at least half of the run's blocks
// between the first and the last that does.
func markRun(bs []block, s, e int, at map[string][]int) int {
	next := e // a repeated line must come after the previous one's
	var hits []int
	for i := s; i < e; i++ {
		k := contentsKey(bs[i].text)
		j := after(at[k], next)
		if j < 0 {
			j = after(at[withoutPage(k)], next)
		}
		if j < 0 {
			continue
		}
		hits = append(hits, i)
		next = j + 1
	}
	if len(hits) < minContents {
		return 0
	}
	first, last := hits[0], hits[len(hits)-1]
	if 2*len(hits) < last-first+1 {
		return 0
	}
	for i := first; i <= last; i++ {
		bs[i].chrome = "contents"
	}
	n := last - first + 1
	// The run's heading, when nothing but the run is under it.
	if h := first - 1; h >= 0 && bs[h].kind == blockHeading && bs[h].chrome == "" && (last+1 >= len(bs) || bs[last+1].kind == blockHeading && bs[last+1].level <= bs[h].level) {
		bs[h].chrome = "contents"
		n++
	}
	return n
}

// after returns the first of the ascending indexes xs at or after from,
// or -1.
func after(xs []int, from int) int {
	for _, x := range xs {
		if x >= from {
			return x
		}
	}
	return -1
}
