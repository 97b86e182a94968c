package longtest

import (
	"os/exec"
	"strings"
	"testing"
)

// TestSkip checks that a long test skips without the tag and runs with
// it: the test below, run in a child go test with and without -tags
// long.
func TestSkip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package twice")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip(err)
	}
	for _, c := range []struct {
		tags, want string
	}{{"", "--- SKIP: TestLongMarked"}, {"long", "--- PASS: TestLongMarked"}} {
		out, err := exec.Command(gobin, "test", "-count=1", "-v", "-tags="+c.tags, "-run", "^TestLongMarked$", ".").CombinedOutput()
		if err != nil {
			t.Fatalf("go test -tags=%q: %v\n%s", c.tags, err, out)
		}
		if !strings.Contains(string(out), c.want) {
			t.Errorf("go test -tags=%q: want %q in\n%s", c.tags, c.want, out)
		}
	}
}

// TestLongMarked is a long test for TestSkip: it skips in the quick
// suite.
func TestLongMarked(t *testing.T) {
	Skip(t)
	if !On() {
		t.Fatal("ran without -tags long")
	}
}
