package ingest_test

import (
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// kindRenames are the ways kindWordsPublications rewrites a kind's name:
// random letters of its script that no list holds, a word of another
// language that no list holds, and nothing.
var kindRenames = []string{"unseen", "other language", "removed"}

// kindRename is the name span rewritten as how says.
func kindRename(rng *rand.Rand, how, span string) string {
	switch how {
	case "unseen":
		return unseenWord(rng, span)
	case "other language":
		return "Анықтамалар" // Kazakh: in no list
	}
	return ""
}

// renameKinds rewrites in s every name of a kind that s holds
// (ingest.KindName: s is a title or a bold run, at most a title long),
// and returns the new text and the names rewritten. A name of two
// letters ("RP") names a kind only as the letters a label prints joined
// to its number ("RP-1"): those are the label as printed, which the id
// keeps, and stay.
func renameKinds(rng *rand.Rand, how, s string) (string, []string) {
	var names []string
	out, from := s, 0
	for range 4 {
		span := ingest.KindName(out[from:])
		if span == "" {
			break
		}
		k := strings.Index(out[from:], span)
		if k < 0 {
			break
		}
		at := from + k
		if runeLen(span) <= 2 {
			from = at + len(span)
			continue
		}
		out = out[:at] + kindRename(rng, how, span) + out[at+len(span):]
		names = append(names, span)
	}
	return out, names
}

// kindWordsPublications: the publications of the real corpus (the TDA
// DOCX and PDF files), with the kind names their headings and bold runs
// print ("Recommended Procedures", "Illustration Addendum") rewritten
// three ways (kindRenames), must give the ids and numbers of the file as
// published. With the letters their labels print joined to the number
// ("RP" of "RP-1") rewritten as two capitals no list holds, everywhere,
// as well as the kind names as random letters, they must give them too,
// those letters read back: whether a label keeps its letters in its
// number follows what it prints, not whether its letters or its
// division's heading name a kind.
// A DOCX is rewritten in its word/document.xml, run by run; a PDF, whose
// text cannot be edited in the file, in the lines of text the PDF reader
// takes from its pages (ingest.PDFFromLinesBold), each line keeping its
// place, its type and the reach of its bold run.
func kindWordsPublications(t *testing.T) {
	for k, f := range []string{"tda/tda-2022-shortform-en", "tda/tda-2024-longform-en"} {
		t.Run(f+".docx", func(t *testing.T) {
			data, err := os.ReadFile(testcorpus.Path(t, f+".docx"))
			if err != nil {
				t.Fatal(err)
			}
			orig, err := ingest.Options{}.Bytes("x.docx", data)
			if err != nil {
				t.Fatal(err)
			}
			xml := docxPart(t, data, "word/document.xml")
			rng := rand.New(rand.NewPCG(uint64(k), 37))
			unseen := xml // the kind names rewritten as random letters
			for _, how := range kindRenames {
				var names []string
				x := docxParaRe.ReplaceAllStringFunc(xml, func(p string) string {
					var got []string
					out := docxTextRe.ReplaceAllStringFunc(p, func(m string) string {
						s := docxTextRe.FindStringSubmatch(m)
						if runeLen(s[2]) > 80 {
							return m
						}
						text, ns := renameKinds(rng, how, s[2])
						got = append(got, ns...)
						return s[1] + text + s[3]
					})
					if len(got) == 0 || !lettersLeft(docxTextRe.FindAllStringSubmatch(out, -1)) {
						return p // the names are all the paragraph says: nothing left to read
					}
					names = append(names, got...)
					return out
				})
				if len(names) == 0 {
					t.Fatalf("%s: no kind name rewritten: the case tests nothing", how)
				}
				if how == "unseen" {
					unseen = x
				}
				d, err := ingest.Options{}.Bytes("x.docx", docxWith(t, data, "word/document.xml", x))
				if err != nil {
					t.Fatalf("%s: %v", how, err)
				}
				if got, want := idNumbers(d, ""), idNumbers(orig, ""); got != want {
					t.Errorf("kind names %s (%d, e.g. %q): ids differ from the file's as published: %s", how, len(names), names[0], firstDiff(got, want))
				}
			}
			letters, n := labelLetters(rng), 0
			x := docxTextRe.ReplaceAllStringFunc(unseen, func(m string) string {
				s := docxTextRe.FindStringSubmatch(m)
				text := kindLetters.ReplaceAllString(s[2], letters)
				n += len(kindLetters.FindAllString(s[2], -1))
				return s[1] + text + s[3]
			})
			if n == 0 {
				t.Fatal("no label prints letters that name a kind: the case tests nothing")
			}
			d, err := ingest.Options{}.Bytes("x.docx", docxWith(t, data, "word/document.xml", x))
			if err != nil {
				t.Fatalf("label letters: %v", err)
			}
			if got, want := idNumbers(d, letters), idNumbers(orig, ""); got != want {
				t.Errorf("label letters RP as %s (%d): ids or numbers differ from the file's as published: %s", letters, n, firstDiff(got, want))
			}
		})
		t.Run(f+".pdf", func(t *testing.T) {
			data, err := os.ReadFile(testcorpus.Path(t, f+".pdf"))
			if err != nil {
				t.Fatal(err)
			}
			lines, err := ingest.PDFLines(data)
			if err != nil {
				t.Fatal(err)
			}
			bold, all, err := ingest.PDFBoldRunes(data)
			if err != nil {
				t.Fatal(err)
			}
			from := make([]int, len(lines))
			for i := range from {
				from[i] = i
			}
			orig, err := ingest.PDFFromLines(data, from, lines)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(k), 38))
			unseen, unseenRuns := lines, bold // the kind names rewritten as random letters
			for _, how := range kindRenames {
				texts, runs := make([]string, len(lines)), make([]int, len(lines))
				var names []string
				for i, l := range lines {
					texts[i], runs[i] = l, bold[i]
					if bold[i] == 0 {
						continue
					}
					// The bold run the line starts with (all of it where
					// the line is all bold), the rest kept.
					end := len(l)
					if !all[i] {
						end = glyphEnd(l, bold[i])
					}
					run, got := renameKinds(rng, how, l[:end])
					if len(got) == 0 || !strings.ContainsFunc(run+l[end:], unicode.IsLetter) {
						continue // the names are all the line says: nothing left to read
					}
					names = append(names, got...)
					texts[i] = run + l[end:]
					runs[i] = bold[i] - glyphs(l[:end]) + glyphs(run)
				}
				if len(names) == 0 {
					t.Fatalf("%s: no kind name rewritten: the case tests nothing", how)
				}
				if how == "unseen" {
					unseen, unseenRuns = texts, runs
				}
				d, err := ingest.PDFFromLinesBold(data, from, texts, runs)
				if err != nil {
					t.Fatalf("%s: %v", how, err)
				}
				if got, want := idNumbers(d, ""), idNumbers(orig, ""); got != want {
					t.Errorf("kind names %s (%d, e.g. %q): ids differ from the file's as published: %s", how, len(names), names[0], firstDiff(got, want))
				}
			}
			letters, n := labelLetters(rng), 0
			texts := make([]string, len(lines))
			for i, l := range unseen {
				texts[i] = kindLetters.ReplaceAllString(l, letters)
				n += len(kindLetters.FindAllString(l, -1))
			}
			if n == 0 {
				t.Fatal("no label prints letters that name a kind: the case tests nothing")
			}
			d, err := ingest.PDFFromLinesBold(data, from, texts, unseenRuns)
			if err != nil {
				t.Fatalf("label letters: %v", err)
			}
			if got, want := idNumbers(d, letters), idNumbers(orig, ""); got != want {
				t.Errorf("label letters RP as %s (%d): ids or numbers differ from the file's as published: %s", letters, n, firstDiff(got, want))
			}
		})
	}
}

// kindLetters are the letters the TDA's procedures print joined to
// their numbers ("RP-1", "RP-10-H"), which name a kind (kinds.txt).
var kindLetters = regexp.MustCompile(`\bRP\b`)

// labelLetters returns two capitals, drawn at random, that name no kind.
func labelLetters(rng *rand.Rand) string {
	for {
		s := string([]rune{'A' + rng.Int32N(26), 'A' + rng.Int32N(26)})
		if s != "RP" && ingest.KindName(s+"-1") == "" {
			return s
		}
	}
}

// idNumbers lists d's items as "id=number", with letters (where not "")
// read back as the "RP" they replaced.
func idNumbers(d *corpus.Document, letters string) string {
	var b strings.Builder
	for _, it := range d.Items {
		s := it.ID + "=" + it.Number
		if letters != "" {
			s = strings.ReplaceAll(s, letters, "RP")
		}
		b.WriteString(s + " ")
	}
	return strings.TrimSpace(b.String())
}

// glyphs counts the runes of s other than white space.
func glyphs(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

// glyphEnd is the byte offset in s after its first n glyphs.
func glyphEnd(s string, n int) int {
	for i, r := range s {
		if n == 0 {
			return i
		}
		if !unicode.IsSpace(r) {
			n--
		}
	}
	return len(s)
}

// lettersLeft reports whether the texts of a paragraph's runs
// (docxTextRe's matches) hold a letter.
func lettersLeft(runs [][]string) bool {
	for _, m := range runs {
		if strings.ContainsFunc(m[2], unicode.IsLetter) {
			return true
		}
	}
	return false
}

// kindPubCases are made-up publications (clubRules' layout: {style,
// text}) whose headings and bold runs print a kind's name between braces:
// a bold run-in paragraph after the last rule that names the divisions a
// short form leaves out; a bold run-in paragraph under which a numbering
// starts again; a centred heading after the last rule with text under
// it and no number. ids are the ids every reading must give.
var kindPubCases = []struct {
	name  string
	paras [][2]string
	ids   string
}{
	{"short form", [][2]string{
		{"h", "Schachklub Hafen e.V."},
		{"p", "Kurzfassung der Turnierordnung 2031."},
		{"h", "Allgemeines"},
		{"b", "1. Bedenkzeit"}, {"p", "Jede Partie wird mit Uhr gespielt."},
		{"b", "2. Remis"}, {"p", "Remis wird nach dem eigenen Zug angeboten."},
		{"b", "3. Telefone"}, {"p", "Telefone bleiben aus."},
		{"l", "{Empfohlene Verfahren} und {Nachtrag}: |siehe die Langfassung auf der Website des Vereins."},
	}, "pre:1 rule:1 rule:2 rule:3 pre:2"},
	{"run-in restart", [][2]string{
		{"h", "Card Room Rules"},
		{"p", "These rules apply in the card room."},
		{"h", "Seating"},
		{"b", "1. Draw"}, {"p", "Players draw for seats at the start."},
		{"b", "2. Changes"}, {"p", "A player changes seats only with the floor's permission."},
		{"b", "3. Late players"}, {"p", "A late player's chips are posted."},
		{"l", "{Recommended Procedures} of the room: |what the staff should do."},
		{"b", "1. Levels"}, {"p", "Announce the blind level aloud when it changes."},
		{"b", "2. Pots"}, {"p", "Stack the chips of the pot before a payout."},
		{"b", "3. Counts"}, {"p", "Count the chips before a large payout is made."},
	}, "pre:1 rule:1 rule:2 rule:3 rule:_2_1 rule:_2_2 rule:_2_3"},
	{"heading after", [][2]string{
		{"h", "Harbour Club Rules"},
		{"p", "These rules apply at the harbour."},
		{"h", "Mooring"},
		{"b", "1. Bow first"}, {"p", "Boats moor bow first at the pontoons."},
		{"b", "2. Order"}, {"p", "Boats leave in the order they arrived."},
		{"b", "3. Fees"}, {"p", "Fees are paid at the office."},
		{"h", "{Glossary} of the harbour"},
		{"p", "Pontoon: a floating walkway boats moor to. Slipway: the ramp boats are launched from."},
	}, "pre:1 rule:1 rule:2 rule:3 pre:2"},
}

// kindWordsMadeUpPublications: each of kindPubCases, as a DOCX and as a
// PDF, read with the kind's names, with random letters (a to z) in their
// place, with a word of another language and with nothing: the ids must
// be the case's.
func kindWordsMadeUpPublications(t *testing.T) {
	braced := regexp.MustCompile(`\{([^}]*)\}`)
	for k, c := range kindPubCases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(k), 39))
			variant := func(how string) [][2]string {
				out := make([][2]string, len(c.paras))
				for i, p := range c.paras {
					out[i] = p
					text := braced.ReplaceAllStringFunc(p[1], func(s string) string {
						name := s[1 : len(s)-1]
						if how == "" {
							if ingest.KindName(name) != name {
								t.Fatalf("%q names no kind: the case tests nothing", name)
							}
							return name
						}
						switch how {
						case "unseen":
							return latinWord(rng, name)
						case "other language":
							return "Eljárások" // Hungarian, in no list, in Latin-1 as the PDF's fonts are
						}
						return ""
					})
					if how == "removed" && !strings.ContainsFunc(text, unicode.IsLetter) {
						text = braced.ReplaceAllString(p[1], "$1") // nothing left to read
					}
					out[i][1] = text
				}
				return out
			}
			for _, format := range []string{"docx", "pdf"} {
				read := func(how string, paras [][2]string) string {
					t.Helper()
					data := clubPDF(paras)
					if format == "docx" {
						data = clubDOCX(t, paras)
					}
					d, err := ingest.Options{}.Bytes("club."+format, data)
					if err != nil {
						t.Fatalf("%s, %s: %v", format, how, err)
					}
					return itemIDs(d)
				}
				want := read("kind names", variant(""))
				if want != c.ids {
					t.Errorf("%s, kind names: ids %s, want %s", format, want, c.ids)
				}
				for _, how := range kindRenames {
					if got := read(how, variant(how)); got != want {
						t.Errorf("%s, kind names %s: ids differ from the ids with the names: %s", format, how, firstDiff(got, want))
					}
				}
			}
		})
	}
}

// latinWord is unseenWord in the letters a to z, in w's case: a PDF's
// standard fonts (clubPDF) print no other Latin letters.
func latinWord(rng *rand.Rand, w string) string {
	var b strings.Builder
	for _, r := range w {
		switch {
		case unicode.IsUpper(r):
			b.WriteRune('A' + rng.Int32N(26))
		case unicode.IsLetter(r):
			b.WriteRune('a' + rng.Int32N(26))
		}
	}
	return b.String()
}
