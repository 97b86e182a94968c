package align

import (
	"slices"
	"testing"
)

// TestLexTokens: the lexicon's tokens are words cut to their first
// stemRunes letters in the scripts that space their words (marks kept
// with their letter), character bigrams in those that do not (a letter
// alone where its run has one), and no numbers, in any script.
func TestLexTokens(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Players declare 12 bets.", []string{"playe", "decla", "bets"}},
		{"プレイヤーは宣言", []string{"プレ", "レイ", "イヤ", "ヤー", "ーは", "は宣", "宣言"}},
		{"A の B", []string{"の"}},
		{"ผู้เล่น", []string{"ผเ", "เล", "ลน"}},
		{"खिलाड़ी ३", []string{"खिलाड़ी"}},
		{"Игроки и ставки", []string{"игрок", "ставк"}},
		{"abcδεζ", []string{"abc", "δεζ"}},
	} {
		got, _ := lexTokens(c.text, nil, nil)
		var want []uint64
		for _, w := range c.want {
			want = append(want, fnv1a([]byte(w)))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: %d tokens %v, want %q", c.text, len(got), got, c.want)
		}
	}
}

// TestLearnLexicon: from pairs of texts whose words have one
// translation each (three letters of an unspaced script, in another
// order in each pair, with a particle the empty token takes), the
// model gives each translation token the source word it translates.
func TestLearnLexicon(t *testing.T) {
	words := []string{"button", "blind", "dealer", "chips", "table", "clock", "break", "seat"}
	han := []string{"甲乙丙", "丁戊己", "庚辛壬", "癸子丑", "寅卯辰", "巳午未", "申酉戌", "亥天地"}
	var src, tgt []string
	for k := range 24 {
		a, b, c := k%8, (k*3+1)%8, (k*5+2)%8
		if a == b || b == c || a == c {
			continue
		}
		src = append(src, words[a]+" "+words[b]+" "+words[c])
		tgt = append(tgt, han[c]+"の"+han[a]+"の"+han[b])
	}
	lx := learnLexicon(len(src), func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
		return lexTokens(src[k], hs, buf)
	}, func(k int, hs []uint64, buf []byte) ([]uint64, []byte) {
		return lexTokens(tgt[k], hs, buf)
	})
	if lx == nil {
		t.Fatal("no lexicon learned")
	}
	for k, w := range words {
		s, ok := lx.ids[fnv1a([]byte(w[:min(len(w), stemRunes)]))]
		if !ok {
			t.Errorf("%s: not in the lexicon", w)
			continue
		}
		r := []rune(han[k])
		for _, bigram := range []string{string(r[:2]), string(r[1:])} {
			if got, ok := lx.to[fnv1a([]byte(bigram))]; !ok || got != s {
				t.Errorf("%s: %s gives id %d (%v), want %d", w, bigram, got, ok, s)
			}
		}
	}
}
