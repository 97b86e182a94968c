// Package numerals reads numbers written in the digits of any script and
// in CJK numerals: the one reader ingest (labels) and align (the numbers
// a text states) share.
package numerals

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ndZeros are the zeros of the decimal digit sets outside ASCII, in order.
var ndZeros = func() []rune {
	var zs []rune
	add := func(lo, hi, stride rune) {
		for r := lo; r <= hi; r += stride {
			if r >= 0x80 && (len(zs) == 0 || r-zs[len(zs)-1] >= 10) {
				zs = append(zs, r)
			}
		}
	}
	for _, r := range unicode.Nd.R16 {
		add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range unicode.Nd.R32 {
		add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return zs
}()

// Digit is the value of a decimal digit of any script ("7", "٧", "७",
// "๗", "７", "𑄽"): Unicode's general category Nd, each set of ten a run
// from its zero, so a digit's value is its distance from the zero before
// it. It is -1 for a rune that is none.
func Digit(r rune) int {
	if r < 0x80 {
		if r >= '0' && r <= '9' {
			return int(r - '0')
		}
		return -1
	}
	if r < ndZeros[0] {
		return -1
	}
	// The last zero at or before r; r is its digit where within ten and
	// Nd (every set of Nd is ten runes from a zero: TestDigitSets).
	lo, hi := 0, len(ndZeros)
	for lo+1 < hi {
		if m := int(uint(lo+hi) >> 1); ndZeros[m] <= r {
			lo = m
		} else {
			hi = m
		}
	}
	if d := r - ndZeros[lo]; d < 10 && unicode.Is(unicode.Nd, r) {
		return int(d)
	}
	return -1
}

// CJKDigit is the value of a CJK numeral digit (一 to 九, 〇 and 零, the
// financial forms 壹 to 玖 and 两, Japanese's formal 壱, 弐 and 参), and
// whether r is one.
func CJKDigit(r rune) (int, bool) {
	switch r {
	case '〇', '零':
		return 0, true
	case '一', '壹', '壱':
		return 1, true
	case '二', '贰', '貳', '两', '兩', '弐', '弍':
		return 2, true
	case '三', '叁', '參', '参':
		return 3, true
	case '四', '肆':
		return 4, true
	case '五', '伍':
		return 5, true
	case '六', '陆', '陸':
		return 6, true
	case '七', '柒':
		return 7, true
	case '八', '捌':
		return 8, true
	case '九', '玖':
		return 9, true
	}
	return 0, false
}

// CJKUnit is the value of a CJK numeral that multiplies within a group
// of four digits (十 ten, 百 hundred, 千 thousand, and their financial
// forms), or 0.
func CJKUnit(r rune) int {
	switch r {
	case '十', '拾':
		return 10
	case '百', '佰':
		return 100
	case '千', '仟':
		return 1000
	}
	return 0
}

// CJKGroup is the value of a CJK numeral that multiplies a group of
// four digits (万 ten thousand, 億 a hundred million), or 0.
func CJKGroup(r rune) int {
	switch r {
	case '万', '萬':
		return 10000
	case '億', '亿':
		return 100000000
	}
	return 0
}

// CJK is the value of a number written in digits of any script or in
// CJK numerals: positionally ("二〇二四" 2024, "１２" 12), or by units
// ("十二" 12, "百三" 103, "三十" 30, "六十" 60, "一万二千" 12000; 万 and
// 億 multiply the numerals before them, and there must be some). It is
// 0 for a string that is none, and saturates rather than overflow.
func CJK(s string) int {
	total, group, cur := 0, 0, 0
	for _, r := range s {
		if d := Digit(r); d >= 0 {
			cur = cur*10 + d
		} else if d, ok := CJKDigit(r); ok {
			cur = cur*10 + d
		} else if u := CJKUnit(r); u > 0 {
			group += max(cur, 1) * u
			cur = 0
		} else if g := CJKGroup(r); g > 0 && group+cur > 0 {
			total += (group + cur) * g
			group, cur = 0, 0
		} else {
			return 0
		}
		if cur > 1<<40 || total > 1<<40 {
			return 1 << 40
		}
	}
	return total + group + cur
}

// IsCJK reports whether r is a CJK numeral (CJKDigit, CJKUnit or
// CJKGroup).
func IsCJK(r rune) bool {
	_, ok := CJKDigit(r)
	return ok || CJKUnit(r) > 0 || CJKGroup(r) > 0
}

// CJKRuns calls yield with each number text writes as a run of CJK
// numerals (CJKRunAt), its bytes from and to, and its value. It stops
// where yield returns false.
func CJKRuns(text string, yield func(from, to, value int) bool) {
	for i := 0; i < len(text); {
		if text[i] < 0xE3 {
			// Every CJK numeral is at U+3007 or above: three bytes whose
			// first is 0xE3 or more.
			i++
			continue
		}
		to, v := CJKRunAt(text, i)
		if to == i {
			_, n := utf8.DecodeRuneInString(text[i:])
			i += n
			continue
		}
		if v > 0 && !yield(i, to, v) {
			return
		}
		i = to
	}
}

// CJKRunAt reads the run of CJK numerals at text[i:]: it returns where
// the run ends (i where none starts there) and, where the run has two
// numerals or more ("十六", "三十", "二〇二四", "一万"), its value (CJK),
// else 0. A numeral alone is no number: 一 in 一般 (general), 百 in 百分之
// (per cent), 千 in a name are words, and the numbers one numeral writes
// but for those, ten and under, are words in any language too. It is
// one where the text frames it as an ordinal number, 第 before it and a
// counter after it (Ordinal): 百 in 第百条 (article 100) is 100.
func CJKRunAt(text string, i int) (to, value int) {
	count := 0
	for to = i; to < len(text); {
		r, n := utf8.DecodeRuneInString(text[to:])
		if !IsCJK(r) {
			break
		}
		to += n
		count++
	}
	if count < 2 {
		if v := CJK(text[i:to]); count == 1 && v > 10 && Ordinal(text, i, to) {
			return to, v
		}
		return to, 0
	}
	return to, CJK(text[i:to])
}

// Counters are the counters a CJK or Korean ordinal prints after its
// number: 条 (article), 項 (paragraph), 章 (chapter), 조, 항, 장, ...
const Counters = "条條項项章節节款部編编回조장항절편관"

// Inserted are the signs that join the number of an article inserted
// after another to that article's number: 之 (第三条之二, Chinese), の
// (第三条の二, Japanese), 의 (제3조의2, Korean). The inserted article is
// a sub-number of the article it follows, printed after its counter.
const Inserted = "之の의"

// Ordinal reports whether the number text[from:to] stands between 第 (or
// Korean's 제) and a counter (Counters): "第百条", "第十二章".
func Ordinal(text string, from, to int) bool {
	before, _ := utf8.DecodeLastRuneInString(text[:from])
	after, _ := utf8.DecodeRuneInString(text[to:])
	return (before == '第' || before == '제') && strings.ContainsRune(Counters, after)
}

// hangulDigits are the Sino-Korean numerals written in Hangul, by value:
// 일 1 to 구 9 (육 and 륙 both 6).
var hangulDigits = map[rune]int{'일': 1, '이': 2, '삼': 3, '사': 4, '오': 5, '육': 6, '륙': 6, '칠': 7, '팔': 8, '구': 9}

// hangulUnits are the Sino-Korean numerals of ten, a hundred and a
// thousand written in Hangul.
var hangulUnits = map[rune]int{'십': 10, '백': 100, '천': 1000}

// IsHangul reports whether r is a Sino-Korean numeral written in Hangul
// (일 이 삼 사 오 육 칠 팔 구 십 백 천). Every one of them is also a
// syllable of ordinary words (이 "this", 일 "work", 사 "company"): only
// a numbering that a document repeats makes them a number.
func IsHangul(r rune) bool { return hangulDigits[r] > 0 || hangulUnits[r] > 0 }

// Hangul is the value of a number written in Sino-Korean numerals in
// Hangul, below ten thousand, in the one way they are written: units
// from the greatest down, each once, a digit before a unit only where it
// is 2 or more (or 일 before 백 and 천, as formal writing prints),
// and one digit at most at the end ("십이" 12, "이십" 20, "백오" 105,
// "삼십" 30). It is 0 for a string that is none ("이이", "십십", "일십").
func Hangul(s string) int {
	total, cur, last := 0, 0, 10000
	digit := false
	for _, r := range s {
		if d := hangulDigits[r]; d > 0 {
			if digit {
				return 0 // two digits in a row
			}
			cur, digit = d, true
			continue
		}
		u := hangulUnits[r]
		if u == 0 || u >= last || digit && cur == 1 && u == 10 {
			return 0
		}
		total += max(cur, 1) * u
		cur, digit, last = 0, false, u
	}
	return total + cur
}
