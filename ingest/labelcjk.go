package ingest

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// cjkDigits are the values of the CJK numerals, with the financial
// forms (大写) and 两.
var cjkDigits = map[rune]int{'〇': 0, '零': 0, '一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9,
	'壹': 1, '贰': 2, '貳': 2, '两': 2, '兩': 2, '叁': 3, '參': 3, '肆': 4, '伍': 5, '陆': 6, '陸': 6, '柒': 7, '捌': 8, '玖': 9}

// cjkUnits are the CJK numerals that multiply: ten, hundred, thousand.
var cjkUnits = map[rune]int{'十': 10, '拾': 10, '百': 100, '佰': 100, '千': 1000, '仟': 1000}

// cjkCounters are the counters a CJK or Korean label prints after its
// number: 条 (article), 項 (paragraph), 章 (chapter), 조, 항, 장, ...
const cjkCounters = "条條項项章節节款部編编回조장항절편관"

// firstRune is the first rune of s (utf8.RuneError for "").
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// readCJKLabel reads "第12条", "第十二條", "第71項", "第三章" at s[i:]: 第, a
// number in digits or CJK numerals, and one counter character.
func readCJKLabel(s string, i int) (l label, ok bool) {
	// "第12条" in Chinese and Japanese, "제12조" in Korean: the ordinal
	// prefix, the number, a counter.
	mark := "第"
	if strings.HasPrefix(s[i:], "제") {
		mark = "제"
	} else if !strings.HasPrefix(s[i:], mark) {
		return l, false
	}
	j := skipSpace(s, i+len(mark))
	k := j
	for k < len(s) {
		r, n := utf8.DecodeRuneInString(s[k:])
		if labelRune(r) >= '0' && labelRune(r) <= '9' || cjkDigits[r] > 0 || r == '〇' || cjkUnits[r] > 0 {
			k += n
			continue
		}
		break
	}
	if k == j {
		// "第A条": an appendix article lettered in Latin capitals.
		if r, n := utf8.DecodeRuneInString(s[j:]); labelRune(r) >= 'A' && labelRune(r) <= 'Z' {
			c := string(labelRune(r))
			k = skipSpace(s, j+n)
			if r2, n2 := utf8.DecodeRuneInString(s[k:]); strings.ContainsRune("条條", r2) {
				end := k + n2
				if r3, n3 := utf8.DecodeRuneInString(s[end:]); strings.ContainsRune(":：.．、", r3) {
					end += n3
				}
				return label{comps: []comp{newComp(compUpper, c)}, printed: c, counter: string(r2), rare: &labelRare{ordinal: mark}, end: skipSpace(s, end)}, true
			}
		}
		return l, false
	}
	v := cjkNumber(s[j:k])
	k = skipSpace(s, k)
	r, n := utf8.DecodeRuneInString(s[k:])
	if !strings.ContainsRune(cjkCounters, r) || v <= 0 {
		return l, false
	}
	k += n
	end := k
	if r2, n2 := utf8.DecodeRuneInString(s[end:]); strings.ContainsRune(":：.．、", r2) {
		end += n2
	}
	// The number is what ids and citations use ("第12条" is cited as 12).
	return label{comps: []comp{{compNum, v, strconv.Itoa(v)}}, printed: strconv.Itoa(v), counter: string(r), rare: &labelRare{ordinal: mark}, end: skipSpace(s, end)}, true
}

// cjkNumber is the value of a number written in digits or CJK numerals
// ("12", "十二", "百三"), or 0.
func cjkNumber(s string) int {
	digits := true
	for _, r := range s {
		if d := labelRune(r); d < '0' || d > '9' {
			digits = false
		}
	}
	if digits {
		n := 0
		for _, r := range s {
			n = n*10 + int(labelRune(r)-'0')
		}
		return n
	}
	total, cur := 0, 0
	for _, r := range s {
		switch mul := cjkUnits[r]; {
		case mul > 0:
			if cur == 0 {
				cur = 1
			}
			total += cur * mul
			cur = 0
		default:
			cur = cur*10 + cjkDigits[r]
		}
	}
	return total + cur
}
