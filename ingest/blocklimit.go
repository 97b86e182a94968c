package ingest

import (
	"errors"
	"fmt"
	"sync"

	"github.com/rulesync/rulesync/corpus"
)

// DefaultMaxBlocks is the most blocks (paragraphs, lines, headings, list
// items, table rows) a reader of text, Markdown, HTML, DOCX or PDF may
// find in one input when Options.MaxBlocks is zero. The structure
// recognizer holds some 900 bytes a block at its peak: the limit keeps
// the worst input within the default limits (half a million blocks in
// 32 MiB) under 1 GB (bench/README.md has the figures). A rulebook has
// thousands of blocks, not hundreds of thousands.
const DefaultMaxBlocks = 500_000

// ErrTooManyBlocks is wrapped by the Error for an input of more blocks
// than the limit (Options.MaxBlocks).
var ErrTooManyBlocks = errors.New("too many blocks")

func (o Options) maxBlocks() int {
	if o.MaxBlocks <= 0 {
		return DefaultMaxBlocks
	}
	return o.MaxBlocks
}

// blockLimits holds the block limit of each document being read, from
// the Options of the read (Bytes) to the structure recognizer
// (fromBlocks), through the readers, which take no Options. A document
// not in it (a reader's own use of the recognizer) has DefaultMaxBlocks.
var blockLimits sync.Map // *corpus.Document -> int

// limitBlocks gives d the block limit max until release is called.
func limitBlocks(d *corpus.Document, max int) (release func()) {
	blockLimits.Store(d, max)
	return func() { blockLimits.Delete(d) }
}

// blockLimit is the block limit of d.
func blockLimit(d *corpus.Document) int {
	if v, ok := blockLimits.Load(d); ok {
		return v.(int)
	}
	return DefaultMaxBlocks
}

// anotherReading returns a new document for another reading of d's input: d's
// Source and block limit, the limit held until release is called.
func anotherReading(d *corpus.Document) (r *corpus.Document, release func()) {
	r = &corpus.Document{Source: d.Source}
	return r, limitBlocks(r, blockLimit(d))
}

// lineFormats are the formats whose readers make a block of a line at
// most (a line of text, a Markdown paragraph, list item or table row):
// a text of more lines that are not blank than the block limit is
// refused before it is read (checkLines), so that no reading, and no
// parse of goldmark's, runs up to the limit first.
var lineFormats = map[string]bool{"text": true, "markdown": true, "numbered": true, "guide": true, "addendum": true, "reader": true}

// checkLines refuses a text of a lineFormats format that has more lines
// that are not blank than max: lines as the readers take them
// (corpus.CleanLines), a line of nothing but spaces and tabs blank.
func checkLines(text string, max int) error {
	n, blank := 0, true
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n' || c == '\r': // "\r" ends a line too (corpus.CleanLines)
			if !blank {
				n++
			}
			blank = true
		case c != ' ' && c != '\t' && c != '\r':
			blank = false
		}
	}
	if !blank {
		n++
	}
	if n > max {
		return fmt.Errorf("%w: %d lines that are not blank, each of which may be a block (a paragraph, line, heading, list item or table row), more than the limit of %d blocks (--max-blocks)", ErrTooManyBlocks, n, max)
	}
	return nil
}

// checkBlocks refuses n blocks over d's block limit, before the
// recognizer reads them.
func checkBlocks(n int, d *corpus.Document) error {
	if max := blockLimit(d); n > max {
		return fmt.Errorf("%w: %d blocks (paragraphs, lines, headings, list items, table rows), more than the limit of %d (--max-blocks)", ErrTooManyBlocks, n, max)
	}
	return nil
}
