package ingest

import (
	"cmp"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unsafe"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testgen"
)

// TestPartPrefilters holds the cheap look that spares letterParts its
// expression to that expression: on random texts of labels, letters,
// white space and punctuation, a text the look turns away has no match
// that letterParts would read.
func TestPartPrefilters(t *testing.T) {
	pieces := []string{"A", "B", "a", "b", "x", "ç", "エ", "1", " ", "  ", "\t", "\n", "\v", ".", ":", "：", ")", "）", "(", "（", "。", "；", "A.", "A :", "A\n)", "word "}
	r := rand.New(rand.NewPCG(16, 1))
	for range 200000 {
		text := testgen.Text(r, pieces, 8)
		if !hasLetterA(text) {
			for _, m := range letterMarkRe.FindAllStringSubmatchIndex(text, -1) {
				if text[m[2]] == 'A' {
					t.Fatalf("hasLetterA(%q) is false, but letterMarkRe finds label A at %d", text, m[2])
				}
			}
		}
	}
}

// TestEnumMarks holds enumMarks to enumMarkRe, whose matches it finds by
// hand, on random texts of letters of several scripts, digits, white
// space and what \s does not take, parentheses, and bytes that are not
// UTF-8.
func TestEnumMarks(t *testing.T) {
	pieces := []string{"a", "b", "Z", "ç", "エ", "ー", "字", "1", "9", "٣", " ", "\t", "\n", "\f", "\r", "\v", "\u00a0", "\u3000", ")", "）", "(", "（", ".", "\xe3", "\xa9", "\xe3\x81", "word "}
	r := rand.New(rand.NewPCG(16, 2))
	for range 200000 {
		text := testgen.Text(r, pieces, 10)
		got, want := enumMarks(text), enumMarkRe.FindAllStringSubmatchIndex(text, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("enumMarks(%q) = %v, enumMarkRe finds %v", text, got, want)
		}
	}
}

// TestTableSharesText: the cells of a row printed plainly are the
// table's own text, not the reader's copy of the row (which would be
// held beside the text while the table is read); a quoted cell, a CRLF
// line end and a blank line before a row read as before.
func TestTableSharesText(t *testing.T) {
	text := "number\ttitle\ttext\n1\tStart\tThe game starts.\n\n2\t\"Deal, \"\"cards\"\"\"\tThe dealer deals.\r\n3\tEnd\tThe game ends."
	d := &corpus.Document{}
	if err := parseTable(text, '\t', "", d); err != nil {
		t.Fatal(err)
	}
	in := func(s string) bool {
		p, start := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(text)))
		return p >= start && p < start+uintptr(len(text))
	}
	want := []struct{ number, title, text string }{{"1", "Start", "The game starts."}, {"2", `Deal, "cards"`, "The dealer deals."}, {"3", "End", "The game ends."}}
	if len(d.Items) != len(want) {
		t.Fatalf("%d items, want %d", len(d.Items), len(want))
	}
	for i, w := range want {
		it := d.Items[i]
		if it.Number != w.number || it.Title != w.title || it.Text != w.text {
			t.Errorf("item %d: %q %q %q, want %q %q %q", i, it.Number, it.Title, it.Text, w.number, w.title, w.text)
		}
	}
	if it := d.Items[0]; !in(it.Title) || !in(it.Text) {
		t.Error("row 1, printed plainly: its cells are copies, not the table's text")
	}
	if it := d.Items[2]; !in(it.Title) || !in(it.Text) {
		t.Error("row 3, after a quoted row: its cells are copies, not the table's text")
	}
}

// TestInlineLabel holds inlineLabel, which reads a glued label with
// readCore alone, to what readLabel reads there without a prefix word,
// on random texts of digits, capitals, words and label punctuation.
func TestInlineLabel(t *testing.T) {
	pieces := []string{"1", "9", "12", "A", "B", "Z", "I", "V", "a", "b", "x", "Rule", "§", "第", "条", ".", ")", "(", ":", "-", " ", "  ", "\n", "é"}
	r := rand.New(rand.NewPCG(16, 3))
	for range 200000 {
		var b strings.Builder
		b.WriteString(" ")
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		got, gok := inlineLabel(text, 1)
		want, wok := readLabel(text[1:])
		wok = wok && want.term != "" && want.prefix == "" && text[1] < 0x80 && (text[1] >= '0' && text[1] <= '9' || text[1] >= 'A' && text[1] <= 'Z')
		if gok != wok || gok && !reflect.DeepEqual(got, want) {
			t.Fatalf("inlineLabel(%q) = %+v, %v; readLabel reads %+v, %v", text, got, gok, want, wok)
		}
	}
}

// TestMayWordNumber holds the look that spares findParts readPartLabel
// to readPartLabel: on random lines of words, marks, numbers, numerals
// that \d does not take, white space and the labels' punctuation, a line
// mayWordNumber turns away has no label of a word and a number, and many
// lines have one.
func TestMayWordNumber(t *testing.T) {
	pieces := []string{"Example 2:", "Caso 3.", "例1：", "Step 1-A:", "\u0301x 2:", "Example", "Caso", "例", "e", "\u0301", "Ⅻ", "١", "٣", "１", "1", "12", "1234", "-", "A", "b", ".", ":", "：", " ", "\t", "\u00a0", "(", ")", "§"}
	r := rand.New(rand.NewPCG(16, 5))
	labelled := 0
	for range 100000 {
		var b strings.Builder
		for range 1 + r.IntN(7) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		ln := b.String()
		l, ok := readPartLabel(ln, nil)
		has := ok && l.word != "" && l.comps != nil
		if has {
			labelled++
		}
		if has && !mayWordNumber(ln) {
			t.Fatalf("mayWordNumber(%q) is false, but readPartLabel reads %q %v", ln, l.word, l.comps)
		}
	}
	if labelled < 5000 {
		t.Fatalf("only %d random lines hold a label: the test is too weak", labelled)
	}
}

// TestParaLetterTwo holds paraLetterTwo to the count of paraLetterParts
// on random texts of lettered lines in and out of sequence.
func TestParaLetterTwo(t *testing.T) {
	pieces := []string{"A: ", "B. ", "C: ", "A) ", "B: x", "a: ", "text ", "\n", "\nA: ", "\nB. ", "\n", " ", "Rule 1. ", "1. "}
	r := rand.New(rand.NewPCG(16, 6))
	two := 0
	for range 50000 {
		text := testgen.Text(r, pieces, 12)
		want := len(paraLetterParts(text)) >= 2
		if paraLetterTwo(text) != want {
			t.Fatalf("paraLetterTwo(%q) = %v, paraLetterParts finds %d parts", text, !want, len(paraLetterParts(text)))
		}
		if want {
			two++
		}
	}
	if two < 1000 {
		t.Fatalf("only %d random texts have two lettered parts: the test is too weak", two)
	}
}

// TestParaLetter holds paraLetter, which looks at the first rune before
// it reads a label, to readLabel on random lines of lettered labels in
// ASCII, full-width and look-alike capitals, prefix words, parentheses,
// CJK and circled labels and white space.
func TestParaLetter(t *testing.T) {
	pieces := []string{"A", "B", "C", "Ａ", "В", "С", "Α", "a", "I", "IV", ":", ".", "：", "．", ")", "(", "（", "第", "条", "①", " ", "\t", "\u00a0", "Rule ", "§", "1", "x", "\n", "A: ", "B. ", " C: ", "Ａ．", "В: ", "(A) "}
	r := rand.New(rand.NewPCG(16, 9))
	labelled := 0
	for range 200000 {
		ln := testgen.Text(r, pieces, 6)
		for _, want := range []rune{'A', 'B', 'C'} {
			l, ok := readLabel(ln)
			ok = ok && l.prefix == "" && len(l.comps) == 1 && l.comps[0].kind == compUpper && rune(l.comps[0].s[0]) == want && (l.term == ":" || l.term == ".")
			got, gok := paraLetter(ln, want)
			if gok != ok || ok && !reflect.DeepEqual(got, l) {
				t.Fatalf("paraLetter(%q, %q) = %+v, %v; readLabel reads %+v, %v", ln, want, got, gok, l, ok)
			}
			if ok {
				labelled++
			}
		}
	}
	if labelled < 5000 {
		t.Fatalf("only %d random lines are lettered paragraphs: the test is too weak", labelled)
	}
}

// TestIsRegNumber holds isRegNumber to the expression it replaces on
// random strings of digits, letters of both cases, pluses and others.
func TestIsRegNumber(t *testing.T) {
	re := regexp.MustCompile(`^[0-9A-Z][0-9a-z]*(\+*)$`)
	pieces := []string{"1", "9", "0", "A", "Z", "a", "z", "k", "+", "++", "-", ".", " ", "\n", "é", "Ａ", "_"}
	r := rand.New(rand.NewPCG(16, 7))
	yes := 0
	for range 100000 {
		s := testgen.Text(r, pieces, 7)
		want := re.MatchString(s)
		if isRegNumber(s) != want {
			t.Fatalf("isRegNumber(%q) = %v, the expression says %v", s, !want, want)
		}
		if want {
			yes++
		}
	}
	if yes < 5000 {
		t.Fatalf("only %d random strings are numbers: the test is too weak", yes)
	}
}

// TestNoPartsWithoutText: builder.finish makes a numbered heading
// without text a section before it finds the items' parts, which holds
// only while no part finder finds parts in an empty text.
func TestNoPartsWithoutText(t *testing.T) {
	for name, parts := range map[string][]corpus.Part{
		"enumParts": enumParts(""), "letterParts": letterParts(""), "lineParts": lineParts(""),
		"paraLetterParts": paraLetterParts(""), "wordParts": wordParts("", map[string]int{"example": 3}),
	} {
		if parts != nil {
			t.Errorf("%s(\"\") = %v, want none", name, parts)
		}
	}
}

// TestMayStartWith holds the look that spares childRun inlineLabel to
// inlineLabel: on random texts of numbers (with leading zeros and
// full-width digits), letters, roman numerals, look-alikes and label
// punctuation, every label inlineLabel reads after a space starts with
// a component c for which mayStartWith is true, and mayStartWith turns
// away most other components; afterSpace, which spares childRun and
// gluedLabel the offsets no space precedes, passes none inlineLabel
// reads a label at.
func TestMayStartWith(t *testing.T) {
	pieces := []string{"1", "9", "0", "09", "12", "１", "２", "A", "B", "C", "I", "V", "X", "IV", "a", "b", "В", "Ａ", ".", "．", "․", ")", "(", ":", "-", "+", " ", " ", "\n", "é", " 1.", " 09.", " A.", " IV)", " 1.2.", " 12.a:", " B.1."}
	var comps []comp
	for _, p := range []string{"0", "1", "2", "9", "12", "90", "A", "B", "C", "I", "V", "X", "IV", "XII", "a", "b"} {
		l, ok := readLabel(p + ".")
		if !ok || len(l.comps) != 1 {
			t.Fatalf("readLabel(%q.) reads %+v, %v", p, l, ok)
		}
		comps = append(comps, l.comps[0])
	}
	r := rand.New(rand.NewPCG(16, 8))
	same, turned := 0, 0
	for range 100000 {
		text := " " + testgen.Text(r, pieces, 8)
		for i := 1; i < len(text); i++ {
			l, ok := inlineLabel(text, i)
			// afterSpace skips no offset inlineLabel reads a label at.
			if k := afterSpace(text, i); ok && k != i {
				t.Fatalf("afterSpace(%q, %d) = %d, but inlineLabel reads %+v at %d", text, i, k, l, i)
			} else if k >= 0 && text[k-1] != ' ' {
				t.Fatalf("afterSpace(%q, %d) = %d, after no space", text, i, k)
			} else if end := cmp.Or(max(k, 0), len(text)); strings.Contains(text[i-1:end-1], " ") {
				t.Fatalf("afterSpace(%q, %d) = %d skips a space", text, i, k)
			}
			for _, c := range comps {
				may := mayStartWith(text, i, c)
				switch {
				case ok && l.comps[0].s == c.s && !may:
					t.Fatalf("mayStartWith(%q, %d, %q) is false, but inlineLabel reads %+v", text, i, c.s, l)
				case ok && l.comps[0].s == c.s:
					same++
				case ok && !may:
					turned++
				}
			}
		}
	}
	if same < 10000 || turned < 10000 {
		t.Fatalf("%d labels read that start with a component, %d turned away: the test is too weak", same, turned)
	}
}
