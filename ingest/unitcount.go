package ingest

import (
	"bytes"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// unitCount counts, in the bytes of an input, the units each of which
// may become an item or a block: what says what they are, for an error.
type unitCount struct {
	count func(data []byte) int
	what  string
}

// unitCounts are the counts of the formats read from their bytes, taken
// from the budget before the reader runs (readBytes): a scan of the
// bytes, so that an input of more units than the budget has left is
// refused before it is read. Each counts more than its reader can make,
// never fewer. A DOCX is counted once its document part is inflated
// (countParagraphs); a PDF by its lines as its pages are read
// (extractPages), its compressed streams saying nothing before.
var unitCounts = map[string]unitCount{
	"po":    {func(b []byte) int { return bytes.Count(b, []byte("msgid ")) }, "msgid keywords, each of which may be an item"},
	"xliff": {func(b []byte) int { return countTags(b, "trans-unit") + countTags(b, "unit") }, "trans-unit and unit elements, each of which may be an item"},
	"tmx":   {func(b []byte) int { return countTags(b, "tu") }, "tu elements, each of which may be an item"},
	"csv":   {nonBlankLines[[]byte], "lines that are not blank, each of which may be an item"},
	"tsv":   {nonBlankLines[[]byte], "lines that are not blank, each of which may be an item"},
	"items": {func(b []byte) int { return bytes.Count(b, []byte("{")) }, "JSON objects, each of which may be an item"},
	"html":  {countStartTags, "start tags of elements that are not inline, each of which may begin a block (a paragraph, line, heading, list item or table row)"},
}

// countTags counts the start tags of the XML element name in b: "<name"
// followed by a byte that cannot continue a name.
func countTags(b []byte, name string) int {
	n := 0
	open := "<" + name
	for {
		i := bytes.Index(b, []byte(open))
		if i < 0 {
			return n
		}
		b = b[i+len(open):]
		if len(b) == 0 || !nameByte(b[0]) {
			n++
		}
	}
}

// nameByte reports whether c may continue an XML or HTML name.
func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == ':' || c == '.'
}

// countStartTags counts the HTML start tags ("<" and a letter) but those
// of inlineTags.
func countStartTags(b []byte) int {
	n := 0
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '<' || b[i+1]|0x20 < 'a' || b[i+1]|0x20 > 'z' {
			continue
		}
		j := i + 1
		for j < len(b) && j-i <= 10 && nameByte(b[j]) {
			j++
		}
		if !inlineTags[string(bytes.ToLower(b[i+1:j]))] {
			n++
		}
	}
	return n
}

// inlineTags are the HTML elements that begin no block of the HTML
// reader's (text within a block, or no text): not counted.
var inlineTags = map[string]bool{
	"html": true, "head": true, "body": true, "meta": true, "link": true, "title": true, "base": true,
	"script": true, "style": true, "a": true, "span": true, "em": true, "strong": true, "b": true,
	"i": true, "u": true, "s": true, "code": true, "sup": true, "sub": true, "small": true, "abbr": true,
	"img": true, "mark": true, "cite": true, "q": true, "kbd": true, "var": true, "font": true,
	"time": true, "wbr": true, "dfn": true, "samp": true, "ins": true, "del": true,
}

// countParagraphs takes for d's reading a block for each paragraph
// (p element, whatever its namespace prefix) of a DOCX's document part,
// before it is read.
func countParagraphs(xml []byte, d *corpus.Document) error {
	n := 0
	for i := 0; i+1 < len(xml); i++ {
		if xml[i] != '<' {
			continue
		}
		j := i + 1
		for j < len(xml) && nameByte(xml[j]) {
			j++
		}
		if name := xml[i+1 : j]; bytes.Equal(name, []byte("p")) || bytes.HasSuffix(name, []byte(":p")) {
			n++
		}
	}
	return readingOf(d).grow(n, "paragraphs (p elements), each of which may be a block")
}

// readBytes takes the format's count of units (unitCounts) in units,
// the input's text in an encoding that writes ASCII as ASCII (data
// itself, or data decoded where it is UTF-16, whose units the count
// would not see), for d's reading, reads data with the format's reader
// of bytes, and returns what the steps after the parse read of them:
// the bytes that are not all UTF-8 (valid is false), for the note that
// says where; nothing else, as inputText reads no such format's bytes.
// The two calls are written apart so that data is not live across the
// call when valid: a result chosen after the call would keep it.
func (f *format) readBytes(data, units []byte, valid bool, o Options, d *corpus.Document) ([]byte, error) {
	if u, ok := unitCounts[f.name]; ok {
		if err := readingOf(d).grow(u.count(units), u.what); err != nil {
			return nil, err
		}
	}
	if valid {
		return nil, f.binary(data, o, d)
	}
	err := f.binary(data, o, d)
	return data, err
}

// countedText is what readBytes counts the units of a text format's input
// in: data, or, where data is UTF-16 (enc, as corpus.DecodeText names
// it), text, its decoding: in UTF-16 an ASCII tag is not its ASCII
// bytes, and 400 thousand XLIFF units were read before they were counted.
func countedText(data []byte, text, enc string) []byte {
	if strings.HasPrefix(enc, "utf-16") {
		return []byte(text)
	}
	return data
}
