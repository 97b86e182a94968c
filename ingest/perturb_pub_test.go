package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// The publications (TDA PDF and DOCX) are perturbed as the text sources
// are in structure_test.go:TestPerturbations, with the damage kept local:
// at most 2 items change. A DOCX is changed in its file, paragraph by
// paragraph (<w:p> of word/document.xml); a PDF, whose layout cannot be
// edited as text, in the lines of text the PDF reader takes from its
// pages, before paragraphs and structure are made of them.

// pubFiles are the publications of the real corpus.
var pubFiles = []string{"tda/tda-2022-shortform-en", "tda/tda-2024-longform-en"}

// pubForeign is a sentence in another script than the publications'.
const pubForeign = "Судья решает в каждом спорном случае."

var (
	numberedRe = regexp.MustCompile(`^\s*[0-9]{1,3}\s*:\s*\p{L}`) // "36: Substantial Action"
	docxParaRe = regexp.MustCompile(`(?s)<w:p[ >].*?</w:p>`)
	docxTextRe = regexp.MustCompile(`(?s)(<w:t[^>]*>)(.*?)(</w:t>)`)
)

func TestPublicationPerturbations(t *testing.T) {
	tried := 0
	for _, f := range pubFiles {
		data := readCorpus(t, f+".docx")
		base, err := Options{}.Bytes("x.docx", data)
		if err != nil {
			t.Fatal(err)
		}
		xml := docxPart(t, data, "word/document.xml")
		paras := docxParaRe.FindAllStringIndex(xml, -1)
		texts := make([]string, len(paras))
		for i, p := range paras {
			texts[i] = docxParaText(xml[p[0]:p[1]])
		}
		own := func(i int) bool { return pubOwn(base, texts[i]) }
		at := middle(len(paras), own)
		if at < 0 {
			t.Fatalf("%s.docx: no paragraph in the middle that is one item's own", f)
		}
		next := -1
		for i := at + 1; i < len(paras) && i <= at+10; i++ {
			if own(i) {
				next = i
				break
			}
		}
		p := xml[paras[at][0]:paras[at][1]]
		edit := func(spans [][2]int, repl []string) string {
			var b strings.Builder
			last := 0
			for k, s := range spans {
				b.WriteString(xml[last:s[0]])
				b.WriteString(repl[k])
				last = s[1]
			}
			b.WriteString(xml[last:])
			return b.String()
		}
		// Full-width digits go where digits matter most: a paragraph that
		// starts with a rule's number.
		num := middle(len(paras), func(i int) bool { return numberedRe.MatchString(texts[i]) })
		if num < 0 {
			t.Fatalf("%s.docx: no paragraph that starts with a number", f)
		}
		pn := xml[paras[num][0]:paras[num][1]]
		span := [2]int{paras[at][0], paras[at][1]}
		cases := map[string]string{
			"foreign sentence":    edit([][2]int{span}, []string{strings.Replace(p, "</w:p>", `<w:r><w:t xml:space="preserve"> `+pubForeign+`</w:t></w:r></w:p>`, 1)}),
			"delete paragraph":    edit([][2]int{span}, []string{""}),
			"duplicate paragraph": edit([][2]int{span}, []string{p + p}),
			"full-width digits": edit([][2]int{{paras[num][0], paras[num][1]}}, []string{docxTextRe.ReplaceAllStringFunc(pn, func(m string) string {
				s := docxTextRe.FindStringSubmatch(m)
				return s[1] + pubFullWidth(s[2]) + s[3]
			})}),
		}
		if next > 0 {
			q := xml[paras[next][0]:paras[next][1]]
			cases["swap two paragraphs"] = edit([][2]int{span, {paras[next][0], paras[next][1]}}, []string{q, p})
		}
		for what, x := range cases {
			tried++
			d, err := Options{}.Bytes("x.docx", docxWith(t, data, "word/document.xml", x))
			if err != nil {
				t.Errorf("%s.docx, %s: %v", f, what, err)
				continue
			}
			if n := pubChanged(base, d); n > 2 {
				t.Errorf("%s.docx, %s at paragraph %d (%.40q): %d items changed, want at most 2", f, what, at, texts[at], n)
			}
		}
	}
	for _, f := range pubFiles {
		data := readCorpus(t, f+".pdf")
		pages, err := pdfPages(context.Background(), data)
		if err != nil {
			t.Fatal(err)
		}
		lines, _ := dropPageChrome(pages)
		read := func(ls []pdfLine) (*corpus.Document, error) {
			d := &corpus.Document{}
			var mk markKinds
			if err := parsePublication(pdfParagraphs(ls), &mk, d); err != nil {
				return nil, err
			}
			return d, Options{}.finish(d, false)
		}
		base, err := read(lines)
		if err != nil {
			t.Fatal(err)
		}
		own := func(i int) bool { return pubOwn(base, lines[i].text) }
		at := middle(len(lines), own)
		if at < 0 {
			t.Fatalf("%s.pdf: no line in the middle that is one item's own", f)
		}
		num := middle(len(lines), func(i int) bool { return numberedRe.MatchString(lines[i].text) })
		if num < 0 {
			t.Fatalf("%s.pdf: no line that starts with a number", f)
		}
		with := func(change func(ls []pdfLine) []pdfLine) []pdfLine {
			return change(append([]pdfLine{}, lines...))
		}
		cases := map[string][]pdfLine{
			"foreign sentence": with(func(ls []pdfLine) []pdfLine {
				ls[at].text = insertAfterMiddle(ls[at].text, pubForeign)
				return ls
			}),
			"delete line":    with(func(ls []pdfLine) []pdfLine { return append(ls[:at:at], ls[at+1:]...) }),
			"duplicate line": with(func(ls []pdfLine) []pdfLine { return append(ls[:at+1:at+1], ls[at:]...) }),
			"full-width digits": with(func(ls []pdfLine) []pdfLine {
				ls[num].text = pubFullWidth(ls[num].text)
				return ls
			}),
		}
		for what, ls := range cases {
			tried++
			d, err := read(ls)
			if err != nil {
				t.Errorf("%s.pdf, %s: %v", f, what, err)
				continue
			}
			if n := pubChanged(base, d); n > 2 {
				t.Errorf("%s.pdf, %s at line %d (%.40q): %d items changed, want at most 2", f, what, at, lines[at].text, n)
			}
		}
	}
	t.Logf("%d perturbations of %d publications", tried, 2*len(pubFiles))
}

// middle returns the index nearest n/2 for which own is true, or -1.
func middle(n int, own func(int) bool) int {
	for off := 0; off < n/2; off++ {
		for _, i := range []int{n/2 + off, n/2 - off} {
			if i >= 0 && i < n && own(i) {
				return i
			}
		}
	}
	return -1
}

// pubOwn reports whether s is a sentence of some length that one item
// alone holds.
func pubOwn(d *corpus.Document, s string) bool {
	s = strings.TrimSpace(s)
	if runeLen(s) < 40 {
		return false
	}
	probe := corpus.Fold(s)
	n := 0
	for _, it := range d.Items {
		if strings.Contains(corpus.Fold(it.Title+"\n"+it.Text), probe) {
			n++
		}
	}
	return n == 1
}

// pubChanged counts the items of b that a lacks, by id, title and text.
func pubChanged(a, b *corpus.Document) int {
	key := func(it corpus.Item) string { return it.ID + "\x00" + it.Title + "\x00" + corpus.Fold(it.Text) }
	in := map[string]int{}
	for _, it := range a.Items {
		in[key(it)]++
	}
	n := 0
	for _, it := range b.Items {
		if in[key(it)] > 0 {
			in[key(it)]--
		} else {
			n++
		}
	}
	return n
}

func insertAfterMiddle(l, s string) string {
	i := strings.Index(l[len(l)/2:], " ")
	if i < 0 {
		return l + " " + s
	}
	i += len(l) / 2
	return l[:i] + " " + s + l[i:]
}

func pubFullWidth(l string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '０' + (r - '0')
		}
		return r
	}, l)
}

// docxParaText is the text of a <w:p>: its <w:t> runs joined.
func docxParaText(p string) string {
	var b strings.Builder
	for _, m := range docxTextRe.FindAllStringSubmatch(p, -1) {
		b.WriteString(m[2])
	}
	return b.String()
}

// docxPart returns the named part of a DOCX file.
func docxPart(t *testing.T, data []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == name {
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
