package ingest

import (
	"github.com/rulesync/rulesync/internal/lexicon"
	"github.com/rulesync/rulesync/internal/numerals"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Numerals of every script a label may print: the decimal digits of
// Unicode (numerals.Digit), the enclosed
// numbers of Unicode's symbol blocks ("①", "⑴", "㈠"), Ethiopic numerals
// (additive: "፲፩" is 10 + 1) and Hebrew letter numerals (gematria: "יא" is
// 10 + 1; 15 and 16 are written "טו", "טז"), and roman numerals (at the end
// of this file). CJK numerals are read by numerals.CJK.

// enclosedRanges are Unicode's enclosed numbers: from lo to hi, the
// values from first on.
var enclosedRanges = [...]struct{ lo, hi, first rune }{
	{0x2460, 0x2473, 1},  // ① - ⑳
	{0x2474, 0x2487, 1},  // ⑴ - ⒇
	{0x2488, 0x249B, 1},  // ⒈ - ⒛
	{0x24EB, 0x24F4, 11}, // ⓫ - ⓴
	{0x24F5, 0x24FE, 1},  // ⓵ - ⓾
	{0x2776, 0x277F, 1},  // ❶ - ❿
	{0x2780, 0x2789, 1},  // ➀ - ➉
	{0x278A, 0x2793, 1},  // ➊ - ➓
	{0x3220, 0x3229, 1},  // ㈠ - ㈩
	{0x3251, 0x325F, 21}, // ㉑ - ㉟
	{0x3280, 0x3289, 1},  // ㊀ - ㊉
	{0x32B1, 0x32BF, 36}, // ㊱ - ㊿
}

// enclosedValue is the value of an enclosed number ("⑫", "⑴", "㈠"), or 0.
func enclosedValue(r rune) int {
	if r < 0x2460 || r > 0x32BF {
		return 0
	}
	for _, e := range enclosedRanges {
		if r >= e.lo && r <= e.hi {
			return int(r - e.lo + e.first)
		}
	}
	return 0
}

// isEthiopicNumeral reports whether r is an Ethiopic number sign
// (U+1369-U+137C: ፩ ... ፱, ፲ ... ፺, ፻, ፼).
func isEthiopicNumeral(r rune) bool { return r >= 0x1369 && r <= 0x137C }

// ethiopicValue is the value of a number in Ethiopic numerals, which add
// up below a hundred and multiply by ፻ (100) and ፼ (10000): "፲፪፻፴፬" is
// 12 × 100 + 34. It is 0 where s is none.
func ethiopicValue(s string) int {
	total, part := 0, 0
	for _, r := range s {
		switch {
		case r >= 0x1369 && r <= 0x1371:
			part += int(r-0x1369) + 1
		case r >= 0x1372 && r <= 0x137A:
			part += (int(r-0x1372) + 1) * 10
		case r == 0x137B:
			total += max(part, 1) * 100
			part = 0
		case r == 0x137C:
			total = max(total+part, 1) * 10000
			part = 0
		default:
			return 0
		}
	}
	return total + part
}

// hebrewLetterValue is the value of a Hebrew letter as a numeral (final
// forms as their letters), or 0.
func hebrewLetterValue(r rune) int {
	switch {
	case r >= 'א' && r <= 'ט':
		return int(r-'א') + 1
	case r == 'י':
		return 10
	case r == 'ך', r == 'כ':
		return 20
	case r == 'ל':
		return 30
	case r == 'ם', r == 'מ':
		return 40
	case r == 'ן', r == 'נ':
		return 50
	case r == 'ס':
		return 60
	case r == 'ע':
		return 70
	case r == 'ף', r == 'פ':
		return 80
	case r == 'ץ', r == 'צ':
		return 90
	case r == 'ק':
		return 100
	case r == 'ר':
		return 200
	case r == 'ש':
		return 300
	case r == 'ת':
		return 400
	}
	return 0
}

// hebrewValue is the value of a Hebrew letter numeral of at most four
// letters ("יא" 11, "טו" 15, "קכ״ג" 123), its letters greatest first, or
// 0. Every Hebrew word of such letters has a value: only a succession of
// headings makes it a number (numberRuns).
func hebrewValue(s string) int {
	total, prev, n := 0, 1<<30, 0
	for _, r := range s {
		if r == '׳' || r == '״' || r == '\'' || r == '"' {
			continue
		}
		v := hebrewLetterValue(r)
		if v == 0 || v > prev || n == 4 {
			return 0
		}
		total, prev, n = total+v, v, n+1
	}
	return total
}

// isNumeralRune reports whether r is part of a number as written in some
// script: a decimal digit, a CJK numeral or an Ethiopic numeral.
func isNumeralRune(r rune) bool {
	if numerals.Digit(r) >= 0 || isEthiopicNumeral(r) {
		return true
	}
	_, cjk := numerals.CJKDigit(r)
	return cjk || numerals.CJKUnit(r) > 0
}

// numeralToken finds the one number a heading prints (digits of any
// script, CJK or Ethiopic numerals) and returns where it stands and its
// value; ok is false where the heading prints none, or two.
func numeralToken(s string) (from, to, v int, ok bool) {
	from = -1
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isNumeralRune(r) {
			i += n
			continue
		}
		if from >= 0 {
			return 0, 0, 0, false // a second number
		}
		from = i
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !isNumeralRune(r) {
				break
			}
			i += n
		}
		to = i
	}
	if from < 0 {
		return 0, 0, 0, false
	}
	t := s[from:to]
	if r, _ := utf8.DecodeRuneInString(t); isEthiopicNumeral(r) {
		v = ethiopicValue(t)
	} else {
		v = numerals.CJK(t)
	}
	return from, to, v, v > 0
}

// hangulFrame is a number in Sino-Korean numerals in Hangul and the
// letters that frame it at a heading's start (hangulNumber).
type hangulFrame struct {
	value, from, to int
	before, after   string // the letters on either side
	end             int    // where the letters after it end
}

// hangulNumber reads a number in Sino-Korean numerals written in Hangul
// (numerals.Hangul) that letters frame on both sides at the start of
// text: inside its first word ("제십이조": 제 before, 조 after) or as a
// word of its own between the first word and the third ("제 십이 조").
// Every such numeral is a syllable of ordinary words too: the frame is
// what numberRuns matches across headings, and only a run of headings
// that share it and number 1, 2, 3 makes the syllables a number.
func hangulNumber(text string) (hangulFrame, bool) {
	a := strings.IndexFunc(text, isLetterMark)
	if a < 0 || strings.TrimSpace(text[:a]) != "" {
		return hangulFrame{}, false
	}
	word := func(i int) int { // the end of the word at text[i:]
		if j := strings.IndexFunc(text[i:], func(r rune) bool { return !isLetterMark(r) }); j >= 0 {
			return i + j
		}
		return len(text)
	}
	e := word(a)
	w := text[a:e]
	_, n := utf8.DecodeRuneInString(w)
	// In the word: the first run of numerals after its first letter.
	if i := strings.IndexFunc(w[n:], numerals.IsHangul); i >= 0 {
		from := a + n + i
		to := from
		for to < e {
			r, m := utf8.DecodeRuneInString(text[to:])
			if !numerals.IsHangul(r) {
				break
			}
			to += m
		}
		if v := numerals.Hangul(text[from:to]); v > 0 && to < e {
			return hangulFrame{value: v, from: from, to: to, before: text[a:from], after: text[to:e], end: e}, true
		}
	}
	// As a word of its own: "제 십이 조".
	b := skipSpace(text, e)
	if b == e || b == len(text) {
		return hangulFrame{}, false
	}
	f := word(b)
	c := skipSpace(text, f)
	if c == f || c == len(text) || strings.IndexFunc(text[b:f], func(r rune) bool { return !numerals.IsHangul(r) }) >= 0 {
		return hangulFrame{}, false
	}
	g := word(c)
	if v := numerals.Hangul(text[b:f]); v > 0 && g > c {
		return hangulFrame{value: v, from: b, to: f, before: w, after: text[c:g], end: g}, true
	}
	return hangulFrame{}, false
}

// numberWordsValue reads s, the words where a heading's number stands
// ("Four", "dieciséis", "Twenty-One", "vingt et un", "einundzwanzig"),
// as a number written in the number words of one language of the
// lexicon (lexicon.NumberWordsValue: "quatre-vingt-un" too), every word of s one of them or a word
// that joins them ("and", "y", "e", "et", "und", also inside a word as
// German joins units to tens); 0 where no language reads all of s. The
// words give the number only: a run's succession decides whether it is
// one, and its id is the number's, never the words'.
func numberWordsValue(s string) int {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !isLetterMark(r) }) {
		words = append(words, w)
	}
	if len(words) == 0 || len(words) > 6 {
		return 0
	}
	return lexicon.NumberWordsValue(words)
}

// isTermRune reports whether r ends a label as its punctuation: the
// full stops, colons and brackets labelread.go reads, and the terminal
// punctuation of other scripts ("۔", "።", "፤", "।", "།", "။", "។"), but
// no comma.
func isTermRune(r rune) bool {
	if r < 0x80 {
		return strings.ContainsRune(".:)", r)
	}
	if strings.ContainsRune("．：）、。", r) {
		return true
	}
	switch r {
	case 0x055D, 0x060C, 0x07F8, 0x1802, 0x1808, 0xA4FE, 0xA60D, 0xA6F5, 0xFE50, 0xFE51, 0xFF0C, 0xFF64:
		return false // commas
	}
	return unicode.Is(unicode.Terminal_Punctuation, r)
}

// romanValue is the value of an upper-case roman numeral, or 0 when s is
// not one written in the usual way.
func romanValue(s string) int {
	total := 0
	for i := 0; i < len(s); i++ {
		v := romanDigit(s[i])
		if v == 0 {
			return 0
		}
		if i+1 < len(s) && romanDigit(s[i+1]) > v {
			total -= v
		} else {
			total += v
		}
	}
	// The usual way is toRoman's, written on the stack for the comparison
	// (a string per call was most of the cost of reading "I" or "V").
	var buf [16]byte
	if total <= 0 || string(appendRoman(buf[:0], total)) != s {
		return 0
	}
	return total
}

// romanDigit is the value of one roman numeral letter, or 0.
func romanDigit(b byte) int {
	switch b {
	case 'I':
		return 1
	case 'V':
		return 5
	case 'X':
		return 10
	case 'L':
		return 50
	case 'C':
		return 100
	}
	return 0
}

// romanParts are the letters of roman numerals, greatest first.
var romanParts = [...]struct {
	v int
	s string
}{{100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}}

func toRoman(n int) string { return string(appendRoman(nil, n)) }

// appendRoman appends n as a roman numeral to b; nothing for n < 1.
func appendRoman(b []byte, n int) []byte {
	for _, p := range romanParts {
		for n >= p.v {
			b = append(b, p.s...)
			n -= p.v
		}
	}
	return b
}
