package ingest

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// A publication's blocks (block.go) are its paragraphs: a DOCX paragraph,
// or the lines of a PDF paragraph joined. Their text may carry change-mark
// sentinels; a heading is what the layout sets apart (larger type, centred
// bold, a heading style), and lead is set when the text starts in bold
// type, as rule and entry titles do.

// parsePublication reads a publication's paragraphs (DOCX, PDF) with the
// structure recognizer, as every format is read. The recognizer reads
// their text without the change-mark sentinels; the marks are then found
// again on the items' texts by position (projectMarks). A paragraph with
// no letter or digit (a stray backquote, a rule of dashes) is kept out,
// in the notes, and a heading's colour or underline is its type, not a
// change.
func parsePublication(blocks []block, mk *markKinds, d *corpus.Document) error {
	plain := make([]block, 0, len(blocks))
	var marked []string
	for _, b := range blocks {
		m := corpus.Clean(b.text)
		b.text = stripMarks(m)
		if b.kind == blockHeading {
			m = b.text
		}
		if strings.TrimSpace(b.text) == "" {
			continue
		}
		if !strings.ContainsFunc(b.text, isWordRune) {
			b.chrome = "stray paragraph"
		} else {
			marked = append(marked, m)
		}
		plain = append(plain, b)
	}
	if len(marked) == 0 {
		return errors.New("no rules found: the file holds no text (a scan without a text layer?)")
	}
	if _, err := fromBlocks(plain, d); err != nil {
		return err
	}
	projectMarks(d, marked, mk)
	return nil
}

// projectMarks gives the items of d the change marks of the paragraphs
// they were read from: each line of an item's text is found, in document
// order, in the paragraphs' text without sentinels, and the marks over it
// are carried over. Marks of one kind that only white space separates are
// joined, as markKinds.take joins them within a paragraph.
func projectMarks(d *corpus.Document, marked []string, mk *markKinds) {
	if len(mk.names) == 0 {
		return
	}
	var stream strings.Builder
	var marks []corpus.Mark // in runes of stream
	at := 0
	for _, m := range marked {
		text, ms := mk.take(m)
		for _, k := range ms {
			marks = append(marks, corpus.Mark{Start: at + k.Start, End: at + k.End, Kind: k.Kind})
		}
		stream.WriteString(text)
		stream.WriteByte('\n')
		at += utf8.RuneCountInString(text) + 1
	}
	all := stream.String()
	pos, runePos := 0, 0 // where the search resumes, in bytes and runes
	for i := range d.Items {
		it := &d.Items[i]
		it.Text = corpus.Clean(it.Text)
		var found []corpus.Mark
		off := 0 // rune offset of the line in it.Text
		for _, line := range strings.Split(it.Text, "\n") {
			n := utf8.RuneCountInString(line)
			if k := strings.Index(all[pos:], line); line != "" && k >= 0 {
				start := runePos + utf8.RuneCountInString(all[pos:pos+k])
				for _, m := range marks {
					lo, hi := max(m.Start, start), min(m.End, start+n)
					if lo < hi {
						found = append(found, corpus.Mark{Start: off + lo - start, End: off + hi - start, Kind: m.Kind})
					}
				}
				runePos = start + n
				pos += k + len(line)
			}
			off += n + 1
		}
		if len(found) > 0 {
			it.Marks = mergeMarks(it.Text, found)
		}
	}
}
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
