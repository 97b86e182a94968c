package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestUntitledHeadingKeepsKind: a heading's kind does not depend on
// whether a title follows its number. In each WCA Markdown file (English
// and the Japanese translation), the title of one numbered heading at a
// time is cut ("## 第B条：目隠し競技" -> "## 第B条", "## Article B:
// Blindfolded Solving" -> "## Article B"): every item keeps its id and
// kind ("sec:B" stays a section, not "rule:B", and its regulations stay
// regulations), and the heading is an item without a title. The quick
// suite cuts every third heading; -tags long every one.
func TestUntitledHeadingKeepsKind(t *testing.T) {
	root := testcorpus.Path(t, "wca")
	es, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, e := range es {
		if !strings.HasSuffix(e.Name(), ".md") || strings.HasSuffix(e.Name(), "README.md") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		orig, err := ingest.Options{}.Bytes(e.Name(), data)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		n := 0
		for k, l := range lines {
			cut := titleCut(l)
			if cut < 0 {
				continue
			}
			if n++; !longtest.On() && n%3 != 1 {
				continue
			}
			tried++
			out := append([]string(nil), lines...)
			out[k] = l[:cut]
			d, err := ingest.Options{}.Bytes(e.Name(), []byte(strings.Join(out, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			checkSameItems(t, e.Name()+": "+out[k], orig, d)
		}
	}
	if tried == 0 {
		t.Fatal("no numbered heading with a title in the WCA files")
	}
}

// titleCut is where the title of a Markdown heading line that prints a
// number, then a colon and a title, starts (its colon), or -1.
func titleCut(l string) int {
	if !strings.HasPrefix(l, "#") {
		return -1
	}
	cut := strings.IndexAny(l, ":：")
	if cut < 0 || !strings.ContainsAny(l[:cut], "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") || strings.TrimSpace(l[cut:]) == "" {
		return -1
	}
	return cut
}

// checkSameItems fails t where d's items differ in id or kind from
// orig's, item for item, or where an item d has no title for differs
// from orig's in more than its title.
func checkSameItems(t *testing.T, label string, orig, d *corpus.Document) {
	t.Helper()
	if len(d.Items) != len(orig.Items) {
		t.Errorf("%s: %d items, want %d", label, len(d.Items), len(orig.Items))
		return
	}
	missed := 0
	for i := range d.Items {
		a, b := &orig.Items[i], &d.Items[i]
		if a.ID == b.ID && a.Kind == b.Kind {
			continue
		}
		if missed++; missed <= 2 {
			t.Errorf("%s: item %d is %s (%s), want %s (%s)", label, i, b.ID, b.Kind, a.ID, a.Kind)
		}
	}
	if missed > 2 {
		t.Errorf("%s: %d items more differ", label, missed-2)
	}
}
