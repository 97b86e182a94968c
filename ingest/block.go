package ingest

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// A block is one unit of a source's layout, as a format reader finds it:
// a heading, a paragraph, a list item, a table row. Format readers (text,
// Markdown, HTML) turn their input into blocks and say only what the
// layout says; the one structure recognizer (structure.go) decides which
// blocks start items, for every format alike.
//
// A reader of a million paragraphs holds a million blocks while the
// recognizer reads them: the fields every format sets are the block's
// own, laid out by size with the small ones packed in one word, and the
// ones few blocks have (an anchor, a card's title, links) sit behind one
// pointer, nil for most blocks (88 bytes a block, where 208 held them
// all). Read those through the methods of the same names; set them with
// edit.
type block struct {
	text string    // the block's text, markup removed; lines joined with "\n"
	kind blockKind // what the layout makes of it
	// ordinalType is how the list shows its places: 0 or '1' decimal,
	// 'a' / 'A' letters, 'i' / 'I' roman numerals (HTML's type attribute).
	ordinalType byte
	lead        bool // the text starts with a bold or emphasized run
	bold        bool // all of the text is bold or emphasized: a title line
	// term marks a definition list's term (HTML <dt>): where the
	// document has no numbering and its terms are its repeated
	// structure, each is a heading of the text after it (termHeadings).
	term bool
	// through marks a heading that prints no number through which the
	// document's numbering goes on (restartedDivisions): no division.
	through bool
	// divided marks a heading under which a numbering of its own (one
	// that starts again under it) numbers items: a division of its own.
	divided bool
	// opens marks a line of plain text that opens a paragraph (the
	// first, or one after a blank line; textBlocks): where such lines
	// number themselves as headings do ("1-бап.", "2-бап."), their
	// numbers are a numbering (numberRuns).
	opens bool

	level int // heading level, 1 (top) to 6; 0 for other blocks and where the layout gives none (DOCX, PDF)
	depth int // list nesting, 1 for a top-level list's item; 0 outside lists
	// ordinal is the number an ordered list gives the item and does not
	// print (HTML <ol>); 0 when the list prints its markers or is unordered.
	ordinal int
	line    int // 1-based line of the source where the block starts; 0 unknown
	// nest is 1 + the depth of the list item the block lies in (1: outside
	// every list), where the format says so (HTML, Markdown); 0 where it
	// does not (plain text). Text after a list ends the list's items.
	nest int
	// chrome, when not "", says why the block is page furniture rather
	// than text of the rulebook (navigation, a footer): it is kept in the
	// notes, never in an item.
	chrome string
	// rare holds what few blocks have; nil when the block has none of it.
	rare *blockRare
}

// blockRare is what few blocks have, beside a block (block.rare).
type blockRare struct {
	anchor string // the element's id attribute (HTML), if any
	// title is the title the layout sets apart from the block's text: a
	// card's title element, or, in a page copied as text, the title a
	// card's line carries glued to the preview before it. "" for none.
	title string
	// marker is the marker a list item prints apart from its text, where
	// the format keeps it in the text ("-", "•"), or the number a card
	// prints on a line of its own ("01"); "" where the format does not
	// print one (HTML, Markdown).
	marker string
	// body is the text of a list item or titled paragraph without its
	// marker and title, its wrapped lines joined; "" when it is the
	// block's whole text. The block's text stays as printed.
	body string
	// links are the destinations of the links in the block's text
	// (Markdown), which may cite items: "regulations:regulation:2k".
	links []string
	// count is how many entries the layout says it holds, where it prints
	// a count: on a heading, the entries of its list ("22 items" beside a
	// list's name); on page furniture, the rules of the whole document (a
	// reading counter "0/71"). 0 when the layout prints none.
	count int
	// boldRunes is how far the bold run the text starts with reaches, in
	// runes other than white space (which cleaning may change), where the
	// format says (DOCX, PDF); 0 where it does not, or for no bold run.
	boldRunes int
	// cut says the source cut the block's text short (a preview ending in
	// an ellipsis or in the middle of a sentence): the item it starts is
	// flagged truncated.
	cut bool
	// plain marks a line of text whose first character is written
	// escaped (Markdown: "&#86;ersion 1.0", "\\#3"), as a draft writes a
	// line of an item's text that would read as a label: no label.
	plain bool
	// outline is the label a heading prints outside the document's
	// numbering, where the headings' labels number one another
	// (outlineNumbers): it names the heading's section ("sec:3").
	outline *label
}

// trimCap returns bs in a slice of its own length when the room that
// growing it left is more than an eighth of it: the recognizer holds the
// blocks while it reads them, and growing a slice by appending leaves up
// to a quarter of it unused.
func trimCap(bs []block) []block {
	if cap(bs)-len(bs) > len(bs)/8 {
		return slices.Clone(bs)
	}
	return bs
}

// noRare is what a block without rare fields reads.
var noRare blockRare

// r is b's rare fields, for reading: noRare when it has none.
func (b *block) r() *blockRare {
	if b.rare == nil {
		return &noRare
	}
	return b.rare
}

// edit returns b's rare fields for writing: a copy of its own, made
// for each call, so that a copy of the block made before (blocks are
// values, copied freely) keeps what it had.
func (b *block) edit() *blockRare {
	m := new(blockRare)
	if b.rare != nil {
		*m = *b.rare
	}
	b.rare = m
	return m
}

// rareOf is rare fields for a block being made: nil when m is all zero,
// so that a block with none of them points to nothing. The copy is made
// only then: returning &m moved m to the heap on every call, an
// allocation of 128 bytes for each block of every reader, most of
// which point to nothing (a million <p>: 128 MB allocated, none kept).
func rareOf(m blockRare) *blockRare {
	if m.anchor == "" && m.title == "" && m.marker == "" && m.body == "" && m.links == nil && m.count == 0 && m.boldRunes == 0 && !m.cut && !m.plain {
		return nil
	}
	p := new(blockRare)
	*p = m
	return p
}

func (b *block) anchor() string  { return b.r().anchor }
func (b *block) title() string   { return b.r().title }
func (b *block) marker() string  { return b.r().marker }
func (b *block) body() string    { return b.r().body }
func (b *block) links() []string { return b.r().links }
func (b *block) count() int      { return b.r().count }
func (b *block) boldRunes() int  { return b.r().boldRunes }
func (b *block) cut() bool       { return b.r().cut }
func (b *block) outline() *label { return b.r().outline }

type blockKind uint8

const (
	blockPara blockKind = iota
	blockHeading
	blockItem  // a list item
	blockRow   // a table row, cells joined by " | "
	blockQuote // a quotation or an indented note
	blockCode  // preformatted text: never read for labels
	// blockEntry is one of a run of like entries that the layout sets
	// apart without numbering them: a card (a title and a preview), an
	// entry of a list that prints no numbers. Each is an item.
	blockEntry
)

func (k blockKind) String() string {
	return [...]string{"paragraph", "heading", "list item", "table row", "quote", "code", "entry"}[k]
}

// kindIf is blockHeading when heading is set, else blockPara.
func kindIf(heading bool) blockKind {
	if heading {
		return blockHeading
	}
	return blockPara
}

// nonSpace counts the runes of s other than white space and change-mark
// sentinels.
func nonSpace(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) && !isSentinel(r) {
			n++
		}
	}
	return n
}

// boldEnd is the byte offset in b.text where the bold run it starts with
// ends (b.boldRunes runes other than white space), 0 when it has none.
func boldEnd(b block) int {
	if b.boldRunes() <= 0 {
		return 0
	}
	n := 0
	for i, r := range b.text {
		if unicode.IsSpace(r) || isSentinel(r) {
			continue
		}
		n++
		if n == b.boldRunes() {
			return i + utf8.RuneLen(r)
		}
	}
	return len(b.text)
}
