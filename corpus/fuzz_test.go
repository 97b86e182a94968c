package corpus

import (
	"regexp"
	"testing"
)

// maxFuzzInput caps the input a fuzz target reads. The fuzzing engine
// minimizes every new interesting input by trying each subset of its bytes
// (about n²/2 runs of the target, each linear in n), and counts none of
// those runs: a 900-byte input kept FuzzFold at 0 execs/s for the minute
// minimization may take. Citations, folding and cleaning are local, so a
// short input reaches every path.
const maxFuzzInput = 256

var refIDRe = regexp.MustCompile(`^(rule:\d+(#[A-Z])?|rule:RP-\d+|rule:[0-9A-Za-z+]+|sec:[0-9A-Za-z+]+)$`)

// FuzzFold checks that the comparison form is a fixed point and that Refs
// only ever returns well-formed ids.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"ＲＵＬＥ　３６", "“All-in” – ‘call’…", "ルール第７１項－Ｂ参照", "Rules 2, 3 & 42", "[x](regulations:regulation:1a)", "e\u0301\u200b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxFuzzInput {
			return
		}
		a := Fold(s)
		if Fold(a) != a {
			t.Errorf("Fold not idempotent: %q -> %q -> %q", s, a, Fold(a))
		}
		if b := AppendFold([]byte("x"), s); string(b) != "x"+a {
			t.Errorf("AppendFold(x, %q) = %q, want %q", s, b, "x"+a)
		}
		c := Clean(s)
		if Clean(c) != c {
			t.Errorf("Clean not idempotent: %q -> %q -> %q", s, c, Clean(c))
		}
		for _, id := range Refs(s) {
			if !refIDRe.MatchString(id) {
				t.Errorf("Refs(%q) gave malformed id %q", s, id)
			}
		}
	})
}
