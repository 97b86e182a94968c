package ingest

import (
	"github.com/rulesync/rulesync/internal/numerals"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// cjkCounters are the counters a CJK or Korean label prints after its
// number (numerals.Counters).
const cjkCounters = numerals.Counters

// firstRune is the first rune of s (utf8.RuneError for "").
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// labelNumeral reports whether r is a CJK numeral a label's number may
// hold: a digit but 零, or a unit (十, 百, 千). 零 stands inside a number
// only (百零一 is 101), after another numeral (inner).
func labelNumeral(r rune, inner bool) bool {
	d, ok := numerals.CJKDigit(r)
	return ok && (d > 0 || r == '〇' || inner) || numerals.CJKUnit(r) > 0
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
		if labelRune(r) >= '0' && labelRune(r) <= '9' || labelNumeral(r, k > j) {
			k += n
			continue
		}
		break
	}
	if l, ok := dottedCJKLabel(s, j, k, mark); ok {
		return l, true
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
	v := numerals.CJK(s[j:k])
	k = skipSpace(s, k)
	r, n := utf8.DecodeRuneInString(s[k:])
	if !strings.ContainsRune(cjkCounters, r) || v <= 0 {
		return l, false
	}
	k += n
	l = label{comps: []comp{{kind: compNum, n: v, s: strconv.Itoa(v)}}, printed: strconv.Itoa(v), counter: string(r), rare: &labelRare{ordinal: mark}}
	if sub, to := insertedNumber(s, k); sub > 0 {
		// "第三条之二": article 3-2, a sub-number of 3 (3.2).
		l.comps = append(l.comps, comp{kind: compNum, inserted: true, n: sub, s: strconv.Itoa(sub)})
		l.printed += "." + strconv.Itoa(sub)
		k = to
	}
	end := k
	if r2, n2 := utf8.DecodeRuneInString(s[end:]); strings.ContainsRune(":：.．、", r2) {
		end += n2
	}
	if gluedSentence(s, end) {
		return label{}, false
	}
	// The number is what ids and citations use ("第12条" is cited as 12).
	l.end = skipSpace(s, end)
	return l, true
}

// gluedSentence reports whether the label that ends at s[end] is a
// sentence's first words: a letter glued to it ("第3条に記載通りの…"),
// and the rest of the line no title (a sentence's end, or longer than
// any title). A heading glued to its title ("第一章总则") stays a label.
func gluedSentence(s string, end int) bool {
	r, _ := utf8.DecodeRuneInString(s[end:])
	if !unicode.IsLetter(r) {
		return false
	}
	rest, _, _ := strings.Cut(s[end:], "\n")
	return !titleLike(strings.TrimSpace(rest))
}

// dottedCJKLabel reads "第2.1条", "第A.1条", "제2.1조" at s[j:], after
// the ordinal mark: a dotted label of digits or capitals (s[j:k] being
// its digits read so far, none of them a CJK numeral), glued to its
// counter.
func dottedCJKLabel(s string, j, k int, mark string) (label, bool) {
	for _, r := range s[j:k] {
		if d := labelRune(r); d < '0' || d > '9' {
			return label{}, false
		}
	}
	r, n := utf8.DecodeRuneInString(s[k:])
	if k == j && labelRune(r) >= 'A' && labelRune(r) <= 'Z' {
		r, _ = utf8.DecodeRuneInString(s[k+n:])
	}
	if labelRune(r) != '.' {
		return label{}, false
	}
	l, ok := readCore(s, j)
	if ok && l.counter == "" && l.term == "" {
		// "第 2.1 条": the counter set apart by a space, as the number is
		// from the mark.
		if r, n := utf8.DecodeRuneInString(s[l.end:]); strings.ContainsRune(cjkCounters, r) {
			if _, end, ok := counterEnd(s, l.end, n); ok {
				l.counter, l.end = string(r), skipSpace(s, end)
			}
		}
	}
	if !ok || l.counter == "" || len(l.comps) < 2 {
		return label{}, false
	}
	l.edit().ordinal = mark
	return l, true
}

// insertedNumber reads at s[k:], right after an article's counter, the
// sign of an inserted article (numerals.Inserted) and its number in
// digits or CJK numerals ("之二", "の２", "의2"), which must end the label:
// white space, punctuation or the end of s after it, no word ("第三条の
// 一部", "part of article 3", is article 3). It returns the number and
// where it ends, or 0.
func insertedNumber(s string, k int) (int, int) {
	r, n := utf8.DecodeRuneInString(s[k:])
	if !strings.ContainsRune(numerals.Inserted, r) || n == 0 {
		return 0, k
	}
	j := k + n
	to := j
	for to < len(s) {
		r, n := utf8.DecodeRuneInString(s[to:])
		if labelRune(r) >= '0' && labelRune(r) <= '9' || labelNumeral(r, to > j) {
			to += n
			continue
		}
		break
	}
	if to == j {
		return 0, k
	}
	if r, _ := utf8.DecodeRuneInString(s[to:]); to < len(s) && (unicode.IsLetter(r) || unicode.IsNumber(r)) {
		return 0, k
	}
	v := numerals.CJK(s[j:to])
	if v <= 0 {
		return 0, k
	}
	return v, to
}

// readCJKNumeralLabel reads a paragraph marker in CJK numerals at s[i:],
// as "1." and "(1)" are read in digits: the numerals in parentheses
// ("（一）", "(十二)"), or bare before an ideographic space, a space or
// the enumeration comma or full stop ("一　", "二、", "三．"). A numeral
// that runs into a word is the word's ("一般", "十分"), and 零 does not
// start one.
func readCJKNumeralLabel(s string, i int) (label, bool) {
	j := i
	open := ""
	if r, n := utf8.DecodeRuneInString(s[j:]); r == '(' || r == '（' {
		open = s[j : j+n]
		j += n
	}
	k := j
	for k < len(s) {
		r, n := utf8.DecodeRuneInString(s[k:])
		if !labelNumeral(r, k > j) {
			break
		}
		k += n
	}
	if k == j {
		return label{}, false
	}
	v := numerals.CJK(s[j:k])
	r, n := utf8.DecodeRuneInString(s[k:])
	if v <= 0 || k == len(s) {
		return label{}, false
	}
	l := label{comps: []comp{{kind: compNum, n: v, s: strconv.Itoa(v)}}, printed: s[j:k]}
	switch {
	case open != "":
		if r != ')' && r != '）' {
			return label{}, false
		}
		l.paren, l.term = true, ")"
	case r == '　' || r == ' ' || r == '\t':
		l.term = ""
	case r == '、' || r == '．' || r == '.':
		l.term = s[k : k+n]
	default:
		return label{}, false
	}
	l.end = skipSpace(s, k+n)
	if l.end == len(s) {
		return label{}, false // a numeral alone is no paragraph's label
	}
	return l, true
}
