package align

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// TestLowerIn holds lowerIn, which writes the lower case in an arena,
// to strings.ToLower: the same text for every string, invalid UTF-8 and
// runes whose lower case is longer or shorter among them, and s itself
// where nothing changes.
func TestLowerIn(t *testing.T) {
	cases := []string{"", "abc", "ABC", "Rule 3.1: The PLAYER", "ÀÉÎ õü", "İstanbul", "ẞ straße", "Ⱥ", "日本語のテキスト", "Ωμέγα ΣΟΦΙΑ",
		"a\xffb", "\xffABC", "ok\xe2\x82", "\uFFFD valid", "MiXeD 日本 ÄÖ \xc3"}
	alphabet := []string{"a", "Z", " ", "é", "É", "ß", "İ", "Ⱥ", "日", "\xff", "\xe2\x82", "\uFFFD", "Σ", "1"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	var arena []byte
	for _, s := range cases {
		want := strings.ToLower(s)
		got := lowerIn(&arena, s)
		if got != want {
			t.Fatalf("lowerIn(%q) = %q, strings.ToLower %q", s, got, want)
		}
		if want == s && len(s) > 0 && unsafe.StringData(got) != unsafe.StringData(s) {
			t.Fatalf("lowerIn(%q) made a copy of a text it does not change", s)
		}
		if got2 := joinIn(&arena, s, "x"); s != "" && got2 != s+" x" {
			t.Fatalf("joinIn(%q, x) = %q", s, got2)
		}
	}
}
