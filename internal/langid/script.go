package langid

import (
	"sort"
	"strings"
	"sync"
	"unicode"
)

// A text whose letters are mostly in a script that none of the languages
// it is read among writes (Ethiopic, Devanagari, Khmer, ... for
// Languages) has no language here: lingua-go's models then score only
// the few letters of another script it holds (an English name, a link),
// and answer that language with confidence. The identifier answers by
// script instead: "und-Ethi", the undetermined language in the script
// (BCP 47, RFC 5646 section 2.2.3), with the script's ISO 15924 code. No
// language is guessed from a script: Unicode CLDR's likely subtags give
// one language for each script (und-Ethi -> am), but Ethiopic also
// writes Tigrinya, Devanagari Marathi and Nepali, Tibetan Dzongkha, and
// an identifier that names a script's likeliest language is wrong for
// the others.

// scriptCodes are the ISO 15924 codes of the scripts of unicode.Scripts
// that write living languages, by their Unicode names. A script not
// listed is named by its Unicode name in the note and "und" alone.
var scriptCodes = map[string]string{
	"Adlam": "Adlm", "Arabic": "Arab", "Armenian": "Armn", "Balinese": "Bali", "Bamum": "Bamu",
	"Batak": "Batk", "Bengali": "Beng", "Bopomofo": "Bopo", "Buginese": "Bugi", "Canadian_Aboriginal": "Cans",
	"Chakma": "Cakm", "Cham": "Cham", "Cherokee": "Cher", "Cyrillic": "Cyrl", "Devanagari": "Deva",
	"Ethiopic": "Ethi", "Georgian": "Geor", "Greek": "Grek", "Gujarati": "Gujr", "Gurmukhi": "Guru",
	"Han": "Hani", "Hangul": "Hang", "Hebrew": "Hebr", "Hiragana": "Hira", "Javanese": "Java",
	"Kannada": "Knda", "Katakana": "Kana", "Kayah_Li": "Kali", "Khmer": "Khmr", "Lao": "Laoo",
	"Latin": "Latn", "Lepcha": "Lepc", "Limbu": "Limb", "Lisu": "Lisu", "Malayalam": "Mlym",
	"Meetei_Mayek": "Mtei", "Mongolian": "Mong", "Myanmar": "Mymr", "New_Tai_Lue": "Talu", "Nko": "Nkoo",
	"Ol_Chiki": "Olck", "Oriya": "Orya", "Osage": "Osge", "Saurashtra": "Saur", "Sinhala": "Sinh",
	"Sundanese": "Sund", "Syriac": "Syrc", "Tai_Le": "Tale", "Tai_Tham": "Lana", "Tai_Viet": "Tavt",
	"Tamil": "Taml", "Telugu": "Telu", "Thaana": "Thaa", "Thai": "Thai", "Tibetan": "Tibt",
	"Tifinagh": "Tfng", "Vai": "Vaii", "Yi": "Yiii",
}

// scriptNames are the Unicode names of the scripts of scriptCodes, by
// code.
var scriptNames = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for name, code := range scriptCodes {
		m[code] = name
	}
	return m
})

// unicodeScripts are unicode.Scripts' names in order, for a letter of
// none of the scripts lingua-go knows (scripts).
var unicodeScripts = sync.OnceValue(func() []string {
	names := make([]string, 0, len(unicode.Scripts))
	for name := range unicode.Scripts {
		if name != "Common" && name != "Inherited" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
})

// knownScriptNames are the Unicode names of scripts, by index.
var knownScriptNames = sync.OnceValue(func() []string {
	out := make([]string, len(scripts))
	for i, t := range scripts {
		for name, u := range unicode.Scripts {
			if u == t {
				out[i] = name
			}
		}
	}
	return out
})

// letterScript is the Unicode name of the script of the letter r, "" for
// none.
func letterScript(r rune) string {
	if i := scriptOf(r); i >= 0 {
		return knownScriptNames()[i]
	}
	for _, name := range unicodeScripts() {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	return ""
}

// dominantScript returns the Unicode name of the script most letters of
// s are written in ("" for no letters), and its share of the letters.
// Kana and Han count as one script, Japanese's.
func dominantScript(s string) (name string, share float64) {
	count := map[string]int{}
	total := 0
	last, lastName := rune(-1), ""
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		total++
		if r != last {
			// Letters of one script sit together in Unicode: the
			// block of the last one is tried first.
			last = r
			if lastName == "" || !unicode.Is(unicode.Scripts[lastName], r) {
				lastName = letterScript(r)
			}
		}
		if lastName == "Hiragana" || lastName == "Katakana" {
			lastName = "Han"
		}
		count[lastName]++
	}
	best := ""
	for n, c := range count {
		if best == "" && c > 0 || c > count[best] || c == count[best] && n < best {
			best = n
		}
	}
	if total == 0 {
		return "", 0
	}
	return best, float64(count[best]) / float64(total)
}

// writes reports whether the language lang (an index of the languages
// table) writes the script of the Unicode name script.
func writes(lang int, script string) bool {
	for _, s := range languageScripts()[code(lang)] {
		n := knownScriptNames()[s]
		if n == "Hiragana" || n == "Katakana" {
			n = "Han"
		}
		if n == script {
			return true
		}
	}
	return false
}

// latinOnly reports whether lang writes no script but Latin, for which
// foreignLetters is false whatever the text (Latin is not read, any
// other script is not the language's), so that the sample it reads need
// not be made.
func latinOnly(lang int) bool {
	for _, s := range languageScripts()[code(lang)] {
		if knownScriptNames()[s] != "Latin" {
			return false
		}
	}
	return true
}

// byScript returns the answer for a text whose letters are mostly in a
// script that no language of the detector d writes: "und-" and the
// script's code (plain "und" for a script without one), and ok; ok is
// false when a language of d writes the script. The script is the one
// of most letters; lang, when not -1, must write it too.
func byScript(s string, d *detector, lang int) (tag string, share float64, ok bool) {
	name, share := dominantScript(s)
	if name == "" {
		return "", 0, false
	}
	if lang >= 0 && writes(lang, name) {
		return "", 0, false
	}
	if lang < 0 {
		for _, l := range d.rules.langs {
			if writes(l, name) {
				return "", 0, false
			}
		}
	}
	if c, known := scriptCodes[name]; known {
		return "und-" + c, share, true
	}
	return "und", share, true
}

// ScriptOf returns the Unicode name of the script of a tag byScript
// made ("und-Ethi" -> "Ethiopic"), "" for any other tag.
func ScriptOf(tag string) string {
	c, ok := strings.CutPrefix(tag, "und-")
	if !ok {
		return ""
	}
	return scriptNames()[c]
}

// WritesScriptOf reports whether the declared language tag is written in
// the script of reading, a tag of the undetermined language in a script
// that Document answers when no language of the models writes it
// ("und-Deva"): "hi" and "und-Deva" agree, as do "sr-Latn" and
// "und-Latn". It is false for any other reading, and for a language
// whose scripts are not known here.
func WritesScriptOf(declared, reading string) bool {
	code, ok := strings.CutPrefix(reading, "und-")
	name := ScriptOf(reading)
	if !ok || name == "" {
		return false
	}
	subtags := strings.FieldsFunc(declared, func(r rune) bool { return r == '-' || r == '_' })
	for i, sub := range subtags {
		if i > 0 && strings.EqualFold(sub, code) {
			return true
		}
	}
	l := language(declared)
	return l >= 0 && writes(l, name)
}
