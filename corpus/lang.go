package corpus

import (
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// CanonicalLang parses a BCP 47 tag and returns its canonical form ("pt-br"
// -> "pt-BR", "jpn" -> "ja"). Which language a text is in is
// internal/langid's to tell.
func CanonicalLang(s string) (string, error) {
	t, err := language.Parse(strings.TrimSpace(s))
	if err != nil {
		return "", err
	}
	return t.String(), nil
}

// LangName names a language tag in English and in the language itself
// ("ja" -> "Japanese", "日本語"), from CLDR's display names; both are ""
// for a tag that does not parse or has no name ("und").
func LangName(tag string) (english, self string) {
	t, err := language.Parse(strings.TrimSpace(tag))
	if err != nil || t == language.Und {
		return "", ""
	}
	return display.English.Tags().Name(t), display.Self.Name(t)
}
