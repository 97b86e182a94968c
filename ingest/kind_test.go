package ingest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testgen"
)

// TestNamedKind checks the kinds division headings and label words name,
// in several languages and scripts, and that what names none stays a
// rule: a sentence that mentions procedures, or a word that only
// contains a name.
func TestNamedKind(t *testing.T) {
	for _, c := range []struct {
		in   string
		want corpus.Kind
	}{
		{"Recommended Procedures", corpus.KindRP},
		{"TDA RECOMMENDED PROCEDURES", corpus.KindRP},
		{"RP", corpus.KindRP},
		{"Procedimentos Recomendados", corpus.KindRP},
		{"Procédures recommandées", corpus.KindRP},
		{"推奨手順一覧を開く一覧を閉じる", corpus.KindRP},
		{"권장 절차", corpus.KindRP},
		{"Illustration Addendum", corpus.KindAddendum},
		{"Adendo de ilustrações", corpus.KindAddendum},
		{"イラスト追補", corpus.KindAddendum},
		{"Rules", ""},
		{"General Procedures", ""},
		{"Appendix A", ""},
		{"RPM limits", ""}, // a word that only starts like a name
		{"Addendums", ""},  // nor one that ends longer
		{"Procedures", ""}, // half a name
		{"手順", ""},         // half a name, in a script without spaces
		{"Floors should follow the recommended procedures when a dealer exposes a card during the deal of a hand.", ""},
	} {
		if got := namedKind(c.in); got != c.want {
			t.Errorf("namedKind(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestNamedKindSpan checks the name a division is called by: the
// longest of its kind's names the heading holds, as printed, without the
// year or the words around it that change from edition to edition.
func TestNamedKindSpan(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind corpus.Kind
		name string
	}{
		{"Illustration Addendum 2024 Rules", corpus.KindAddendum, "Illustration Addendum"},
		{"2024 Recommended Procedures,", corpus.KindRP, "Recommended Procedures"},
		{"Procédures recommandées (édition 2031)", corpus.KindRP, "Procédures recommandées"},
		{"推奨手順一覧", corpus.KindRP, "推奨手順"},
		{"Nachtrag mit Beispielen", corpus.KindAddendum, "Nachtrag"},
		{"General Concepts", "", ""},
	} {
		if kind, name := namedKindSpan(c.in); kind != c.kind || name != c.name {
			t.Errorf("namedKindSpan(%q) = %q, %q; want %q, %q", c.in, kind, name, c.kind, c.name)
		}
	}
}

// TestKindsFile checks that every name of the lexicon's kinds names its own kind:
// a name another line's name contains would give the wrong kind.
func TestKindsFile(t *testing.T) {
	for _, n := range divisionNames() {
		if got := namedKind(joinWords(n.words)); got != n.kind {
			t.Errorf("lexicon kinds: %v names %q, listed under %q", n.words, got, n.kind)
		}
	}
}

func joinWords(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += " "
		}
		s += w
	}
	return s
}

// TestListsAsTextWarn checks that a short list numbered again right
// under a heading that prints a number, which the numbering keeps as
// that heading's text, is a warning (so --strict fails) rather than
// silent; and that the same list under a heading that prints no number
// is a division of its own, items with the same ids whether the heading
// names their kind or not.
func TestListsAsTextWarn(t *testing.T) {
	doc := func(heading string) string {
		return "# Reglas\n\n## Juego\n\n1. El jugador protege su mano en todo momento.\n2. Las fichas quedan a la vista sobre la mesa.\n3. Quien abandona la mesa pierde el bote.\n4. La decisión del director es definitiva.\n\n## " + heading +
			"\n\n1. Un jugador apuesta y otro iguala sin mirar.\n2. Dos jugadores van all-in en la misma mano.\n3. El crupier expone una carta antes de tiempo.\n"
	}
	d, err := Options{}.Bytes("x.md", []byte(doc("5. Anexos")))
	if err != nil {
		t.Fatal(err)
	}
	warned := false
	for _, n := range d.Notes {
		warned = warned || strings.HasPrefix(n, WarningNote+"lists numbered again under a heading") && strings.Contains(n, `1-3 under "5. Anexos"`)
	}
	if !warned {
		t.Errorf("no warning for the list left as text; notes: %q", d.Notes)
	}
	ids := map[string]string{}
	for _, h := range []string{"Anexos", "Procedimientos recomendados"} {
		d, err = Options{}.Bytes("x.md", []byte(doc(h)))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, it := range d.Items {
			b.WriteString(it.ID + " ")
		}
		ids[h] = b.String()
		for _, n := range d.Notes {
			if strings.HasPrefix(n, WarningNote) {
				t.Errorf("%s: unexpected warning: %s", h, n)
			}
		}
	}
	if want := "rule:1 rule:2 rule:3 rule:4 rule:_2_1 rule:_2_2 rule:_2_3 "; ids["Anexos"] != want {
		t.Errorf("under \"Anexos\": ids %s, want %s", ids["Anexos"], want)
	}
	if ids["Procedimientos recomendados"] != ids["Anexos"] {
		t.Errorf("ids under a heading that names the kind %s, under one that names none %s", ids["Procedimientos recomendados"], ids["Anexos"])
	}
	if n := d.Count(corpus.KindRP); n != 3 {
		t.Errorf("%d rp items under a heading that names the kind, want 3 (the kind labels them)", n)
	}
}

// TestKindWordsAtFast holds kindWordsAt, which takes ASCII letters,
// digits and spaces without folding them one by one, to the path that
// folds and lowers every rune (kindWordsAtSlow, the code before the
// shortcut), on random texts of ASCII, typographic punctuation, white
// space, unspaced scripts, marks, full-width forms and bytes that are
// not UTF-8.
func TestKindWordsAtFast(t *testing.T) {
	pieces := append([]string{"Rule", "RP", "a1", "Z", "z", "9", "0", " ", "  ", "\t", "\n", "`", "-", "_", ".", "İ", "ẞ", "Ａ", "１", "é", "e\u0301", "推奨手順", "一覧", "ก", "Ω", "ǅ", "\u200b", "\u00ad"}, testgen.JSONPieces...)
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		s := testgen.Text(rng, pieces, 12)
		w, at := kindWordsAt(s)
		ww, wat := kindWordsAtSlow(s)
		if !slices.Equal(w, ww) || !slices.Equal(at, wat) {
			t.Fatalf("kindWordsAt(%q) = %q %v, want %q %v", s, w, at, ww, wat)
		}
	}
}

// kindWordsAtSlow is kindWordsAt without its ASCII shortcut.
func kindWordsAtSlow(s string) ([]string, [][2]int) {
	var out []string
	var at [][2]int
	var w strings.Builder
	start := -1
	flush := func(end int) {
		if w.Len() > 0 {
			out = append(out, w.String())
			at = append(at, [2]int{start, end})
			w.Reset()
		}
		start = -1
	}
	for i, r0 := range s {
		end := i + utf8.RuneLen(r0)
		f := strings.ToLower(corpus.Fold(string(r0)))
		if f == "" {
			flush(i)
		}
		for _, r := range f {
			switch {
			case unspaced(r):
				flush(i)
				out = append(out, string(r))
				at = append(at, [2]int{i, end})
			case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
				if start < 0 {
					start = i
				}
				w.WriteRune(r)
			default:
				flush(i)
			}
		}
	}
	flush(len(s))
	return out, at
}
