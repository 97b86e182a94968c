package corpus

import "testing"

// TestLangName names tags in English and in themselves, and nothing for
// a tag that is no language.
func TestLangName(t *testing.T) {
	for _, c := range []struct{ tag, en, self string }{
		{"ja", "Japanese", "日本語"},
		{"pt", "Portuguese", "português"},
		{"pt-BR", "Brazilian Portuguese", "português"},
		{"en", "English", "English"},
		{"und", "", ""},
		{"not a tag", "", ""},
	} {
		if en, self := LangName(c.tag); en != c.en || self != c.self {
			t.Errorf("LangName(%q) = %q, %q, want %q, %q", c.tag, en, self, c.en, c.self)
		}
	}
}
