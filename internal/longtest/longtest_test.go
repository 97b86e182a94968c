package longtest

import (
	"os/exec"
	"slices"
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

// TestSample: the quick suite's sample is n distinct elements in their
// order, from the first to the last stretch; the long suite's is all.
func TestSample(t *testing.T) {
	all := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, n := range []int{1, 3, 4, 10, 11, 20} {
		got := Sample(all, n)
		switch {
		case On() || n >= len(all):
			if len(got) != len(all) {
				t.Errorf("Sample(%d of %d) = %v, want all", n, len(all), got)
			}
		case len(got) != n || got[0] != 0 || !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != n || got[n-1] < len(all)-len(all)/n-1:
			t.Errorf("Sample(%d of %d) = %v, want %d distinct in order, first 0, last in the last stretch", n, len(all), got, n)
		}
	}
}
