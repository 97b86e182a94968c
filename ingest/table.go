package ingest

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/rulesync/rulesync/corpus"
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
		return parse(text, o, d)
	}
}

// tableColumns says which column holds which field; -1 for none.
type tableColumns struct {
	id, number, kind, section int
	title, text               int
	lang                      string
}

// columnRe splits a column name into a field and an optional language:
// "text", "text_ja", "title (pt-BR)", "ja".
var columnRe = regexp.MustCompile(`^\s*([a-z#]+)?\s*[_ (\-]?\s*([a-z]{2,3}(?:[-_][a-z0-9]{2,8})?)?\)?\s*$`)

var fieldNames = map[string]string{
	"id": "id", "number": "number", "no": "number", "num": "number", "#": "number", "rule": "number", "n": "number",
	"title": "title", "heading": "title", "name": "title",
	"text": "text", "body": "text", "content": "text", "rule_text": "text",
	"kind": "kind", "type": "kind", "section": "section",
}

// pickColumns maps a header row to columns. lang, when not empty, picks
// the title and text columns of that language.
func pickColumns(header []string, lang string) (tableColumns, error) {
	c := tableColumns{id: -1, number: -1, kind: -1, section: -1, title: -1, text: -1}
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
	rows, err := r.ReadAll()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			msg := pe.Err.Error()
			if pe.StartLine != pe.Line {
				msg += fmt.Sprintf(" (in the record that starts on line %d)", pe.StartLine)
			}
			return &corpus.ParseError{Line: pe.Line, Col: pe.Column, Msg: msg}
		}
		return err
	}
	if len(rows) < 2 {
		return errors.New("a table needs a header row and at least one item row")
	}
	cols, err := pickColumns(rows[0], lang)
	if err != nil {
		return &corpus.ParseError{Line: 1, Col: 1, Msg: err.Error()}
	}
	get := func(row []string, i int) string {
		if i < 0 || i >= len(row) {
			return ""
		}
		return strings.TrimSpace(row[i])
	}
	for _, row := range rows[1:] {
		it := tableItem(get(row, cols.id), get(row, cols.number), get(row, cols.kind), get(row, cols.title), get(row, cols.text))
		it.Section = get(row, cols.section)
		if it.Title == "" && it.Text == "" {
			continue
		}
		d.Items = append(d.Items, it)
	}
	if cols.lang != "" && d.Lang == "" {
		if tag, err := corpus.CanonicalLang(cols.lang); err == nil {
			d.Lang = tag
		}
	}
	return nil
}

// tableItem builds an item from the cells of a row. An id cell in
// rulesync's form ("rule:12", "add:40-A") is the item's id and gives
// the kind and number.
func tableItem(id, number, kind, title, text string) corpus.Item {
	it := corpus.Item{Kind: corpus.KindRule, Title: title, Text: text}
	if k, ok := kindNames[strings.ToLower(kind)]; ok {
		it.Kind = k
	}
	if prefix, num, ok := strings.Cut(id, ":"); ok {
		if k, ok := idKinds[prefix]; ok {
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
	"guide": corpus.KindGuideline, "sec": corpus.KindSection, "pre": corpus.KindPreamble, "item": corpus.KindItem,
}

var kindNames = map[string]corpus.Kind{
	"rule": corpus.KindRule, "rp": corpus.KindRP, "procedure": corpus.KindRP, "addendum": corpus.KindAddendum,
	"regulation": corpus.KindRegulation, "guideline": corpus.KindGuideline, "section": corpus.KindSection,
	"preamble": corpus.KindPreamble, "item": corpus.KindItem,
}

// parseItems reads a JSON array of objects with the table's fields.
func parseItems(text string, o Options, d *corpus.Document) error {
	var rows []map[string]any
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	if err := dec.Decode(&rows); err != nil {
		return fmt.Errorf("JSON array of items: %v", err)
	}
	if len(rows) == 0 {
		return errors.New("JSON array of items is empty")
	}
	str := func(row map[string]any, keys ...string) string {
		for _, k := range keys {
			if v, ok := row[k]; ok && v != nil {
				return strings.TrimSpace(fmt.Sprint(v))
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
		it := tableItem(str(row, "id"), str(row, "number", "no", "rule"), str(row, "kind", "type"), str(row, titleKeys...), str(row, textKeys...))
		it.Section = str(row, "section")
		if it.Title == "" && it.Text == "" {
			return fmt.Errorf("item %d of the JSON array has no title or text", i+1)
		}
		d.Items = append(d.Items, it)
	}
	return nil
}
