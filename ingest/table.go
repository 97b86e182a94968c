package ingest

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// Translators keep rules in spreadsheets: one row per item, with columns
// for the number or id, the title and the text, often one title and text
// column per language. The csv, tsv and items formats read such tables;
// the language of a bilingual table is chosen with Options.Lang, else the
// first text column is read.

func init() {
	register(&format{name: "csv", doc: "table of items with a header row (id or number, title, text; comma or semicolon separated)", binary: textual(parseCSV)})
	register(&format{name: "tsv", doc: "tab-separated table of items with a header row (id or number, title, text)", binary: textual(parseTSV)})
	register(&format{name: "items", doc: "JSON array of items: [{\"number\": \"12\", \"title\": ..., \"text\": ...}]", binary: textual(parseItems)})
}

// textual adapts a parser that needs the options to the raw bytes: it
// decodes them first.
func textual(parse func(text string, o Options, d *corpus.Document) error) binaryParser {
	return func(data []byte, o Options, d *corpus.Document) error {
		text, enc, err := corpus.DecodeText(data, o.Encoding)
		if err != nil {
			return err
		}
		d.Source.Encoding = enc
		if corpus.GuessedEncoding(o.Encoding, enc) {
			d.Notes = append(d.Notes, corpus.EncodingGuessed(enc))
		}
		return parse(text, o, d)
	}
}

// tableColumns says which column holds which field; -1 for none.
type tableColumns struct {
	id, number, kind, section int
	title, text               int
	// refs is the column of the ids an item cites, blank-separated (a
	// draft's, which keeps the citations its text, without its links,
	// does not show), -1 for none: the citations are then read from
	// the text.
	refs int
	lang string
}

// columnRe splits a column name into a field and an optional language:
// "text", "text_ja", "title (pt-BR)", "ja".
var columnRe = lazyre.New(`^\s*([a-z#]+)?\s*[_ (\-]?\s*([a-z]{2,3}(?:[-_][a-z0-9]{2,8})?)?\)?\s*$`)

var fieldNames = map[string]string{
	"id": "id", "number": "number", "no": "number", "num": "number", "#": "number", "rule": "number", "n": "number",
	"title": "title", "heading": "title", "name": "title",
	"text": "text", "body": "text", "content": "text", "rule_text": "text",
	"kind": "kind", "type": "kind", "section": "section", "refs": "refs",
}

// pickColumns maps a header row to columns. lang, when not empty, picks
// the title and text columns of that language.
func pickColumns(header []string, lang string) (tableColumns, error) {
	c := tableColumns{id: -1, number: -1, kind: -1, section: -1, title: -1, text: -1, refs: -1}
	lang = strings.ToLower(lang)
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		field, l := h, ""
		if _, ok := fieldNames[h]; !ok {
			m := columnRe.FindStringSubmatch(h)
			if m == nil {
				continue
			}
			field, l = m[1], strings.ReplaceAll(m[2], "_", "-")
			if field == "" {
				field = "text" // a column named by its language holds text
			}
		}
		f := fieldNames[field]
		mine := l == "" || lang == "" || strings.EqualFold(l, lang)
		switch f {
		case "id":
			c.id = i
		case "number":
			c.number = i
		case "kind":
			c.kind = i
		case "section":
			c.section = i
		case "refs":
			c.refs = i
		case "title":
			if mine && (c.title < 0 || lang != "" && l != "") {
				c.title = i
			}
		case "text":
			if mine && (c.text < 0 || lang != "" && l != "") {
				c.text = i
				if l != "" {
					c.lang = l
				}
			}
		}
	}
	if c.text < 0 && c.title < 0 {
		return c, fmt.Errorf("the header row %q names no title or text column (want e.g. number, title, text)", strings.Join(header, ","))
	}
	return c, nil
}

func parseTSV(text string, o Options, d *corpus.Document) error {
	return parseTable(text, '\t', o.Lang, d)
}

func parseCSV(text string, o Options, d *corpus.Document) error {
	first, _, _ := strings.Cut(text, "\n")
	sep := ','
	if strings.Count(first, ";") > strings.Count(first, ",") {
		sep = ';'
	}
	return parseTable(text, sep, o.Lang, d)
}

func parseTable(text string, sep rune, lang string, d *corpus.Document) error {
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = sep
	r.FieldsPerRecord = -1
	r.LazyQuotes = false
	fail := func(err error) error {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			msg := pe.Err.Error()
			if pe.StartLine != pe.Line {
				msg += fmt.Sprintf(" (in the record that starts on line %d)", pe.StartLine)
			}
			return &corpusjson.ParseError{Position: corpus.Position{Line: pe.Line, Col: pe.Column}, Msg: msg}
		}
		return err
	}
	header, err := r.Read()
	if err == io.EOF {
		return errors.New("a table needs a header row and at least one item row")
	}
	if err != nil {
		return fail(err)
	}
	cols, err := pickColumns(header, lang)
	if err != nil {
		return &corpusjson.ParseError{Position: corpus.Position{Line: 1, Col: 1}, Msg: err.Error()}
	}
	get := func(row []string, i int) string {
		if i < 0 || i >= len(row) {
			return ""
		}
		return strings.TrimSpace(row[i])
	}
	// One item a line at most (a quoted cell may hold line breaks), the
	// header's aside: the items of a table of 100k rows grown by append
	// cost five times their 19 MB.
	d.Items = slices.Grow(d.Items, strings.Count(text, "\n"))
	rows := 0
	for {
		from := r.InputOffset()
		row, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fail(err)
		}
		shareText(row, text[from:r.InputOffset()], sep)
		rows++
		// A row with more or fewer cells than the header has lost a
		// separator or a quote: its cells cannot be matched to columns.
		if len(row) != len(header) {
			// At the first cell too many, or just past the last one.
			var line, col int
			if len(row) > len(header) {
				line, col = r.FieldPos(len(header))
			} else {
				line, col = r.FieldPos(len(row) - 1)
				col += len(row[len(row)-1])
			}
			return &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: col}, Msg: fmt.Sprintf("row has %d fields, the header row has %d", len(row), len(header))}
		}
		kind := get(row, cols.kind)
		if _, ok := tableKind(kind); !ok {
			line, col := r.FieldPos(cols.kind)
			return &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: col}, Msg: unknownKind(kind)}
		}
		it := tableItem(get(row, cols.id), get(row, cols.number), kind, get(row, cols.title), get(row, cols.text))
		it.Section = get(row, cols.section)
		if cols.refs >= 0 {
			it.Refs = append([]string{}, strings.Fields(get(row, cols.refs))...)
		}
		if it.Title == "" && it.Text == "" {
			continue
		}
		d.Items = append(d.Items, it)
	}
	if rows == 0 {
		return errors.New("a table needs a header row and at least one item row")
	}
	if cols.lang != "" && d.Lang == "" {
		if tag, err := corpus.CanonicalLang(cols.lang); err == nil {
			d.Lang = tag
		}
	}
	return nil
}

// shareText points the cells of row at the bytes of raw, the text the
// row was read from, where they are the same: the reader gives each row
// a copy, which would sit beside the table's text for the whole parse
// (24 MB for a table of 100k rows). A cell is replaced only by text
// equal to it, so a row read otherwise (quoted cells, blank lines
// skipped before it) keeps the copies of the cells not found where
// expected.
func shareText(row []string, raw string, sep rune) {
	raw = strings.TrimSuffix(strings.TrimSuffix(raw, "\n"), "\r")
	s := string(sep)
	at := 0
	for i, c := range row {
		if i > 0 {
			if !strings.HasPrefix(raw[at:], s) {
				return
			}
			at += len(s)
		}
		if !strings.HasPrefix(raw[at:], c) {
			return
		}
		row[i] = raw[at : at+len(c)]
		at += len(c)
	}
}

// tableItem builds an item from the cells of a row. An id cell in
// rulesync's form ("rule:12", "add:40-A") is the item's id and gives
// the number, and the kind where the kind cell is empty: a kind cell
// names the kind that ids of several kinds share the prefix of
// ("rule:RP-1", a recommended procedure, as a draft's table writes it).
func tableItem(id, number, kind, title, text string) corpus.Item {
	it := corpus.Item{Kind: corpus.KindRule, Title: title, Text: text}
	cell, _ := tableKind(kind)
	if cell != "" {
		it.Kind = cell
	}
	if prefix, num, ok := strings.Cut(id, ":"); ok {
		if k, ok := idKinds[prefix]; ok && cell == "" {
			it.Kind = k
		}
		if corpus.WellFormedID(id) {
			// The id as written: a section's ("sec:article-1") is no
			// kind and number.
			it.ID = id
		}
		if number == "" {
			number = num
		}
	} else if id != "" && number == "" {
		number = id
	}
	it.Number = strings.TrimSuffix(strings.TrimSpace(number), ".")
	return it
}

// idKinds reads the prefix of a rulesync id.
var idKinds = map[string]corpus.Kind{
	"rule": corpus.KindRule, "rp": corpus.KindRP, "add": corpus.KindAddendum, "reg": corpus.KindRegulation,
	"guide": corpus.KindGuideline, "def": corpus.KindDefinition, "sec": corpus.KindSection, "pre": corpus.KindPreamble, "item": corpus.KindItem,
}

var kindNames = map[string]corpus.Kind{
	"rule": corpus.KindRule, "rp": corpus.KindRP, "procedure": corpus.KindRP, "addendum": corpus.KindAddendum,
	"regulation": corpus.KindRegulation, "guideline": corpus.KindGuideline, "definition": corpus.KindDefinition, "section": corpus.KindSection,
	"preamble": corpus.KindPreamble, "item": corpus.KindItem,
}

// tableKind reads a kind cell: a kind name or a synonym ("procedure"),
// in any case; "" for an empty cell, and false for a word that names no
// kind.
func tableKind(s string) (corpus.Kind, bool) {
	if s == "" {
		return "", true
	}
	k, ok := kindNames[strings.ToLower(s)]
	return k, ok
}

func unknownKind(s string) string {
	names := make([]string, 0, len(kindNames))
	for n := range kindNames {
		names = append(names, n)
	}
	sort.Strings(names)
	return fmt.Sprintf("unknown kind %q (known: %s)", s, strings.Join(names, ", "))
}

// itemCell is a value of a JSON item and its byte offset in the text.
type itemCell struct {
	val string
	off int64
}

// parseItems reads a JSON array of objects with the table's fields. A
// field is a string or a number (null is as if it were absent); any other
// value, and an object's place taken by something else, is an error at
// its line and column.
func parseItems(text string, o Options, d *corpus.Document) error {
	rows, err := readItemRows(text)
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return errors.New("JSON array of items is empty")
	}
	str := func(row map[string]itemCell, keys ...string) string {
		for _, k := range keys {
			if v, ok := row[k]; ok {
				return strings.TrimSpace(v.val)
			}
		}
		return ""
	}
	for i, row := range rows {
		textKeys := []string{"text", "body", "content"}
		titleKeys := []string{"title", "heading"}
		if l := strings.ToLower(o.Lang); l != "" {
			textKeys = append([]string{"text_" + l, l}, textKeys...)
			titleKeys = append([]string{"title_" + l}, titleKeys...)
		}
		kind := str(row, "kind", "type")
		if _, ok := tableKind(kind); !ok {
			at := row["kind"]
			if _, ok := row["kind"]; !ok {
				at = row["type"]
			}
			return corpusjson.ParseErrorAt([]byte(text), at.off, fmt.Sprintf("item %d: %s", i+1, unknownKind(kind)))
		}
		it := tableItem(str(row, "id"), str(row, "number", "no", "rule"), kind, str(row, titleKeys...), str(row, textKeys...))
		it.Section = str(row, "section")
		if it.Title == "" && it.Text == "" {
			return fmt.Errorf("item %d of the JSON array has no title or text", i+1)
		}
		d.Items = append(d.Items, it)
	}
	return nil
}

// readItemRows reads the objects of a JSON array token by token, so that
// an error can say where it is.
func readItemRows(text string) ([]map[string]itemCell, error) {
	data := []byte(text)
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	at := func(off int64, format string, args ...any) error {
		return corpusjson.ParseErrorAt(data, off, fmt.Sprintf(format, args...))
	}
	// start is where the next value begins: past white space and the
	// colon or comma after the last token.
	start := func() int64 {
		off := dec.InputOffset()
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n:,", data[off]) >= 0 {
			off++
		}
		return off
	}
	// A first pass finds syntax errors: the scanner's offsets are just
	// past the offending character, the token reader's are not always.
	var all any
	if err := dec.Decode(&all); err != nil {
		var syn *json.SyntaxError
		switch {
		case errors.As(err, &syn):
			return nil, at(syn.Offset-1, "%s", syn.Error())
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			return nil, at(int64(len(data)), "unexpected end of JSON")
		}
		return nil, at(0, "%v", err)
	}
	if off := start(); off < int64(len(data)) {
		return nil, at(off, "data after the array of items")
	}
	dec = json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	token := func() (json.Token, error) {
		tok, err := dec.Token()
		if err != nil {
			return nil, at(start(), "%v", err)
		}
		return tok, nil
	}
	if tok, err := token(); err != nil {
		return nil, err
	} else if tok != json.Delim('[') {
		return nil, at(0, "want a JSON array of items")
	}
	var rows []map[string]itemCell
	for dec.More() {
		n := len(rows) + 1
		off := start()
		tok, err := token()
		if err != nil {
			return nil, err
		}
		if tok != json.Delim('{') {
			return nil, at(off, "item %d: want an object with title, text and number or id, got %s", n, describeJSON(tok))
		}
		row := map[string]itemCell{}
		for dec.More() {
			key, err := token()
			if err != nil {
				return nil, err
			}
			off := start()
			v, err := token()
			if err != nil {
				return nil, err
			}
			switch v := v.(type) {
			case string:
				row[key.(string)] = itemCell{v, off}
			case json.Number:
				row[key.(string)] = itemCell{v.String(), off}
			case nil:
			default:
				return nil, at(off, "item %d: %s: want a string or a number, got %s", n, key, describeJSON(v))
			}
		}
		if _, err := token(); err != nil { // the closing brace
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// describeJSON names a JSON token for an error message.
func describeJSON(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case nil:
		return "null"
	}
	return fmt.Sprint(tok)
}
