package lexicon

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestNumberWordsValue reads headings' numbers in words: the French
// scores ("quatre-vingts", 4 × 20) beside the units and tens that add,
// multipliers alone, units joined to tens, and words of no number or of
// two languages, which read none.
func TestNumberWordsValue(t *testing.T) {
	for in, want := range map[string]int{
		"quatre vingt un": 81, "quatre vingts": 80, "quatre vingt dix": 90, "quatre vingt dix neuf": 99,
		"soixante dix sept": 77, "soixante et onze": 71, "vingt et un": 21, "vingt": 20, "nonante deux": 92,
		"cent": 100, "deux cents": 200, "cent quatre vingt": 180, "mille": 1000,
		"twenty one": 21, "one hundred and five": 105, "five twenty": 25, "einundzwanzig": 21, "treinta y uno": 31,
		"four dos": 0, "et un": 0, "scope": 0, "": 0,
	} {
		if got := NumberWordsValue(strings.Fields(in)); got != want {
			t.Errorf("NumberWordsValue(%q) = %d, want %d", in, got, want)
		}
	}
}

// TestNumberReader reads running text a word at a time: a number ends
// at the first word of none, a multiplier alone is none, and a score
// multiplies the unit before it only.
func TestNumberReader(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		want       []int
	}{
		{"fr", "il y a quatre vingt un joueurs et cent deux tables de vingt et un", []int{81, 2, 21}},
		{"fr", "quatre vingt dix neuf joueurs quatre", []int{99, 4}},
		{"en", "hundreds of players and nine thousand five hundred chips", []int{9500}},
		{"en", "forty two and", []int{42}},
	} {
		r := NumberTables()[c.lang].Reader(false)
		var got []int
		for _, w := range append(strings.Fields(c.text), "") {
			var v int
			var ok bool
			if w == "" {
				v, ok = r.Flush()
			} else {
				v, ok = r.Add(w)
			}
			if ok {
				got = append(got, v)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %q: %v, want %v", c.lang, c.text, got, c.want)
		}
	}
}

// TestNumberSieves checks that each language's sieve holds every one of
// its number words (the one thing it must do: a word it holds is looked
// up) and that it lets few other words through: under a tenth of random
// words of 1 to 8 letters.
func TestNumberSieves(t *testing.T) {
	for lang, tab := range NumberTables() {
		for w := range tab.Words() {
			if !tab.sv.may(w) {
				t.Errorf("the %s sieve leaves out %q", lang, w)
			}
		}
		r := rand.New(rand.NewPCG(16, 14))
		through := 0
		for range 10000 {
			b := make([]byte, 1+r.IntN(8))
			for i := range b {
				b[i] = byte('a' + r.IntN(26))
			}
			if tab.sv.may(string(b)) {
				through++
			}
		}
		if through > 1000 {
			t.Errorf("the %s sieve lets %d of 10000 random words through", lang, through)
		}
	}
}
