package corpus

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/internal/testgen"
	"golang.org/x/text/unicode/norm"
)

func TestFold(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"ＲＵＬＥ　３６", "RULE 36"},
		{"“All-in” – ‘call’", `"All-in" - 'call'`},
		{"wait…  for\n\tit", "wait... for it"},
		{"ルール第７１項－Ｂ", "ルール第71項-B"},
		{"10,500 − 2", "10,500 - 2"},
		// A control character between a letter and its accent is dropped
		// and the two are composed, so that Fold is a fixed point.
		{"A\x00\u0300", "\u00c0"},
		{"\xef\xbcA\x00\u0300", "\ufffd\u00c0"},
		{"00\xf3\u02b7", "00\ufffdw"}, // the byte that is no UTF-8 does not hide the ʷ from NFKC
		// The joiners Clean keeps are typography to a comparison.
		{"می\u200cشود ප්\u200dර", "میشود ප්ර"},
		{"क्\u200dष\u2060", "क्ष"},
	} {
		if got := Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := string(AppendFold([]byte("x"), c.in)); got != "x"+c.want {
			t.Errorf("AppendFold(x, %q) = %q, want %q", c.in, got, "x"+c.want)
		}
		if Fold(Fold(c.in)) != Fold(c.in) {
			t.Errorf("Fold is not idempotent on %q", c.in)
		}
	}
}

func TestClean(t *testing.T) {
	in := "A\u00a0 player\u200b must\r\n\r\n\r\n  act\u3000now. "
	if got, want := Clean(in), "A player must\n\nact now."; got != want {
		t.Errorf("Clean = %q, want %q", got, want)
	}
	// ZWNJ and ZWJ spell Persian می‌شود and the Sinhala ප්‍ර: kept, where
	// the other invisible characters go.
	if got, want := Clean("\ufeffمی\u200cشود ප්\u200dර\u00ad\u2060"), "می\u200cشود ප්\u200dර"; got != want {
		t.Errorf("Clean = %q, want %q", got, want)
	}
	if got, want := CleanLines("  می\u200cشود\u200b\n"), "  می\u200cشود\n"; got != want {
		t.Errorf("CleanLines = %q, want %q", got, want)
	}
	if got := Len("می\u200cشود"); got != 5 {
		t.Errorf("Len counts the joiner: %d", got)
	}
	// NFC: a decomposed "é" is stored composed.
	if got := Clean("e\u0301"); got != "é" {
		t.Errorf("Clean did not compose: %q", got)
	}
}

func TestJoinLines(t *testing.T) {
	v := Vocabulary{}
	v.AddText("The tournament director decides.\nA re-entry is allowed. A two-step process.")
	for _, c := range []struct {
		lines []string
		want  string
	}{
		{[]string{"the tour-", "nament starts"}, "the tournament starts"}, // "tournament" is a word of the document
		{[]string{"each re-", "entry pays"}, "each re-entry pays"},        // the document writes "re-entry"
		{[]string{"a two-", "step process"}, "a two-step process"},        // "twostep" is no word
		{[]string{"プレイヤーは", "席にいる。"}, "プレイヤーは席にいる。"},                      // CJK joins without a space
		{[]string{"Rule 36", "applies"}, "Rule 36 applies"},
		{[]string{"Note: 2-", "motion raises"}, "Note: 2-motion raises"}, // a compound after a digit
		{[]string{"blinds 1000-", "2000"}, "blinds 1000-2000"},
		{[]string{"a pause -", "then play"}, "a pause - then play"},          // a dash, not a hyphen
		{[]string{"3x3x3 One-", "Handed events"}, "3x3x3 One-Handed events"}, // a compound of capitals
		{[]string{"a pause -", "Then play"}, "a pause - Then play"},
		{[]string{"NLHE で", "play"}, "NLHE で play"},
	} {
		if got := JoinLines(c.lines, v); got != c.want {
			t.Errorf("JoinLines(%q) = %q, want %q", c.lines, got, c.want)
		}
	}
	if got := JoinLines([]string{"the tour-", "nament"}, nil); got != "the tour-nament" {
		t.Errorf("JoinLines without vocabulary = %q; a hyphen must be kept when no vocabulary vouches", got)
	}
}

func TestRefs(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"See Rule 45.", []string{"rule:45"}},
		{"Rules 2 and 42 apply", []string{"rule:2", "rule:42"}},
		{"Rules 2, 3 & 42", []string{"rule:2", "rule:3", "rule:42"}},
		{"per Rule 71-B and See also RP-22", []string{"rule:71#B", "rule:RP-22"}},
		{"§45 and §46", []string{"rule:45", "rule:46"}},
		// Dotted numbers are cited whole, not cut at the first dot.
		{"see §4.1(3), §4.2. Under rule 1.2 and rules 1.1, 2.", []string{"rule:4.1", "rule:4.2", "rule:1.2", "rule:1.1", "rule:2"}},
		{"ルール第71項-B参照。第45項も", []string{"rule:71#B", "rule:45"}},
		{"ルール第７１項－Ｂ", []string{"rule:71#B"}},
		{"規則第52号に基づいて", []string{"rule:52"}},
		{"（推奨手順-14: ランダム）", []string{"rule:RP-14"}},
		{"conforme a Regra 43 e a regra 51-B", []string{"rule:43", "rule:51#B"}},
		{"regra nº1", []string{"rule:1"}},
		{"la Regla 5, la Règle 6, die Regel 7", []string{"rule:5", "rule:6", "rule:7"}},
		{"see [Regulation 2k](regulations:regulation:2k) and [規則 A1a](regulations:regulation:A1a)", []string{"rule:2k", "rule:A1a"}},
		{"（参照：[規則 A1a](regulation:A1a)）", []string{"rule:A1a"}}, // a link missing its "regulations:"
		{"[Guideline 1c+](guidelines:guideline:1c+), [Article B](regulations:article:B)", []string{"rule:1c+", "sec:B"}},
		{"第1条：大会役員", nil}, // WCA translations number articles so; not a rule citation
		{"the rules of poker apply", nil},
		// Zero is a number like any other, never an empty id.
		{"rp0", []string{"rule:RP-0"}},
		{"](regulation:+0) [x](guideline:1a++) [y](regulation:1+a)", []string{"rule:1a++"}},
		{"RP-00 and Rule 00", []string{"rule:RP-0", "rule:0"}},
		// Numbers of any length are cited whole.
		{"See Rule 1234 and §12.3456", []string{"rule:1234", "rule:12.3456"}},
		{"RP-1234, ルール第1234項", []string{"rule:RP-1234", "rule:1234"}},
	} {
		if got := Refs(c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Refs(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestSlugAndIDs(t *testing.T) {
	if got := Slug("Seating, Breaking and Balancing Tables"); got != "seating-breaking-and-balancing-tables" {
		t.Errorf("Slug = %q", got)
	}
	if got := Slug("ボタンとブラインド、誰から動く？"); got != "ボタンとブラインド-誰から動く" {
		t.Errorf("Slug = %q", got)
	}
	d := &Document{Items: []Item{
		{Kind: KindRule, Number: "36"},
		{Kind: KindAddendum, Number: "40-A"},
		{Kind: KindSection, Title: "Notes"},
		{Kind: KindSection, Title: "Notes"},
		{Kind: KindRule},
		{ID: "rule:9", Kind: KindRule},
	}}
	AssignIDs(d)
	var ids []string
	for _, it := range d.Items {
		ids = append(ids, it.ID)
	}
	want := []string{"rule:36", "rule:40-A", "sec:_1", "sec:_2", "item:5", "rule:9"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("ids = %v, want %v", ids, want)
	}
}

// TestIsClean: a text isClean passes is one Clean's full work leaves as it
// is, and a text Clean changes is never passed; every string of up to
// four runes from an alphabet of the cases Clean handles (and the ends
// of the printable ASCII isClean passes at once) is tried.
func TestIsClean(t *testing.T) {
	alphabet := []string{"a", "!", "~", "é", "e\u0301", " ", "\n", "\t", "\r", "\u00a0", "\u3000", "\u200b", "\u200c", "\u200d", "\x00", "\x7f", "\ufffd", "\xff", "規"}
	var try func(s string, n int)
	try = func(s string, n int) {
		slow := norm.NFC.String(clean(norm.NFC.String(s)))
		if isClean(s) != (slow == s) {
			t.Errorf("isClean(%q) = %v, but Clean's full work gives %q", s, isClean(s), slow)
		}
		if n == 0 {
			return
		}
		for _, r := range alphabet {
			try(s+r, n-1)
		}
	}
	try("", 4)
}

// TestFoldFastPaths: Fold's ASCII paths agree with the general one (the
// Unicode tests and foldRune) on every string of up to four characters
// from an alphabet of the cases they decide.
func TestFoldFastPaths(t *testing.T) {
	alphabet := []string{"a", "Z", "1", "`", "'", " ", "\t", "\n", "\r", "\v", "\x00", "\x1f", "\x7f", "\u00a0", "é", "‘", "ｂ", "ア", "\u0085", "\u200b", "\u200c"}
	slow := func(s string) string {
		s = norm.NFKC.String(s)
		var b strings.Builder
		space, dropped := false, false
		for _, r := range s {
			if unicode.IsSpace(r) || unicode.Is(unicode.Zs, r) {
				space = true
				continue
			}
			if unicode.IsControl(r) || r == '\ufeff' || r == '\u200b' || r == '\u00ad' || r == '\u2060' || r == '\u200c' || r == '\u200d' {
				dropped = true
				continue
			}
			if f, ok := foldRune[r]; ok {
				r = f
			}
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		}
		if dropped {
			return norm.NFKC.String(b.String())
		}
		return b.String()
	}
	var try func(s string, n int)
	try = func(s string, n int) {
		if got, want := Fold(s), slow(s); got != want {
			t.Errorf("Fold(%q) = %q, want %q", s, got, want)
		}
		if got, want := string(AppendFold([]byte("x"), s)), "x"+slow(s); got != want {
			t.Errorf("AppendFold(x, %q) = %q, want %q", s, got, want)
		}
		if n == 0 {
			return
		}
		for _, r := range alphabet {
			try(s+r, n-1)
		}
	}
	try("", 4)
}

// TestKeepsLines holds CleanLines' shortcut to strings.Map with
// cleanLinesRune: keepsLines is true exactly when the map changes
// nothing, on random strings drawn from ASCII (control characters
// among them), the invisible characters CleanLines removes, other
// letters and invalid bytes, and on the texts of the real corpus.
func TestKeepsLines(t *testing.T) {
	pieces := []string{"a", "Z", " ", "\n", "\t", "\r", "\x00", "\x1f", "\x7f", "~", "é", "e\u0301", "漢", "\ufeff", "\u200b", "\u200d", "\u2060", "\u00ad", "\u200c", "\u0085", "\u009f", "\ufffd", "\xff", "\xe2\x80", "😀"}
	rng := rand.New(rand.NewPCG(7, 8))
	check := func(s string) {
		t.Helper()
		if got, want := keepsLines(s), strings.Map(cleanLinesRune, s) == s; got != want {
			t.Fatalf("keepsLines(%q) = %v, want %v", s, got, want)
		}
	}
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			if rng.IntN(3) == 0 {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			} else {
				b.WriteString(pieces[rng.IntN(2)])
			}
		}
		check(b.String())
	}
	dir := filepath.Join("..", "..", "shared", "corpus") // the real corpus, where it is laid out
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	more, _ := filepath.Glob(filepath.Join(dir, "dev", "*", "*"))
	for _, f := range append(files, more...) {
		if data, err := os.ReadFile(f); err == nil {
			check(string(data))
		}
	}
}

// TestJoinFolded holds JoinFolded of two texts folded apart to the two
// folded together across a line break, on random texts of the pieces
// Fold treats apart (white space, controls, marks that compose, text
// that is not UTF-8, full-width forms).
func TestJoinFolded(t *testing.T) {
	pieces := []string{"a", "B", "e", "x-", "'", "-", "1", " ", "\n", "\t", "\u00a0", "\u3000", "\u0301", "\u3099",
		"\x00", "\x7f", "\xff", "`", "ｆ", "…", "’", "–", "\u200b", "\u00ad", "ｶ", "ﾞ", "が", "ア", "ー", "規則", "İ", "Σ", "ß", "Ａ"}
	r := rand.New(rand.NewPCG(16, 9))
	for range 20000 {
		a, b := testgen.Text(r, pieces, 6), testgen.Text(r, pieces, 10)
		if got, want := JoinFolded(Fold(a), Fold(b)), Fold(a+"\n"+b); got != want {
			t.Fatalf("a %q, b %q: joined %q, folded together %q", a, b, got, want)
		}
	}
}

// TestDropNotes holds DropNotes to the expression it finds by hand
// (noteRe's ReplaceAllString) on random texts of notes, their parts,
// braces, blanks, word characters after "note", line breaks and bytes
// that are not UTF-8.
func TestDropNotes(t *testing.T) {
	pieces := []string{"{{rulesync:note", "{{rulesync:", "note", "{{", "}}", "}", "{", " ", "\t", "\n", "a", "_", "1", "é", "x y", "\xff", "{{rulesync:notes", "{{rulesync:stale}}"}
	r := rand.New(rand.NewPCG(16, 11))
	for range 100000 {
		s := testgen.Text(r, pieces, 12)
		if got, want := DropNotes(s), noteRe.ReplaceAllString(s, ""); got != want {
			t.Fatalf("DropNotes(%q) = %q, the expression %q", s, got, want)
		}
	}
}
