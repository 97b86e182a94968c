package align

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
	"github.com/rulesync/rulesync/internal/numerals"
)

// The signals that say two items are one: each is a function from text to
// language-independent tokens, tested on its own.

// rangeRe finds blinds and ranges: "50-100", "1000-2000".
var rangeRe = lazyre.New(`\b(\d[\d.,]*)\s*[-–/]\s*(\d[\d.,]*)\b`)

// decimalComma lists the languages that write 10.500 for ten thousand
// five hundred and 1,5 for one and a half (lexicon.DecimalMark).
var decimalComma = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, e := range lexicon.Entries(lexicon.DecimalMark) {
		m[e.Lang] = e.Words[0] == ","
	}
	return m
})

// Numbers returns the numbers text states, as plain integers or decimals
// in ASCII ("10500", "1.5"), in order of appearance and without repeats.
// Thousands separators are read by the language's convention: in pt, es,
// fr, de and it "10.500" is 10500 and "1,5" is 1.5; in en "10,500" is
// 10500. "1万" is 10000. The digits of every script count as digits,
// and runs of CJK numerals are numbers ("十六" 16, "三十" 30; a numeral
// alone, as 一 in 一般, is none).
func Numbers(text, lang string) []string {
	f := corpus.Fold(text)
	return numbers(asciiDigits(f), lang, func() string { return strings.ToLower(f) })
}

// numbers is Numbers on folded text f, its numerals in ASCII digits
// (asciiDigits); lower returns f in lower case
// (called only for a language with number words, and by rawTokens with
// the text it lowered once for all the signals).
func numbers(f, lang string, lower func() string) []string {
	return appendNumbers(nil, f, lang, lower)
}

// appendNumbers appends what numbers returns to out: the extractor
// reuses one buffer.
func appendNumbers(out []string, f, lang string, lower func() string) []string {
	if !strings.ContainsAny(f, "0123456789") && numberTable(baseLang(lang)) == nil && !strings.Contains(f, "万") {
		return out
	}
	comma := decimalComma()[baseLang(lang)]
	// An item states few numbers: a look along out finds a repeat
	// sooner than a map made for each item.
	start := len(out)
	// The numbers found are set after out's end and read there, each
	// before its place is written (w <= k): no list of its own.
	out = appendScanNumbers(out, f)
	w := start
	for k := start; k < len(out); k++ {
		n := parseNumber(out[k], comma)
		if n != "" && !slices.Contains(out[start:w], n) {
			out[w] = n
			w++
		}
	}
	clear(out[w:]) // no texts kept past the end
	out = out[:w]
	// Numbers written as words: "eighteen" in one language is 18 in
	// another; "nine thousand five hundred" is 9500.
	if t := numberTable(baseLang(lang)); t != nil {
		out = appendWordNumbers(out, start, lower(), t)
	}
	return out
}

// asciiDigits is f with its numerals in ASCII digits (asciiNumerals),
// or f itself where it has none.
func asciiDigits(f string) string {
	n, _ := asciiNumerals(f)
	return n
}

// asciiNumerals is f with its numbers in the decimal digits of other
// scripts ("١٦", "१६", "๑๖") and in runs of CJK numerals ("十六", "三十",
// "二〇二四"; numerals.CJKRuns says which runs) written in ASCII digits,
// and true; f and false where it writes none (most texts, read without
// a copy). A run of CJK numerals is set apart by spaces from digits it
// touches. The Arabic decimal and thousands separators (٫ ٬) become the
// ASCII ones the scan reads.
func asciiNumerals(f string) (string, bool) {
	i := 0
	for i < len(f) && f[i] < utf8.RuneSelf {
		i++
	}
	if i == len(f) {
		return f, false
	}
	var b []byte
	last := 0 // f[:last] is in b
	flush := func(to int) {
		if b == nil {
			b = make([]byte, 0, len(f)+8)
		}
		b = append(b, f[last:to]...)
		last = to
	}
	for i < len(f) {
		if f[i] < utf8.RuneSelf {
			i++
			continue
		}
		if f[i] >= 0xE3 {
			if to, v := numerals.CJKRunAt(f, i); to > i {
				if v > 0 {
					flush(i)
					if len(b) > 0 && b[len(b)-1] >= '0' && b[len(b)-1] <= '9' {
						b = append(b, ' ')
					}
					b = strconv.AppendInt(b, int64(v), 10)
					if to < len(f) && f[to] >= '0' && f[to] <= '9' {
						b = append(b, ' ')
					}
					last = to
				}
				i = to
				continue
			}
		}
		r, n := utf8.DecodeRuneInString(f[i:])
		var c byte
		switch d := numerals.Digit(r); {
		case d >= 0:
			c = byte('0' + d)
		case r == '٫':
			c = '.'
		case r == '٬':
			c = ','
		default:
			i += n
			continue
		}
		flush(i)
		b = append(b, c)
		i += n
		last = i
	}
	if b == nil {
		return f, false
	}
	flush(len(f))
	return string(b), true
}

// appendWordNumbers appends to out the numbers above ten that s (in
// lower case) writes as words in t's language (lexicon.NumberReader)
// and out[start:] does not hold yet, in order. It reads s a run of
// letters at a time (nextLetterRun), with no iterator: the closures of
// one, and of the loop over it, were 15 MB of garbage reading 100k items
// a side.
func appendWordNumbers(out []string, start int, s string, t *lexicon.NumberTable) []string {
	add := func(v int, ok bool) {
		if ok && v > 10 {
			if n := strconv.Itoa(v); !slices.Contains(out[start:], n) {
				out = append(out, n)
			}
		}
	}
	wn := t.Reader(false)
	for i := 0; ; {
		from, to := nextLetterRun(s, i)
		if from == to {
			break
		}
		add(wn.Add(s[from:to]))
		i = to
	}
	add(wn.Flush())
	return out
}

// nextLetterRun returns the bounds of the first run of letters of s at
// or after byte i, as strings.FieldsFuncSeq with !unicode.IsLetter
// splits s (an invalid byte is U+FFFD, no letter); from == to when there
// is none. An ASCII byte is read as a byte (A-Z and a-z are its
// letters), the rest rune by rune (the split rune by rune was most of
// numbers' time for an English text; TestLetterRuns holds the two
// together).
func nextLetterRun(s string, i int) (from, to int) {
	for i < len(s) {
		if c := s[i] | 0x20; s[i] < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) {
			break
		}
		i += size
	}
	from = i
	for i < len(s) {
		if c := s[i] | 0x20; s[i] < utf8.RuneSelf {
			if c < 'a' || 'z' < c {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) {
			break
		}
		i += size
	}
	return from, i
}

// numberTable is the number words rulebooks write out in lang
// (lexicon.NumberTables), or nil.
func numberTable(lang string) *lexicon.NumberTable { return lexicon.NumberTables()[lang] }

// appendScanNumbers finds numbers by hand and appends them to out: digits
// with thousands separators (. , space or thin space before each group of
// exactly three digits: 10,500 / 10.500 / 10 500), an optional decimal
// part (1.5, 2,75), and an optional 万 after them. "3200 15350" is two
// numbers.
func appendScanNumbers(out []string, f string) []string {
	isDigit := func(i int) bool { return i < len(f) && f[i] >= '0' && f[i] <= '9' }
	digits := func(i int) int { // length of the digit run at i
		j := i
		for isDigit(j) {
			j++
		}
		return j - i
	}
	sepLen := func(i int) int {
		if i >= len(f) {
			return 0
		}
		switch {
		case f[i] == '.' || f[i] == ',' || f[i] == ' ':
			return 1
		case strings.HasPrefix(f[i:], "\u2009"):
			return len("\u2009")
		}
		return 0
	}
	for i := 0; i < len(f); {
		if !isDigit(i) || i > 0 && isDigit(i-1) {
			i++
			continue
		}
		start := i
		run := digits(i)
		i += run
		// Thousands groups: the first run of 1-3 digits, then groups of 3.
		for run <= 3 {
			s := sepLen(i)
			if s == 0 || digits(i+s) != 3 {
				break
			}
			i += s + 3
			run = 3
		}
		// A decimal part: . or , and digits that are not a group of 3.
		if i < len(f) && (f[i] == '.' || f[i] == ',') {
			if d := digits(i + 1); d > 0 && d != 3 {
				i += 1 + d
			}
		}
		end := i
		if strings.HasPrefix(f[i:], "万") {
			end += len("万")
			i = end
		}
		out = append(out, f[start:end])
	}
	return out
}

// spaces are the thin and plain spaces some locales group digits with.
var spaces = strings.NewReplacer(" ", "", " ", "")

// parseNumber reads a number scanNumbers found by the language's
// convention (comma: the decimal comma) and writes it as Numbers returns
// it, or "" for none.
func parseNumber(s string, comma bool) string {
	// Most numbers are digits alone: without a leading zero and within
	// the 15 digits a float64 holds exactly, they are written as they
	// are (TestParseNumber holds this to the reading below).
	if n := len(s); n > 0 && n <= 15 && (s[0] != '0' || n == 1) {
		plain := true
		for i := 0; i < n; i++ {
			if s[i] < '0' || s[i] > '9' {
				plain = false
				break
			}
		}
		if plain {
			return s
		}
	}
	man := strings.HasSuffix(s, "万")
	s = strings.TrimSpace(strings.TrimSuffix(s, "万"))
	s = spaces.Replace(s)
	thousands, decimal := ",", "."
	if comma {
		thousands, decimal = ".", ","
	}
	// A separator before every group of exactly three digits is a
	// thousands separator, whichever mark the language uses for it.
	// Rulebook amounts are whole: "10,500" in a Portuguese text copied
	// from English is 10500, not ten and a half. With both marks, the
	// language's own reading holds: 10.500,75.
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

// groupsOf3 reports whether s is digits with sep before every group of
// exactly three digits: "10,500", "1,000,000".
func groupsOf3(s, sep string) bool {
	parts := strings.Split(s, sep)
	if len(parts) < 2 {
		return false
	}
	for i, p := range parts {
		if p == "" || len(p) > 3 || i > 0 && len(p) != 3 {
			return false
		}
		for _, r := range p {
			if r < '0' || r > '9' {
				return false
			}
		}
	}
	return true
}

// unitAfterWord reports whether low has what every match of timeWordRe
// that times counts has: a unit's whole word (timeLex.words: "seconds",
// "minuto") after a space or a hyphen, the word being the letters a-z
// from its start on, as the expression's second group takes them.
// ("minimum", "section" and "determine" alone made the expression read
// a third of the WCA regulations for nothing; a text that says
// "minimum" and no unit of time is passed over too.)
func unitAfterWord(low string) bool {
	tw := timeWords()
	for _, u := range tw.starts {
		for i := 0; ; {
			k := strings.Index(low[i:], u)
			if k < 0 {
				break
			}
			if k += i; k > 0 && (low[k-1] == ' ' || low[k-1] == '-') {
				e := k + len(u)
				for e < len(low) && 'a' <= low[e] && low[e] <= 'z' {
					e++
				}
				if tw.words[low[k:e]] {
					return true
				}
			}
			i = k + 1
		}
	}
	return false
}

// timeWordRe finds a number word before a unit of time; findTimeWords
// does its work.
var timeWordRe = lazyre.NewFunc(func() string {
	return `\b([a-z]+)[ -]((?:` + strings.Join(timeWords().starts, "|") + `)[a-z]*)`
})

// findTimeWords returns the two groups of each match of timeWordRe in s,
// found by hand (the expression was 11% of diffing 100k generated items,
// whose texts say "minimum"; TestFindTimeWords holds the two together):
// a run of a-z after an ASCII word boundary, ended by a space or hyphen
// and "sec", "min" or "seg" and the a-z after it. The run is the longest
// one (a shorter one ends before a letter, not the separator), and no
// match starts inside it (no word boundary there).
func findTimeWords(s string) [][2]string {
	lower := func(i int) bool { return i < len(s) && 'a' <= s[i] && s[i] <= 'z' }
	word := func(b byte) bool {
		return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
	}
	var out [][2]string
	for i := 0; i < len(s); {
		if !lower(i) || i > 0 && word(s[i-1]) {
			i++
			continue
		}
		q := i
		for lower(q) {
			q++
		}
		if q < len(s) && (s[q] == ' ' || s[q] == '-') {
			if p := unitStart(s[q+1:]); p > 0 {
				e := q + 1 + p
				for lower(e) {
					e++
				}
				out = append(out, [2]string{s[i:q], s[q+1 : e]})
				i = e
				continue
			}
		}
		i = q
	}
	return out
}

// timeLex holds the lexicon's words of durations (lexicon.TimeWords).
type timeLex struct {
	units  []lexicon.Pair  // the start of a unit's word, and its seconds
	words  map[string]bool // the words of units after a number word ("minimum" is none)
	counts map[string]int  // the number words before them
	starts []string        // the first three letters of words, without repeats
	// first holds the bytes a unit's word may start with in any case
	// (timeUnit compares with strings.EqualFold): the first bytes of
	// the runes its first rune folds to.
	first [256]bool
}

var timeWords = sync.OnceValue(func() *timeLex {
	tl := &timeLex{words: map[string]bool{}, counts: map[string]int{}}
	for _, e := range lexicon.Entries(lexicon.TimeWords) {
		switch e.Key {
		case "unit":
			for _, p := range lexicon.Pairs(e) {
				tl.units = append(tl.units, p)
				r0, _ := utf8.DecodeRuneInString(p.Word)
				for r := r0; ; {
					var b [utf8.UTFMax]byte
					utf8.EncodeRune(b[:], r)
					tl.first[b[0]] = true
					if r = unicode.SimpleFold(r); r == r0 {
						break
					}
				}
			}
		case "word":
			for _, w := range e.Words {
				tl.words[w] = true
				if !slices.Contains(tl.starts, w[:3]) {
					tl.starts = append(tl.starts, w[:3])
				}
			}
		case "count":
			for _, p := range lexicon.Pairs(e) {
				tl.counts[p.Word] = p.Value
			}
		}
	}
	return tl
})

// unitStart returns the length of the start of a unit's word u starts
// with (timeLex.starts), or 0.
func unitStart(u string) int {
	for _, p := range timeWords().starts {
		if strings.HasPrefix(u, p) {
			return len(p)
		}
	}
	return 0
}

// timeUnit reports the unit of time rest starts with, if any: "seconds",
// "segundos", "秒", "minutes", "分".
func timeUnit(rest string) (int, bool) {
	// No unit starts with rest's first byte (most numbers are followed
	// by a word that is none: the units were compared one by one).
	if rest == "" || !timeWords().first[rest[0]] {
		return 0, false
	}
	// "1000分の1" is a thousandth, not a thousand minutes ("10分の時間"
	// is ten minutes' time).
	if after, ok := strings.CutPrefix(rest, "分の"); ok && strings.TrimLeft(after, " ") != "" && strings.TrimLeft(after, " ")[0] >= '0' && strings.TrimLeft(after, " ")[0] <= '9' {
		return 0, false
	}
	for _, u := range timeWords().units {
		if len(rest) >= len(u.Word) && strings.EqualFold(rest[:len(u.Word)], u.Word) {
			// "min" must not start "minimum".
			after := rest[len(u.Word):]
			if u.Word == "min" && strings.HasPrefix(strings.ToLower(after), "im") {
				return 0, false
			}
			return u.Value, true
		}
	}
	return 0, false
}

// Ranges returns the ranges and blind levels text states ("50-100"), the
// numbers read as Numbers reads them.
func Ranges(text, lang string) []string { return ranges(asciiDigits(corpus.Fold(text)), lang) }

// ranges is Ranges on folded text f, its numerals in ASCII digits
// (asciiDigits).

func ranges(f, lang string) []string {
	// The dash apart: ContainsAny reads a set with a rune beyond ASCII
	// rune by rune (it was two thirds of ranges).
	if !mayRange(f) {
		return nil
	}
	comma := decimalComma()[baseLang(lang)]
	var out []string
	for _, m := range rangeRe.FindAllStringSubmatch(f, -1) {
		a, b := parseNumber(m[1], comma), parseNumber(m[2], comma)
		if a != "" && b != "" {
			out = append(out, a+"-"+b)
		}
	}
	return out
}

// mayRange reports whether rangeRe may match in f: at a dash or slash
// with, white space aside, a digit, "." or "," before it and a digit
// after it, as every match has. The expression, which has no literal to
// look for, tried a match at every digit of a text that had a digit and
// a dash anywhere (5% of a DOCX diff); this look is a pass over the
// bytes.
func mayRange(f string) bool {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	for i := 0; i < len(f); i++ {
		n := 1
		switch {
		case f[i] == '-' || f[i] == '/':
		case strings.HasPrefix(f[i:], "–"):
			n = len("–")
		default:
			continue
		}
		j := i
		for j > 0 && space(f[j-1]) {
			j--
		}
		if j == 0 || !digit(f[j-1]) && f[j-1] != '.' && f[j-1] != ',' {
			continue
		}
		k := i + n
		for k < len(f) && space(f[k]) {
			k++
		}
		if k < len(f) && digit(f[k]) {
			return true
		}
	}
	return false
}

// Acronyms returns the upper-case abbreviations in text (NLHE, PLO, SA,
// OOT, BB, UTG), without repeats. Roman numerals and single letters are
// not acronyms.
func Acronyms(text string) []string { return acronyms(corpus.Fold(text)) }

func acronyms(f string) []string {
	if !hasUpperPair(f) {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, a := range findAcronyms(f) {
		if seen[a] || strings.Trim(a, "IVXLCDM") == "" || strings.Trim(a, "0123456789") != a && len(a) < 2 {
			continue
		}
		seen[a] = true
		out = append(out, a)
	}
	return out
}

// findAcronyms finds upper-case abbreviations of 2 to 5 letters and
// digits, as `\b[A-Z][A-Z0-9]{1,4}\b` does with FindAllString (the
// expression was most of acronyms' time; TestFindAcronyms holds the two
// together): a capital after an
// ASCII word boundary, then 1 to 4 capitals or digits, then a boundary.
// A longer run of capitals and digits, or one that goes on in lower
// case, a digit run included, holds no match (no shorter match ends at a
// boundary inside it). \b is ASCII: a byte of a rune beyond ASCII is no
// word character, as the rune is none to regexp.
func findAcronyms(s string) []string {
	word := func(b byte) bool {
		return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
	}
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' || i > 0 && word(s[i-1]) {
			continue
		}
		j := i + 1
		for j < len(s) && ('A' <= s[j] && s[j] <= 'Z' || '0' <= s[j] && s[j] <= '9') {
			j++
		}
		if n := j - i - 1; n >= 1 && n <= 4 && (j == len(s) || !word(s[j])) {
			out = append(out, s[i:j])
		}
		i = j - 1 // no match starts inside the run
	}
	return out
}

// hasUpperPair reports whether s has two ASCII capitals in a row.
func hasUpperPair(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' && s[i-1] >= 'A' && s[i-1] <= 'Z' {
			return true
		}
	}
	return false
}

// stopWords are the function words of the languages rulesync meets
// (lexicon.StopWords), left out of same-language word similarity.
func stopWords() map[string]bool { return lexicon.Set(lexicon.StopWords) }

// Words returns the content words of text in lower-case comparison form,
// function words left out, for same-language similarity. CJK text gives
// its runs of katakana and of kanji as words.
func Words(text string) []string { return contentWords(strings.ToLower(corpus.Fold(text))) }

// contentWords is Words on lower-case folded text.
func contentWords(f string) []string { return contentWordsOf(words(f), f) }

// contentWordsOf is contentWords(f), given ws = words(f).
func contentWordsOf(ws []string, f string) []string { return appendContentWords(nil, ws, f) }

// appendContentWords appends contentWordsOf(ws, f) to out: the
// extractor reuses one buffer (a new list for each item was a fifth of
// what an alignment allocated).
func appendContentWords(out, ws []string, f string) []string {
	stop := stopWords()
	for _, w := range ws {
		if len(w) > 1 && !stop[w] {
			out = append(out, w)
		}
	}
	if isASCII(f) {
		return out
	}
	// The runs of CJK content letters: parts of f, no string made.
	eachRun(f, func(r rune) bool { return corpus.IsCJK(r) && !unicode.Is(unicode.Hiragana, r) && !unicode.IsPunct(r) },
		func(w string) bool { out = append(out, w); return true })
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
