package reports

import (
	"html"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// The translator's heading of an item ("المادة ١", "第一条", "2.1. 総則")
// is the line of the translation's text that begins the item, where
// that line is a heading and prints the item's number and little else
// (its title aside). A draft laid on the source's lines writes it where
// the source's label line prints the number alone (withText); a draft
// made from the documents (a source read from HTML, PDF or DOCX has no
// lines a draft takes) writes it as the item's heading (madeEntry),
// from an HTML, Markdown or text translation alike.

// htmlHeadingRe is an HTML heading on one line, its content group 1.
var htmlHeadingRe = lazyre.New(`^\s*<[hH][1-6]\b[^>]*>(.*)</[hH][1-6]>\s*$`)

// trHeading is the translator's words of the heading of entry e's item
// in an HTML translation ("المادة ١", "第一条"): its line in the
// translation's text where that is a heading (<h1> to <h6>) that prints
// the item's number and little else (numberAlone), its tags left out,
// the number the source's where the item was renumbered (in the digits
// the heading prints them in). "" where there is none.
func (lw *lineWriter) trHeading(e *gaps.Entry) string {
	j := lw.trItem(e, lw.trHTML)
	if j < 0 {
		return ""
	}
	words, ok := htmlHeading(lw.trHTML.lines[lw.trHTML.own[j][0]])
	if !ok {
		return ""
	}
	return renumbered(words, e, "")
}

// trHeadingTitled is trHeading for a heading that prints the item's
// number and its title (the translation's) and little else: "第1条：大会役員"
// of <h2>第1条：大会役員</h2>. "" where there is none, or the item has no
// title in the translation.
func (lw *lineWriter) trHeadingTitled(e *gaps.Entry) string {
	j := lw.trItem(e, lw.trHTML)
	if j < 0 || strings.TrimSpace(e.Target.Title) == "" {
		return ""
	}
	words, ok := htmlHeading(lw.trHTML.lines[lw.trHTML.own[j][0]])
	title := lineKey(e.Target.Title, true)
	if !ok || title == "" {
		return ""
	}
	return renumbered(words, e, title)
}

// labelStart is where the label of a heading or label line begins:
// after its block markup (mdLineStartRe) and the tags before its first
// word ("## <article-1><officials> Article 1: Officials" at "Article").
func labelStart(line string) int {
	i := 0
	if m := mdLineStartRe.FindStringIndex(line); m != nil {
		i = m[1]
	}
	for {
		rest := strings.TrimLeft(line[i:], " \t")
		m := mdTagRe.FindStringIndex(rest)
		if m == nil || m[0] != 0 {
			return len(line) - len(rest)
		}
		i = len(line) - len(rest) + m[1]
	}
}

// trItem is the index of entry e's translation item where e has one
// alone and it is found in l (nil: no text), else -1.
func (lw *lineWriter) trItem(e *gaps.Entry, l *layout) int {
	if l == nil || e.Target == nil || len(e.Targets) != 1 {
		return -1
	}
	j, ok := lw.trIndex[e.Target]
	if !ok || !l.found(j) {
		return -1
	}
	return j
}

// htmlHeading is the words of an HTML heading line, its tags left out,
// character references resolved and spaces one; ok is false for a line
// that is no heading.
func htmlHeading(line string) (words string, ok bool) {
	m := htmlHeadingRe.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	return strings.Join(strings.Fields(html.UnescapeString(mdTagRe.ReplaceAllString(m[1], " "))), " "), true
}

// renumbered is words, the translator's heading of e's item, where it
// prints the item's number and little else besides title (the key of
// its title, "" for none: numberAlone), with the source's number where
// the item was renumbered (in the digits the heading prints it in); ""
// where it does not, or relabel cannot write the number.
func renumbered(words string, e *gaps.Entry, title string) string {
	k := lineKey(words, false)
	if title != "" {
		i := strings.LastIndex(k, title)
		if i < 0 {
			return ""
		}
		k = k[:i] + k[i+len(title):]
	}
	if !numberAlone(k, lineKey(e.Target.Number, false)) {
		return ""
	}
	if lineKey(e.Target.Number, false) != lineKey(e.Source.Number, false) {
		// (A number printed in other digits or in CJK numerals, "一"
		// for 1, is the same number.)
		relabelled := relabel([]string{words}, "", e.Target.Number, e.Source.Number, false)[0]
		if lineKey(relabelled, false) == lineKey(words, false) {
			return "" // a number relabel cannot write
		}
		words = relabelled
	}
	return words
}

// madeHeading is the translator's heading of entry e's item for a draft
// made from the documents, as the draft writes it, and its level (1 to
// 6; the draft writes it at 2 at least, 1 being the document's title):
// an HTML heading's words (escaped in Markdown), a Markdown heading's
// (ATX or underlined) or an underlined text heading's line as written,
// its markers and notes left out (those of a draft synced again: the
// entry's own are written after it); it prints the item's number and its
// title, if it has one, and little else (renumbered); from an
// interchange file, the heading it kept (frame.head). "" where the
// translation's text has no such line. The level is the translation's:
// the draft's headings nest as the translation's do, and read back so.
func (lw *lineWriter) madeHeading(e *gaps.Entry) (string, int) {
	if h, level := lw.frame.head(lw.d, e, lw.mk); h != "" {
		return h, level
	}
	var words string
	level := 0
	if j := lw.trItem(e, lw.trHTML); j >= 0 {
		line := lw.trHTML.lines[lw.trHTML.own[j][0]]
		w, ok := htmlHeading(line)
		if !ok {
			return "", 0
		}
		words, level = w, int(line[strings.IndexAny(line, "hH")+1]-'0')
		if lw.markdown {
			// After the heading's #s: only raw HTML would be
			// markup ("1. " is no list there).
			words = mdNoHTML(oneLine(w))
		}
	} else if j := lw.trItem(e, lw.tr); j >= 0 {
		lines := lw.tr.item(j)
		switch {
		case atxLevel(lines[0]) > 0:
			words, level = atxContent(lines[0]), atxLevel(lines[0])
		case len(lines) > 1 && isUnderline(lines[1]):
			words, level = strings.TrimSpace(lines[0]), 2
			if strings.TrimSpace(lines[1])[0] == '=' {
				level = 1
			}
		default:
			return "", 0
		}
	} else {
		return "", 0
	}
	if strings.Contains(words, "{{rulesync:") {
		// Markers stand after the number too ("3.1. {{rulesync:review}}
		// 권한", a text draft's heading): all of them out, the words
		// around them kept.
		words = strings.Join(strings.Fields(unmarked(words)), " ")
	}
	if words = renumbered(words, e, lineKey(e.Target.Title, false)); words == "" {
		return "", 0
	}
	return words, max(level, 2)
}

// atxContent is the content of an ATX heading line: after its opening
// #s, before a closing sequence of #s, its spaces trimmed.
func atxContent(line string) string {
	s := strings.TrimLeft(strings.TrimLeft(line, " "), "#")
	s = strings.TrimSpace(s)
	if t := strings.TrimRight(s, "#"); t != s && (t == "" || strings.HasSuffix(t, " ")) {
		s = strings.TrimSpace(t)
	}
	return s
}

// markedTitle reports whether words, the translator's heading of entry
// e, reads back with an id marker as the item's title: ingest takes a
// marked heading's words as its title, but for the number it begins
// with (corpus.CutNumber: "2.1. 総則" is 総則, "제 1 조" is all title).
func markedTitle(d *gaps.Draft, e *gaps.Entry, words string) bool {
	if words == "" {
		return false
	}
	_, num, _ := strings.Cut(e.Source.ID, ":")
	if rest, ok := corpus.CutNumber(words, strings.TrimPrefix(num, "article-"), true); ok {
		words = rest
	}
	return corpus.Fold(strings.TrimSpace(words)) == corpus.Fold(strings.TrimSpace(d.Title(e)))
}
