package align_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestNoDuplicateSuffix: no id of a dev translation, of its source, or
// of any variant the tests write of it carries a duplicate's "-2"
// suffix unless the file prints that number twice, with a warning that
// names both places (testcorpus.CheckDuplicates); read through the
// source, no item the reading names does.
func TestNoDuplicateSuffix(t *testing.T) {
	longtest.Skip(t)
	seen := map[string]bool{}
	for _, p := range throughPairs {
		t.Run(p[1][strings.LastIndex(p[1], "/")+1:], func(t *testing.T) {
			src, orig := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
			if !seen[p[0]] {
				testcorpus.CheckDuplicates(t, p[0], src)
				seen[p[0]] = true
			}
			testcorpus.CheckDuplicates(t, "original", orig)
			for _, v := range testcorpus.Variants {
				d := testcorpus.Render(t, orig, v)
				testcorpus.CheckDuplicates(t, string(v), d)
				r := align.Options{}.Through(src, d)
				testcorpus.CheckDuplicates(t, string(v)+" read through the source", r.Doc)
			}
		})
	}
}
