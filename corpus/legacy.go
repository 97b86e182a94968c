package corpus

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/rulesync/rulesync/internal/langid"
)

// singleByte are the encodings of one byte per character that detection
// weighs (WHATWG names, which --encoding takes back), the Windows code
// pages first: of two that decode the bytes alike, the first names them.
var singleByte = []string{
	"windows-1252", "windows-1250", "windows-1251", "windows-1253", "windows-1254",
	"windows-1255", "windows-1256", "windows-1257", "windows-1258", "windows-874",
	"koi8-r", "koi8-u", "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4",
	"iso-8859-5", "iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-10",
	"iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "macintosh",
	"x-mac-cyrillic",
}

// maxOddness is the most oddness (see oddness) a decoding may have and
// still read as text: the UDHR pages written in the legacy encodings
// that can write them read as text by it, and a misreading of one in
// another script has far more (a misreading in the same script, "õ"
// for "ő", is left to the languages' models: bestFit).
const maxOddness = 0.02

// fitMargin is how much more likely (in log-likelihood, nats: see
// clearlyBetter) the best of several decodings that read as text must
// be than each other for detection to take it: a misreading puts a few
// letters where the language has others ("õ" for Hungarian "ő"); a
// margin under this (a likelihood ratio of 20) is no evidence.
const fitMargin = 3.0

// reading is one decoding of the bytes detection weighs.
type reading struct {
	name string
	text string
	odd  float64
}

// decodeSingleByte reads b as the encoding of singleByte whose decoding
// reads as text (oddness at most maxOddness) and, where several do,
// fits a language clearly best (langid.Fit, by fitMargin). Where none
// reads as text, or two fit about as well, it is an error at off (the
// first byte that is not UTF-8) naming the likeliest and --encoding.
func decodeSingleByte(b []byte, off int) (string, string, error) {
	var all []reading
	for _, name := range singleByte {
		enc, err := htmlindex.Get(name)
		if err != nil {
			continue
		}
		s, ok := decodeClean(enc, b)
		if !ok || slices.ContainsFunc(all, func(r reading) bool { return r.text == s }) {
			continue
		}
		all = append(all, reading{name: name, text: s, odd: oddness(s)})
	}
	slices.SortStableFunc(all, func(x, y reading) int { return cmpFloat(x.odd, y.odd) })
	var ok []reading
	for _, r := range all {
		if r.odd <= maxOddness {
			ok = append(ok, r)
		}
	}
	switch len(ok) {
	case 0:
		if names := multiByteReadings(b); len(names) > 0 {
			return "", "", newEncodingError(b, off, "invalid UTF-8, and it reads as text in an encoding of two bytes a character, which rulesync does not choose for you ("+strings.Join(names, ", ")+"); name the encoding with --encoding")
		}
		return "", "", newEncodingError(b, off, "invalid UTF-8, and no encoding of one byte a character reads it as text"+closest(all, 3)+"; name the encoding with --encoding")
	case 1:
		return ok[0].text, ok[0].name, nil
	}
	return bestFit(b, off, ok)
}

// multiByte are the encodings of East Asian text of two bytes a character
// (or more) that detection does not choose, which the error on a text
// no one-byte encoding reads names where they read it.
var multiByte = []string{"euc-kr", "gbk", "gb18030", "big5", "shift_jis", "euc-jp"}

// multiByteReadings names the encodings of multiByte that decode b with
// no byte undefined and read as text (oddness at most maxOddness), the
// likeliest first.
func multiByteReadings(b []byte) []string {
	var rs []reading
	for _, name := range multiByte {
		enc, err := htmlindex.Get(name)
		if err != nil {
			continue
		}
		if s, ok := decodeClean(enc, b); ok {
			if odd := oddness(s); odd <= maxOddness {
				rs = append(rs, reading{name: name, odd: odd})
			}
		}
	}
	slices.SortStableFunc(rs, func(x, y reading) int { return cmpFloat(x.odd, y.odd) })
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.name
	}
	return names
}

// bestFit takes, of readings that all read as text, the one that fits
// a language clearly better (clearlyBetter) than each other; where none
// does, it is an error at off naming the likeliest.
func bestFit(b []byte, off int, rs []reading) (string, string, error) {
	lead := 0
	for i := 1; i < len(rs); i++ {
		if better, same := clearlyBetter(b, rs[i], rs[lead]); better && !same {
			lead = i
		}
	}
	close := []reading{rs[lead]}
	for i, r := range rs {
		if better, _ := clearlyBetter(b, rs[lead], r); i != lead && !better {
			close = append(close, r)
		}
	}
	if len(close) > 1 {
		return "", "", newEncodingError(b, off, "invalid UTF-8, and it reads as text in more than one encoding of one byte a character"+closest(close, 4)+", which the bytes do not tell apart; name the encoding with --encoding")
	}
	return rs[lead].text, rs[lead].name, nil
}

// clearlyBetter says whether reading a of b fits a language better than
// reading r by fitMargin: by the log-likelihood its trigrams where they
// differ have over r's (the difference of their mean log-probabilities,
// langid.Fit, times the fewer of their trigrams). Two readings whose
// words are the same (they differ in a symbol) tell nothing apart: same
// is true, and better too (a keeps its place).
func clearlyBetter(b []byte, a, r reading) (better, same bool) {
	parts := differing(b, []reading{a, r})
	fa, fr, na, nr := langid.Fit(a.text, r.text, parts[0], parts[1])
	switch {
	case na == 0 && nr == 0:
		return true, true
	case math.IsInf(fa, -1):
		return false, false
	case math.IsInf(fr, -1):
		return true, false
	}
	return (fa-fr)*float64(min(na, nr)) >= fitMargin, false
}

// differing returns, for each reading of b, its words where the readings
// do not all agree, joined by spaces: a word is a run of bytes between
// ASCII bytes that are no letters, which every reading reads alike (each
// encoding of singleByte is ASCII's below 0x80 and reads one byte as one
// character).
func differing(b []byte, rs []reading) []string {
	runes := make([][]rune, len(rs))
	for i, r := range rs {
		if runes[i] = []rune(r.text); len(runes[i]) != len(b) {
			out := make([]string, len(rs))
			for k := range rs {
				out[k] = rs[k].text
			}
			return out
		}
	}
	parts := make([]strings.Builder, len(rs))
	start := 0
	for i := 0; i <= len(b); i++ {
		if i < len(b) && (b[i] >= 0x80 || 'a' <= b[i]|0x20 && b[i]|0x20 <= 'z') {
			continue
		}
		if i > start && !sameWord(runes, start, i) {
			for k := range rs {
				parts[k].WriteString(string(runes[k][start:i]))
				parts[k].WriteByte(' ')
			}
		}
		start = i + 1
	}
	out := make([]string, len(rs))
	for k := range parts {
		out[k] = parts[k].String()
	}
	return out
}

// sameWord says whether every reading has the same runes in [from, to).
func sameWord(runes [][]rune, from, to int) bool {
	for _, rs := range runes[1:] {
		if string(rs[from:to]) != string(runes[0][from:to]) {
			return false
		}
	}
	return true
}

// closest names the first n readings: " (likeliest: koi8-r, ibm866)".
func closest(rs []reading, n int) string {
	var names []string
	for _, r := range rs[:min(n, len(rs))] {
		names = append(names, r.name)
	}
	if len(names) == 0 {
		return ""
	}
	return " (likeliest: " + strings.Join(names, ", ") + ")"
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// decodeClean decodes b with enc; ok is false where a byte is undefined
// in it (U+FFFD) or decodes to a C1 control character, which no text
// holds.
func decodeClean(enc encoding.Encoding, b []byte) (string, bool) {
	out, err := enc.NewDecoder().Bytes(b)
	if err != nil {
		return "", false
	}
	s := string(out)
	for _, r := range s {
		if r == utf8.RuneError || r >= 0x80 && r <= 0x9f {
			return "", false
		}
	}
	return s, true
}

// oddness measures how little a decoding reads as text, by what any
// written language's text has, whatever the language: of its words
// holding a character beyond ASCII and its characters beyond ASCII that
// are no letter, the share that are odd. A word is odd that mixes
// scripts (Latin and Cyrillic letters), whose case changes inside it
// other than from a capital first letter ("ÓÅ" after "Ì": a capital
// after a small letter, or a small letter between capitals), or that is
// Latin with more than two thirds of its letters (three or more) beyond
// ASCII, which Latin orthographies add to the ASCII letters, never
// write words of (the Cyrillic "Статья" read as Windows-1252 is
// "Ñòàòüÿ"). A character is odd that is a symbol, a digit or fraction
// beyond ASCII, or a format character, next to a letter ("ł" read as
// "³" in "³¹czy").
func oddness(s string) float64 {
	var w wordShape
	odd, seen := 0, 0
	prevLetter := false
	var pendingSym bool // a symbol right after a letter, odd unless a space follows
	for _, r := range s {
		letter := unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)
		if r >= 0x80 && !letter {
			seen++
		}
		symbol := r >= 0x80 && !letter && !unicode.IsSpace(r) && !unicode.IsPunct(r)
		switch {
		case letter:
			if pendingSym {
				odd++ // a symbol inside a word
				pendingSym = false
			}
			w.add(r)
		case symbol && prevLetter:
			odd++
		case symbol:
			pendingSym = true
		default:
			pendingSym = false
		}
		if !letter {
			if w.beyondASCII > 0 {
				seen++
				if w.odd() {
					odd++
				}
			}
			w = wordShape{}
			if !symbol {
				pendingSym = false
			}
		}
		prevLetter = letter
	}
	if w.beyondASCII > 0 {
		seen++
		if w.odd() {
			odd++
		}
	}
	if seen == 0 {
		return 0
	}
	return float64(odd) / float64(seen)
}

// wordShape is what oddness keeps of a word as it reads it.
type wordShape struct {
	letters, beyondASCII int
	script               *unicode.RangeTable
	mixed                bool
	upper, lowerAfter    int // capitals; small letters after the first letter
	capAfterSmall        bool
	lastLower            bool
}

func (w *wordShape) add(r rune) {
	if sc := scriptTable(r); sc != nil || unicode.IsLetter(r) {
		switch {
		case w.script == nil:
			w.script = sc
		case sc != nil && sc != w.script:
			w.mixed = true
		}
	}
	if unicode.IsLetter(r) {
		if unicode.IsUpper(r) {
			w.upper++
			if w.lastLower {
				w.capAfterSmall = true
			}
			w.lastLower = false
		} else if unicode.IsLower(r) {
			if w.letters > 0 {
				w.lowerAfter++
			}
			w.lastLower = true
		}
	}
	w.letters++
	if r >= 0x80 {
		w.beyondASCII++
	}
}

// odd says whether the word is odd (see oddness).
func (w *wordShape) odd() bool {
	switch {
	case w.mixed, w.capAfterSmall:
		return true
	case w.upper > 1 && w.lowerAfter > 0:
		return true // "ÌÀÄÉ" is fine, "ÌÀäÉ" and "ÏÉò" are not
	case w.script == unicode.Latin && w.letters >= 3 && w.beyondASCII*3 > w.letters*2:
		return true
	}
	return false
}

// letterScripts are the scripts oddness tells apart within a word.
var letterScripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Hebrew,
	unicode.Arabic, unicode.Thai, unicode.Armenian, unicode.Georgian,
}

func scriptTable(r rune) *unicode.RangeTable {
	if r < 0x80 {
		return unicode.Latin
	}
	for _, t := range letterScripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

// utf16Hint says, for bytes with NUL bytes, whether they are UTF-16
// without a byte-order mark: text in UTF-16 has a NUL byte in every
// pair that is an ASCII character (in most for Latin script, in its
// spaces, digits and punctuation for others), always on the same side
// (the second of a pair in little-endian), and few on the other. It
// returns the --encoding to name, "" for none.
func utf16Hint(b []byte) string {
	n := min(len(b), 4096) &^ 1
	even, odd := 0, 0
	for i := 0; i < n; i += 2 {
		if b[i] == 0 {
			even++
		}
		if b[i+1] == 0 {
			odd++
		}
	}
	pairs := n / 2
	switch {
	case pairs < 2:
		return ""
	case odd*10 >= pairs && even*20 <= odd:
		return "utf-16le"
	case even*10 >= pairs && odd*20 <= even:
		return "utf-16be"
	}
	return ""
}

// nulError is checkBinary's error at a NUL byte at i, with the hint of
// utf16Hint.
func nulError(b []byte, i int) *EncodingError {
	reason := "binary data (NUL byte), not text"
	if enc := utf16Hint(b); enc != "" {
		reason += fmt.Sprintf("; its NUL bytes alternate with the others as in UTF-16 without a byte-order mark: if it is text, name the encoding with --encoding %s", enc)
	}
	return newEncodingError(b, i, reason)
}

// GuessedEncoding reports whether DecodeText, given charset, read the
// bytes in enc by guess: no charset was named, and the bytes, neither
// UTF-8 nor Japanese, were read in the encoding of one byte a character
// that reads them best. Such a reading is to be said (EncodingGuessed).
func GuessedEncoding(charset, enc string) bool {
	return charset == "" && slices.Contains(singleByte, enc)
}

// EncodingGuessed is the warning note on a text read in enc by guess
// (GuessedEncoding).
func EncodingGuessed(enc string) string {
	return WarningNote + "the bytes are not UTF-8 and name no encoding: read as " + enc + ", the encoding of one byte a character that reads them best; name the encoding with --encoding if it is another"
}
