package diff

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// wordRunes are what the generated texts and forms are made of: letters
// and digits, the boundaries around them, letters whose case folds to
// another script's (the Kelvin sign is k, ſ is s), and the forms of the
// shipped equivalences that are no words ("&", "+", "w/").
var wordRunes = []string{"a", "a", "k", "s", "e", "K", "S", "\u212a", "ſ", "é", "É", "ß", "1", "7", "٣",
	" ", " ", " ", "-", "'", ".", "/", "&", "+", "\x00", "\u00a0", "日"}

func randomWord(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(wordRunes[r.IntN(len(wordRunes))])
	}
	return b.String()
}

// wordCases are hand-picked texts and forms: adjacent matches sharing a
// boundary, forms at the edges, forms that are punctuation.
var wordCases = []struct{ s, form string }{
	{" a a ", "a"},
	{" a  a ", "a"},
	{"a a", "a"},
	{"&&", "&"},
	{" & & ", "&"},
	{"he or she or he or she", "he or she"},
	{" see see also see ", "see"},
	{"Ok, OK; ok.", "ok"},
	{"\u212aelvin kelvin", "kelvin"},
	{"w/ w/o w/", "w/"},
	{"a1 1a 1 a", "1"},
	{"", "a"},
	{"aaa", "aa"},
	{" aa aa ", "aa"},
}

// TestWordFinder holds the finder of whole words to the expressions it
// replaces (FindAllStringIndex and ReplaceAllString of
// `([^\pL\pN])FORM([^\pL\pN])`, and of the case-insensitive form with ^ and
// $ that canonical used), on the cases above and on random texts.
func TestWordFinder(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1))
	cases := append([]struct{ s, form string }(nil), wordCases...)
	for range 100 {
		form := randomWord(r, 1+r.IntN(3))
		for range 200 {
			// Texts made of the form and a few runes around it, so
			// that most have matches, often adjacent ones.
			var b strings.Builder
			for range r.IntN(8) {
				if r.IntN(2) == 0 {
					b.WriteString(form)
				} else {
					b.WriteString(randomWord(r, 1+r.IntN(2)))
				}
			}
			cases = append(cases, struct{ s, form string }{b.String(), form})
		}
	}
	res := map[string]*regexp.Regexp{}
	for _, c := range cases {
		for _, f := range []wordFinder{{form: c.form}, {form: c.form, fold: true, edges: true}} {
			expr := `([^\pL\pN])` + regexp.QuoteMeta(f.form) + `([^\pL\pN])`
			if f.edges {
				expr = `(?i)(^|[^\pL\pN])` + regexp.QuoteMeta(f.form) + `($|[^\pL\pN])`
			}
			re := res[expr]
			if re == nil {
				re = regexp.MustCompile(expr)
				res[expr] = re
			}
			if !f.usable(c.s) {
				t.Fatalf("%q: the finder does not read it", c.s)
			}
			var got [][]int
			for _, m := range f.find(c.s, -1) {
				got = append(got, []int{m.start, m.end, m.start, m.formStart, m.formEnd, m.end})
			}
			if want := re.FindAllStringSubmatchIndex(c.s, -1); !equalIndex(got, want) {
				t.Fatalf("%q in %q (fold %v): matches %v, the expression %v", f.form, c.s, f.fold, got, want)
			}
			repl := "<\x00$1>"
			got2, ok := f.replace(c.s, repl)
			// The boundary runes stay; "$" in repl is literal.
			want2 := re.ReplaceAllString(c.s, "${1}"+strings.ReplaceAll(repl, "$", "$$")+"${2}")
			if got2 != want2 || ok != (len(got) > 0) {
				t.Fatalf("%q in %q (fold %v): replaced %q (%v), the expression %q", f.form, c.s, f.fold, got2, ok, want2)
			}
		}
	}
}

func equalIndex(a, b [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

// TestWordFinderInvalid checks that text the finder does not read
// (invalid UTF-8, which the expression reads as U+FFFD) goes to the
// expression.
func TestWordFinderInvalid(t *testing.T) {
	f := wordFinder{form: "a"}
	s := " a\xff a "
	if f.usable(s) {
		t.Fatalf("%q read as valid", s)
	}
	if got, want := f.count(s), 2; got != want {
		t.Errorf("count %q = %d, want %d", s, got, want)
	}
	if got, _ := f.replace(s, "b"); got != " b\xff b " {
		t.Errorf("replace %q = %q", s, got)
	}
}

// TestSentences holds sentences and splitSentences to the expressions
// they replace, `[.!?](?:\s|$)|[。！？]` counted on the trimmed text and
// `[^.!?。！？]+[.!?。！？]+` with FindAllString, on random texts of words,
// marks of both scripts, white space of all kinds and invalid bytes.
func TestSentences(t *testing.T) {
	end := regexp.MustCompile(`[.!?](?:\s|$)|[。！？]`)
	split := regexp.MustCompile(`[^.!?。！？]+[.!?。！？]+`)
	pieces := []string{"a", "bc", "日", ".", "!", "?", "。", "！", "？", " ", "\t", "\n", "\v", "\f", "\r", "\u00a0", "\u3000", "\xff", "\xe3\x80", "…"}
	r := rand.New(rand.NewPCG(16, 5))
	for range 50000 {
		s := testgen.Text(r, pieces, 12)
		if got, want := sentences(s), len(end.FindAllStringIndex(strings.TrimSpace(s), -1)); got != want {
			t.Fatalf("sentences(%q) = %d, the expression %d", s, got, want)
		}
		if got, want := splitSentences(s), split.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Fatalf("splitSentences(%q) = %q, the expression %q", s, got, want)
		}
	}
}

// TestBytePairs checks that the set of byte pairs never rules out a form
// the text contains, and that a set reset after other texts is the set
// made anew (nothing of them left).
func TestBytePairs(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 6))
	var p bytePairs
	for i := range 20000 {
		s := randomWord(r, r.IntN(20))
		f := randomWord(r, 1+r.IntN(3))
		if r.IntN(2) == 0 && len(s) > 0 { // a form cut from the text
			i := r.IntN(len(s))
			f = s[i:min(len(s), i+1+r.IntN(4))]
		}
		p.reset(s)
		if strings.Contains(s, f) && !p.mayHold(f) {
			t.Fatalf("mayHold(%q) is false for %q", f, s)
		}
		if i%100 == 0 {
			var q bytePairs
			q.reset(s)
			if p.bytes != q.bytes || p.pairs != q.pairs {
				t.Fatalf("the set of %q, reset after other texts, is not the set made anew", s)
			}
		}
	}
}

// TestHasWords holds hasWords to counting strings.Fields, on random texts
// of words, white space of several kinds and invalid UTF-8.
func TestHasWords(t *testing.T) {
	pieces := []string{"a", "rule", "é", "席", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\u0085", "\xff", ".", "-"}
	r := rand.New(rand.NewPCG(16, 4))
	for range 20000 {
		s := testgen.Text(r, pieces, 16)
		fields := len(strings.Fields(s))
		for n := 0; n <= 8; n++ {
			if got, want := hasWords(s, n), fields >= n; got != want {
				t.Fatalf("hasWords(%q, %d) = %v, strings.Fields finds %d words", s, n, got, fields)
			}
		}
	}
}
