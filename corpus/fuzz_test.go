package corpus

import (
	"bytes"
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

// FuzzUnmarshal checks that any document Unmarshal accepts encodes to JSON
// that decodes to the same bytes again (a round trip).
func FuzzUnmarshal(f *testing.F) {
	a, _ := Marshal(sampleDoc())
	f.Add(a)
	f.Add([]byte(`{"edition":"e","lang":"en","items":[{"id":"rule:1","kind":"rule","text":"x"}]}`))
	f.Add([]byte(`{"edition":"e","lang":"en","items":[{"id":"a"},{"id":"a"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16*maxFuzzInput { // the sample document is 847 bytes
			return
		}
		d, err := Unmarshal(data)
		if err != nil {
			return
		}
		a, err := Marshal(d)
		if err != nil {
			t.Fatalf("Marshal of an accepted document: %v", err)
		}
		d2, err := Unmarshal(a)
		if err != nil {
			t.Fatalf("re-reading our own JSON: %v\n%s", err, a)
		}
		b, _ := Marshal(d2)
		if !bytes.Equal(a, b) {
			t.Errorf("round trip changed the JSON:\n%s\n%s", a, b)
		}
	})
}
