package ingest_test

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

const wmlNS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

// rewriteXML writes doc again token by token (encoding/xml's RawToken,
// prefixes as written) in one of the forms XML allows for the same
// document, which the DOCX reader must read the same:
//   - "renamed": the prefix w is wq9 everywhere, and w is bound to
//     another namespace and used by a paragraph of text after each
//     paragraph, which is not WordprocessingML's and must be passed over;
//   - "default": WordprocessingML's elements unprefixed in a default
//     namespace (its attributes keep their prefix: an attribute without
//     one is in no namespace);
//   - "inner": each outermost paragraph binds the namespace again to a
//     prefix of its own, used inside it, and binds w to another one;
//   - "quoting": attributes in the reverse order, in single quotes with
//     white space around '=', values partly character references;
//     empty elements written as a start and an end tag;
//   - "text": text partly as character references (decimal and hex),
//     entities and CDATA sections, with comments and processing
//     instructions between the elements.
func rewriteXML(doc []byte, form string) ([]byte, error) {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var toks []xml.Token
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		toks = append(toks, xml.CopyToken(tok))
	}
	var b bytes.Buffer
	pDepth, n := 0, 0
	prefix := func(p string) string {
		switch {
		case p != "w":
			return p
		case form == "renamed":
			return "wq9"
		case form == "inner" && pDepth > 0:
			return "p1"
		}
		return p
	}
	name := func(nm xml.Name, value string, elem bool) string {
		if form == "default" && elem && nm.Space == "w" {
			return nm.Local
		}
		if nm.Space == "" {
			return nm.Local
		}
		if nm.Space == "xmlns" && nm.Local == "w" && value == wmlNS && form == "renamed" {
			return "xmlns:wq9"
		}
		return prefix(nm.Space) + ":" + nm.Local
	}
	for i, tok := range toks {
		n++
		switch tok := tok.(type) {
		case xml.StartElement:
			isP := tok.Name.Space == "w" && tok.Name.Local == "p"
			if isP {
				pDepth++
			}
			b.WriteString("<" + name(tok.Name, "", true))
			attrs := slices.Clone(tok.Attr)
			if isP && pDepth == 1 && form == "inner" {
				attrs = append(attrs, xml.Attr{Name: xml.Name{Space: "xmlns", Local: "p1"}, Value: wmlNS},
					xml.Attr{Name: xml.Name{Space: "xmlns", Local: "w"}, Value: "urn:x-decoy"})
			}
			if tok.Name.Local == "document" && form == "renamed" {
				attrs = append(attrs, xml.Attr{Name: xml.Name{Space: "xmlns", Local: "w"}, Value: "urn:x-decoy"})
			}
			if tok.Name.Local == "document" && form == "default" {
				attrs = append(attrs, xml.Attr{Name: xml.Name{Local: "xmlns"}, Value: wmlNS})
			}
			if form == "quoting" {
				slices.Reverse(attrs)
			}
			for _, a := range attrs {
				if form == "quoting" {
					fmt.Fprintf(&b, "\n %s = '%s'", name(a.Name, a.Value, false), escapeAttr(a.Value, true))
				} else {
					fmt.Fprintf(&b, " %s=\"%s\"", name(a.Name, a.Value, false), escapeAttr(a.Value, false))
				}
			}
			if end, ok := next(toks, i).(xml.EndElement); ok && end.Name == tok.Name && form != "quoting" {
				b.WriteString("/>")
				toks[i+1] = nil
				if isP {
					pDepth--
				}
				continue
			}
			b.WriteString(">")
			if form == "text" && n%7 == 0 {
				fmt.Fprintf(&b, "<!-- %d - > --><?pi-%d x?>", n, n)
			}
		case xml.EndElement:
			b.WriteString("</" + name(tok.Name, "", true) + ">")
			if tok.Name.Space == "w" && tok.Name.Local == "p" {
				pDepth--
				if form == "renamed" && pDepth == 0 {
					b.WriteString(`<w:p><w:r><w:t>decoy</w:t></w:r></w:p>`)
				}
			}
		case xml.CharData:
			writeText(&b, string(tok), form == "text", n)
		case xml.ProcInst:
			fmt.Fprintf(&b, "<?%s %s?>", tok.Target, tok.Inst)
		case xml.Comment:
			fmt.Fprintf(&b, "<!--%s-->", tok)
		case xml.Directive:
			fmt.Fprintf(&b, "<!%s>", tok)
		}
	}
	return b.Bytes(), nil
}

// next returns the token after i, nil at the end.
func next(toks []xml.Token, i int) xml.Token {
	if i+1 < len(toks) {
		return toks[i+1]
	}
	return nil
}

// escapeAttr escapes an attribute's value for its quotes; with refs,
// every third letter or digit as a character reference.
func escapeAttr(v string, refs bool) string {
	var b strings.Builder
	for i, r := range v {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&apos;")
		case refs && i%3 == 1:
			fmt.Fprintf(&b, "&#%d;", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// writeText writes character data escaped; varied, in the many ways XML
// has: a CDATA section, references decimal and hex, named entities.
func writeText(b *bytes.Buffer, s string, varied bool, n int) {
	if varied && n%5 == 0 && !strings.Contains(s, "]]>") && s != "" {
		b.WriteString("<![CDATA[" + s + "]]>")
		return
	}
	for i, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case varied && r == '"':
			b.WriteString("&quot;")
		case varied && i%4 == 1:
			fmt.Fprintf(b, "&#%d;", r)
		case varied && i%4 == 3:
			fmt.Fprintf(b, "&#x%X;", r)
		default:
			b.WriteRune(r)
		}
	}
}

// docxReading is what a DOCX ingest gives: its JSON (less the hash and
// time of the file read) and its warnings, or its error.
func docxReading(t testing.TB, data []byte) string {
	d, err := ingest.Options{}.Bytes("x.docx", data)
	if err != nil {
		return "error: " + err.Error()
	}
	d.Source.SHA256, d.Source.Ingested = "", "" // of the bytes, which differ
	js, err := corpusjson.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(js) + "\n" + strings.Join(d.Warnings(), "\n")
}

// corpusDOCX lists the DOCX files of the real corpus.
func corpusDOCX(t testing.TB) []string {
	var files []string
	root := testcorpus.Dir()
	filepath.WalkDir(root, func(path string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.EqualFold(filepath.Ext(path), ".docx") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatalf("no DOCX file in the corpus at %s", root)
	}
	return files
}

// TestDOCXNamespaceForms reads every DOCX file of the corpus with its
// document.xml written again in each form of rewriteXML: the same JSON
// and warnings as the file itself.
func TestDOCXNamespaceForms(t *testing.T) {
	longtest.Skip(t)
	for _, f := range corpusDOCX(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := docxReading(t, data)
		if strings.HasPrefix(want, "error") {
			t.Fatalf("%s: %s", f, want)
		}
		doc := []byte(docxPart(t, data, "word/document.xml"))
		for _, form := range []string{"renamed", "default", "inner", "quoting", "text"} {
			part, err := rewriteXML(doc, form)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(part, doc) {
				t.Fatalf("%s %s: not changed", f, form)
			}
			if got := docxReading(t, docxWith(t, data, "word/document.xml", string(part))); got != want {
				t.Errorf("%s written %s: reads otherwise:\n%s", f, form, readingDiff(got, want))
			}
		}
	}
}

// readingDiff shows where two readings part.
func readingDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(i-80, 0)
	return fmt.Sprintf("got  ...%q\nwant ...%q", got[lo:min(i+80, len(got))], want[lo:min(i+80, len(want))])
}

// docxSeeds returns pieces of the document.xml of each DOCX file of the
// corpus: its start (the root's declarations) with a run of its
// paragraphs at several places, closed as the part closes.
func docxSeeds(t testing.TB) []string {
	var seeds []string
	for _, f := range corpusDOCX(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := zipPart(data, "word/document.xml")
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		body := strings.Index(doc, "<w:body>")
		spans := docxParaRe.FindAllStringIndex(doc, -1)
		if body < 0 || len(spans) < 10 {
			t.Fatalf("%s: no body or paragraphs", f)
		}
		for k := 0; k < 4; k++ {
			from := spans[k*(len(spans)-8)/3]
			to := from[0]
			for _, sp := range spans {
				if sp[0] >= from[0] && sp[1]-from[0] < 12<<10 {
					to = sp[1]
				}
			}
			seeds = append(seeds, doc[:body+len("<w:body>")]+doc[from[0]:to]+"</w:body></w:document>")
		}
	}
	return seeds
}

// zipPart returns the named part of a zip archive.
func zipPart(data []byte, name string) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", err
	}
	f, err := zr.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	return string(b), err
}

// FuzzDOCXDocument fuzzes the DOCX reader through the whole of
// word/document.xml, seeded with pieces of the real files' (their
// namespace declarations, paragraphs, runs and tables): no panic, an
// error naming the file, and where the part reads, the same reading
// of it written again with its attributes requoted and reordered and
// its text as references, entities and CDATA.
func FuzzDOCXDocument(f *testing.F) {
	for _, s := range docxSeeds(f) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		if len(doc) > 4*fuzzMaxInput {
			return
		}
		wrap := func(part []byte) []byte {
			return docxWith(t, makeDOCX(t, "", map[string]string{"word/numbering.xml": numberingXML}), "word/document.xml", string(part))
		}
		data := wrap(doc)
		checkRead(t, "fuzz.docx", data, "docx")
		want := docxReading(t, data)
		if strings.HasPrefix(want, "error") {
			return
		}
		for _, form := range []string{"quoting", "text"} {
			part, err := rewriteXML(doc, form)
			if err != nil {
				t.Fatalf("the scanner reads what encoding/xml refuses: %v", err)
			}
			if got := docxReading(t, wrap(part)); got != want {
				t.Fatalf("written %s: reads otherwise:\n%s", form, readingDiff(got, want))
			}
		}
	})
}

// TestDOCXNamespaces reads small documents whose elements are bound to
// WordprocessingML, or not, in ways a literal prefix would misread.
func TestDOCXNamespaces(t *testing.T) {
	const other = "urn:x-other"
	doc := func(root, body string) []byte {
		return makeDOCXPart(t, `<?xml version="1.0"?><document `+root+`><body>`+body+`</body></document>`)
	}
	rule := `<x:p><x:r><x:rPr><x:b x:val="1"/></x:rPr><x:t>1. Seats</x:t></x:r></x:p><x:p><x:r><x:t>Players </x:t></x:r>` +
		`<x:r><x:rPr><x:color x:val="FF0000"/></x:rPr><x:t>must</x:t></x:r><x:r><x:t> sit.</x:t></x:r></x:p>`
	base := docxReading(t, makeDOCX(t, strings.ReplaceAll(rule, "x:", "w:"), nil))
	for _, c := range []struct {
		name, root, body string
		same             bool
	}{
		{"another prefix", `xmlns="` + wmlNS + `" xmlns:x="` + wmlNS + `"`, rule, true},
		{"strict namespace", `xmlns="http://purl.oclc.org/ooxml/wordprocessingml/main" xmlns:x="http://purl.oclc.org/ooxml/wordprocessingml/main"`, rule, true},
		{"w in another namespace", `xmlns="` + wmlNS + `" xmlns:x="` + wmlNS + `" xmlns:w="` + other + `"`,
			rule + `<w:p><w:r><w:t>2. Not read</w:t></w:r></w:p>`, true},
		{"colour in another namespace", `xmlns="` + wmlNS + `" xmlns:x="` + wmlNS + `" xmlns:o="` + other + `"`,
			strings.Replace(rule, `<x:color x:val="FF0000"/>`, `<o:color x:val="FF0000"/>`, 1), false},
		{"colour of an attribute in another namespace", `xmlns="` + wmlNS + `" xmlns:x="` + wmlNS + `" xmlns:o="` + other + `"`,
			strings.Replace(rule, `x:val="FF0000"`, `o:val="FF0000"`, 1), false},
		{"colour beside an attribute of another namespace", `xmlns="` + wmlNS + `" xmlns:x="` + wmlNS + `" xmlns:o="` + other + `"`,
			strings.Replace(rule, `x:val="FF0000"`, `o:val="000000" x:val="FF0000"`, 1), true},
		{"unprefixed attribute, in no namespace", `xmlns="` + wmlNS + `" xmlns:x="` + wmlNS + `"`,
			strings.Replace(rule, `x:val="FF0000"`, `val="FF0000"`, 1), false},
	} {
		got := docxReading(t, doc(c.root, c.body))
		if (got == base) != c.same {
			t.Errorf("%s: same reading %v, want %v:\n%s", c.name, got == base, c.same, readingDiff(got, base))
		}
	}
	for _, c := range []struct{ name, body, want string }{
		{"unbound element prefix", `<q:p/>`, `element <q:p> has the prefix "q"`},
		{"unbound attribute prefix", `<w:p><w:pPr><w:jc q:val="center"/></w:pPr></w:p>`, `attribute q:val of <w:jc>`},
		{"unbound attribute prefix after the value", `<w:p><w:r><w:rPr><w:color w:val="FF0000" q:themeColor="text1"/></w:rPr><w:t>1. A</w:t></w:r></w:p>`, `attribute q:themeColor of <w:color>`},
		{"prefix bound to nothing", `<w:p xmlns:q=""><q:r/></w:p>`, `element <q:r> has the prefix "q"`},
	} {
		_, err := ingest.Options{}.Bytes("x.docx", makeDOCX(t, c.body, nil))
		if err == nil || !strings.Contains(err.Error(), "x.docx") || !strings.Contains(err.Error(), "word/document.xml: line 2, column") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming x.docx, the place and %q", c.name, err, c.want)
		}
	}
}

// makeDOCXPart builds a DOCX file whose word/document.xml is doc.
func makeDOCXPart(t testing.TB, doc string) []byte {
	return docxWith(t.(*testing.T), makeDOCX(t, "", nil), "word/document.xml", doc)
}
