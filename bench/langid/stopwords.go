package main

import (
	"strings"
	"unicode"
)

// stopwords are frequent short words that tell Latin-script languages apart.
var stopwords = map[string][]string{
	"en": {"the", "and", "of", "to", "is", "a", "in", "that", "be", "player", "if", "for", "with", "must", "not"},
	"pt": {"de", "o", "a", "que", "e", "do", "da", "em", "um", "para", "é", "com", "não", "uma", "os", "no", "na", "jogador", "aposta", "fichas"},
	"es": {"de", "la", "que", "el", "en", "y", "los", "se", "del", "las", "un", "por", "con", "no", "una", "jugador", "apuesta"},
	"fr": {"de", "la", "le", "et", "les", "des", "en", "un", "du", "une", "que", "est", "pour", "qui", "joueur", "pas"},
	"de": {"der", "die", "und", "in", "den", "von", "zu", "das", "mit", "sich", "des", "auf", "für", "ist", "spieler", "nicht"},
	"it": {"di", "che", "il", "la", "e", "per", "un", "in", "non", "una", "del", "giocatore", "della", "sono"},
}

// stopwordsLang is the detector rulesync had before (corpus.DetectLang):
// it guesses the language of text: Japanese when it has kana,
// Korean for Hangul, Chinese for Han without kana, and for Latin script
// the language whose frequent words it uses most. It returns a BCP 47
// tag ("ja", "pt"), or "und" when there is too little text to tell.
func stopwordsLang(text string) string {
	var kana, han, hangul, latin int
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			kana++
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.Is(unicode.Hangul, r):
			hangul++
		case unicode.Is(unicode.Latin, r):
			latin++
		}
	}
	cjk := kana + han + hangul
	switch {
	case cjk > latin/4 && kana > 0 && kana*20 >= cjk:
		return "ja"
	case cjk > latin/4 && hangul > han:
		return "ko"
	case cjk > latin/4 && han > 0:
		return "zh"
	case latin < 20:
		return "und"
	}
	counts := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		for lang, ws := range stopwords {
			for _, s := range ws {
				if w == s {
					counts[lang]++
				}
			}
		}
	}
	best, bestN := "", 0
	for _, lang := range []string{"en", "pt", "es", "fr", "de", "it"} {
		if counts[lang] > bestN {
			best, bestN = lang, counts[lang]
		}
	}
	if bestN < 3 {
		return "und"
	}
	return best
}
