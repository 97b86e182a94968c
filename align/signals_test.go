package align

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lexicon"
	"github.com/rulesync/rulesync/internal/testgen"
)

func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		text, lang string
		want       []string
	}{
		{"blinds 10,500 and 1,000,000; 2.5 seconds", "en", []string{"10500", "1000000", "2.5"}},
		{"o pote tem 10.500 fichas, 1,5 vezes", "pt", []string{"10500", "1.5"}},
		{"pot of 10,500 copied from English", "pt", []string{"10500"}},
		{"賞金は1万、ブラインドは１２００", "ja", []string{"10000", "1200"}},
		{"all eighteen faces point to twelve", "en", []string{"18", "12"}},
		{"the dealer says nine thousand five hundred, then forty-two thousand; hundreds of chips", "en", []string{"9500", "42000"}},
		{"o dealer diz onze mil e quinhentos, depois quarenta e dois mil", "pt", []string{"11500", "42000"}},
		{"rule 36 and rule 36 again", "en", []string{"36"}},
		{"会員は十六歳以上、通知は六十日前、会費は三十日以内、一般に", "ja", []string{"16", "60", "30"}},
		{"二〇二四年の規則3と十二", "ja", []string{"2024", "3", "12"}},
		{"百分之五十的一万二千", "zh", []string{"50", "12000"}},
		{"يجب أن يكون العضو ١٦ عامًا و٢٫٥", "ar", []string{"16", "2.5"}},
		{"सदस्य १६ वर्ष", "hi", []string{"16"}},
	} {
		if got := Numbers(c.text, c.lang); !slices.Equal(got, c.want) {
			t.Errorf("Numbers(%q, %s) = %v, want %v", c.text, c.lang, got, c.want)
		}
	}
}

func TestTimesRangesAcronyms(t *testing.T) {
	if got := Times("hold up the push 90 seconds; 90秒前; 2 minutes; 2分"); !slices.Equal(got, []string{"90s", "90s", "120s", "120s"}) {
		t.Errorf("Times = %v", got)
	}
	if got := Ranges("NLHE, blinds 1000-2000; ブラインドは50-100", "en"); !slices.Equal(got, []string{"1000-2000", "50-100"}) {
		t.Errorf("Ranges = %v", got)
	}
	if got := Ranges("blinds 1.000-2.000", "pt"); !slices.Equal(got, []string{"1000-2000"}) {
		t.Errorf("Ranges pt = %v", got)
	}
	if got := Acronyms("NLHE: the UTG player, SA and OOT; Rule IV; A B"); !slices.Equal(got, []string{"NLHE", "UTG", "SA", "OOT"}) {
		t.Errorf("Acronyms = %v", got)
	}
}

// TestMayRange: where mayRange says no, rangeRe finds nothing, on
// random texts of digits, marks, dashes and white space (every
// character the expression and the look read, and others).
func TestMayRange(t *testing.T) {
	alphabet := []string{"1", "9", "0", ".", ",", "-", "–", "—", "/", " ", "\t", "\n", "\v", "\u00a0", "a", "Z", "_", "é", "５", "\xe2", "\x80"}
	rng := rand.New(rand.NewPCG(5, 6))
	n := 0
	for range 200000 {
		var b strings.Builder
		for range rng.IntN(10) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		may := mayRange(s)
		if !may && rangeRe.MatchString(s) {
			t.Fatalf("mayRange(%q) is false, but rangeRe matches %q", s, rangeRe.FindString(s))
		}
		if may {
			n++
		}
	}
	if n == 0 {
		t.Error("mayRange said yes to no text")
	}
	for _, s := range []string{"50-100", "1.000 – 2.000", "3,/ 4", "1 -\t\n2"} {
		if !mayRange(s) {
			t.Errorf("mayRange(%q) is false", s)
		}
	}
}

// TestLoanwords checks that katakana loanwords meet their English words.
func TestLoanwords(t *testing.T) {
	for _, c := range []struct{ kana, en string }{
		{"ボタン", "button"}, {"ディーラー", "dealer"}, {"ショーダウン", "showdown"}, {"チップ", "chip"},
		{"レイズ", "raise"}, {"コール", "call"}, {"フォールド", "fold"}, {"ブラインド", "blind"},
		{"ミスディール", "misdeal"}, {"スタック", "stack"}, {"チェック", "check"}, {"プレイヤー", "player"},
	} {
		k, e := Skeleton(Romaji(c.kana)), Skeleton(c.en)
		if k == "" || k != e {
			t.Errorf("%s -> %q (%s), %s -> %q", c.kana, k, Romaji(c.kana), c.en, e)
		}
	}
	if Skeleton(Romaji("ボタン")) == Skeleton("table") {
		t.Error("button and table should not meet")
	}
	if got := Loanwords("ディーラーはボタンを動かす", "ja"); !slices.Equal(got, []string{"dr", "btn"}) {
		t.Errorf("Loanwords ja = %v", got)
	}
}

func TestGlossary(t *testing.T) {
	g := DefaultGlossary()
	names := func(text, lang string) []string {
		var out []string
		for _, c := range g.Find(text, lang) {
			out = append(out, g.Concepts[c].Name())
		}
		return out
	}
	for _, c := range []struct {
		text, lang string
		want       []string
	}{
		{"The big blind posts; the blinds rise.", "en", []string{"big blind", "blind/blinds"}},
		{"ビッグブラインドとミスディール", "ja", []string{"big blind/BB", "misdeal"}},
		{"O jogador faz all-in com suas fichas", "pt", []string{"player/players", "all-in", "chip/chips"}},
		{"El jugador puede igualar", "es", []string{"player/players", "call/calls"}},
	} {
		got := names(c.text, c.lang)
		for _, w := range c.want {
			name, _, _ := strings.Cut(w, "/")
			if !slices.Contains(got, name) {
				t.Errorf("Find(%q, %s) = %v, want %q among them", c.text, c.lang, got, name)
			}
		}
	}
	if got := names("The big blind posts.", "en"); slices.Contains(got, "blind") {
		t.Errorf("%v: 'big blind' should not also count as 'blind'", got)
	}
	if n := len(g.Concepts); n < 100 {
		t.Errorf("shipped glossary has %d concepts", n)
	}
	for _, c := range g.Concepts {
		for _, l := range []string{"en", "ja", "pt", "zh", "es", "fr", "de"} {
			if len(c.Terms[l]) == 0 {
				t.Errorf("concept %s (%s) has no %s term", c.ID, c.Name(), l)
			}
		}
	}
}

func TestParseTBX(t *testing.T) {
	old := `<martif type="TBX"><text><body>
<termEntry id="x1"><langSet xml:lang="en"><tig><term>button</term></tig></langSet>
<langSet xml:lang="pt-BR"><tig><term>botão</term></tig></langSet></termEntry>
</body></text></martif>`
	g, err := ParseTBX(strings.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Concepts) != 1 || g.Concepts[0].Terms["pt"][0] != "botão" {
		t.Errorf("older TBX: %+v", g.Concepts)
	}
	_, err = ParseTBX(strings.NewReader("<tbx>\n<text><body>\n<conceptEntry><langSec xml:lang=\"en\"></body>"))
	var te *TBXError
	if err == nil || !errorsAs(err, &te) || te.Line != 3 {
		t.Errorf("broken TBX: error %v, want one at line 3", err)
	}
	if _, err := ParseTBX(strings.NewReader("<tbx/>")); err == nil || !strings.Contains(err.Error(), "no conceptEntry") {
		t.Errorf("empty TBX: error %v", err)
	}
}

func errorsAs(err error, target **TBXError) bool {
	e, ok := err.(*TBXError)
	if ok {
		*target = e
	}
	return ok
}

func TestNumbersApart(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"3200 15350 and 1 000 000", []string{"3200", "15350", "1000000"}},
		{"10.500,75 fichas", []string{"10500.75"}},
		{"version 1.0. Oct 9", []string{"1", "9"}},
	} {
		lang := "en"
		if strings.Contains(c.text, "fichas") {
			lang = "pt"
		}
		if got := Numbers(c.text, lang); !slices.Equal(got, c.want) {
			t.Errorf("Numbers(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestFindAcronyms holds the acronym scanner to the expression it
// replaces, `\b[A-Z][A-Z0-9]{1,4}\b` with FindAllString, on random texts
// of capitals, digits, lower case, underscores, boundaries and runes
// beyond ASCII (whose bytes are no word characters to \b).
func TestFindAcronyms(t *testing.T) {
	re := regexp.MustCompile(`\b[A-Z][A-Z0-9]{1,4}\b`)
	pieces := []string{"A", "B", "Z", "0", "7", "a", "_", " ", "-", "+", "é", "Ä", "日", "\xff"}
	r := rand.New(rand.NewPCG(16, 3))
	for range 50000 {
		s := testgen.Text(r, pieces, 14)
		if got, want := findAcronyms(s), re.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Fatalf("findAcronyms(%q) = %q, the expression %q", s, got, want)
		}
	}
}

// TestIsNumber holds isNumber to strings.Trim on random words of
// digits, marks, letters and bytes beyond ASCII.
func TestIsNumber(t *testing.T) {
	pieces := []string{"0", "9", ".", ",", "a", "-", " ", "٣", "\xff"}
	r := rand.New(rand.NewPCG(16, 6))
	for range 20000 {
		s := testgen.Text(r, pieces, 6)
		if got, want := isNumber(s), strings.Trim(s, "0123456789.,") == ""; got != want {
			t.Fatalf("isNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestFindTimeWords holds findTimeWords to timeWordRe's groups on
// random texts of words, units, separators, capitals, digits, CJK and
// invalid bytes.
func TestFindTimeWords(t *testing.T) {
	pieces := []string{"sec", "min", "seg", "onds", "utes", "imum", "one", "a", "x", "S", "_", "1", " ", "-", ".", "é", "日", "\xff"}
	r := rand.New(rand.NewPCG(16, 5))
	for range 50000 {
		s := testgen.Text(r, pieces, 12)
		var want [][2]string
		for _, m := range timeWordRe.FindAllStringSubmatch(s, -1) {
			want = append(want, [2]string{m[1], m[2]})
		}
		if got := findTimeWords(s); !slices.Equal(got, want) {
			t.Fatalf("findTimeWords(%q) = %q, the expression %q", s, got, want)
		}
	}
}

// TestUnitAfterWord checks that the filter before timeWordRe lets every
// text through in which the expression finds a unit's word (the matches
// times counts), and holds timeUnit, which looks at the first byte
// before the units, to the units compared one by one.
func TestUnitAfterWord(t *testing.T) {
	pieces := []string{"sec", "min", "seg", "one", "a", "s", "m", " ", "-", "utes", "onds", "imum", "ute", "ond", ".", "1"}
	r := rand.New(rand.NewPCG(16, 4))
	tw := timeWords()
	for range 50000 {
		s := testgen.Text(r, pieces, 10)
		for _, m := range timeWordRe.FindAllStringSubmatch(s, -1) {
			if tw.words[m[2]] && !unitAfterWord(s) {
				t.Fatalf("unitAfterWord(%q) is false; the expression finds %q", s, m[0])
			}
		}
	}
	unitPieces := []string{"sec", "SEC", "Min", "seg", "sek", "SEK", "imum", "ſ", "K", "秒", "分", "分の", "の", "1", " ", "x", "é"}
	for range 50000 {
		rest := testgen.Text(r, unitPieces, 4)
		want, wantOK := 0, false
		thousandth := false
		if after, ok := strings.CutPrefix(rest, "分の"); ok {
			after = strings.TrimLeft(after, " ")
			thousandth = after != "" && after[0] >= '0' && after[0] <= '9'
		}
		for _, u := range tw.units {
			if thousandth {
				break
			}
			if len(rest) >= len(u.Word) && strings.EqualFold(rest[:len(u.Word)], u.Word) {
				if u.Word != "min" || !strings.HasPrefix(strings.ToLower(rest[len(u.Word):]), "im") {
					want, wantOK = u.Value, true
				}
				break
			}
		}
		if got, ok := timeUnit(rest); got != want || ok != wantOK {
			t.Fatalf("timeUnit(%q) = %d, %v; the units one by one: %d, %v", rest, got, ok, want, wantOK)
		}
	}
}

// TestList holds the evidence's list of token names to what it was: all
// the names sorted, the first six shown and the number of the others.
func TestList(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 7))
	words := []string{"a", "b", "bb", "c", "chip", "chips", "10", "2", "B4", "b4", "ルール", "é"}
	for range 5000 {
		x := &extractor{}
		var ids []int32
		for k := range r.IntN(15) {
			x.names = append(x.names, words[r.IntN(len(words))]) // names may repeat
			ids = append(ids, int32(k))
		}
		r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		names := make([]string, 0, len(ids))
		for _, id := range ids {
			names = append(names, x.names[id])
		}
		slices.Sort(names)
		if len(names) > 6 {
			names = append(names[:6], fmt.Sprintf("(+%d)", len(names)-6))
		}
		if got, want := (&scorer{x: x}).list(ids), strings.Join(names, ", "); got != want {
			t.Fatalf("list of %q = %q, want %q", x.names, got, want)
		}
	}
}

// TestFindCJK holds find's search of a CJK text, byte by byte with a
// table of first runes, to the search it replaced (over the text's runes,
// with a map of first runes and of the concepts found), on random texts
// of the glossary's Japanese and Chinese terms, their pieces and other
// runes, bytes that are no UTF-8 among them.
func TestFindCJK(t *testing.T) {
	g := DefaultGlossary()
	g.once.Do(g.build)
	pieces := []string{" ", "a", "x", "ー", "の", "\xff", "\xe3\x83", "日", "s", "\U00020000"}
	for _, lang := range []string{"ja", "zh"} {
		for _, c := range g.Concepts {
			for _, term := range c.Terms[lang] {
				rs := []rune(strings.ToLower(corpus.Fold(term)))
				pieces = append(pieces, string(rs), string(rs[:1]), string(rs[len(rs)/2:]))
			}
		}
	}
	// want is find's CJK search as it was.
	want := func(ix *termIndex, lower string) []int {
		seen := map[int]bool{}
		var out []int
		rs := []rune(lower)
		for i := 0; i < len(rs); i++ {
			if !ix.heads[rs[i]] {
				continue
			}
			for k, t := range ix.byHead[string(rs[i])] {
				tr := []rune(t.words[0])
				if i+len(tr) <= len(rs) && string(rs[i:i+len(tr)]) == t.words[0] {
					for _, u := range ix.byHead[string(rs[i])][k:] {
						if u.words[0] == t.words[0] && !seen[u.concept] {
							seen[u.concept] = true
							out = append(out, u.concept)
						}
					}
					i += len(tr) - 1
					break
				}
			}
		}
		return out
	}
	r := rand.New(rand.NewPCG(16, 7))
	for range 20000 {
		s := testgen.Text(r, pieces, 12)
		for _, lang := range []string{"ja", "zh"} {
			// No words: the search by words is find's as it was.
			got := g.find(lang, func() string { return s }, func() []string { return nil })
			if w := want(g.index[lang], s); !slices.Equal(got, w) {
				t.Fatalf("find(%q, %s) = %v, the search over runes %v", s, lang, got, w)
			}
		}
	}
}

// TestLetterRuns holds nextLetterRun to the split it replaces,
// strings.FieldsFuncSeq with !unicode.IsLetter, on random texts of ASCII
// letters, digits, marks and controls, and of runes beyond ASCII (which
// take the split rune by rune).
func TestLetterRuns(t *testing.T) {
	pieces := []string{"a", "z", "A", "Z", "q", "0", "9", " ", "-", "'", "@", "[", "`", "{", "\n", "\x00", "\x7f", "é", "日", "\xff"}
	r := rand.New(rand.NewPCG(16, 8))
	for range 50000 {
		s := testgen.Text(r, pieces, 14)
		var got []string
		for i := 0; ; {
			from, to := nextLetterRun(s, i)
			if from == to {
				if to != len(s) {
					t.Fatalf("nextLetterRun(%q, %d) = %d, %d: no run, but not at the end", s, i, from, to)
				}
				break
			}
			got = append(got, s[from:to])
			i = to
		}
		want := slices.Collect(strings.FieldsFuncSeq(s, func(r rune) bool { return !unicode.IsLetter(r) }))
		if !slices.Equal(got, want) {
			t.Fatalf("nextLetterRun's runs of %q = %q, FieldsFuncSeq %q", s, got, want)
		}
	}
}

// TestParseNumber holds parseNumber, with its way for plain digits, to
// the reading it had for every number (parseNumberRead below), on random
// numbers of digits, zeros, separators, 万 and other runes, up to 26
// digits, in both conventions.
func TestParseNumber(t *testing.T) {
	pieces := []string{"0", "1", "5", "9", "00", "123", "9876543", ".", ",", " ", "\u2009", "万", "-", "a", "e", "٣"}
	r := rand.New(rand.NewPCG(16, 9))
	for range 100000 {
		s := testgen.Text(r, pieces, 8)
		for _, comma := range []bool{false, true} {
			if got, want := parseNumber(s, comma), parseNumberRead(s, comma); got != want {
				t.Fatalf("parseNumber(%q, %v) = %q, the reading %q", s, comma, got, want)
			}
		}
	}
}

// parseNumberRead is parseNumber as it was before its way for plain
// digits.
func parseNumberRead(s string, comma bool) string {
	man := strings.HasSuffix(s, "万")
	s = strings.TrimSpace(strings.TrimSuffix(s, "万"))
	s = spaces.Replace(s)
	thousands, decimal := ",", "."
	if comma {
		thousands, decimal = ".", ","
	}
	if strings.Contains(s, thousands) && strings.Contains(s, decimal) {
		s = strings.ReplaceAll(s, thousands, "")
	} else if groupsOf3(s, thousands) {
		s = strings.ReplaceAll(s, thousands, "")
	} else if !strings.Contains(s, thousands) && groupsOf3(s, decimal) {
		s = strings.ReplaceAll(s, decimal, "")
	}
	s = strings.ReplaceAll(s, decimal, ".")
	s = strings.ReplaceAll(s, ",", ".")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return ""
	}
	if man {
		v *= 10000
	}
	if v == float64(int64(v)) {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// TestJapaneseLoanwordsApart checks that the loanwords of a Japanese
// title and text, read apart, are those of the two joined by a line
// break as they were read, on random texts of katakana, the long-vowel
// mark, the middle dot, kana, kanji, ASCII and bytes that are no UTF-8.
func TestJapaneseLoanwordsApart(t *testing.T) {
	pieces := []string{"チ", "ップ", "ー", "・", "の", "日", "a", " ", "\n", "\xff", "\xe3\x83", "ｶ"}
	r := rand.New(rand.NewPCG(16, 10))
	for range 20000 {
		a, b := testgen.Text(r, pieces, 6), testgen.Text(r, pieces, 10)
		got := loanwordsOf(func() (string, string) { return a, b }, "ja", nil, &skeletons{})
		var want [][2]string
		seen := map[string]bool{}
		for _, w := range KatakanaWords(a + "\n" + b) {
			if s := Skeleton(Romaji(w)); s != "" && !seen[s] {
				seen[s] = true
				want = append(want, [2]string{s, w})
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("loanwords of %q and %q = %q, of the two joined %q", a, b, got, want)
		}
	}
}

// TestLoanwordsMemo holds eachLoanword, with its memo of numbered
// skeletons kept across items, to the reading it replaces (a set of
// skeletons for each item, the stop words and digits looked at for each
// word: loanwordsRead below), on random lists of words of letters,
// hyphens, digits, stop words and runes beyond ASCII, and random
// Japanese texts, 20,000 of them through one memo.
func TestLoanwordsMemo(t *testing.T) {
	pieces := []string{"card", "cord", "dealer", "the", "and", "a", "b", "x", "-", "all-in", "re-raise", "5", "0", "9", "٣", "é", "ß", "chip", "s"}
	kana := []string{"チップ", "ディーラー", "ボタン", "ー", "・", "の", "日", " ", "a", "\n", "\xff"}
	r := rand.New(rand.NewPCG(16, 11))
	sk := &skeletons{}
	for range 20000 {
		var ws []string
		for range r.IntN(12) {
			ws = append(ws, testgen.Text(r, pieces, 4))
		}
		a, b := testgen.Text(r, kana, 6), testgen.Text(r, kana, 8)
		for _, lang := range []string{"en", "ja"} {
			for _, memo := range []*skeletons{sk, nil} {
				got := loanwordsOf(func() (string, string) { return a, b }, lang, func() []string { return ws }, memo)
				if want := loanwordsRead(a+"\n"+b, lang, ws); !slices.Equal(got, want) {
					t.Fatalf("loanwords of %q / %q, %s = %q, the reading %q", ws, a+"\n"+b, lang, got, want)
				}
			}
		}
	}
}

// loanwordsRead is loanwordsOf as it was before the memo numbered the
// skeletons.
func loanwordsRead(text, lang string, ws []string) [][2]string {
	var out [][2]string
	seen := map[string]bool{}
	add := func(s, w string) {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, [2]string{s, w})
		}
	}
	if baseLang(lang) == "ja" {
		for _, w := range KatakanaWords(text) {
			add(Skeleton(Romaji(w)), w)
		}
		return out
	}
	for _, w := range ws {
		if len(w) >= 3 && !stopWords()[w] && !strings.ContainsFunc(w, unicode.IsDigit) {
			if !strings.Contains(w, "-") {
				add(Skeleton(w), w)
				continue
			}
			for _, part := range strings.Split(w, "-") {
				add(Skeleton(part), part)
			}
			add(Skeleton(strings.ReplaceAll(w, "-", "")), w)
		}
	}
	return out
}

// TestAppendWords holds appendWords, which reads ASCII bytes as they
// are, to the reading rune by rune it replaces (appendWordsRead below),
// on random texts of letters, digits, hyphens, apostrophes, marks, CJK,
// other letters and bytes that are no UTF-8.
func TestAppendWords(t *testing.T) {
	pieces := []string{"a", "Z", "0", "-", "'", " ", ".", "\n", "é", "ß", "日", "ー", "٣", "\xff", "\xe3\x83", "-'"}
	r := rand.New(rand.NewPCG(16, 12))
	for range 50000 {
		s := testgen.Text(r, pieces, 14)
		if got, want := appendWords(nil, s), appendWordsRead(nil, s); !slices.Equal(got, want) {
			t.Fatalf("appendWords(%q) = %q, the reading rune by rune %q", s, got, want)
		}
	}
}

// appendWordsRead is appendWords as it was, rune by rune.
func appendWordsRead(out []string, s string) []string {
	start := -1
	isWord := func(r rune) bool {
		if r < 0x80 {
			return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z'
		}
		return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !corpus.IsCJK(r)
	}
	for i := 0; ; {
		if i == len(s) {
			if start >= 0 {
				out = append(out, s[start:])
			}
			return out
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		in := isWord(r)
		if !in && (r == '-' || r == '\'') && start >= 0 && i+size < len(s) {
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			in = isWord(next)
		}
		if in && start < 0 {
			start = i
		}
		if !in && start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
		i += size
	}
}

// TestAppendNumbers holds appendNumbers, which parses the numbers it
// found in the place they were found and reads number words without a
// list, to numbers as it was (numbersRead below), on random texts of
// digits, separators, 万 and number words in five languages, appended
// after numbers already in the buffer (which do not count as repeats).
func TestAppendNumbers(t *testing.T) {
	pieces := []string{"1", "0", "10", "500", ",", ".", " ", "\u2009", "万", "-", "twenty", "five", "hundred", "thousand", "and", "mil", "e", "cento", "vinte", "deux", "x", "É", "日"}
	r := rand.New(rand.NewPCG(16, 13))
	buf := []string{"10", "25"}
	for range 30000 {
		f := testgen.Text(r, pieces, 12)
		for _, lang := range []string{"en", "pt", "fr", "ja"} {
			lower := func() string { return strings.ToLower(f) }
			want := numbersRead(f, lang, lower)
			got := appendNumbers(buf[:2], f, lang, lower)
			if !slices.Equal(got[:2], []string{"10", "25"}) || !slices.Equal(got[2:], want) {
				t.Fatalf("appendNumbers([10 25], %q, %s) = %q, the reading %q after them", f, lang, got, want)
			}
			buf = got
		}
	}
}

// numbersRead is numbers as it was, with a list of the numbers found and
// of the number words' numbers.
func numbersRead(f, lang string, lower func() string) []string {
	if !strings.ContainsAny(f, "0123456789") && lexicon.NumberValues()[baseLang(lang)] == nil && !strings.Contains(f, "万") {
		return nil
	}
	comma := decimalComma()[baseLang(lang)]
	var out []string
	for _, m := range appendScanNumbers(nil, f) {
		n := parseNumberRead(m, comma)
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	if words := lexicon.NumberValues()[baseLang(lang)]; words != nil {
		var vs []int
		eachWordNumberRead(strings.FieldsFuncSeq(lower(), func(r rune) bool { return !unicode.IsLetter(r) }), words, func(v int) { vs = append(vs, v) })
		for _, v := range vs {
			if v > 10 {
				if n := strconv.Itoa(v); !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// eachWordNumberRead is the reading of number words as it was, a closure
// over a loop over an iterator of words: numbersRead's, which holds
// lexicon.NumberReader to it (for words of no score: TestAppendNumbers
// reads no French score).
func eachWordNumberRead(ws iter.Seq[string], words map[string]int, yield func(int)) {
	total, current, in := 0, 0, false
	flush := func() {
		if in && total+current > 0 {
			yield(total + current)
		}
		total, current, in = 0, 0, false
	}
	for w := range ws {
		v, ok := words[w]
		switch {
		case !ok && (w == "and" || w == "e" || w == "y" || w == "et" || w == "und") && in:
			continue
		case !ok:
			flush()
		case v == 1000:
			if current == 0 && total == 0 {
				flush()
				continue
			}
			total += max(current, 1) * 1000
			current = 0
		case v == 100:
			if current == 0 {
				flush()
				continue
			}
			current *= 100
		case v == 101:
			current += 100
			in = true
		default:
			current += v
			in = true
		}
	}
	flush()
}

// BenchmarkWordNumbers reads the number words of an English text of
// synth's kind (numbers, rule words, "minimum").
func BenchmarkWordNumbers(b *testing.B) {
	text := strings.Repeat("order warning order round button 11800 break card player order burn twenty five minimum stack burn fold tournament flop dealer seat floor. ", 4)
	var out []string
	for b.Loop() {
		out = appendWordNumbers(out[:0], 0, text, numberTable("en"))
	}
	if len(out) == 0 {
		b.Fatal("no number words read")
	}
}
