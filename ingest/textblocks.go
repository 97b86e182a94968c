package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// textBlocks reads plain text as blocks: every non-empty line is a
// paragraph block (a hard-wrapped line that does not start an item joins
// the item before it in the recognizer), and a line underlined by a line
// of one repeated punctuation character at least as long
// (reStructuredText and setext headings) is a heading, its level given by
// the order in which the underline characters first appear, as
// reStructuredText defines it. A line that opens a paragraph (the
// first, or one after a blank line or a heading) is marked so (opens). Explicit markup lines of reStructuredText
// (".. _target:") are kept out of the text and noted.
func textBlocks(text string) []block {
	ls := strings.Split(corpus.CleanLines(text), "\n")
	// A block per line that is not blank at most: room for them all at
	// once, where growing the slice made a quarter more than it held.
	n := 0
	for _, l := range ls {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	bs := make([]block, 0, n)
	levels := map[string]int{}
	blank := true // the line before is blank, or there is none
	for i := 0; i < len(ls); i++ {
		opens := blank
		l := strings.TrimRightFunc(ls[i], unicode.IsSpace)
		t := strings.TrimSpace(l)
		blank = t == ""
		if blank {
			continue
		}
		// An over- and underlined title: "====\nTitle\n====".
		if adornment(t) && i+2 < len(ls) && adornment(strings.TrimSpace(ls[i+2])) && strings.TrimSpace(ls[i+1]) != "" {
			key := "o" + t[:1]
			if _, ok := levels[key]; !ok {
				levels[key] = len(levels) + 1
			}
			bs = append(bs, block{text: strings.TrimSpace(ls[i+1]), kind: blockHeading, level: min(levels[key], 6), line: i + 2})
			i += 2
			blank = true // a heading ends the paragraph before it
			continue
		}
		if i+1 < len(ls) && l == t {
			u := strings.TrimSpace(ls[i+1])
			if adornment(u) && utf8.RuneCountInString(u) >= utf8.RuneCountInString(t) && !adornment(t) {
				key := u[:1]
				if _, ok := levels[key]; !ok {
					levels[key] = len(levels) + 1
				}
				bs = append(bs, block{text: t, kind: blockHeading, level: min(levels[key], 6), line: i + 1})
				i++
				blank = true
				continue
			}
		}
		if strings.HasPrefix(t, ".. _") && strings.HasSuffix(t, ":") {
			bs = append(bs, block{text: t, line: i + 1, chrome: "link target"})
			continue
		}
		bs = append(bs, block{text: t, line: i + 1, opens: opens})
	}
	return bs
}

// adornment reports whether s is a line of one repeated punctuation
// character, three or more long: a heading's underline.
func adornment(s string) bool {
	if len(s) < 3 {
		return false
	}
	c := s[0]
	if !strings.ContainsRune("=-~^\"'`#*+_:.<>", rune(c)) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] != c {
			return false
		}
	}
	return true
}
