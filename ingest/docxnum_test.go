package ingest

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// numberingByUnmarshal is parseNumbering as encoding/xml's Unmarshal
// reads the part, elements and attributes by WordprocessingML's
// namespace: the reference parseNumbering is held to.
func numberingByUnmarshal(data []byte) numbering {
	if data == nil {
		return nil
	}
	var x struct {
		Abstract []struct {
			ID  string `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main abstractNumId,attr"`
			Lvl []struct {
				Ilvl  int `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main ilvl,attr"`
				Start struct {
					Val string `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main val,attr"`
				} `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main start"`
				Fmt struct {
					Val string `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main val,attr"`
				} `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main numFmt"`
				Text struct {
					Val string `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main val,attr"`
				} `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main lvlText"`
			} `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main lvl"`
		} `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main abstractNum"`
		Num []struct {
			ID       string `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main numId,attr"`
			Abstract struct {
				Val string `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main val,attr"`
			} `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main abstractNumId"`
		} `xml:"http://schemas.openxmlformats.org/wordprocessingml/2006/main num"`
	}
	if xml.Unmarshal(data, &x) != nil {
		return nil
	}
	abs := map[string][]*numLevel{}
	for _, a := range x.Abstract {
		ls := make([]*numLevel, 9)
		for _, l := range a.Lvl {
			if l.Ilvl < 0 || l.Ilvl >= len(ls) {
				continue
			}
			start, err := strconv.Atoi(l.Start.Val)
			if err != nil {
				start = 1
			}
			f := l.Fmt.Val
			if f == "" {
				f = "decimal"
			}
			ls[l.Ilvl] = &numLevel{start: start, format: f, text: l.Text.Val}
		}
		abs[a.ID] = ls
	}
	n := numbering{}
	for _, m := range x.Num {
		if ls, ok := abs[m.Abstract.Val]; ok {
			n[m.ID] = ls
		}
	}
	return n
}

// TestNumberingAsUnmarshal holds parseNumbering to encoding/xml's
// Unmarshal of the same structure: on the numbering part of every DOCX
// of the corpus, on a written part, and on 5,000 random variants of
// them (pieces cut out, repeated and inserted: attributes of one name
// twice, levels that are no integers or padded with spaces, elements
// nested where they are not read, text after the root, broken markup,
// namespaces bound again, to other prefixes or by default).
func TestNumberingAsUnmarshal(t *testing.T) {
	const w = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	written := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ` + w + `><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>` +
		`<w:lvl w:ilvl="1"><w:start w:val="3"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%2)"/><w:pPr><w:start w:val="9"/></w:pPr></w:lvl></w:abstractNum>` +
		`<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl=" 2 "><w:numFmt/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%3&amp;"/></w:lvl><w:abstractNum w:abstractNumId="0"/></w:abstractNum>` +
		`<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2" numId="7"><w:abstractNumId w:val="1"/><w:abstractNumId/></w:num>` +
		`<w:other><w:num w:numId="3"><w:abstractNumId w:val="0"/></w:num></w:other></w:numbering>`
	sources := map[string][]byte{"written": []byte(written)}
	dir := filepath.Join("..", "..", "shared", "corpus")
	_ = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".docx") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil
		}
		if f, err := zr.Open("word/numbering.xml"); err == nil {
			if b, err := io.ReadAll(f); err == nil {
				sources[p] = b
			}
			f.Close()
		}
		return nil
	})
	if len(sources) < 2 {
		t.Logf("no DOCX of the corpus at %s: the written part and its variants only", dir)
	}
	check := func(name string, data []byte) bool {
		t.Helper()
		want, got := numberingByUnmarshal(data), parseNumbering(data)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: parseNumbering gives %d lists, Unmarshal %d (or a different one)\n%q", name, len(got), len(want), data)
		}
		return want != nil
	}
	var bases [][]byte
	for name, data := range sources {
		if !check(name, data) {
			t.Errorf("%s: no numbering read", name)
		}
		bases = append(bases, data)
	}
	pieces := []string{`<w:lvl w:ilvl="x">`, `<w:lvl w:ilvl="">`, `<w:lvl ilvl="4" w:ilvl="5">`, `</w:lvl>`, ` w:val="7"`, ` w:val=""`, ` w:ilvl="01"`,
		`<w:start w:val="4"/>`, `<w:num w:numId="9"><w:abstractNumId w:val="0"/></w:num>`, `<w:abstractNum w:abstractNumId="0">`, `</w:abstractNum>`,
		`</w:numbering>`, `junk<`, `&amp;`, `&bogus;`, `<!-- c -->`, `<?pi x?>`, `<![CDATA[<]]>`, "\r\n", `"`, `<`, `>`, `/>`,
		` xmlns:w="urn:x-other"`, ` xmlns:v="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`, `<v:num v:numId="5"><v:abstractNumId v:val="0"/></v:num>`,
		`<q:lvl w:ilvl="3">`, ` xmlns="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`, `<num numId="6" v:numId="8"><abstractNumId w:val="1"/></num>`}
	r := rand.New(rand.NewPCG(41, 7))
	read := 0
	for k := range 5000 {
		base := bases[r.IntN(len(bases))]
		b := slices.Clone(base)
		for range 1 + r.IntN(3) {
			at := r.IntN(len(b) + 1)
			switch r.IntN(3) {
			case 0: // cut a piece out
				end := min(len(b), at+r.IntN(40))
				b = append(b[:at:at], b[end:]...)
			case 1: // repeat a piece
				end := min(len(b), at+r.IntN(200))
				b = append(b[:end:end], append(slices.Clone(b[at:end]), b[end:]...)...)
			default: // insert a piece
				b = append(b[:at:at], append([]byte(pieces[r.IntN(len(pieces))]), b[at:]...)...)
			}
		}
		if check("variant "+strconv.Itoa(k), b) {
			read++
		}
	}
	if read < 300 {
		t.Fatalf("only %d of the variants have a numbering: the test reads too few", read)
	}
}
