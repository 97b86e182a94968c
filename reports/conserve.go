package reports

import (
	"html"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// Conservation of a draft: every line and sentence of the translation's
// items is in the draft or in its orphans. The check
// compares the letters of each piece, numbers left out (a carried text's
// citations are renumbered, a version line's date renamed), with the
// letters of the draft's lines, so that markup, escapes, run-on lines
// and markers do not count.

var (
	// numberTokenRe is a number as a citation prints it, with the Latin
	// letters joined to it ("12a", "A3b1", "2e"): renumbering changes
	// those letters with the digits.
	numberTokenRe = lazyre.New(`[A-Za-z]*\p{Nd}[\p{Nd}A-Za-z]*`)
	// sentenceEndRe ends a sentence: a full stop of CJK, or a stop, a
	// question or exclamation mark before a blank.
	sentenceEndRe = lazyre.New(`[。！？]|[.!?](?:\s)`)
)

// conserveKey is the comparison form of s for the check of conservation:
// lineKey of Markdown without numbers (a text draft keeps the lines of
// a Markdown translation, its links too).
func conserveKey(s string) string {
	// A link's target holds the number cited, which the number removed
	// would break out of the link.
	s = withoutLinks(withoutTags(s))
	if strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s) // "&#66;" holds digits, and is a letter
	}
	s = withoutNumberTokens(s)
	k := lineKey(s, true)
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, k)
}

// minPiece is the fewest letters a piece of text checked holds: a
// shorter piece is checked with the one before it.
const minPiece = 4

// pieces are the lines of s, each cut after its sentences' ends, pieces
// of fewer than minPiece letters joined to the one before, each in its
// comparison form (conserveKey) and as written.
func pieces(s string) (keys, texts []string) {
	for _, line := range strings.Split(s, "\n") {
		from := 0
		for _, end := range append(sentenceEnds(line), len(line)) {
			p := line[from:end]
			if strings.TrimSpace(p) == "" {
				continue
			}
			from = end
			k := conserveKey(p)
			if len(keys) > 0 && utf8.RuneCountInString(k) < minPiece {
				keys[len(keys)-1] += k
				texts[len(texts)-1] += p
				continue
			}
			keys, texts = append(keys, k), append(texts, strings.TrimSpace(p))
		}
	}
	return keys, texts
}

// Unconserved returns, for a draft sync wrote in format (one of
// DraftFormats), an orphan for each translation item of d some of whose
// text is neither in the draft nor among d's orphans: the item with the
// pieces the draft lacks as its text. A Markdown or text draft is
// compared line by line; a PO, XLIFF or TMX by the translations of its
// units, a CSV, TSV or document JSON by the items ingest reads from it
// (draftTexts). Items the translation marks untranslated hold the
// source's words, not the translator's, and are not checked. The error
// is a draft that cannot be read back.
func Unconserved(d *gaps.Draft, format string, draft []byte) ([]gaps.Orphan, error) {
	if d.Translation == nil || len(d.Translation.Items) == 0 {
		return nil, nil
	}
	if format != "md" && format != "text" {
		texts, err := draftTexts(format, draft)
		if err != nil {
			return nil, err
		}
		draft = []byte(texts)
	}
	return unconserved(d, draft), nil
}

// unconserved is Unconserved of a draft given as lines of text.
func unconserved(d *gaps.Draft, draft []byte) []gaps.Orphan {
	orphaned := make(map[*corpus.Item]bool, len(d.Orphans))
	for _, o := range d.Orphans {
		orphaned[o.Target] = true
	}
	var key strings.Builder
	var lines []int
	for _, line := range strings.Split(corpus.DropNotes(string(draft)), "\n") {
		if k := conserveKey(line); k != "" {
			lines = append(lines, key.Len())
			key.WriteString(k)
		}
	}
	in := (&draftKeys{keys: key.String(), lines: lines}).has
	var lost []gaps.Orphan
	for i := range d.Translation.Items {
		it := &d.Translation.Items[i]
		if orphaned[it] || it.Has(corpus.FlagUntranslated) {
			continue
		}
		var missing []string
		if t := strings.TrimSpace(it.Title); t != "" && !it.Has(corpus.FlagTitleUntranslated) && !in(conserveKey(t)) {
			missing = append(missing, t)
		}
		keys, texts := pieces(corpus.DropNotes(it.Text))
		for k := range keys {
			if !in(keys[k]) {
				missing = append(missing, texts[k])
			}
		}
		if len(missing) == 0 {
			continue
		}
		c := *it
		c.Title, c.Text = "", strings.Join(missing, "\n")
		lost = append(lost, gaps.Orphan{Target: &c, Reason: "text of the translation's item that the draft does not write"})
	}
	return lost
}

// draftTexts is the translation's side of a draft in format other
// than md and text, a line per text: the translations of a PO's, an
// XLIFF's or a TMX's units (ingest.InterchangeUnits, frame units too),
// else the titles and texts of the items and parts ingest reads from
// it (CSV, TSV, document JSON), and the document's title and version.
func draftTexts(format string, draft []byte) (string, error) {
	var b strings.Builder
	switch format {
	case "po", "xliff", "tmx":
		units, err := ingest.InterchangeUnits(format, string(draft), "")
		if err != nil {
			return "", err
		}
		for _, u := range units {
			b.WriteString(u.Target + "\n")
		}
		return b.String(), nil
	}
	doc, err := ingest.Options{}.Bytes("draft."+draftExt[format], draft)
	if err != nil {
		return "", err
	}
	b.WriteString(doc.Title + "\n" + doc.Version + "\n")
	for _, it := range doc.Items {
		b.WriteString(it.Title + "\n" + it.Text + "\n")
		for _, p := range it.Parts {
			b.WriteString(p.Title + "\n" + p.Text + "\n")
		}
	}
	return b.String(), nil
}

// holdsText reports whether an item's own lines hold every piece of its
// text: a heading whose text stands elsewhere (a paragraph after the
// list of its items, which Markdown reads as the heading's) does not,
// and is written with its text, not as its own line alone.
func holdsText(lines []string, text string) bool {
	keys, _ := pieces(corpus.DropNotes(text))
	if len(keys) == 0 {
		return true
	}
	own := conserveKey(strings.Join(lines, "\n"))
	for _, k := range keys {
		if !strings.Contains(own, k) {
			return false
		}
	}
	return true
}

// textAfter is the translation's text of entry e as paragraphs after its
// own lines, each after a blank line.
func (lw *lineWriter) textAfter(e *gaps.Entry) []string {
	var out []string
	for _, g := range lw.paragraphs(strings.Split(lw.mk.target(lw.d, e, false), "\n")) {
		out = append(out, "")
		out = append(out, g...)
	}
	return out
}
