package ingest

import (
	"errors"
	"sync"

	"github.com/rulesync/rulesync/corpus"
)

// DefaultMaxBlocks is the most blocks (paragraphs, lines, headings, list
// items, table rows of text, Markdown, HTML, DOCX or PDF; items of a
// document JSON, PO, XLIFF, TMX or table) a read may take when
// Options.MaxBlocks is zero, or that reads sharing a Budget of it take
// together. The structure recognizer holds some 900 bytes a block at its
// peak, a command some 1.3 KB an item of each document it compares: the
// limit keeps the worst input within the default limits (half a million
// blocks in 32 MiB), and the documents a command holds at once, under
// 1 GB (bench/README.md has the figures). A rulebook has thousands of
// blocks, not hundreds of thousands.
const DefaultMaxBlocks = 500_000

// ErrTooManyBlocks is wrapped by the Error for an input of more blocks
// than the limit (Options.MaxBlocks).
var ErrTooManyBlocks = errors.New("too many blocks")

// readings holds the reading (the share of a Budget) of each document
// being read, from the read (Bytes) to the structure recognizer
// (fromBlocks), through the readers, which take no Options. A document
// not in it (a reader's own use of the recognizer) has a budget of
// DefaultMaxBlocks of its own.
var readings sync.Map // *corpus.Document -> *share

// startReading registers d's reading, a share of o's budget, until
// release is called.
func (o Options) startReading(d *corpus.Document) *share {
	r := &share{b: o.budget()}
	readings.Store(d, r)
	return r
}

// end ends d's reading r: it is unregistered, and its share given back
// unless it was kept.
func (r *share) end(d *corpus.Document) {
	readings.Delete(d)
	r.release()
}

// readingOf is d's reading.
func readingOf(d *corpus.Document) *share {
	if v, ok := readings.Load(d); ok {
		return v.(*share)
	}
	return &share{b: newBudget(0)}
}

// anotherReading returns a new document for another reading of d's
// input: d's Source and reading (the share it takes), until release is
// called.
func anotherReading(d *corpus.Document) (r *corpus.Document, release func()) {
	r = &corpus.Document{Source: d.Source}
	readings.Store(r, readingOf(d))
	return r, func() { readings.Delete(r) }
}

// lineFormats are the formats whose readers make a block of a line at
// most (a line of text, a Markdown paragraph, list item or table row):
// a text of more lines that are not blank than the block limit is
// refused before it is read (checkLines), so that no reading, and no
// parse of goldmark's, runs up to the limit first.
var lineFormats = map[string]bool{"text": true, "markdown": true, "numbered": true, "guide": true, "addendum": true, "reader": true}

// checkLines takes for d's reading, when f is a lineFormats format, a
// block for each line of text that is not blank: lines as the readers
// take them (corpus.CleanLines), a line of nothing but spaces and tabs
// blank. More than the budget has left is an error, before text is read.
func checkLines(f string, text string, d *corpus.Document) error {
	if !lineFormats[f] {
		return nil
	}
	return readingOf(d).grow(nonBlankLines(text), "lines that are not blank, each of which may be a block (a paragraph, line, heading, list item or table row)")
}

// nonBlankLines counts the lines of text that are not blank.
func nonBlankLines[T string | []byte](text T) int {
	n, blank := 0, true
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n' || c == '\r': // "\r" ends a line too (corpus.CleanLines)
			if !blank {
				n++
			}
			blank = true
		case c != ' ' && c != '\t':
			blank = false
		}
	}
	if !blank {
		n++
	}
	return n
}

// checkBlocks takes n blocks for d's reading, before the recognizer
// reads them: more than the budget has left is an error.
func checkBlocks(n int, d *corpus.Document) error {
	return readingOf(d).grow(n, "blocks (paragraphs, lines, headings, list items, table rows)")
}
