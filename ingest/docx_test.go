package ingest_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// makeDOCX builds a DOCX file from the body of word/document.xml and any
// further parts.
func makeDOCX(t testing.TB, body string, parts map[string]string) []byte {
	t.Helper()
	data, err := buildDOCX(body, parts)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// buildDOCX is makeDOCX for callers without a testing.TB (the scale
// inputs' generators).
func buildDOCX(body string, parts map[string]string) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	files := map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` + body + `</w:body></w:document>`,
	}
	for k, v := range parts {
		files[k] = v
	}
	names := make([]string, 0, len(files))
	for k := range files {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, name := range names {
		w, err := zw.Create(name)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write([]byte(files[name])); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// para is a paragraph of runs; props are paragraph properties.
func para(props string, runs ...string) string {
	return "<w:p><w:pPr>" + props + "</w:pPr>" + strings.Join(runs, "") + "</w:p>"
}

// run is a run of text with run properties.
func run(props, text string) string {
	return `<w:r><w:rPr>` + props + `</w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r>`
}

const bold = "<w:b/>"

const numberingXML = `<?xml version="1.0"?>
<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1)"/></w:lvl>
<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2."/></w:lvl></w:abstractNum>
<w:num w:numId="3"><w:abstractNumId w:val="7"/></w:num>
</w:numbering>`

// TestDOCXFormatting reads a small DOCX written for the test: a title
// page, a centred heading, rules with lettered parts, change marks of
// each kind, tracked changes, list numbering, a table, tabs and breaks.
func TestDOCXFormatting(t *testing.T) {
	list := func(lvl int, text string) string {
		return para(fmt.Sprintf(`<w:numPr><w:ilvl w:val="%d"/><w:numId w:val="3"/></w:numPr>`, lvl), run("", text))
	}
	body := para(`<w:jc w:val="center"/>`, run(bold, "POKER TDA HOUSE RULES")) +
		para("", run(bold, "2031 Rules Version 2.1. March 3, 2031")) +
		para("", run("", "These rules govern play in our card room.")) +
		para(`<w:jc w:val="center"/>`, run(bold+`<w:u w:val="single"/>`, "Seating")) +
		para("", run(bold+`<w:u w:val="single"/>`, "1:  Seats")) +
		para("", run("", "Seats are drawn.<w:tab/>"), `<w:r><w:tab/></w:r>`, run("", "Late players"), `<w:r><w:br/></w:r>`, run("", "draw too.")) +
		para("", run("", "A: Players "), run(`<w:u w:val="single"/>`, "must "), run("", "sit.")) +
		para("", run("", "B: Dealers "), run("<w:strike/>", "may"), run("", " "), run(`<w:color w:val="FF0000"/>`, "shall"), run("", " deal.")) +
		para("", run(bold, "2: Chips")) +
		para("", `<w:ins w:id="1" w:author="ed">`+run("", "Chips stay visible.")+`</w:ins>`, `<w:del w:id="2" w:author="ed"><w:r><w:delText>Old wording.</w:delText></w:r></w:del>`) +
		list(0, "first case") + list(1, "sub case") + list(1, "another") + list(0, "second case") +
		`<w:tbl><w:tr><w:tc>` + para("", run("", "Level")) + `</w:tc><w:tc>` + para("", run("", "Blinds 100-200")) + `</w:tc></w:tr></w:tbl>` +
		para("", `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>HYPERLINK "x"</w:instrText></w:r>`, run("", "See Rule 1.")) +
		para("", run(bold, "3: Breaks")) + para("", run("", "Breaks last ten minutes."))
	data := makeDOCX(t, body, map[string]string{"word/numbering.xml": numberingXML})
	d, err := ingest.Options{}.Bytes("house.docx", data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source.Format != "docx" || d.Edition != "tda-2031" || d.Date != "2031-03-03" || d.Version != "2.1" {
		t.Errorf("format, edition, date, version = %q, %q, %q, %q", d.Source.Format, d.Edition, d.Date, d.Version)
	}
	r1, r2 := d.Item("rule:1"), d.Item("rule:2")
	if r1 == nil || r2 == nil {
		t.Fatalf("items %v; want rule:1 and rule:2", ids(d))
	}
	if r1.Title != "Seats" || r1.Section != "Seating" {
		t.Errorf("rule:1 title %q section %q", r1.Title, r1.Section)
	}
	if !strings.Contains(r1.Text, "Seats are drawn. Late players\ndraw too.") {
		t.Errorf("rule:1 text %q: tabs should read as a space and a break as a new line", r1.Text)
	}
	if got := labels(r1.Parts); !slices.Equal(got, []string{"A", "B"}) {
		t.Errorf("rule:1 parts %v", got)
	}
	want := map[string]string{"must": "underline", "may": "strike", "shall": "colour:FF0000", "Chips stay visible.": "inserted"}
	for _, it := range []*corpus.Item{r1, r2} {
		rs := []rune(it.Text)
		for _, m := range it.Marks {
			span := string(rs[m.Start:m.End])
			if want[span] != m.Kind {
				t.Errorf("%s: mark %q of kind %s, unexpected", it.ID, span, m.Kind)
			}
			delete(want, span)
		}
	}
	if len(want) > 0 {
		t.Errorf("marks not found: %v", want)
	}
	for _, s := range []string{"1) first case", "a. sub case", "b. another", "2) second case", "Level\nBlinds 100-200", "See Rule 1."} {
		if !strings.Contains(r2.Text, s) {
			t.Errorf("rule:2 text %q lacks %q", r2.Text, s)
		}
	}
	for _, s := range []string{"Old wording", "HYPERLINK"} {
		if strings.Contains(r2.Text, s) {
			t.Errorf("rule:2 text %q contains %q (a deletion or a field code)", r2.Text, s)
		}
	}
	if !slices.Contains(r2.Refs, "rule:1") {
		t.Errorf("rule:2 refs %v lack rule:1", r2.Refs)
	}
}

func ids(d *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		out = append(out, it.ID)
	}
	return out
}

// TestTableLanguage reads the Portuguese columns of a bilingual table
// when the language is given.
func TestTableLanguage(t *testing.T) {
	data := []byte("number\ttitle_en\ttext_en\ttitle_pt\ttext_pt\n1\tFloor\tThe floor decides.\tDiretor\tO diretor decide.\n2\tLanguage\tSee Rule 1.\tIdioma\tVer Regra 1.\n")
	d, err := ingest.Options{Lang: "pt"}.Bytes("pairs.tsv", data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Lang != "pt" || len(d.Items) != 2 || d.Items[0].Title != "Diretor" || d.Items[1].Text != "Ver Regra 1." || !slices.Equal(d.Items[1].Refs, []string{"rule:1"}) {
		t.Errorf("lang %q items %+v", d.Lang, d.Items)
	}
}

// TestDOCXOtherRulebook reads a DOCX laid out unlike the TDA
// publications (sections by heading style, rules typed "1.1 ..."): the
// structure recognizer reads it, where a reader of the TDA layout made
// one preamble of everything.
func TestDOCXOtherRulebook(t *testing.T) {
	h := func(s string) string { return para(`<w:pStyle w:val="Heading1"/>`, run("", s)) }
	p := func(s string) string { return para("", run("", s)) }
	body := para(`<w:pStyle w:val="Title"/>`, run("", "Chess Club Bylaws 2025")) +
		h("Section 1 – Membership") +
		p("1.1 Any person may join the club.") + p("1.2 Members pay the yearly fee by March.") +
		h("Section 2 – Play") +
		p("2.1 Games are played with clocks.") + p("2.2 A player who arrives late loses time.") +
		p("Players should be on time.") + p("2.3 Results are reported the same day.")
	d, err := ingest.Options{}.Bytes("bylaws.docx", makeDOCX(t, body, nil))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range d.Items {
		if it.Kind == corpus.KindRule {
			got = append(got, it.Number+"|"+it.Section+"|"+it.Text)
		}
	}
	want := []string{
		"1.1|Membership|Any person may join the club.",
		"1.2|Membership|Members pay the yearly fee by March.",
		"2.1|Play|Games are played with clocks.",
		"2.2|Play|A player who arrives late loses time.\nPlayers should be on time.",
		"2.3|Play|Results are reported the same day.",
	}
	if !slices.Equal(got, want) {
		t.Errorf("rules:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	summary := func(n string) bool {
		return strings.HasPrefix(n, ingest.StructureNote) && strings.Contains(n, "5 rule")
	}
	if !slices.ContainsFunc(d.Notes, summary) {
		t.Errorf("no note sums up the structure found: %q", d.Notes)
	}
}
