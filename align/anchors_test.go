package align

import (
	"slices"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/internal/numerals"
)

// TestUnspacedLetter holds tokens' fast path to its general cases: every
// rune unspacedLetter reports is no digit, and a letter of a script
// that does not space its words (tokens reads it as such).
func TestUnspacedLetter(t *testing.T) {
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unspacedLetter(r) {
			continue
		}
		n++
		if unicode.IsDigit(r) || !unicode.IsLetter(r) || !unspaced(r) {
			t.Errorf("unspacedLetter(%U), but digit %v, letter %v, unspaced %v", r, unicode.IsDigit(r), unicode.IsLetter(r), unspaced(r))
		}
	}
	if n == 0 {
		t.Fatal("unspacedLetter reports no rune")
	}
}

// TestTokensASCII holds tokens' fast paths (ASCII letters and digits,
// kana and Han) to its general cases: the tokens of texts made of runes
// of every kind are those of a reading of each rune by the tables.
func TestTokensASCII(t *testing.T) {
	slow := func(text string) []string {
		var out []string
		var b []rune
		kind, letters := 0, 0
		var script *unicode.RangeTable
		flush := func() {
			for len(b) > 0 && kind == 1 && b[len(b)-1] == '.' {
				b = b[:len(b)-1]
			}
			if kind == 1 || kind == 2 && letters >= 2 {
				out = append(out, string(b))
			}
			b, kind, letters = b[:0], 0, 0
		}
		rs := []rune(text)
		for i, r := range rs {
			switch {
			case unicode.IsDigit(r):
				if kind != 1 {
					flush()
					kind = 1
				}
				b = append(b, rune('0'+numerals.Digit(r)))
			case r == '.' && kind == 1 && i+1 < len(rs):
				if unicode.IsDigit(rs[i+1]) {
					b = append(b, '.')
				} else {
					flush()
				}
			case unicode.IsLetter(r) && !unspaced(r):
				if s := scriptOf(r); kind != 2 || s != script {
					flush()
					kind, script = 2, s
				}
				b = append(b, unicode.ToLower(r))
				letters++
			default:
				flush()
			}
		}
		flush()
		return out
	}
	alphabet := []rune("aZz0.9 -éÉΣσЖжあアー・漢字１٣x\t")
	var buf []byte
	var spans []int32
	for n := 0; n < 20000; n++ {
		rs := make([]rune, 1+n%9)
		for k := range rs {
			rs[k] = alphabet[(n*7+k*13+n/len(alphabet)*k)%len(alphabet)]
		}
		text := string(rs)
		spans = tokens(text, spans[:0], &buf)
		var got []string
		for k := 0; k < len(spans); k += 2 {
			got = append(got, string(buf[spans[k]:spans[k+1]]))
		}
		if want := slow(text); !slices.Equal(got, want) {
			t.Fatalf("tokens(%q) = %q, want %q", text, got, want)
		}
	}
}
