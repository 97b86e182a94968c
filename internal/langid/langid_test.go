package langid

import (
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// cleanCases are TestClean's: each kind of piece Clean removes, and
// what it keeps.
var cleanCases = []struct{ name, in, want string }{
	{"ids and numbers", "規則 A3b1) により 10.500 点、§4.1(3) を参照", "規則 により 点、 を参照"},
	{"links", "詳しくは https://www.worldcubeassociation.org/regulations/#4f と regulations:regulation:4f を見よ", "詳しくは と を見よ"},
	{"quoted English terms", "Председатель («Chair») и “Technical Committee” (DNF)", "Председатель ( ) и"},
	{"acronyms", "Делегат WCA и DFSG", "Делегат и"},
	{"a long quotation stays", `"the players at the table must not use any electronic device at all times"`, `"the players at the table must not use any electronic device at all times"`},
	{"Cyrillic beside a digit", "14-го августа 2016 года", "го августа года"},
}

func TestClean(t *testing.T) {
	for _, c := range cleanCases {
		t.Run(c.name, func(t *testing.T) {
			if got := Clean(c.in); got != c.want {
				t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// idRe and acronymRe are the expressions removeIDs and removeAcronyms
// were written from, their references.
var (
	idRe      = regexp.MustCompile(`[§#]?[A-Za-z]*[0-9][0-9A-Za-z.,:/()§#+\-]*`)
	acronymRe = regexp.MustCompile(`\b[A-Z][A-Z0-9]+\b`)
)

// cleanByExpressions is Clean as it was first written: the four
// expressions in turn on every text, then the collapsing of white space.
func cleanByExpressions(s string) string {
	s = linkRe.ReplaceAllString(s, " ")
	s = replaceQuotedByExpression(s)
	s = idRe.ReplaceAllString(s, " ")
	s = acronymRe.ReplaceAllString(s, " ")
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '|' || r == '*' || r == '_' || r == '`'
	}), " ")
}

// replaceQuotedByExpression is what replaceQuoted stands for: each
// match of quotedRe of six words or fewer replaced by a space.
func replaceQuotedByExpression(s string) string {
	return quotedRe.ReplaceAllStringFunc(s, func(m string) string {
		if len(strings.Fields(m)) > 6 {
			return m
		}
		return " "
	})
}

// cleanPieces are pieces of text with and without each kind of piece
// Clean removes, and the characters its shortcuts look at.
var cleanPieces = []string{"", "see https://example.org/rules#4f", "WWW.Example.com", "wWw.x", "mail a.b@example.org", "regulations:regulation:4f",
	"as follows: the", "the “Chair” and", "(DNF)", "«Delegate»", "「Judge」", "A3b1)", "§4.1(3)", "10.500", "2021年", "rule 9 says", "the WCA and", "X9", "I am", "ſ:x", "(one two three four five six seven)"}

// TestCleanShortcuts: Clean, which runs an expression only on a text
// that holds what it needs, removes ids and acronyms by hand and keeps a
// text with nothing to collapse, gives what the four expressions in turn
// give, on the samples with and without each kind of piece Clean
// removes; and each shortcut holds on random texts (see
// checkCleanShortcuts).
func TestCleanShortcuts(t *testing.T) {
	data, err := os.ReadFile("testdata/samples.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		_, text, ok := strings.Cut(l, "\t")
		if !ok || strings.HasPrefix(l, "#") {
			continue
		}
		words := strings.Fields(text)
		for _, p := range cleanPieces {
			for _, s := range []string{p + " " + text, strings.Join(words[:len(words)/2], " ") + " " + p + " " + strings.Join(words[len(words)/2:], " "), text + p} {
				n++
				if got, want := Clean(s), cleanByExpressions(s); got != want {
					t.Errorf("Clean(%q) = %q, want %q", s, got, want)
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("%d texts", n)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(16) {
			b.WriteString(cleanAlphabet[rng.IntN(len(cleanAlphabet))])
		}
		checkCleanShortcuts(t, b.String())
	}
}

// cleanAlphabet is what TestCleanShortcuts draws random texts from:
// the characters the expressions and shortcuts look at (those that
// fold to ASCII letters in linkRe's any case, "ſ" and the Kelvin sign,
// among them), other letters and spaces, bytes that are not UTF-8, and
// whole pieces.
var cleanAlphabet = append([]string{"a", "b", "Z", "K", "W", "w", "ſ", "\u212a", "é", "ж", "漢", "0", "4", "§", "#", ".", ",", ":", "/", "(", ")", "+", "-", "_", "@",
	"www.", "http://", "https:", "'", "’", "\"", "“", "”", "„", "«", "»", "‹", "›", "「", "」", "『", "』", "（", "）", "[", "]",
	" ", " ", "  ", "\t", "\n", "\v", "\u00a0", "\u3000", "|", "*", "`", "\xc2", "\xa7", "\xff", "\xe2\x80",
	"Chair", "DNF", "the", "WCA", "X9", "4f", "A3b1", "ab"}, cleanPieces...)

// checkCleanShortcuts checks on s each shortcut of Clean against the
// expression it stands for: removeIDs and removeAcronyms give what the
// expressions replace; where mayLink or mayQuote say no, the
// expression does not match; collapsed holds exactly where collapsing
// leaves s as it is; and Clean is cleanByExpressions.
func checkCleanShortcuts(t *testing.T, s string) {
	t.Helper()
	if got, want := removeIDs(s), idRe.ReplaceAllString(s, " "); got != want {
		t.Fatalf("removeIDs(%q) = %q, want %q", s, got, want)
	}
	if got, want := removeAcronyms(s), acronymRe.ReplaceAllString(s, " "); got != want {
		t.Fatalf("removeAcronyms(%q) = %q, want %q", s, got, want)
	}
	if !mayLink(s) && linkRe.MatchString(s) {
		t.Fatalf("mayLink(%q) is false, but linkRe matches %q", s, linkRe.FindString(s))
	}
	if !mayQuote(s) && quotedRe.MatchString(s) {
		t.Fatalf("mayQuote(%q) is false, but quotedRe matches %q", s, quotedRe.FindString(s))
	}
	if got, want := replaceLinks(s), linkRe.ReplaceAllString(s, " "); got != want {
		t.Fatalf("replaceLinks(%q) = %q, want %q", s, got, want)
	}
	if got, want := replaceQuoted(s), replaceQuotedByExpression(s); got != want {
		t.Fatalf("replaceQuoted(%q) = %q, want %q", s, got, want)
	}
	joined := strings.Join(strings.FieldsFunc(s, cleanSpace), " ")
	if collapsed(s) != (joined == s) || !collapsed(joined) {
		t.Fatalf("collapsed(%q) = %v, collapsed(%q) = %v", s, collapsed(s), joined, collapsed(joined))
	}
	if got := collapse(s); got != joined {
		t.Fatalf("collapse(%q) = %q, want %q", s, got, joined)
	}
	if got, want := Clean(s), cleanByExpressions(s); got != want {
		t.Fatalf("Clean(%q) = %q, want %q", s, got, want)
	}
}

// FuzzCleanShortcuts checks Clean's shortcuts (see checkCleanShortcuts)
// on texts grown from TestClean's and the pieces'.
func FuzzCleanShortcuts(f *testing.F) {
	for _, c := range cleanCases {
		f.Add(c.in)
	}
	for _, p := range cleanAlphabet {
		f.Add(p)
		f.Add("x " + p + "y" + p)
	}
	f.Fuzz(checkCleanShortcuts)
}

// TestSamples reads the hand-written samples of the languages the real
// corpus lacks (testdata/samples.txt): every one right, with the
// confidence lingua-go gives.
func TestSamples(t *testing.T) {
	data, err := os.ReadFile("testdata/samples.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		tag, text, _ := strings.Cut(l, "\t")
		n++
		t.Run(tag, func(t *testing.T) {
			if r := Detect(text); r.Lang != tag {
				t.Errorf("Detect(%.40q) = %v, want %s", text, r, tag)
			}
		})
	}
	if n < 40 {
		t.Errorf("%d samples, want 40", n)
	}
}

// TestShortTexts are the cases the old stopword detector was tested on.
func TestShortTexts(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"プレイヤーは席にいなければならない。", "ja"},
		{"玩家必须在座位上。规则第45条适用于所有比赛。", "zh"},
		{"The player must be at the table when the last card is dealt to the player.", "en"},
		{"O jogador não pode falar durante a mão e a aposta é válida para o dealer.", "pt"},
		{"El jugador no puede hablar durante la mano y la apuesta es de los jugadores.", "es"},
		{"x", "und"},
	} {
		if got := Detect(c.text); got.Lang != c.want {
			t.Errorf("Detect(%.20q) = %v, want %s", c.text, got, c.want)
		}
	}
}

func TestAmongAndKnown(t *testing.T) {
	s := "The Technical Committee and/or its Chair must not vote on their own appointment."
	if r := Among(s, "en", "ja"); r.Lang != "en" || r.Confidence < 0.99 {
		t.Errorf("Among(en, ja) = %v", r)
	}
	if r := Among(s, "en", "gl"); r.Lang != "und" {
		t.Errorf("Among with a language lingua-go lacks = %v, want und", r)
	}
	if r := Detect("Cards speak."); r.Lang != "und" {
		t.Errorf("Detect of 10 letters = %v, want und", r)
	}
	for tag, want := range map[string]bool{"pt-BR": true, "no": true, "iw": true, "gl": false, "und": false} {
		if Known(tag) != want {
			t.Errorf("Known(%s) = %v", tag, !want)
		}
	}
}

// TestDocument: a translation with a quarter of its items left in
// English is in its own language; one mostly in English whose title and
// some items are Korean is Korean, by its title; English is English.
func TestDocument(t *testing.T) {
	ru := "Участникам запрещено пользоваться электронными устройствами во время попытки."
	en := "Competitors must not use electronic devices during an attempt, or the attempt is void."
	ko := "참가자는 시도 중에 전자 기기를 사용할 수 없으며, 위반하면 시도는 무효가 됩니다."
	var mixed, mostlyEnglish, english []string
	for i := 0; i < 40; i++ {
		if i%4 == 3 {
			mixed = append(mixed, en)
		} else {
			mixed = append(mixed, ru)
		}
		if i%8 == 0 {
			mostlyEnglish = append(mostlyEnglish, ko)
		} else {
			mostlyEnglish = append(mostlyEnglish, en)
		}
		english = append(english, en)
	}
	if r := Document("Регламент", mixed); r.Lang != "ru" || r.ByTitle {
		t.Errorf("three quarters Russian: %v", r)
	}
	if r := Document("데비안 헌법", mostlyEnglish); r.Lang != "ko" || !r.ByTitle || r.Majority != "en" {
		t.Errorf("Korean title, an eighth Korean: %v", r)
	}
	if r := Document("데비안 헌법", english); r.Lang != "en" {
		t.Errorf("Korean title, no Korean text: %v", r)
	}
	if r := Document("", []string{"Cards speak.", "Keep the table clear."}); r.Lang != "en" {
		t.Errorf("short texts read together: %v", r)
	}
}

// TestDocumentASCII: a document of ASCII letters is read among the
// languages written so (fewer models to load), and reads as before; one
// with other letters is read among all.
func TestDocumentASCII(t *testing.T) {
	for _, c := range []struct {
		want  string
		texts []string
	}{
		{"en", []string{"The player who arrives late loses the time on the clock.", "Each team names a captain before the first round begins.", "A game that is not finished by midnight is adjourned."}},
		{"es", []string{"El jugador que llega tarde pierde el tiempo de su reloj.", "Cada equipo nombra un capitan antes de la primera ronda.", "Una partida que no termina a medianoche se aplaza."}},
		{"pl", []string{"Zawodnik, który się spóźni, traci czas na zegarze.", "Każda drużyna wybiera kapitana przed pierwszą rundą.", "Partia nieukończona o północy zostaje przerwana."}},
	} {
		if got := Document("", c.texts); got.Lang != c.want {
			t.Errorf("%q...: %v, want %s", c.texts[0], got, c.want)
		}
	}
	one := func(s string) func(int) string { return func(int) string { return s } }
	if !allASCII("Rules", 1, one("plain text")) || allASCII("", 1, one("za późno")) {
		t.Error("allASCII is wrong")
	}
}

// TestAllASCIIShortcut holds allASCII, which decodes runes only from a
// text's first byte beyond ASCII, to the plain reading of every rune, on
// random strings of ASCII, letters and marks beyond it, symbols and
// invalid bytes, as a title and as one of two texts.
func TestAllASCIIShortcut(t *testing.T) {
	pieces := []string{"a", " ", "9", "\n", "é", "ß", "ж", "漢", "\u0301", "–", "€", "😀", "\xff", "\xc3", "\xe2\x82"}
	plain := func(s string) bool {
		for _, r := range s {
			if r >= 0x80 && unicode.IsLetter(r) {
				return false
			}
		}
		return true
	}
	rng := rand.New(rand.NewPCG(9, 10))
	draw := func() string {
		var b strings.Builder
		for range rng.IntN(10) {
			if rng.IntN(4) == 0 {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			} else {
				b.WriteString(pieces[rng.IntN(4)])
			}
		}
		return b.String()
	}
	for range 20000 {
		title, a, b := draw(), draw(), draw()
		texts := []string{a, b}
		want := plain(title) && plain(a) && plain(b)
		if got := allASCII(title, 2, func(i int) string { return texts[i] }); got != want {
			t.Fatalf("allASCII(%q, %q, %q) = %v, want %v", title, a, b, got, want)
		}
		// DocumentOf looks at an item's two parts apart, not joined.
		if got, want := asciiLetters(a) && asciiLetters(b), plain(a+"\n"+b); got != want {
			t.Fatalf("asciiLetters of %q and %q: %v, of them joined %v", a, b, got, want)
		}
	}
}

// TestFewLetters holds fewLetters, which counts the letters of an item's
// two parts apart, to the count of the first 2*textRunes runes of the
// joined text, and checks that a text it passes over has fewer than
// minLetters letters after Clean (the vote's sample of it), on random
// texts of letters, digits, ids, links, acronyms, quoted terms, marks
// and invalid bytes.
func TestFewLetters(t *testing.T) {
	pieces := []string{"a", "Rule", " ", "9", "12.3", "\n", "é", "ß", "ж", "漢", "\u0301", "–", "€", "\xff", "\xc3", "\xa9", "\xe2\x82",
		"https://x.org/a", "a@b.cd", "regulations:regulation:4f", "FIDE", "DNF", "“Chair”", "(Technical Committee)", "ﬁ", "㎏", "\t", "|", "*", "x1y2"}
	rng := rand.New(rand.NewPCG(37, 11))
	draw := func() string {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	passed := 0
	for k := range 30000 {
		h, b := draw(), draw()
		if k%3 == 0 {
			h = ""
		}
		joined := clipRunes(h+"\n"+b, 2*textRunes)
		got := fewLetters(h, b)
		if want := letters(joined) < minLetters; got != want {
			t.Fatalf("fewLetters(%q, %q) = %v, want %v", h, b, got, want)
		}
		if got {
			passed++
			if n := letters(clipRunes(Clean(joined), textRunes)); n >= minLetters {
				t.Fatalf("%q: passed over, but %d letters after Clean", h+"\n"+b, n)
			}
		}
	}
	if passed < 1000 || passed > 29000 {
		t.Fatalf("%d of 30000 texts passed over: the test is too weak", passed)
	}
}
