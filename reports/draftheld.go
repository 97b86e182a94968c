package reports

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/numerals"
)

// titleLeftOut gives the translation's heading lines of entry e the
// source's title after the title-untranslated marker where the
// translation's heading prints the item's number alone ("## 第B条" of
// "Article B: Blindfolded Solving"): the heading keeps the translator's
// words, and the title the translation lacks is counted untranslated, as
// a draft made from the documents writes it (madeEntry); a label line
// that is no heading (a Markdown ATX heading, or a line underlined) has
// it after the label. A line without the label, or a title the
// translation has or already marks, is left as it is.
func (lw *lineWriter) titleLeftOut(lines []string, e *gaps.Entry) []string {
	if len(lines) == 0 || e.Target == nil || e.Target.Has(corpus.FlagTitleUntranslated) ||
		strings.TrimSpace(e.Target.Title) != "" || strings.TrimSpace(e.Source.Title) == "" {
		return lines
	}
	underlined := len(lines) > 1 && isUnderline(lines[1])
	title := lw.mk.field(e.Source, true)
	if lw.markdown {
		title = mdLineEscape(title)
	}
	if !isHeading(lines[0], lw.markdown) && !underlined {
		// A label line with the text after it ("**C.13** Հապավումներ․"
		// of "**С.13** Abbreviations", its list the items after it):
		// the source's title after the label, as the source's
		// lines with the translation's text write it (withText).
		number := e.Source.Number
		if end := labelEnd(lines[0], number, lw.markdown); number != "" && end > len(leading(lines[0])) && end < len(lines[0]) {
			lines[0] = lines[0][:end] + untranslatedTitle("", title) + " " + lines[0][end:]
		}
		return lines
	}
	lines[0] = strings.TrimRight(lines[0], " ") + " " + untranslatedTitle("", title)
	if underlined {
		lines[1] = underline(lines[1], lines[0])
	}
	return lines
}

// relabelCJK writes newNum in CJK numerals where head prints oldNum in
// them ("## 第七条" -> "## 第八条" for 7 -> 8), as lineKey reads CJK
// numerals: a run of two numerals or more, or one framed as an ordinal
// (第七条) or alone with the number in a line that prints little else
// ("## 七 වැනි වගන්තිය"). Both numbers must be plain numbers from 1 to
// 99; head is returned as it is where no such run prints oldNum, or
// newNum is not written so.
func relabelCJK(head, oldNum, newNum string) string {
	old, err1 := strconv.Atoi(oldNum)
	to, err2 := strconv.Atoi(newNum)
	if err1 != nil || err2 != nil || old < 1 || to < 1 || to > 99 || strconv.Itoa(old) != oldNum || strconv.Itoa(to) != newNum {
		return head
	}
	out := head
	for i := 0; i < len(head); {
		r, n := utf8.DecodeRuneInString(head[i:])
		if !numerals.IsCJK(r) {
			i += n
			continue
		}
		end := i
		count := 0
		for end < len(head) {
			r, n := utf8.DecodeRuneInString(head[end:])
			if !numerals.IsCJK(r) {
				break
			}
			end += n
			count++
		}
		if numerals.CJK(head[i:end]) == old && (count > 1 || numerals.Ordinal(head, i, end) || numberAlone(lineKey(head, true), oldNum)) {
			out = head[:i] + cjkNumeral(to) + head[end:]
			break
		}
		i = end
	}
	return out
}

// cjkNumeral writes n (1 to 99) in CJK numerals as a heading prints an
// article's number: 8 八, 10 十, 12 十二, 20 二十, 21 二十一.
func cjkNumeral(n int) string {
	ds := []rune("〇一二三四五六七八九")
	var b strings.Builder
	if n >= 10 {
		if n >= 20 {
			b.WriteRune(ds[n/10])
		}
		b.WriteRune('十')
		if n %= 10; n == 0 {
			return b.String()
		}
	}
	b.WriteRune(ds[n])
	return b.String()
}
