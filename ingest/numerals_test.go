package ingest

import (
	"fmt"
	"strings"
	"testing"
)

// TestNumeralValues checks the numerals that are no decimal digits:
// enclosed numbers, Ethiopic (additive), Hebrew letters (gematria) and
// (CJK numerals: internal/numerals).
func TestNumeralValues(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(string) int
		in   string
		want int
	}{
		{"enclosed/circled", enc, "⑫", 12},
		{"enclosed/parenthesized", enc, "⑴", 1},
		{"enclosed/full-stop", enc, "⒛", 20},
		{"enclosed/ideograph-paren", enc, "㈠", 1},
		{"enclosed/ideograph-paren-ten", enc, "㈩", 10},
		{"enclosed/circled-21", enc, "㉑", 21},
		{"enclosed/circled-50", enc, "㊿", 50},
		{"enclosed/dingbat", enc, "❸", 3},
		{"enclosed/none", enc, "a", 0},
		{"ethiopic/1", ethiopicValue, "፩", 1},
		{"ethiopic/11", ethiopicValue, "፲፩", 11},
		{"ethiopic/30", ethiopicValue, "፴", 30},
		{"ethiopic/99", ethiopicValue, "፺፱", 99},
		{"ethiopic/100", ethiopicValue, "፻", 100},
		{"ethiopic/1234", ethiopicValue, "፲፪፻፴፬", 1234},
		{"ethiopic/word", ethiopicValue, "አንቀጽ", 0},
		{"hebrew/1", hebrewValue, "א", 1},
		{"hebrew/11", hebrewValue, "יא", 11},
		{"hebrew/15", hebrewValue, "טו", 15},
		{"hebrew/16", hebrewValue, "טז", 16},
		{"hebrew/30", hebrewValue, "ל", 30},
		{"hebrew/123-gershayim", hebrewValue, "קכ״ג", 123},
		{"hebrew/ascending-is-no-number", hebrewValue, "אב", 0},
		{"hebrew/word", hebrewValue, "סעיף", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.f(c.in); got != c.want {
				t.Errorf("%q = %d, want %d", c.in, got, c.want)
			}
		})
	}
}

func enc(s string) int {
	for _, r := range s {
		return enclosedValue(r)
	}
	return 0
}

// TestLabelScripts reads labels printed in other scripts' digits, with
// words of any script before them and the punctuation of their script
// after: the key is the number in ASCII digits whatever the page prints.
func TestLabelScripts(t *testing.T) {
	for _, c := range []struct {
		name, in, key, prefix, term string // key "" for no label
	}{
		{"arabic-indic", "القسم ١ : تعريفات", "1", "القسم", ":"},
		{"persian", "(۱) متن", "1", "", ")"},
		{"persian-space-in-paren", "( ۱) متن", "1", "", ")"},
		{"urdu-full-stop", "دفعہ ۱۸ ۔", "18", "دفعہ", "۔"},
		{"devanagari", "अनुच्छेद ११.", "11", "अनुच्छेद", "."},
		{"devanagari-colon", "कलम १ :", "1", "कलम", ":"},
		{"bengali", "ধারা ১১", "11", "ধারা", ""},
		{"thai-word-marks", "ข้อ 11", "11", "ข้อ", ""},
		{"tamil-word-marks", "உறுப்புரை 30", "30", "உறுப்புரை", ""},
		{"khmer", "មាត្រា ៣០", "30", "មាត្រា", ""},
		{"myanmar", "(၁) text", "1", "", ")"},
		{"gujarati", "અનુચ્છેદ ૧:", "1", "અનુચ્છેદ", ":"},
		{"kannada-two-spaces", "ನಿಬಂಧನೆ  ೧೧", "11", "ನಿಬಂಧನೆ", ""},
		{"tibetan-list-tag", "༡. text", "1", "", "."},
		{"chakma-outside-bmp", "𑄷. text", "1", "", "."},
		{"full-width", "第１条", "1", "", ""},
		{"ethiopic-list-tag", "፩/፡ text", "1", "", "/፡"},
		{"ethiopic-eleven", "፲፩. text", "11", "", "."},
		{"ideograph-paren", "㈡ text", "2", "", ""},
		{"circled-21", "㉑ text", "21", "", ""},
		{"korean-counter", "1조 - 정의.", "1", "", ""},
		{"korean-mark-counter", "제 11 조", "11", "", ""},
		{"chinese-financial", "第贰拾叁条", "23", "", ""},
		// An article inserted after another: a sub-number of it.
		{"inserted-zh", "第三条之二 text", "3.2", "", ""},
		{"inserted-zh-first", "第一百二十条之一", "120.1", "", ""},
		{"inserted-ja", "第３条の２　（定義）", "3.2", "", ""},
		{"inserted-ja-term", "第三条の十二：", "3.12", "", ""},
		{"inserted-ko", "제3조의2(목적)", "3.2", "", ""},
		{"inserted-sign-into-word-is-the-article", "第三条の一部を改正する", "3", "", ""},
		{"inserted-sign-without-number", "第三条之规定", "3", "", ""},
		{"hyphen-digit-word-is-text", "2-motion", "", "", ""},
		{"arabic-comma-is-no-terminator", "١، ٢", "", "", ""},
		{"digit-glued-to-word", "१क text", "", "", ""},
		// Scripts that write no spaces between words print none after
		// the label either.
		{"full-width-stop-into-kana", "1．プレイヤー", "1", "", "．"},
		{"stop-into-kana", "1.プレイヤー", "1", "", "."},
		{"full-width-paren-into-kana", "1）ルール", "1", "", "）"},
		{"full-width-digits-into-kana", "１．プレイヤー", "1", "", "．"},
		{"stop-into-han", "12.总则", "12", "", "."},
		{"paren-into-thai", "3)ข้อความ", "3", "", ")"},
		{"letters-into-han-are-no-label", "A.总则", "", "", ""},
		{"decimal-into-han-is-no-label", "1.5倍", "", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, ok := readLabel(c.in)
			if c.key == "" {
				if ok {
					t.Fatalf("readLabel(%q) = %+v, want no label", c.in, l)
				}
				return
			}
			if !ok || l.key() != c.key || l.prefix != c.prefix || l.term != c.term {
				t.Fatalf("readLabel(%q) = %+v, %v; want key %q, prefix %q, term %q", c.in, l, ok, c.key, c.prefix, c.term)
			}
			if l.end > len(c.in) {
				t.Fatalf("end %d past the text", l.end)
			}
		})
	}
}

// headings makes blocks of Markdown-like headings: a level-1 title, then
// the given level-2 headings, each with a paragraph under it.
func headings(hs ...string) []block {
	bs := []block{{text: "Title", kind: blockHeading, level: 1, line: 1}}
	for i, h := range hs {
		bs = append(bs, block{text: h, kind: blockHeading, level: 2, line: 3 + 4*i}, block{text: "Text of " + h + ".", kind: blockPara, line: 5 + 4*i})
	}
	return bs
}

// runValues is what numberRuns reads of hs: the numbers of the headings
// it labels, "-" for the others.
func runValues(hs []string, unnumbered bool) (string, runResult) {
	bs := headings(hs...)
	res := numberRuns(bs, unnumbered)
	var out []string
	for i := 1; i < len(bs); i += 2 {
		if l := res.labels.at(i); l != nil {
			out = append(out, l.key())
		} else {
			out = append(out, "-")
		}
	}
	return strings.Join(out, " "), res
}

func seq(format string, words ...string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = fmt.Sprintf(format, w)
	}
	return out
}

// TestNumberRuns checks the runs of headings that number themselves:
// words around a number no grammar reads, letter numerals that only the
// succession makes numbers, ordinal words numbered by place, and the
// runs that must stay unnumbered.
func TestNumberRuns(t *testing.T) {
	ordinals := seq("%s зүйл", "Нэгдүгээр", "Хоёрдугаар", "Гуравдугаар", "Дөрөвдүгээр", "Тавдугаар", "Зургадугаар")
	for _, c := range []struct {
		name       string
		hs         []string
		unnumbered bool
		want       string
		positional bool
		disagree   int
	}{
		{"ethiopic-glued", append([]string{"መግቢያ"}, seq("አንቀጽ፡%s፤", "፩", "፪", "፫", "፬")...), false, "- 1 2 3 4", false, 0},
		{"tibetan-digits-glued", seq("རྩ་ཚན་%sཔ།", "༡", "༢", "༣"), false, "1 2 3", false, 0},
		{"two-words-before", seq("Kifungu cha %s.", "1", "2", "3"), false, "1 2 3", false, 0},
		{"misprinted-word-kept", []string{"Kifungu cha 1.", "Kufungu cha 2.", "Kifungu cha 3.", "Kifungu cha 4."}, false, "1 2 3 4", false, 0},
		{"roman", seq("Artigo %s.", "I", "II", "III", "IV", "V"), false, "1 2 3 4 5", false, 0},
		{"hebrew-letters", seq("סעיף %s.", "א", "ב", "ג", "ד", "ה", "ו", "ז", "ח", "ט", "י", "יא"), false, "1 2 3 4 5 6 7 8 9 10 11", false, 0},
		{"hebrew-misprint-by-place", seq("סעיף %s.", "א", "ב", "ג", "ב", "ה", "ו"), false, "1 2 3 4 5 6", false, 1},
		// The grammar reads "Article 2" ... itself: the run labels the one it cannot read,
		// by the number its word writes where the lexicon has it, else by its place.
		{"one-word-number-by-word", []string{"Article premier", "Article 2", "Article 3", "Article 4"}, false, "1 - - -", false, 0},
		{"one-word-number-by-place", []string{"Artikkel første", "Artikkel 2", "Artikkel 3", "Artikkel 4"}, false, "1 - - -", true, 0},
		{"ordinal-words", ordinals, true, "1 2 3 4 5 6", true, 0},
		{"ordinal-words-preamble-outside", append([]string{"Оршил"}, ordinals...), true, "- 1 2 3 4 5 6", true, 0},
		{"ordinal-words-in-numbered-document", ordinals, false, "- - - - - -", false, 0},
		{"ordinal-words-too-few", ordinals[:4], true, "- - - -", false, 0},
		{"shared-word-titles", seq("%s Names", "File", "Type", "Variable", "Constant", "Function", "Macro"), false, "- - - - - -", false, 0},
		{"years-are-no-run", seq("Changes in %s", "2019", "2020", "2021"), false, "- - -", false, 0},
		{"dotted-labels-are-another-numbering", seq("A.%s. Title", "1", "2", "3"), false, "- - -", false, 0},
		{"hebrew-words-no-succession", []string{"סעיף של", "סעיף את", "סעיף כל"}, false, "- - -", false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, res := runValues(c.hs, c.unnumbered)
			if got != c.want {
				t.Errorf("numbers %q, want %q", got, c.want)
			}
			if (len(res.positional) > 0) != c.positional {
				t.Errorf("positional notes %q, want some: %v", res.positional, c.positional)
			}
			if len(res.disagree) != c.disagree {
				t.Errorf("disagreements %q, want %d", res.disagree, c.disagree)
			}
		})
	}
}

// TestNumberRunsTopLevel: ordinal words number by place only at the
// document's top level; the same words under a division are titles.
func TestNumberRunsTopLevel(t *testing.T) {
	bs := headings("Part", "Other part", "Third part")
	for i, w := range []string{"Нэгдүгээр", "Хоёрдугаар", "Гуравдугаар", "Дөрөвдүгээр", "Тавдугаар"} {
		bs = append(bs, block{text: w + " зүйл", kind: blockHeading, level: 3, line: 100 + i})
	}
	if res := numberRuns(bs, true); res.labels != nil {
		t.Errorf("ordinal words under a division numbered: %v", res.positional)
	}
}

// FuzzReadLabel reads labels of every script and checks what the
// callers rely on: a label has one component or more, positive numbers
// where it reads a number, and ends inside its text.
func FuzzReadLabel(f *testing.F) {
	for _, s := range []string{"Article 1", "١٢. نص", "अनुच्छेद ११.", "( ۱) متن", "፩/፡ ጽሑፍ", "አንቀጽ፡፲፩፤", "㈠ 凡", "⑴ a", "第贰拾叁条", "1조 - 정의.", "제 1 조", "第2.1条 総則", "2.1조 - 총칙", "1.0.1a조 x", "3.5条件", "𑄷. text", "ມາດຕາ 1:", "ข้อ 1", "Kifungu cha 1.", "סעיף יא.", "Artigo XI.", "1 වන වගන්තිය", "دفعہ ۱۸ ۔", "፲", "(", "/፡", "1/፡", "١٢٣٤٥٦٧٨"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := readLabel(s)
		if !ok {
			return
		}
		if len(l.comps) == 0 || l.end > len(s) || l.end < 0 {
			t.Fatalf("readLabel(%q) = %+v", s, l)
		}
		for _, c := range l.comps {
			if c.kind == compNum && c.n < 0 || c.s == "" {
				t.Fatalf("readLabel(%q): component %+v", s, c)
			}
		}
		_ = l.key()
		frameOf(0, s)
	})
}

// TestNumberWordsValue checks the numbers headings print in number words,
// and that words of no number, or numbers of two languages, read none.
func TestNumberWordsValue(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"Four", 4}, {"TWENTY-ONE", 21}, {"dieciséis", 16}, {"treinta y uno", 31}, {"vingt et un", 21}, {"dix-sept", 17},
		{"premier", 1}, {"einundzwanzig", 21}, {"dreißig", 30}, {"vinte e três", 23}, {"one hundred and five", 105},
		{"Scope", 0}, {"", 0}, {"and", 0}, {"four dos", 0}, {"One: Membership", 0}, {"undzwanzig", 0},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := numberWordsValue(c.in); got != c.want {
				t.Errorf("numberWordsValue(%q) = %d, want %d", c.in, got, c.want)
			}
		})
	}
}
