package langid

import (
	"slices"
	"strings"
	"sync"
	"unicode"
)

// The rules below are lingua-go v1.4.0's (detector.go:
// detectLanguageWithRules and filterLanguagesByRules, with the data of
// alphabet.go, language.go and constant.go), written over ISO codes:
// before any n-gram, a text may be decided by its script or by letters
// only one language writes, and the languages scored are narrowed to
// those of its most frequent script. TestLingua checks that the answers
// are lingua-go's.

// scripts are lingua-go's alphabets, in its order: a word is of the
// first whose letters it is all written in.
var scripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Armenian, unicode.Bengali, unicode.Cyrillic, unicode.Devanagari,
	unicode.Georgian, unicode.Greek, unicode.Gujarati, unicode.Gurmukhi, unicode.Han,
	unicode.Hangul, unicode.Hebrew, unicode.Hiragana, unicode.Katakana, unicode.Latin,
	unicode.Tamil, unicode.Telugu, unicode.Thai,
}

// Indexes into scripts that the rules name.
const (
	scriptCyrillic   = 3
	scriptDevanagari = 4
	scriptHan        = 9
	scriptHiragana   = 12
	scriptKatakana   = 13
	scriptLatin      = 14
)

// languageScripts are the scripts each language writes (lingua-go's
// Language.alphabets).
var languageScripts = sync.OnceValue(func() map[string][]int {
	m := map[string][]int{}
	for _, c := range strings.Fields("af sq az eu nb bs ca hr cs da nl en eo et fi fr lg de hu is id ga it la lv lt ms mi nn pl pt ro sn sk sl so st es sw sv tl ts tn tr vi cy xh yo zu") {
		m[c] = []int{scriptLatin}
	}
	for _, c := range strings.Fields("be bg kk mk mn ru sr uk") {
		m[c] = []int{scriptCyrillic}
	}
	for _, c := range strings.Fields("ar fa ur") {
		m[c] = []int{0}
	}
	for _, c := range strings.Fields("hi mr") {
		m[c] = []int{scriptDevanagari}
	}
	for c, s := range map[string]int{"hy": 1, "bn": 2, "ka": 5, "el": 6, "gu": 7, "pa": 8, "zh": scriptHan, "ko": 10, "he": 11, "ta": 15, "te": 16, "th": 17} {
		m[c] = []int{s}
	}
	m["ja"] = []int{scriptHiragana, scriptKatakana, scriptHan}
	return m
})

// uniqueLetters are the letters of Latin, Cyrillic or Devanagari script
// that only one language writes (lingua-go's Language.uniqueCharacters).
var uniqueLetters = map[string]string{
	"az": "Əə", "ca": "Ïï", "cs": "ĚěŘřŮů", "eo": "ĈĉĜĝĤĥĴĵŜŝŬŭ", "de": "ß", "hu": "ŐőŰű",
	"kk": "ӘәҒғҚқҢңҰұ", "lv": "ĢģĶķĻļŅņ", "lt": "ĖėĮįŲų", "mk": "ЃѓЅѕЌќЏџ", "mr": "ळ",
	"mn": "ӨөҮү", "pl": "ŁłŃńŚśŹź", "ro": "Țţ", "sr": "ЂђЋћ", "sk": "ĹĺĽľŔŕ", "es": "¿¡",
	"uk": "ҐґЄєЇї", "yo": "ŌōṢṣ",
	"vi": "ẰằẦầẲẳẨẩẴẵẪẫẮắẤấẠạẶặẬậỀềẺẻỂểẼẽỄễẾếỆệỈỉĨĩỊịƠơỒồỜờỎỏỔổỞởỖỗỠỡỐốỚớỘộỢợƯưỪừỦủỬửŨũỮữỨứỤụỰựỲỳỶỷỸỹỴỵ",
}

// sharedLetters are letters a few languages write (lingua-go's
// charsToLanguagesMapping): a text in which half the words hold such
// letters is scored among those languages only.
var sharedLetters = []struct{ letters, langs string }{
	{"Ãã", "pt vi"}, {"ĄąĘę", "lt pl"}, {"Żż", "pl ro"}, {"Îî", "fr ro"}, {"Ññ", "eu es"},
	{"ŇňŤť", "cs sk"}, {"Ăă", "ro vi"}, {"İıĞğ", "az tr"}, {"ЈјЉљЊњ", "mk sr"}, {"ẸẹỌọ", "vi yo"},
	{"ÐðÞþ", "is tr"}, {"Ûû", "fr hu"}, {"Ōō", "mi yo"},
	{"ĀāĒēĪī", "lv mi yo"}, {"Şş", "az ro tr"}, {"Ďď", "cs ro sk"}, {"Ćć", "bs hr pl"},
	{"Đđ", "bs hr vi"}, {"Іі", "be kk uk"}, {"Ìì", "it vi yo"}, {"Øø", "nb da nn"},
	{"Ūū", "lv lt mi yo"}, {"Ëë", "af sq nl fr"}, {"ÈèÙù", "fr it vi yo"}, {"Êê", "af fr pt vi"},
	{"Õõ", "et hu pt vi"}, {"Ôô", "fr pt sk vi"}, {"ЁёЫыЭэ", "be kk mn ru"}, {"ЩщЪъ", "bg kk mn ru"},
	{"Òò", "ca it vi yo"}, {"Ææ", "nb da is nn"}, {"Åå", "nb da nn sv"},
	{"Ýý", "cs is sk tr vi"}, {"Ää", "et fi de sk sv"}, {"Àà", "ca fr it pt vi"}, {"Ââ", "fr pt ro tr vi"},
	{"Üü", "az ca et de hu es tr"}, {"ČčŠšŽž", "bs cs hr lv lt sk sl"}, {"Çç", "sq az eu ca fr pt tr"},
	{"Öö", "az et fi de hu is sv tr"},
	{"Óó", "ca hu is ga pl pt sk es vi yo"}, {"ÁáÍíÚú", "ca cs is ga hu pt sk es vi yo"},
	{"Éé", "ca cs fr hu is ga it pt sk es vi yo"},
}

// unknown stands for no language in the rules' counts.
const unknown = -1

// sharedIndex maps each letter of sharedLetters to its entry.
var sharedIndex = sync.OnceValue(func() map[rune]int {
	m := map[rune]int{}
	for i, e := range sharedLetters {
		for _, c := range e.letters {
			m[c] = i
		}
	}
	return m
})

// rules is what the rules need of a detector's languages (indexes into
// the languages table, ascending).
type rules struct {
	langs     []int
	in        []bool         // by language: among langs
	oneScript map[int]int    // script -> the one language of all that writes it, if among langs
	unique    map[rune][]int // letter -> the language among langs that alone writes it
	zh, ja    int            // Chinese and Japanese, among langs or not
	byScript  [][]int        // script -> langs that write it
	shared    [][][]int      // script, sharedLetters entry -> langs that write both
}

func newRules(langs []int) *rules {
	t := languages()
	r := &rules{langs: langs, in: make([]bool, len(t.codes)), oneScript: map[int]int{}, unique: map[rune][]int{},
		zh: t.index["zh"], ja: t.index["ja"], byScript: make([][]int, len(scripts)), shared: make([][][]int, len(scripts))}
	for _, l := range langs {
		r.in[l] = true
	}
	writers := make([][]int, len(scripts))
	for i, code := range t.codes {
		for _, s := range languageScripts()[code] {
			writers[s] = append(writers[s], i)
		}
	}
	for s, ls := range writers {
		if len(ls) == 1 && r.in[ls[0]] {
			r.oneScript[s] = ls[0]
		}
	}
	for _, l := range langs {
		for _, c := range uniqueLetters[t.codes[l]] {
			r.unique[c] = append(r.unique[c], l)
		}
		for _, s := range languageScripts()[t.codes[l]] {
			r.byScript[s] = append(r.byScript[s], l)
		}
	}
	for s, ls := range r.byScript {
		r.shared[s] = make([][]int, len(sharedLetters))
		for i, e := range sharedLetters {
			for _, c := range strings.Fields(e.langs) {
				if l := t.index[c]; slices.Contains(ls, l) {
					r.shared[s][i] = append(r.shared[s][i], l)
				}
			}
		}
	}
	return r
}

// probeOrder is the order scriptOf tries the scripts in, the most
// frequent first: they do not overlap, so any order finds the same.
var probeOrder = []int{scriptLatin, scriptCyrillic, scriptHan, scriptHiragana, scriptKatakana, 10, 0, 11, 6, 1, 5, 17, scriptDevanagari, 2, 7, 8, 15, 16}

// scriptOf returns the index of r's script among scripts, or -1.
func scriptOf(r rune) int {
	if r < 0x80 {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return scriptLatin
		}
		return -1
	}
	for _, i := range probeOrder {
		if unicode.Is(scripts[i], r) {
			return i
		}
	}
	return -1
}

// tally counts languages, in a slice: a word names one or two.
type tally []struct{ lang, n int }

func (t *tally) add(lang int) {
	for i := range *t {
		if (*t)[i].lang == lang {
			(*t)[i].n++
			return
		}
	}
	*t = append(*t, struct{ lang, n int }{lang, 1})
}

func (t tally) get(lang int) int {
	for _, e := range t {
		if e.lang == lang {
			return e.n
		}
	}
	return 0
}

// top returns the language counted most, its count and the next
// highest count (equal to it on a tie).
func (t tally) top() (lang, first, second int) {
	lang = unknown
	for _, e := range t {
		if e.n > first {
			lang, first, second = e.lang, e.n, first
		} else if e.n > second {
			second = e.n
		}
	}
	return lang, first, second
}

// decide is lingua-go's detectLanguageWithRules: the language a text's
// letters name (a script only one language writes, letters only one
// language has), or unknown. The language may be Japanese when it is
// not among the detector's (a word of kana and Han): lingua-go then
// answers nothing at all.
func (ru *rules) decide(words []string) int {
	var total, count tally
	for _, w := range words {
		count = count[:0]
		for _, c := range w {
			if c < 0x80 {
				// An ASCII letter: Latin, written by many, unique to none.
				continue
			}
			s := scriptOf(c)
			if l, ok := ru.oneScript[s]; ok && s >= 0 {
				count.add(l)
				continue
			}
			switch s {
			case scriptHan:
				count.add(ru.zh)
			case scriptHiragana, scriptKatakana:
				count.add(ru.ja)
			case scriptLatin, scriptCyrillic, scriptDevanagari:
				for _, l := range ru.unique[c] {
					count.add(l)
				}
			}
		}
		switch {
		case len(count) == 0:
			total.add(unknown)
		case len(count) == 1:
			if ru.in[count[0].lang] {
				total.add(count[0].lang)
			} else {
				total.add(unknown)
			}
		case count.get(ru.zh) > 0 && count.get(ru.ja) > 0:
			total.add(ru.ja)
		default:
			if l, first, second := count.top(); first > second && ru.in[l] {
				total.add(l)
			} else {
				total.add(unknown)
			}
		}
	}
	if float64(total.get(unknown)) < float64(len(words))*0.5 {
		total = slices.DeleteFunc(total, func(e struct{ lang, n int }) bool { return e.lang == unknown })
	}
	switch len(total) {
	case 0:
		return unknown
	case 1:
		return total[0].lang
	case 2:
		if total.get(ru.zh) > 0 && total.get(ru.ja) > 0 {
			return ru.ja
		}
	}
	if l, first, second := total.top(); first != second {
		return l
	}
	return unknown
}

// filter is lingua-go's filterLanguagesByRules: the languages to score,
// those that write the script most words are in, narrowed to those that
// write letters half the words hold. When two scripts are equally
// frequent and more so than the rest, lingua-go picks one at random
// (the order of a map); filter takes the first in scripts.
func (ru *rules) filter(words []string) []int {
	count := make([]int, len(scripts))
	distinct := 0
	for _, w := range words {
		if s := wordScript(w); s >= 0 {
			if count[s] == 0 {
				distinct++
			}
			count[s]++
		}
	}
	if distinct == 0 {
		return ru.langs
	}
	best, equal := -1, true
	for s, n := range count {
		if n == 0 {
			continue
		}
		if best >= 0 && n != count[best] {
			equal = false
		}
		if best < 0 || n > count[best] {
			best = s
		}
	}
	if distinct > 1 && equal {
		return ru.langs
	}
	filtered := ru.byScript[best]
	// Each word votes once for each letter of sharedLetters it holds.
	votes := map[int]int{}
	var seen []rune
	shared := sharedIndex()
	for _, w := range words {
		seen = seen[:0]
		for _, c := range w {
			if c < 0x80 || slices.Contains(seen, c) {
				continue
			}
			if e, ok := shared[c]; ok {
				seen = append(seen, c)
				for _, l := range ru.shared[best][e] {
					votes[l]++
				}
			}
		}
	}
	var subset []int
	for _, l := range filtered {
		if float64(votes[l]) >= float64(len(words))*0.5 {
			subset = append(subset, l)
		}
	}
	if len(subset) > 0 {
		return subset
	}
	return filtered
}

// wordScript returns the script all of w is written in, or -1.
func wordScript(w string) int {
	s := -1
	for i, c := range w {
		if i == 0 {
			s = scriptOf(c)
			if s < 0 {
				return -1
			}
		} else if !unicode.Is(scripts[s], c) {
			return -1
		}
	}
	return s
}
