package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestPrintedLabels reads every Markdown, text and HTML file of the real
// corpus: an item's printed label (what Label names it by) is text the
// file prints, and a word or counter printed with its number is kept
// (the UDHR's "Article 12", "第12条", "አንቀጽ፡፲፪" on every page whose
// headings print a number: most of its 46 pages).
func TestPrintedLabels(t *testing.T) {
	longtest.Skip(t)
	var files []string
	for _, pat := range []string{"udhr/*.md", "udhr/*.html", "dev/*/*.md", "dev/*/*.html", "dev/*/*.wml", "wca/*.md", "seeds/*.txt"} {
		m, _ := filepath.Glob(filepath.Join(testcorpus.Path(t, "."), pat))
		files = append(files, m...)
	}
	printed, udhrPages := 0, 0
	for _, f := range files {
		rel, _ := filepath.Rel(testcorpus.Dir(), f)
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := joinless(norm.NFC.String(string(raw)))
		d := testcorpus.Doc(t, rel)
		n := 0
		for _, it := range d.Items {
			if it.Printed == "" {
				continue
			}
			n++
			if !strings.Contains(text, joinless(it.Printed)) {
				t.Errorf("%s: %s printed %q, which the file does not print", rel, it.ID, it.Printed)
			}
			if it.Label() != it.Printed {
				t.Errorf("%s: %s labelled %q, printed %q", rel, it.ID, it.Label(), it.Printed)
			}
		}
		printed += n
		if strings.HasPrefix(rel, "udhr/") && n >= 30 {
			udhrPages++
		}
	}
	t.Logf("%d items of %d files with a printed label; %d UDHR pages with all 30 articles", printed, len(files), udhrPages)
	if udhrPages < 30 {
		t.Errorf("%d UDHR pages print a label with every article, want most of them", udhrPages)
	}
}

// joinless is s without its zero-width joiners and non-joiners, which
// the comparison of printed labels with the file leaves aside.
func joinless(s string) string {
	return strings.NewReplacer("\u200c", "", "\u200d", "").Replace(s)
}
