package ingest

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// FuzzPublication runs the publication parser on paragraphs made from
// arbitrary lines ("# " marks a heading, "* " a bold paragraph) and on
// DOCX files whose document body is arbitrary XML. Nothing may panic, and
// every document must validate, marks inside their texts.
func FuzzPublication(f *testing.F) {
	f.Add("# POKER TDA RULES 2031\n# General\n* 1: Seats\nA: one\nB: two\n# 2031 Recommended Procedures\n* RP-1. Buttons\ntext\n# Illustration Addendum\n* Rule 40-A: Bets. Body.\n* Example 1-A: x\nStep 1: y\n`")
	f.Add("* 1: T\n* TDA Recommended Procedures and\n* Illustration Addendum: see")
	f.Add(`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>1: Seats</w:t></w:r></w:p><w:p><w:r><w:rPr><w:u w:val="single"/><w:color w:val="FF0000"/></w:rPr><w:t> must </w:t></w:r><w:ins><w:r><w:t>x</w:t></w:r></w:ins></w:p>`)
	f.Fuzz(func(t *testing.T, s string) {
		var blocks []block
		for _, l := range strings.Split(s, "\n") {
			b := block{text: l}
			if t, ok := strings.CutPrefix(l, "# "); ok {
				b = block{text: t, kind: blockHeading, lead: true}
			} else if t, ok := strings.CutPrefix(l, "* "); ok {
				b = block{text: t, lead: true}
			}
			blocks = append(blocks, b)
		}
		check := func(what string, d *corpus.Document, err error) {
			if err != nil {
				return
			}
			before := map[int]string{}
			for i, it := range d.Items {
				before[i] = it.Text
			}
			(Options{}).finish(d, false)
			for i, it := range d.Items {
				if len(it.Marks) > 0 && it.Text != before[i] {
					t.Fatalf("%s: item %d: cleaning moved the text under its marks: %q -> %q", what, i, before[i], it.Text)
				}
				n := len([]rune(it.Text))
				for _, m := range it.Marks {
					if m.Start < 0 || m.Start >= m.End || m.End > n {
						t.Fatalf("%s: item %d: mark %v outside its text of %d runes", what, i, m, n)
					}
				}
				if strings.ContainsFunc(it.Text+it.Title, isSentinel) {
					t.Fatalf("%s: item %d: a mark sentinel left in the text", what, i)
				}
			}
		}
		var mk markKinds
		d := &corpus.Document{}
		check("paragraphs", d, parsePublication(blocks, &mk, d))

		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, _ := zw.Create("word/document.xml")
		w.Write([]byte(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` + s + `</w:body></w:document>`))
		zw.Close()
		d = &corpus.Document{}
		check("docx", d, parseDOCX(buf.Bytes(), Options{}, d))
	})
}
