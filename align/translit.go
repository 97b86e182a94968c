package align

import (
	"iter"
	"slices"
	"strings"
	"unicode"
)

// Katakana loanwords carry much of the vocabulary of Japanese rulebooks
// (ボタン button, ディーラー dealer, ショーダウン showdown). Both sides are
// reduced to a consonant skeleton that survives the trip through Japanese
// phonology: r and l merge, b and v, s and z, vowels and the glides w, y
// and h disappear, doubled consonants collapse. ボタン -> "btn" = button;
// ディーラー -> "dr" = dealer; ショーダウン -> "sdn" = showdown.

// kanaRomaji spells the katakana syllables; small kana (ャ, ィ, ッ) and the
// long-vowel mark are handled by the caller.
var kanaRomaji = map[rune]string{
	'ア': "a", 'イ': "i", 'ウ': "u", 'エ': "e", 'オ': "o",
	'カ': "ka", 'キ': "ki", 'ク': "ku", 'ケ': "ke", 'コ': "ko",
	'ガ': "ga", 'ギ': "gi", 'グ': "gu", 'ゲ': "ge", 'ゴ': "go",
	'サ': "sa", 'シ': "shi", 'ス': "su", 'セ': "se", 'ソ': "so",
	'ザ': "za", 'ジ': "ji", 'ズ': "zu", 'ゼ': "ze", 'ゾ': "zo",
	'タ': "ta", 'チ': "chi", 'ツ': "tsu", 'テ': "te", 'ト': "to",
	'ダ': "da", 'ヂ': "ji", 'ヅ': "zu", 'デ': "de", 'ド': "do",
	'ナ': "na", 'ニ': "ni", 'ヌ': "nu", 'ネ': "ne", 'ノ': "no",
	'ハ': "ha", 'ヒ': "hi", 'フ': "fu", 'ヘ': "he", 'ホ': "ho",
	'バ': "ba", 'ビ': "bi", 'ブ': "bu", 'ベ': "be", 'ボ': "bo",
	'パ': "pa", 'ピ': "pi", 'プ': "pu", 'ペ': "pe", 'ポ': "po",
	'マ': "ma", 'ミ': "mi", 'ム': "mu", 'メ': "me", 'モ': "mo",
	'ヤ': "ya", 'ユ': "yu", 'ヨ': "yo",
	'ラ': "ra", 'リ': "ri", 'ル': "ru", 'レ': "re", 'ロ': "ro",
	'ワ': "wa", 'ヰ': "i", 'ヱ': "e", 'ヲ': "o", 'ン': "n", 'ヴ': "vu",
	'ァ': "a", 'ィ': "i", 'ゥ': "u", 'ェ': "e", 'ォ': "o",
	'ャ': "ya", 'ュ': "yu", 'ョ': "yo", 'ヮ': "wa",
}

// Romaji returns the Hepburn-like romanization of a katakana word
// ("ボタン" -> "botan"). Characters that are not katakana are dropped; a
// small tsu doubles the next consonant, the long-vowel mark repeats the
// vowel before it.
func Romaji(kana string) string {
	var b strings.Builder
	rs := []rune(kana)
	for i, r := range rs {
		switch {
		case r == 'ッ':
			if i+1 < len(rs) {
				if s := kanaRomaji[rs[i+1]]; s != "" {
					b.WriteByte(s[0])
				}
			}
		case r == 'ー':
			s := b.String()
			if s != "" {
				b.WriteByte(s[len(s)-1])
			}
		default:
			b.WriteString(kanaRomaji[r])
		}
	}
	return b.String()
}

// Skeleton reduces a Latin-letter word (or a romanized one) to the
// consonants that survive transliteration into and out of Japanese. Words
// of fewer than two skeleton consonants give "", which matches nothing.
func Skeleton(word string) string {
	w := strings.ToLower(word)
	for _, r := range []struct{ from, to string }{
		{"tch", "C"}, {"ch", "C"}, {"sh", "S"}, {"th", "t"}, {"ph", "f"}, {"ck", "k"},
		{"tsu", "tu"}, {"qu", "k"}, {"x", "ks"}, {"j", "z"}, {"dg", "z"},
	} {
		w = strings.ReplaceAll(w, r.from, r.to)
	}
	var b strings.Builder
	var last rune
	for _, r := range w {
		switch r {
		case 'a', 'e', 'i', 'o', 'u', 'y', 'w', 'h':
			continue
		case 'l':
			r = 'r'
		case 'v':
			r = 'b'
		case 'c', 'q', 'g':
			// "c" sounds as k before a, o, u and consonants; g and k are
			// kept apart from c only by voicing, which loanwords keep.
			if r != 'g' {
				r = 'k'
			}
		case 'z':
			r = 's'
		case 'S':
			r = 's'
		case 'C':
			r = 'c'
		}
		if !unicode.IsLetter(r) || r == last {
			continue
		}
		b.WriteRune(r)
		last = r
	}
	if b.Len() < 2 {
		return ""
	}
	return b.String()
}

// KatakanaWords returns the runs of two or more katakana (the long-vowel
// mark included, the middle dot a separator) in s: the loanwords of a
// Japanese text.
func KatakanaWords(s string) []string { return slices.Collect(katakanaRuns(s)) }

// katakanaRuns yields the runs KatakanaWords returns, each a part of s
// (no string made for each).
func katakanaRuns(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		eachRun(s, func(r rune) bool { return r == 'ー' || unicode.Is(unicode.Katakana, r) && r != '・' }, yield)
	}
}

// eachRun gives yield the runs of two or more runes of s that in holds,
// each a part of s, until yield returns false.
func eachRun(s string, in func(rune) bool, yield func(string) bool) {
	start, n := -1, 0 // the run's first byte and its runes
	for i, r := range s {
		if in(r) {
			if start < 0 {
				start, n = i, 0
			}
			n++
			continue
		}
		if start >= 0 && n > 1 && !yield(s[start:i]) {
			return
		}
		start = -1
	}
	if start >= 0 && n > 1 {
		yield(s[start:])
	}
}
