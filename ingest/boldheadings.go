package ingest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Headings set as bold paragraphs. A rulebook converted from a word
// processor whose headings were bold paragraphs, not heading styles,
// prints "**Article 1**" where another prints "## Article 1": the same
// heading in another markup. The recognizer reads headings by their
// level and their run of siblings (numbers printed in words, numerals
// of a script read only where sibling headings print them, a heading
// printed once out of form read by its place); a bold paragraph has no
// level, and is read as a line of text. So Markdown whose bold
// paragraphs look like headings is read both ways, and the reading
// with them as headings is kept unless the other explains more
// (readingScore): the layout decides, never a heading's words.

// minBoldHeadings is the fewest bold paragraphs that make a layout of
// headings: one or two bold lines are emphasis ("**Note**").
const minBoldHeadings = 3

// boldHeadings returns bs with its bold paragraphs read as headings, and
// how many, or nil where there are fewer than minBoldHeadings. A bold
// paragraph is a paragraph of one line outside lists and quotes, all
// of it bold and as short as a title, that is not page furniture. Its
// level is one below the heading before it (1 where there is none), as
// the heading styles a word processor gives it nest under the ones
// above.
func boldHeadings(bs []block, apart bool) ([]block, int) {
	var at []int
	for i := range bs {
		if boldParagraph(bs, i, apart) {
			at = append(at, i)
		}
	}
	if len(at) < minBoldHeadings {
		return nil, 0
	}
	out := slices.Clone(bs)
	level, next := 0, 0
	for i := range out {
		if next < len(at) && at[next] == i {
			out[i].kind, out[i].level = blockHeading, min(level+1, 6)
			next++
			continue
		}
		if out[i].kind == blockHeading {
			level = out[i].level
		}
	}
	return out, len(at)
}

// boldParagraph reports whether bs[i] is a paragraph of one line, all
// of it bold, as short as a title, outside lists and quotes: no other
// line of a paragraph is on the line before or after it.
func boldParagraph(bs []block, i int, apart bool) bool {
	b := bs[i]
	if b.kind != blockPara || !b.bold || b.chrome != "" || b.nest != 1 || b.line <= 0 ||
		strings.Contains(b.text, "\n") || runeLen(b.text) > maxTitleRunes || strings.TrimSpace(b.text) == "" {
		return false
	}
	joined := func(j, line int) bool {
		return j >= 0 && j < len(bs) && bs[j].line == line && (bs[j].kind == blockPara || bs[j].kind == blockItem)
	}
	return apart || !joined(i-1, b.line-1) && !joined(i+1, b.line+1)
}

// boldHeadingsNote starts the note that says a Markdown text's or an
// HTML page's bold paragraphs were read as its headings.
const boldHeadingsNote = FormatNote + "bold paragraphs read as headings: "

// readBoldHeadings reads bs, Markdown's or an HTML page's blocks, into
// d by read; where bs holds bold paragraphs that look like headings
// (boldHeadings), it reads them as headings too, and keeps that reading
// where half of them or more head numbered items (headingsNumbered:
// the bold paragraphs are the headings of the document's numbering, not
// emphasis or the titles of unnumbered notes) and the other reading
// explains no more, with a note.
func readBoldHeadings(bs []block, d *corpus.Document, read func([]block, *corpus.Document) (*structure, error)) (*structure, error) {
	return readBoldHeadingsApart(bs, d, read, false)
}

// readBoldHeadingsApart is readBoldHeadings; apart says the markup sets
// each block apart (an HTML page's <p>), so that a bold paragraph on the
// line after another is a paragraph of its own.
func readBoldHeadingsApart(bs []block, d *corpus.Document, read func([]block, *corpus.Document) (*structure, error), apart bool) (*structure, error) {
	hs, n := boldHeadings(bs, apart)
	if hs == nil {
		return read(bs, d)
	}
	headed, release := anotherReading(d)
	defer release()
	stH, errH := read(hs, headed)
	if errH != nil || 2*headingsNumbered(hs, bs, headed) < n {
		return read(bs, d)
	}
	plain, releasePlain := anotherReading(d)
	defer releasePlain()
	stP, errP := read(bs, plain)
	if errP == nil && stP.score(plain).better(stH.score(headed)) {
		*d = *plain
		return stP, nil
	}
	*d = *headed
	to := "Markdown"
	if apart {
		to = "HTML"
	}
	d.Notes = append(d.Notes, fmt.Sprintf("%s%d (paragraphs of one line all in bold, as a word processor's headings are converted to %s)", boldHeadingsNote, n, to))
	return stH, nil
}

// headingsNumbered counts the numbered items of d headed by one of the
// bold paragraphs hs reads as headings (the blocks of hs that are no
// headings in bs): the item's printed label starts the paragraph
// ("Article 1" of "Article 1."), or, where it prints no word with its
// number, its number does ("1" of "1. cikk") or its title ends it.
func headingsNumbered(hs, bs []block, d *corpus.Document) int {
	starts, ends := map[string]bool{}, map[string]bool{}
	for i := range hs {
		if hs[i].kind != blockHeading || bs[i].kind == blockHeading {
			continue
		}
		t := corpus.CleanLine(hs[i].text)
		for j := range t {
			starts[t[:j]], ends[t[j:]] = true, true
		}
		starts[t] = true
	}
	k := 0
	for i := range d.Items {
		it := &d.Items[i]
		if it.Number == "" {
			continue
		}
		if it.Printed != "" && starts[it.Printed] || it.Printed == "" && (starts[it.Number] || it.Title != "" && ends[it.Title]) {
			k++
		}
	}
	return k
}
