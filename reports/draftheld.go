package reports

import (
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// titleLeftOut gives the translation's heading lines of entry e the
// source's title after the title-untranslated marker where the
// translation's heading prints the item's number alone ("## 第B条" of
// "Article B: Blindfolded Solving"): the heading keeps the translator's
// words, and the title the translation lacks is counted untranslated, as
// a draft made from the documents writes it (madeEntry). Lines that are
// no heading (a Markdown ATX heading, or a line underlined), or a title
// the translation has or already marks, are left as they are.
func (lw *lineWriter) titleLeftOut(lines []string, e *gaps.Entry) []string {
	if len(lines) == 0 || e.Target == nil || e.Target.Has(corpus.FlagTitleUntranslated) ||
		strings.TrimSpace(e.Target.Title) != "" || strings.TrimSpace(e.Source.Title) == "" {
		return lines
	}
	underlined := len(lines) > 1 && isUnderline(lines[1])
	if !isHeading(lines[0], lw.markdown) && !underlined {
		return lines
	}
	title := lw.mk.field(e.Source, true)
	if lw.markdown {
		title = mdLineEscape(title)
	}
	lines[0] = strings.TrimRight(lines[0], " ") + " " + untranslatedTitle("", title)
	if underlined {
		lines[1] = underline(lines[1], lines[0])
	}
	return lines
}
