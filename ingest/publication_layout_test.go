package ingest_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/pdftest"
)

// clubRules is a small rulebook publication laid out unlike the TDA's,
// in German: a title page and two part title pages of centred headings
// that repeat the club's name and the version line; rules "1." with bold
// title lines and lettered paragraphs "A.", "B." as parts; a second
// numbering under "Empfohlene Verfahren" (recommended procedures) whose
// last title is set in plain type; and a "Nachtrag" (addendum) whose
// entries are keyed to the rules they illustrate ("Regel 2-B:", "Regel
// 7:"), with examples and cases as their parts. Each paragraph is
// {style, text}: "h" a centred heading, "b" bold, "p" plain, "l" a bold
// run then plain text (split at "|"), "u" plain with an underlined run
// (between "_").
var clubRules = [][2]string{
	{"h", "Schachklub Hafen e.V."},
	{"h", "Turnierordnung 2031, Fassung 2.0"},
	{"p", "Diese Ordnung gilt für alle Turniere des Vereins."},
	{"h", "Allgemeines"},
	{"b", "1. Bedenkzeit"},
	{"p", "Jede Partie wird mit Uhr gespielt."},
	{"b", "2. Remis"},
	{"p", "A. Ein Remisangebot wird nach dem eigenen Zug gemacht."},
	{"p", "B. Ein Angebot kann nicht zurückgenommen werden."},
	{"b", "3. Telefone"},
	{"p", "Telefone bleiben aus. Ein Verstoß wird entweder A) verwarnt oder B) mit Partieverlust bestraft."},
	{"h", "Spielbetrieb"},
	{"b", "4. Paarungen"},
	{"p", "Die Paarungen macht der Turnierleiter."},
	{"b", "5. Ergebnisse"},
	{"u", "A. Das Ergebnis meldet _der Sieger_ am Brett."},
	{"p", "B. Bei Remis meldet der Spieler mit Weiß."},
	{"b", "6. Wartezeit"},
	{"p", "Wer eine halbe Stunde fehlt, verliert die Partie."},
	{"b", "7. Einsprüche"},
	{"p", "Einsprüche gehen schriftlich an das Schiedsgericht."},
	{"b", "8. Schluss"},
	{"p", "Diese Ordnung tritt mit der Saison 2031 in Kraft."},
	{"h", "Schachklub Hafen e.V."},
	{"h", "Empfohlene Verfahren 2031"},
	{"h", "Fassung 2.0, März 2031"},
	{"p", "Diese Verfahren sind Empfehlungen an die Turnierleitung; sie ergänzen die Turnierordnung, ersetzen aber keine Regel."},
	{"b", "1. Uhren stellen"},
	{"p", "Der Turnierleiter stellt alle Uhren vor der Runde."},
	{"b", "2. Aushang"},
	{"p", "Die Paarungen hängen vor der Runde am Eingang aus."},
	{"b", "3. Ruhe im Saal"},
	{"p", "Analysen finden im Nebenraum statt."},
	{"p", "4. Zuschauer in der Zeitnot der letzten Viertelstunde einer Runde"},
	{"p", "Zuschauer halten dann zwei Meter Abstand zum Brett."},
	{"h", "Schachklub Hafen e.V."},
	{"h", "Nachtrag mit Beispielen"},
	{"h", "Fassung 2.0, März 2031"},
	{"p", "Die Beispiele erläutern einzelne Regeln."},
	{"l", "Regel 2-B: Rücknahme.| Ein Angebot bleibt bis zum Zug des Gegners bestehen."},
	{"l", "Beispiel 1: |Weiß bietet Remis an und nimmt es zurück; das Angebot gilt."},
	{"l", "Beispiel 2: |Schwarz lehnt ab, indem er zieht."},
	{"b", "Regel 3: Telefone"},
	{"l", "Beispiel: |Ein Telefon klingelt in der Tasche; die Partie ist verloren."},
	{"b", "Regel 7: Einsprüche"},
	{"l", "Beispiel 1: |Ein Spieler bestreitet das Ergebnis."},
	{"p", "Schritt 1: Er schreibt an das Schiedsgericht."},
	{"p", "Schritt 2: Das Schiedsgericht entscheidet binnen einer Woche."},
	{"l", "Beispiel 2: |Ein Einspruch kommt zu spät und wird verworfen."},
	{"b", "Regel 8: Schluss"},
	{"l", "Fall 1: |Ein Turnier beginnt vor der Saison."},
	{"l", "Fall 2: |Ein Turnier läuft über das Saisonende."},
}

// clubDOCX writes clubRules as a DOCX.
func clubDOCX(t *testing.T, paras [][2]string) []byte {
	var body strings.Builder
	for _, p := range paras {
		switch p[0] {
		case "h":
			body.WriteString(para(`<w:jc w:val="center"/>`, run(bold, p[1])))
		case "b":
			body.WriteString(para("", run(bold, p[1])))
		case "p":
			body.WriteString(para("", run("", p[1])))
		case "l":
			head, tail, _ := strings.Cut(p[1], "|")
			body.WriteString(para("", run(bold, head), run("", tail)))
		case "u":
			parts := strings.Split(p[1], "_")
			body.WriteString(para("", run("", parts[0]), run(`<w:u w:val="single"/>`, parts[1]), run("", parts[2])))
		}
	}
	return makeDOCX(t, body.String(), nil)
}

// TestPublicationLayout reads a publication laid out unlike the TDA's
// (clubRules): rules with lettered paragraphs as parts and an
// enumeration inside a sentence left as text; a division of recommended
// procedures named by its heading in German, called by that name, its
// plain-type title kept as a title as its bold siblings' are; an
// addendum of entries keyed to rules ("Regel 2-B") whose examples, cases
// and an unnumbered "Beispiel:" are parts while the steps inside an
// example are its text; the title page as the preamble; the repeated
// club name and version line as furniture in the notes; change marks on
// the items.
func TestPublicationLayout(t *testing.T) {
	d, err := ingest.Options{}.Bytes("klub.docx", clubDOCX(t, clubRules))
	if err != nil {
		t.Fatal(err)
	}
	checkClubRules(t, d)
	r5 := d.Item("rule:5")
	if r5 == nil || len(r5.Marks) != 1 || string([]rune(r5.Text)[r5.Marks[0].Start:r5.Marks[0].End]) != "der Sieger" || r5.Marks[0].Kind != "underline" {
		t.Errorf("rule:5 marks %+v on %q; want the underlined \"der Sieger\"", r5.Marks, r5.Text)
	}
}

// checkClubRules checks what any reading of clubRules must give.
func checkClubRules(t *testing.T, d *corpus.Document) {
	t.Helper()
	var got []string
	for _, it := range d.Items {
		var ps []string
		for _, p := range it.Parts {
			ps = append(ps, p.Label+"="+p.Marker)
		}
		got = append(got, fmt.Sprintf("%s %s %q %q %v", it.ID, it.Kind, it.Title, it.Section, ps))
	}
	want := []string{
		`pre:1 preamble "" "" []`,
		`rule:1 rule "Bedenkzeit" "Allgemeines" []`,
		`rule:2 rule "Remis" "Allgemeines" [A= B=]`,
		`rule:3 rule "Telefone" "Allgemeines" []`,
		`rule:4 rule "Paarungen" "Spielbetrieb" []`,
		`rule:5 rule "Ergebnisse" "Spielbetrieb" [A= B=]`,
		`rule:6 rule "Wartezeit" "Spielbetrieb" []`,
		`rule:7 rule "Einsprüche" "Spielbetrieb" []`,
		`rule:8 rule "Schluss" "Spielbetrieb" []`,
		`pre:2 preamble "" "Empfohlene Verfahren" []`,
		`rule:_3_1 rp "Uhren stellen" "Empfohlene Verfahren" []`,
		`rule:_3_2 rp "Aushang" "Empfohlene Verfahren" []`,
		`rule:_3_3 rp "Ruhe im Saal" "Empfohlene Verfahren" []`,
		`rule:_3_4 rp "Zuschauer in der Zeitnot der letzten Viertelstunde einer Runde" "Empfohlene Verfahren" []`,
		`pre:3 preamble "" "Nachtrag" []`,
		`rule:_4_2-B addendum "Rücknahme" "Nachtrag" [1=Beispiel 1: 2=Beispiel 2:]`,
		`rule:_4_3 addendum "Telefone" "Nachtrag" [1=Beispiel:]`,
		`rule:_4_7 addendum "Einsprüche" "Nachtrag" [1=Beispiel 1: 2=Beispiel 2:]`,
		`rule:_4_8 addendum "Schluss" "Nachtrag" [S1=Fall 1: S2=Fall 2:]`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("items:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d.Title != "Schachklub Hafen e.V." {
		t.Errorf("title %q, want the title page's first line", d.Title)
	}
	if pre := d.Items[0].Text; !strings.Contains(pre, "Turnierordnung 2031, Fassung 2.0") || !strings.Contains(pre, "gilt für alle Turniere") {
		t.Errorf("preamble %q: want the title page", pre)
	}
	for _, it := range d.Items[1:] {
		if strings.Contains(it.Text, "Schachklub Hafen") || strings.Contains(it.Text, "März 2031") {
			t.Errorf("%s carries the running title: %q", it.ID, it.Text)
		}
	}
	notes := strings.Join(d.Notes, "\n")
	if strings.Count(notes, "running title") != 4 {
		t.Errorf("notes %q: want the four running titles dropped", d.Notes)
	}
	if r3 := d.Item("rule:3"); r3 == nil || !strings.Contains(r3.Text, "entweder A) verwarnt oder B)") {
		t.Errorf("rule:3: the enumeration inside its sentence should stay its text")
	}
	if a7 := d.Item("rule:_4_7"); a7 == nil || len(a7.Parts) != 2 || !strings.Contains(a7.Parts[0].Text, "Schritt 2: Das Schiedsgericht") {
		t.Errorf("rule:_4_7 %+v: want two examples as parts, the steps in the first", a7)
	}
	if a := d.Item("rule:_4_2-B"); a == nil || a.Text == "" || !strings.HasPrefix(a.Text, "Ein Angebot bleibt") {
		t.Errorf("rule:_4_2-B: want its first sentence as the title and the rest as its text")
	}
}

// clubPDF writes clubRules as a PDF: headings in 14-point bold, centred;
// text in 10-point Helvetica, bold where the DOCX is; a new page for the
// title page of each part; a footer "Seite N" on every page.
func clubPDF(paras [][2]string) []byte {
	latin := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			switch {
			case r == '(' || r == ')' || r == '\\':
				b.WriteString(`\` + string(r))
			case r < 0x80:
				b.WriteRune(r)
			default:
				fmt.Fprintf(&b, `\%03o`, r) // WinAnsi agrees with Latin-1 here
			}
		}
		return b.String()
	}
	var pages []string
	var page strings.Builder
	y := 700
	flush := func() {
		fmt.Fprintf(&page, "BT /F1 10 Tf 290 30 Td (Seite %d) Tj ET\n", len(pages)+1)
		pages = append(pages, page.String())
		page.Reset()
		y = 700
	}
	for i, p := range paras {
		if p[0] == "h" && i > 0 && paras[i-1][0] != "h" && y < 700 {
			flush()
		}
		switch p[0] {
		case "h":
			fmt.Fprintf(&page, "BT /F2 14 Tf %d %d Td (%s) Tj ET\n", 306-len(p[1])*4, y, latin(p[1]))
			y -= 22
			continue
		case "b":
			fmt.Fprintf(&page, "BT /F2 10 Tf 72 %d Td (%s) Tj ET\n", y, latin(p[1]))
		case "l":
			head, tail, _ := strings.Cut(p[1], "|")
			fmt.Fprintf(&page, "BT /F2 10 Tf 72 %d Td (%s) Tj /F1 10 Tf (%s) Tj ET\n", y, latin(head), latin(tail))
		default:
			fmt.Fprintf(&page, "BT /F1 10 Tf 72 %d Td (%s) Tj ET\n", y, latin(strings.ReplaceAll(p[1], "_", "")))
		}
		y -= 14
	}
	flush()
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", ""}
	var kids []string
	const fonts = 3 // objects 3 and 4
	objs = append(objs,
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	for _, c := range pages {
		n := len(objs) + 1
		kids = append(kids, fmt.Sprintf("%d 0 R", n))
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>", n+1, fonts, fonts+1),
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(c), c))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages))
	return pdftest.File(objs, "")
}

// TestPublicationLayoutPDF reads clubRules as a PDF: the same items as
// the DOCX (ids, kinds, titles, sections, texts, part labels), the page
// footers dropped.
func TestPublicationLayoutPDF(t *testing.T) {
	pdf, err := ingest.Options{}.Bytes("klub.pdf", clubPDF(clubRules))
	if err != nil {
		t.Fatal(err)
	}
	checkClubRules(t, pdf)
	docx, err := ingest.Options{}.Bytes("klub.docx", clubDOCX(t, clubRules))
	if err != nil {
		t.Fatal(err)
	}
	if len(pdf.Items) != len(docx.Items) {
		t.Fatalf("%d items from the PDF, %d from the DOCX", len(pdf.Items), len(docx.Items))
	}
	for i, a := range pdf.Items {
		b := docx.Items[i]
		if a.ID != b.ID || a.Kind != b.Kind || a.Title != b.Title || a.Section != b.Section || corpus.Fold(a.Text) != corpus.Fold(b.Text) || !slices.Equal(labels(a.Parts), labels(b.Parts)) {
			t.Errorf("pdf %s %q %q %q\ndocx %s %q %q %q", a.ID, a.Title, a.Section, a.Text, b.ID, b.Title, b.Section, b.Text)
		}
	}
}

// TestPublicationRunInDivision reads a short form whose last paragraph
// starts with a bold run that names the divisions it leaves out ("Empfohlene
// Verfahren und Nachtrag: siehe ..."): a division's heading run in to its
// text, which ends the last rule and is that division's preamble, not text
// of the rule.
func TestPublicationRunInDivision(t *testing.T) {
	paras := [][2]string{
		{"h", "Schachklub Hafen e.V."},
		{"p", "Kurzfassung der Turnierordnung 2031."},
		{"h", "Allgemeines"},
		{"b", "1. Bedenkzeit"}, {"p", "Jede Partie wird mit Uhr gespielt."},
		{"b", "2. Remis"}, {"p", "Remis wird nach dem eigenen Zug angeboten."},
		{"b", "3. Telefone"}, {"p", "Telefone bleiben aus."},
		{"l", "Empfohlene Verfahren und Nachtrag: |siehe die Langfassung auf der Website des Vereins."},
	}
	d, err := ingest.Options{}.Bytes("kurz.docx", clubDOCX(t, paras))
	if err != nil {
		t.Fatal(err)
	}
	r3 := d.Item("rule:3")
	if r3 == nil || r3.Text != "Telefone bleiben aus." {
		t.Fatalf("rule:3 %+v: want its own text only", r3)
	}
	last := d.Items[len(d.Items)-1]
	if last.Kind != corpus.KindPreamble || last.Section != "Empfohlene Verfahren" || !strings.HasPrefix(last.Text, "Empfohlene Verfahren und Nachtrag: siehe die Langfassung") {
		t.Errorf("last item %+v: want the preamble of the procedures, all of the paragraph", last)
	}
}
