package ingest

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/numerals"
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

// markContents marks as "contents" the runs of blocks that repeat, in
// order, the headings and titled lines found after them (see above),
// and a heading right above such a run with nothing else under it (the
// run's own heading, in whatever words). It returns the number of blocks
// marked.
func markContents(bs []block) int {
	at := titlesAt(bs)
	if len(at) == 0 {
		return 0 // no title to repeat: no run marks a block (markRun)
	}
	// The blocks that are titles, ascending: a run's entries repeat
	// titles in order, each after the last, so a run marks nothing
	// where fewer than minContents titles stand after its entries, and
	// an entry repeats nothing after the last title (markRun).
	var titles []int
	for _, js := range at {
		titles = append(titles, js...)
	}
	slices.Sort(titles)
	titles = slices.Compact(titles)
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
		marked += markRun(bs, s, e, at, titles)
		s = e
	}
	return marked
}

// titlesAt maps the keys of the titles a table of contents may repeat
// to their blocks, ascending. A title is a heading's; the first line of
// a block with text under it; a title line of a paragraph of one line
// (textTitle), by its number and title (numberedKey) only. A block repeated whole (a passage printed twice) is no
// title of it, and stays text.
func titlesAt(bs []block) map[string][]int {
	at := map[string][]int{}
	for i, b := range bs {
		if b.chrome != "" || b.kind == blockCode {
			continue
		}
		titled := b.kind == blockHeading || strings.Contains(strings.TrimSpace(b.text), "\n")
		if !titled && !textTitle(bs, i) {
			continue
		}
		line, _, _ := strings.Cut(b.text, "\n")
		// A line of one line's paragraph is a title by its number: a
		// short line over text that repeats later ("K" under each
		// piece of a list printed twice) is none.
		if k := contentsKey(line); k != "" && titled {
			at[k] = append(at[k], i)
		}
		// A numbered table of contents prints a title's number in
		// its own way ("1. Definitions" for "Section 1.
		// Definitions"): the number and the title, apart.
		if k := numberedKey(line, 0); k != "" {
			at[k] = append(at[k], i)
		}
		// A number the label grammar does not read, with a word after
		// it ("1-бап. Анықтамалар", a numbering of its own,
		// numberRuns): the number, and the title with and without
		// that word.
		for _, k := range wordAfterKeys(line) {
			at[k] = append(at[k], i)
		}
	}
	return at
}

// wordAfterKeys are the keys of a title line that prints one number the
// label grammar does not read: the number and the contentsKey of what
// follows it, and of that without its first word ("1|бап анықтамалар",
// "1|анықтамалар" of "1-бап. Анықтамалар"). None where the grammar
// reads a label.
func wordAfterKeys(line string) []string {
	if _, ok := readLabel(line); ok {
		return nil
	}
	_, to, v, ok := numeralToken(line)
	if !ok {
		return nil
	}
	rest := contentsKey(line[to:])
	if rest == "" {
		return nil
	}
	num := strconv.Itoa(v) + "|"
	keys := []string{num + rest}
	if _, title, ok := strings.Cut(rest, " "); ok {
		keys = append(keys, num+title)
	}
	return keys
}

// titleOver reports whether line is a title over next: short, over a
// line of text that prints no label (one in parentheses aside: "(a)"
// is the text's own list). A line over a numbered line is none: in a
// text of numbered lines each would be.
func titleOver(line, next string) bool {
	if strings.TrimSpace(next) == "" || runeLen(line) > maxTitleRunes {
		return false
	}
	l, ok := readLabel(next)
	return !ok || l.paren
}

// textTitle reports whether block i, a paragraph of one line, is a
// title line, as a heading is elsewhere: in plain text, a line that
// opens a paragraph with lines under it ("Section 1. Definitions" over
// "(a) ..."); in any format, a short line over a paragraph that prints
// no label ("8.1.1 Action" over "An action card is ...", where the
// text sets no paragraph apart and a reader makes a block of each line).
func textTitle(bs []block, i int) bool {
	b := &bs[i]
	if i+1 >= len(bs) || b.kind != blockPara || b.level != 0 {
		return false
	}
	n := &bs[i+1]
	if n.kind != blockPara || n.nest != b.nest || n.chrome != "" {
		return false
	}
	if b.opens && !n.opens {
		return true
	}
	return titleOver(b.text, n.text)
}

// numberedKey is a title line as a numbered table of contents and its
// heading both print it: the number of its label, as the label grammar
// reads it ("1" of "Section 1." and of "1."), and the contentsKey of
// the title after it, joined by "|"; ordinal is the place an ordered
// list gives the line without printing it (HTML <ol>), 0 for none. ""
// for a line without a number or a title.
func numberedKey(line string, ordinal int) string {
	num, title := "", line
	if l, ok := readLabel(line); ok && !l.paren && l.end > 0 && l.end <= len(line) {
		var b strings.Builder
		for k, c := range l.comps {
			if k > 0 {
				b.WriteByte('.')
			}
			b.WriteString(strconv.Itoa(c.n))
		}
		num, title = b.String(), line[l.end:]
	} else if ordinal > 0 {
		num = strconv.Itoa(ordinal)
	}
	if num == "" {
		return ""
	}
	k := contentsKey(title)
	if k == "" {
		return ""
	}
	return num + "|" + k
}

// entryKeys are the keys under which an entry line may repeat a title found
// after it: its line as printed, without a page number, and its number
// and title apart (numberedKey), without a page number; the title alone,
// where it numbers a heading that prints no number.
func entryKeys(line string, ordinal int) []string {
	k := contentsKey(line)
	keys := []string{k, withoutPage(k)}
	if nk := numberedKey(line, ordinal); nk != "" {
		num, title, _ := strings.Cut(nk, "|")
		keys = append(keys, nk)
		if t := withoutPage(title); t != "" {
			keys = append(keys, num+"|"+t)
		}
		keys = append(keys, title)
		if t := withoutPage(title); t != "" {
			keys = append(keys, t)
		}
	}
	return keys
}

// entryLike reports whether b may be an entry of a table of contents: a
// short text of one line (a title and its page number) that is not a
// heading nor furniture already.
func entryLike(b block) bool {
	return b.chrome == "" && b.kind != blockHeading && b.kind != blockCode && !strings.Contains(strings.TrimSpace(b.text), "\n") &&
		utf8.RuneCountInString(withoutLeader(b.text)) <= maxTitleRunes+10
}

// withoutLeader is an entry line without its page number and the leader
// before it ("4: Player Identity .......... 5" -> "4: Player Identity"):
// a title as long as a heading's may stand before them.
func withoutLeader(line string) string {
	t := strings.TrimRightFunc(line, func(r rune) bool { return unicode.IsDigit(r) || unicode.IsSpace(r) })
	if t == strings.TrimRightFunc(line, unicode.IsSpace) {
		return line // no page number
	}
	return strings.TrimRightFunc(t, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(".·…_-–—", r) })
}

// markRun marks the blocks of bs[s:e] (a run of entryLike blocks) that
// repeat, in order, lines printed after the run, when at least
// minContents do and they are at least half of the run's blocks
// between the first and the last that does. titles are the blocks of
// at, ascending.
func markRun(bs []block, s, e int, at map[string][]int, titles []int) int {
	// A repeated line comes after the previous one's, and after the
	// entry: in plain text, titles are lines like the entries, and the
	// run may reach them.
	next := 0
	var hits []int
	for i := s; i < e; i++ {
		from := max(next, i+1)
		// Each hit repeats a title after the last hit's: with fewer
		// titles left than hits wanted, the run marks nothing (a page
		// of a million numbered paragraphs, one of them a title line,
		// read the keys of every one); with none left, no entry after
		// this one repeats one.
		left := len(titles) - sort.SearchInts(titles, from)
		if len(hits)+left < minContents {
			return 0
		}
		if left == 0 {
			break
		}
		j := repeatedAt(bs[i].text, bs[i].ordinal, from, at)
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
	// The run's heading as a line of its own ("Contents" over the
	// entries, in whatever words): the line right before the first
	// entry, where only a heading or nothing stands before it.
	if h := first - 1; h >= s && (h == 0 || bs[h-1].kind == blockHeading) && bs[h].ordinal == 0 {
		bs[h].chrome = "contents"
		return n + 1
	}
	return n + markHeading(bs, first, last, next-1)
}

// markHeading marks the heading right above the contents bs[first:last+1]
// as contents, when nothing but them is under it (the run's own
// heading, in whatever words): where the block after them is a heading
// no deeper than it; or, where the heading prints no label and is not
// the document's first (its title, or the first part of its text,
// under which a table may stand), when the entries repeat titles past the
// heading's own part of the outline (lastTitle, the block of the last
// title repeated: a table of more than its parts) or its part runs to
// the document's end (a table of everything, whose heading would
// otherwise hold every item and the text after the table). It returns
// 1 where it does.
func markHeading(bs []block, first, last, lastTitle int) int {
	h := first - 1
	if h < 0 || bs[h].kind != blockHeading || bs[h].chrome != "" {
		return 0
	}
	end := last + 1
	switch {
	case end >= len(bs) || bs[end].kind == blockHeading && bs[end].level <= bs[h].level:
	case headingBefore(bs, h) && (lastTitle >= partEnd(bs, h) || partEnd(bs, h) == len(bs)):
		if _, ok := readLabel(bs[h].text); ok {
			return 0
		}
	default:
		return 0
	}
	bs[h].chrome = "contents"
	return 1
}

// headingBefore reports whether a heading stands before heading h.
func headingBefore(bs []block, h int) bool {
	for i := h - 1; i >= 0; i-- {
		if bs[i].kind == blockHeading {
			return true
		}
	}
	return false
}

// partEnd is the block after the part of the outline heading h heads:
// the next heading no deeper than it, or len(bs).
func partEnd(bs []block, h int) int {
	for i := h + 1; i < len(bs); i++ {
		if bs[i].kind == blockHeading && bs[i].level <= bs[h].level {
			return i
		}
	}
	return len(bs)
}

// repeatedAt is the place of the first title at or after from that the
// entry line repeats (entryKeys), or -1.
func repeatedAt(line string, ordinal, from int, at map[string][]int) int {
	for _, k := range entryKeys(line, ordinal) {
		if k == "" {
			continue
		}
		if j := after(at[k], from); j >= 0 {
			return j
		}
	}
	return -1
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

// navHeadings marks as "contents" the heading right above a list of
// links to places in the page an HTML reader dropped as navigation (a
// table of the page's contents; nav: the number of blocks read before
// each list), where it prints no label and heads nothing
// but the list: nothing other than furniture stands under it (the next
// heading is no deeper than it, or the page ends); or no heading stands
// before it and the heading that ends its part is shallower than it (it
// heads no part of the page's outline, only lines before the outline
// starts, which stand there without it: a page's header lines). The readers
// drop the list before the blocks are made, where markContents, which
// marks the heading over a table of contents it reads, cannot see it;
// left in, the heading would be the document's title, and its words
// would decide the document's language. It returns the number of
// headings marked.
func navHeadings(bs []block, nav []int) int {
	marked := 0
	for _, p := range nav {
		h := p - 1
		if h < 0 || h >= len(bs) || bs[h].kind != blockHeading || bs[h].chrome != "" {
			continue
		}
		if _, ok := readLabel(bs[h].text); ok {
			continue
		}
		end := partEnd(bs, h)
		if !allFurniture(bs[h+1:end]) &&
			!(!headingBefore(bs, h) && end < len(bs) && bs[end].level < bs[h].level) {
			continue
		}
		bs[h].chrome = "contents"
		marked++
	}
	return marked
}

// allFurniture reports whether every block of bs is page furniture.
func allFurniture(bs []block) bool {
	for i := range bs {
		if bs[i].chrome == "" {
			return false
		}
	}
	return true
}
