package diff

import (
	"strings"
	"testing"
)

// fieldsCases are texts whose white space strings.Fields splits in
// every way it can: runs, both ends, Unicode spaces (U+0085, U+00A0,
// U+3000), invalid bytes, which are no space.
var fieldsCases = []string{
	"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb\n", "\n\na b c\r\n",
	"rule 36\u00a0a", "x\u0085y", "全角\u3000空白", "a \xffb", "\xff \xfe", "é  è", " \v\f ",
	"one two three four five six seven eight nine ten", "trailing space ",
	"a, b.", "(a) b", "don't re-raise", "«quoted»: yes!", " , ",
}

// TestFields holds joinFields and countFields to strings.Join of
// strings.Fields and its length, joinFields to returning its argument
// when that is already the joined form, and joinFieldsFunc to
// strings.FieldsFunc with rewrite's separators.
func TestFields(t *testing.T) {
	for _, s := range fieldsCases {
		checkFields(t, s)
	}
}

func checkFields(t *testing.T, s string) {
	t.Helper()
	words := strings.Fields(s)
	want := strings.Join(words, " ")
	if got := joinFields(s); got != want {
		t.Errorf("joinFields(%q) = %q, want %q", s, got, want)
	}
	if got := countFields(s); got != len(words) {
		t.Errorf("countFields(%q) = %d, want %d", s, got, len(words))
	}
	if got := spacedOnce(s, isSpace); got != (want == s) {
		t.Errorf("spacedOnce(%q) = %v, want %v", s, got, want == s)
	}
	want = strings.Join(strings.FieldsFunc(s, typographic), " ")
	if got := joinFieldsFunc(s, typographic); got != want {
		t.Errorf("joinFieldsFunc(%q, typographic) = %q, want %q", s, got, want)
	}
}

// FuzzFields is TestFields on any text.
func FuzzFields(f *testing.F) {
	for _, s := range fieldsCases {
		f.Add(s)
	}
	f.Fuzz(checkFields)
}
