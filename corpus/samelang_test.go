package corpus

import "testing"

// TestSameLanguage: one base language, or a script alone and a language
// written in it by default, is one language; unknown tags are no answer.
func TestSameLanguage(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"pt", "pt-BR", true},
		{"hi", "und-Deva", true},
		{"und-Ethi", "am", true},
		{"und-Deva", "und-Deva", true},
		{"ja", "und-Jpan", true},
		{"hi", "mr", false},
		{"en", "de", false},
		{"de", "en-GB", false},
		{"en", "und-Latn", true},
		{"en", "und-Deva", false},
		{"und-Deva", "und-Ethi", false},
		{"en", "und", false},
		{"", "en", false},
		{"en", "not a tag!", false},
	} {
		if got := SameLanguage(c.a, c.b); got != c.want {
			t.Errorf("SameLanguage(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
