package reports

import (
	"strings"
	"unicode"
)

// A draft laid on the source's lines takes the lines between items
// (headings over no text of their own, a version line, a link to the
// contents) from the translation where it can find them there; else
// the source's stand in their place. Where they hold words the
// translation has nowhere (a translation read from HTML, whose lines
// no draft takes: "## Notes" where it has "<h2>注釈</h2>"), they are the
// source's text left in the draft, and the item next to them is marked
// for review, saying so, as for the lines an interchange file left
// untranslated: never the source's words unmarked. Only the words are
// compared, in no language's terms.

// sourceLeft reports whether lines, the source's, hold a line with
// letters (lineKey: tags, link targets and markup left out) whose words
// the translation's title, version, items' titles and texts hold
// nowhere.
func (lw *lineWriter) sourceLeft(lines []string) bool {
	for _, l := range lines {
		k := lineKey(l, lw.markdown)
		if !strings.ContainsFunc(k, unicode.IsLetter) {
			continue
		}
		if !strings.Contains(lw.translationWords(), k) {
			return true
		}
	}
	return false
}

// translationWords is the comparison form of the translation's title,
// version and items' titles and texts, one after the other ("\x00"
// between: no key spans two).
func (lw *lineWriter) translationWords() string {
	if lw.trWords != nil {
		return *lw.trWords
	}
	t := lw.d.Translation
	var b strings.Builder
	for _, s := range []string{t.Title, t.Version} {
		b.WriteString(lineKey(s, true))
		b.WriteByte(0)
	}
	for j := range t.Items {
		b.WriteString(lineKey(t.Items[j].Title, true))
		b.WriteByte(0)
		b.WriteString(lineKey(t.Items[j].Text, true))
		b.WriteByte(0)
	}
	s := b.String()
	lw.trWords = &s
	return s
}
