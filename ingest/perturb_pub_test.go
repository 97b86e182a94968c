package ingest_test

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestPublicationPerturbations perturbs the publications (TDA PDF and
// DOCX) as TestPerturbations does the text sources, with the damage kept
// local: at most 2 items change. A DOCX is changed in its file,
// paragraph by paragraph (<w:p> of word/document.xml); a PDF, whose
// layout cannot be edited as text, in the lines of text the PDF reader
// takes from its pages, before paragraphs and structure are made of
// them. Full-width digits go where digits matter most: a line that
// starts with a rule's number.
func TestPublicationPerturbations(t *testing.T) {
	longtest.Skip(t)
	tried, files := 0, 0
	for _, f := range []string{"tda/tda-2022-shortform-en", "tda/tda-2024-longform-en"} {
		data, err := os.ReadFile(testcorpus.Path(t, f+".docx"))
		if err != nil {
			t.Fatal(err)
		}
		base, err := ingest.Options{}.Bytes("x.docx", data)
		if err != nil {
			t.Fatal(err)
		}
		files++
		xml := docxPart(t, data, "word/document.xml")
		spans := docxParaRe.FindAllStringIndex(xml, -1)
		paras := make([]string, len(spans))
		texts := make([]string, len(spans))
		for i, sp := range spans {
			paras[i] = xml[sp[0]:sp[1]]
			for _, m := range docxTextRe.FindAllStringSubmatch(paras[i], -1) {
				texts[i] += m[2]
			}
		}
		at, num := itemLine(base, texts), nearMiddle(len(texts), func(i int) bool { return numberedRe.MatchString(texts[i]) })
		if at < 0 || num < 0 {
			t.Fatalf("%s.docx: no paragraph in the middle that is one item's own, or none that starts with a number", f)
		}
		// with returns the part with paragraphs replaced, the markup
		// between them (tables, sections) kept.
		with := func(repl map[int]string) string {
			var b strings.Builder
			last := 0
			for i, sp := range spans {
				if r, ok := repl[i]; ok {
					b.WriteString(xml[last:sp[0]] + r)
					last = sp[1]
				}
			}
			return b.String() + xml[last:]
		}
		cases := map[string]string{
			"foreign sentence":    with(map[int]string{at: strings.Replace(paras[at], "</w:p>", `<w:r><w:t xml:space="preserve"> `+foreign("en")+`</w:t></w:r></w:p>`, 1)}),
			"delete paragraph":    with(map[int]string{at: ""}),
			"duplicate paragraph": with(map[int]string{at: paras[at] + paras[at]}),
			"full-width digits": with(map[int]string{num: docxTextRe.ReplaceAllStringFunc(paras[num], func(m string) string {
				s := docxTextRe.FindStringSubmatch(m)
				return s[1] + fullWidth(s[2]) + s[3]
			})}),
		}
		if next := nextItemLine(base, texts, at); next > 0 {
			cases["swap two paragraphs"] = with(map[int]string{at: paras[next], next: paras[at]})
		}
		for what, x := range cases {
			tried++
			d, err := ingest.Options{}.Bytes("x.docx", docxWith(t, data, "word/document.xml", x))
			if err != nil {
				t.Errorf("%s.docx, %s: %v", f, what, err)
				continue
			}
			if n := changed(base, d); n > 2 {
				t.Errorf("%s.docx, %s at paragraph %d (%.40q): %d items changed, want at most 2", f, what, at, texts[at], n)
			}
		}
	}
	for _, f := range []string{"tda/tda-2022-shortform-en", "tda/tda-2024-longform-en"} {
		data, err := os.ReadFile(testcorpus.Path(t, f+".pdf"))
		if err != nil {
			t.Fatal(err)
		}
		lines, err := ingest.PDFLines(data)
		if err != nil {
			t.Fatal(err)
		}
		files++
		from := make([]int, len(lines))
		for i := range from {
			from[i] = i
		}
		base, err := ingest.PDFFromLines(data, from, lines)
		if err != nil {
			t.Fatal(err)
		}
		at, num := itemLine(base, lines), nearMiddle(len(lines), func(i int) bool { return numberedRe.MatchString(lines[i]) })
		if at < 0 || num < 0 {
			t.Fatalf("%s.pdf: no line in the middle that is one item's own, or none that starts with a number", f)
		}
		drop := func(ls []int, i int) []int { return append(append([]int{}, ls[:i]...), ls[i+1:]...) }
		twice := func(ls []int, i int) []int { return append(append(append([]int{}, ls[:i+1]...), ls[i]), ls[i+1:]...) }
		texts := func(ls []int) []string {
			out := make([]string, len(ls))
			for k, i := range ls {
				out[k] = lines[i]
			}
			return out
		}
		type edit struct {
			from  []int // the PDF line each line takes its place and type from
			texts []string
		}
		cases := map[string]edit{
			"foreign sentence":  {from, replace(lines, at, insertWords(lines[at], foreign("en")))},
			"delete line":       {drop(from, at), texts(drop(from, at))},
			"duplicate line":    {twice(from, at), texts(twice(from, at))},
			"full-width digits": {from, replace(lines, num, fullWidth(lines[num]))},
		}
		for what, c := range cases {
			tried++
			d, err := ingest.PDFFromLines(data, c.from, c.texts)
			if err != nil {
				t.Errorf("%s.pdf, %s: %v", f, what, err)
				continue
			}
			if n := changed(base, d); n > 2 {
				t.Errorf("%s.pdf, %s at line %d (%.40q): %d items changed, want at most 2", f, what, at, lines[at], n)
			}
		}
	}
	t.Logf("%d perturbations of %d publications", tried, files)
}

var (
	numberedRe = regexp.MustCompile(`^\s*[0-9]{1,3}\s*:\s*\p{L}`) // "36: Substantial Action"
	docxParaRe = regexp.MustCompile(`(?s)<w:p[ >].*?</w:p>`)
	docxTextRe = regexp.MustCompile(`(?s)(<w:t[^>]*>)(.*?)(</w:t>)`)
)

// docxPart returns the named part of a DOCX file.
func docxPart(t *testing.T, data []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	t.Fatalf("no %s in the DOCX", name)
	return ""
}

// docxWith returns a copy of a DOCX file with the named part replaced.
func docxWith(t *testing.T, data []byte, name, part string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == name {
			io.WriteString(w, part)
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(w, rc)
		rc.Close()
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
