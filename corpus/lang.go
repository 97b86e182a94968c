package corpus

import (
	"strings"

	"golang.org/x/text/language"
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
