package ingest_test

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestNoDuplicateSuffixDev: no id of any dev file, nor of any variant
// the tests write of it (testcorpus.Variants: numbers lost, heading words
// replaced or removed, other digits, a table of contents, items joined
// or split), nor of the file with its headings taken out (Markdown
// heading lines and HTML heading elements: two lists with nothing
// between), carries a duplicate's "-2" suffix unless the file prints
// that number twice, with a warning that names both places
// (testcorpus.CheckDuplicates). A number that starts a numbering
// again (1, a, A, i, I after others) is never one printed twice: it
// starts a run of its own, whatever stands between (restarts).
func TestNoDuplicateSuffixDev(t *testing.T) {
	longtest.Skip(t)
	eachDevDoc(t, func(t *testing.T, name, path string, d *corpus.Document) {
		testcorpus.CheckDuplicates(t, "original", d)
		restarts(t, "original", d)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if bare := headingsOut.ReplaceAll(data, nil); !bytes.Equal(bare, data) {
			h, err := ingest.Options{Lang: d.Lang}.Read(name, bytes.NewReader(bare))
			if err != nil {
				t.Fatal(err)
			}
			testcorpus.CheckDuplicates(t, "headings taken out", h)
			restarts(t, "headings taken out", h)
		}
		for _, v := range testcorpus.Variants {
			r := testcorpus.Render(t, d, v)
			testcorpus.CheckDuplicates(t, string(v), r)
			restarts(t, string(v), r)
		}
	})
}

// headingsOut matches a Markdown heading line and an HTML heading element.
var headingsOut = regexp.MustCompile(`(?m)^#{1,6}[ \t].*$|(?is)<h[1-6]\b[^>]*>.*?</h[1-6]>`)

// firstLabel is a label that starts a numbering: 1, a, A, i or I.
var firstLabel = regexp.MustCompile(`^(?:1|a|A|i|I)$`)

// restarts fails t for every item of d that starts a numbering again
// and whose id takes a duplicate's suffix ("rule:1-2"): a second list
// after a first is a run of its own, not a number printed twice.
func restarts(t *testing.T, name string, d *corpus.Document) {
	t.Helper()
	ids := map[string]bool{}
	for i := range d.Items {
		ids[d.Items[i].ID] = true
	}
	for i := range d.Items {
		it := &d.Items[i]
		base, n, ok := strings.Cut(it.ID, "-")
		if ok && ids[base] && n != "" && strings.Trim(n, "0123456789") == "" && firstLabel.MatchString(it.Number) {
			t.Errorf("%s: %s starts its numbering again (%q) and takes a duplicate's suffix", name, it.ID, it.Number)
		}
	}
}
