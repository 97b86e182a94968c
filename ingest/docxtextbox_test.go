package ingest_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// textBox is a run holding a text box of one paragraph, text, in the
// two forms Word writes: VML alone ("vml"), and DrawingML with its VML
// fallback in an mc:AlternateContent ("alternate").
func textBox(form, text string) string {
	vml := `<w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent><w:p><w:r><w:t>` +
		text + `</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r>`
	if form == "vml" {
		return vml
	}
	return `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps"><w:r><w:drawing>` +
		`<wps:txbx xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><w:txbxContent><w:p><w:r><w:t>` +
		text + `</w:t></w:r></w:p></w:txbxContent></wps:txbx></w:drawing></w:r></mc:Choice><mc:Fallback>` + vml + `</mc:Fallback></mc:AlternateContent>`
}

// TestDOCXTextBoxes anchors a text box after every 20th run of each DOCX
// of the corpus, in both of Word's forms: every word the document held
// is still read, and each box's text once.
func TestDOCXTextBoxes(t *testing.T) {
	for _, f := range corpusDOCX(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		orig, err := ingest.Options{}.Bytes("x.docx", data)
		if err != nil {
			t.Fatal(err)
		}
		doc := docxPart(t, data, "word/document.xml")
		for _, form := range []string{"vml", "alternate"} {
			parts := strings.Split(doc, "</w:r>")
			var b strings.Builder
			boxes := 0
			for i, p := range parts {
				b.WriteString(p)
				if i == len(parts)-1 {
					break
				}
				b.WriteString("</w:r>")
				if i%20 == 19 {
					boxes++
					b.WriteString(textBox(form, fmt.Sprintf("Boxed%d sentence.", boxes)))
				}
			}
			d, err := ingest.Options{}.Bytes("x.docx", docxWith(t, data, "word/document.xml", b.String()))
			if err != nil {
				t.Fatalf("%s with %s text boxes: %v", f, form, err)
			}
			all := wordsOf(d)
			for k := 1; k <= boxes; k++ {
				if n := all[fmt.Sprintf("boxed%d", k)]; n != 1 {
					t.Errorf("%s with %s text boxes: box %d read %d times", f, form, k, n)
				}
			}
			lost := 0
			for w, n := range wordsOf(orig) {
				if all[w] < n {
					lost += n - all[w]
				}
			}
			if lost > 0 || boxes < 10 {
				t.Errorf("%s with %d %s text boxes: %d words of the document lost", f, boxes, form, lost)
			}
		}
	}
}

// wordsOf counts the words of d's items' titles and texts, folded.
func wordsOf(d *corpus.Document) map[string]int {
	n := map[string]int{}
	for _, it := range d.Items {
		for _, w := range strings.FieldsFunc(strings.ToLower(corpus.Fold(it.Title+" "+it.Text)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			n[w]++
		}
	}
	return n
}
