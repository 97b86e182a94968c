package reports

import (
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// A translation that is a draft sync wrote (synced again) has the
// markers and notes of its entries in its own lines. They are no text:
// the layout finds its items' lines without them (lineKey), and the
// draft writes each entry's markers anew where the lines held them
// (remarked), so that a draft synced again against the source it was
// made for is written as it was.

var (
	// entryMarkRe is a marker the draft writes for an entry (marks,
	// idMark), with the blanks around it: the title-untranslated marker,
	// which stands before the source's title in the line, is the line's.
	entryMarkRe = lazyre.New(`[ \t]?\{\{rulesync:(?:stale|untranslated|review|id [^{}\s]+(?: [a-z]+)?)\}\}[ \t]?`)
	// anyMarkRe is any marker but a note.
	anyMarkRe = lazyre.New(`\{\{rulesync:[a-z-]+(?: [^{}]*)?\}\}`)
	// noteTextRe is a note, its text the group.
	noteTextRe = lazyre.New(`\{\{rulesync:note ((?:[^}]|\}[^}])*)\}\}`)
)

// unmarked is s without its markers and notes, each a blank: the text
// the line holds.
func unmarked(s string) string {
	if !strings.Contains(s, "{{rulesync:") {
		return s
	}
	return anyMarkRe.ReplaceAllString(corpus.DropNotes(s), " ")
}

// remarked takes out of an entry's own lines the markers and notes a
// draft wrote there (entryMarkRe), which the draft writes again from
// the entry: the lines without them, and the text of the note they held
// ("" for none). A line that held nothing but a note (a text draft's)
// is left out.
func remarked(lines []string) (out []string, note string) {
	for _, l := range lines {
		if !strings.Contains(l, "{{rulesync:") {
			out = append(out, l)
			continue
		}
		if m := noteTextRe.FindStringSubmatch(l); m != nil && note == "" {
			note = m[1]
		}
		s := entryMarkRe.ReplaceAllStringFunc(corpus.DropNotes(l), func(m string) string {
			if len(m) > 1 && strings.Trim(m[:1], " \t") == "" && strings.Trim(m[len(m)-1:], " \t") == "" {
				return " " // between two words
			}
			return ""
		})
		if strings.TrimSpace(s) == "" {
			continue
		}
		out = append(out, s)
	}
	return out, note
}

// mergedNote is the note of an entry written with the note its own
// lines held (old, its text, "" for none): the old note, with the
// reasons of the entry's note (note) that it does not give after it.
// The reasons to review are the old note's where it gives some (the
// marker it wrote, which the translator keeps until the text is
// checked; measures taken on the draft again differ from those taken
// on the translation): a draft synced again against the source it was
// made for keeps its notes as they were.
func mergedNote(note, old string) string {
	if old == "" {
		return note
	}
	reviewed := strings.HasPrefix(old, "review: ") || strings.Contains(old, "; review: ")
	text := strings.TrimSuffix(strings.TrimPrefix(note, "{{rulesync:note "), "}}")
	var more []string
	inReview := false
	for _, r := range strings.Split(text, "; ") {
		switch {
		case strings.HasPrefix(r, "review: "):
			inReview = true
		case strings.HasPrefix(r, "was "):
			inReview = false
		}
		bare := strings.TrimPrefix(r, "review: ")
		if bare == "" || bare == gaps.ReasonMarked || inReview && reviewed || strings.Contains(old, bare) {
			continue
		}
		more = append(more, r)
	}
	if len(more) == 0 {
		return "{{rulesync:note " + old + "}}"
	}
	return corpus.Note(old + "; " + strings.Join(more, "; "))
}

// heldNote is the text of the note the translation's own lines of entry
// i hold (a draft synced again), else the note a CSV, TSV or JSON draft
// held for it (KeptNotes), "" for none.
func (lw *lineWriter) heldNote(i int) string {
	j := lw.trAt(i)
	if j < 0 {
		return keptNote(lw.held, &lw.d.Entries[i])
	}
	_, note := remarked(lw.tr.item(j))
	return note
}
