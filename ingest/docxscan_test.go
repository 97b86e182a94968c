package ingest_test

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// stdTokens reads data with encoding/xml's Decoder.Token (strict) as the
// DOCX reader did before it had a scanner of its own: start and end tags
// and character data, comments, processing instructions and directives
// left out.
func stdTokens(data []byte) ([]xml.Token, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []xml.Token
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		switch tok.(type) {
		case xml.StartElement, xml.EndElement, xml.CharData:
			out = append(out, xml.CopyToken(tok))
		}
	}
}

// sameTokens compares the scanner's reading of data with encoding/xml's:
// the same tokens (local names, every attribute's value by its local
// name, text), or both refuse the document.
func sameTokens(t *testing.T, name string, data []byte) {
	t.Helper()
	want, werr := stdTokens(data)
	got, _, gerr := ingest.XMLScan(data)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%s: encoding/xml error %v, scanner error %v", name, werr, gerr)
	}
	if werr != nil {
		return // the tokens before a syntax error are not compared: both stop
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d tokens, encoding/xml %d", name, len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		var diff string
		switch w := w.(type) {
		case xml.StartElement:
			if g.Kind != "start" || g.Local != w.Name.Local {
				diff = fmt.Sprintf("start %s, got %s %s", w.Name.Local, g.Kind, g.Local)
				break
			}
			seen := map[string]bool{}
			for _, a := range w.Attr {
				if seen[a.Name.Local] {
					continue
				}
				seen[a.Name.Local] = true
				if v := g.Attr(a.Name.Local); v != a.Value {
					diff = fmt.Sprintf("<%s %s=%q>, got %q", w.Name.Local, a.Name.Local, a.Value, v)
				}
			}
		case xml.EndElement:
			if g.Kind != "end" || g.Local != w.Name.Local {
				diff = fmt.Sprintf("end %s, got %s %s", w.Name.Local, g.Kind, g.Local)
			}
		case xml.CharData:
			if g.Kind != "text" || g.Text != string(w) {
				diff = fmt.Sprintf("text %q, got %s %q", w, g.Kind, g.Text)
			}
		}
		if diff != "" {
			t.Fatalf("%s: token %d: %s", name, i, diff)
		}
	}
}

// TestXMLScannerReal reads word/document.xml of each real DOCX file, and
// copies damaged at random (cut short, a byte changed, a markup byte
// inserted), with the scanner and with encoding/xml: the same tokens, or
// both refuse.
func TestXMLScannerReal(t *testing.T) {
	longtest.Skip(t)
	rng := rand.New(rand.NewSource(37))
	for _, f := range []string{"tda/tda-2022-shortform-en.docx", "tda/tda-2024-longform-en.docx"} {
		data, err := os.ReadFile(testcorpus.Path(t, f))
		if err != nil {
			t.Fatal(err)
		}
		doc := []byte(docxPart(t, data, "word/document.xml"))
		sameTokens(t, f, doc)
		marks := []byte("<>/=\"'&;:!?[]-#x\r\n \x00\xff")
		for k := 0; k < 60; k++ {
			b := bytes.Clone(doc)
			at := rng.Intn(len(b))
			switch k % 3 {
			case 0:
				b = b[:at]
			case 1:
				b[at] = marks[rng.Intn(len(marks))]
			default:
				b = append(b[:at], append([]byte{marks[rng.Intn(len(marks))]}, doc[at:]...)...)
			}
			sameTokens(t, fmt.Sprintf("%s damaged %d at %d", f, k, at), b)
		}
	}
}

// TestXMLScannerCases reads small documents that exercise each kind of
// markup with both readers.
func TestXMLScannerCases(t *testing.T) {
	for i, s := range []string{
		`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="x"><w:body><w:p><w:r><w:t xml:space="preserve"> a &amp; b &lt;&#38;&#x26;&quot;&apos;</w:t></w:r></w:p></w:body></w:document>`,
		"<a>x\r\ny\rz</a>",
		`<a b='1' c = "2&amp;3"/>`,
		`<!DOCTYPE a [<!ENTITY x "y>"> <!-- c > -->]><a><!-- note --><![CDATA[<b>&amp;]]></a>`,
		`<a><?pi stuff?></a>`,
		`<p:a><p:b/></p:a>`,
		`<a:b:c/>`, `<a></b>`, `<p:a></q:a>`, `<a>`, `</a>`, `<a b=1/>`, `<a b/>`, `<a>&foo;</a>`, `<a>&#0;</a>`,
		`<a>&#xD800;</a>`, `<a>&#1114112;</a>`, `<a>]]></a>`, `<a b="<"/>`, "<a>\x01</a>", "<a>\xff</a>", "<a>\uFFFE</a>",
		`<?xml version="1.1"?><a/>`, `<?xml version="1.0" encoding="UTF-16"?><a/>`, `<?xml version="1.0" encoding="utf-8"?><a/>`,
		`<!-- a -- b --><a/>`, `<!- x -><a/>`, `<![x[]]><a/>`, `<a/ >`, `<a></a >`, `<a></a x>`, `<a b="1"c="2"/>`,
		`<:a/>`, `<a:/>`, `<1/>`, `<.a/>`, `<-a/>`, `<_a._-1/>`, `<é:b/>`, `<a é="1"/>`, `<a:é/>`, `<á/>`, `<́a/>`, `<a:b:c d="1"/>`, `<a b:c:d="1"/>`, `<a`, `<a b="1`, `<a><!--`, `<a><![CDATA[x`, `text <a/> more`,
		`<?xml version="1.0" <b encoding="0"/> encoding="UTF-8"?><a/>`, `<?xml a version="2.0"?><a/>`, `<?xml encoding=x encoding="utf-16"?><a/>`, `<?xml xencoding="utf-16"?><a/>`, `<?xml?><a/>`,
	} {
		sameTokens(t, fmt.Sprintf("case %d %q", i, s), []byte(s))
	}
}

// BenchmarkXMLScanner reads word/document.xml of the TDA 2024 longform
// (888 KB) with the scanner alone (the DOCX reader's tokens, none
// built), and, for the measure of what the scanner saves, with
// encoding/xml's Decoder.Token (strict, namespaces resolved: what the
// reader used before the scanner) and Decoder.RawToken (no namespaces,
// no check that end tags match).
func BenchmarkXMLScanner(b *testing.B) {
	data, err := os.ReadFile(testcorpus.Path(b, "tda/tda-2024-longform-en.docx"))
	if err != nil {
		b.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	f, err := zr.Open("word/document.xml")
	if err != nil {
		b.Fatal(err)
	}
	doc, err := io.ReadAll(f)
	if err != nil {
		b.Fatal(err)
	}
	decode := func(raw bool) (int, error) {
		d := xml.NewDecoder(bytes.NewReader(doc))
		n := 0
		for {
			var err error
			if raw {
				_, err = d.RawToken()
			} else {
				_, err = d.Token()
			}
			if err == io.EOF {
				return n, nil
			}
			if err != nil {
				return n, err
			}
			n++
		}
	}
	for _, c := range []struct {
		name  string
		count func() (int, error)
	}{
		{"scanner", func() (int, error) { return ingest.XMLCount(doc) }},
		{"xml.Token", func() (int, error) { return decode(false) }},
		{"xml.RawToken", func() (int, error) { return decode(true) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				if n, err := c.count(); err != nil || n == 0 {
					b.Fatalf("%d tokens: %v", n, err)
				}
			}
		})
	}
}
