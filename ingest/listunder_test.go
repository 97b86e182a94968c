package ingest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestListUnderItemHeadingIsParts: a list numbered from 1 right under a
// heading that the numbering numbers in another form ("## Article 2",
// "## 2 бап", "## 第2条", then "1." and "2.") is that item's parts, and
// no warning says it was "kept as its text": the warning made --strict
// fail on udhr en, whose rule:11 has parts 1 and 2.
func TestListUnderItemHeadingIsParts(t *testing.T) {
	for _, frame := range []string{"Article %d", "%d бап", "第%d条", "Artikel %d.", "%d. cikk"} {
		var b strings.Builder
		b.WriteString("# Book\n\n")
		for k := 1; k <= 4; k++ {
			fmt.Fprintf(&b, "## "+frame+"\n\n", k)
			if k%2 == 0 {
				b.WriteString("1. The first right of this article.\n2. The second right of this article.\n\n")
			} else {
				b.WriteString("Everyone is born free and equal.\n\n")
			}
		}
		d, err := ingest.Options{}.Bytes("book.md", []byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range d.Notes {
			if strings.HasPrefix(n, ingest.WarningNote+"lists numbered again under a heading") {
				t.Errorf("%q: %s", frame, n)
			}
		}
		if len(d.Items) != 4 || len(d.Items[1].Parts) != 2 || len(d.Items[3].Parts) != 2 {
			t.Errorf("%q: want 4 items, the 2nd and 4th with parts 1, 2; got %d items: %+v", frame, len(d.Items), d.Items)
		}
	}
	d := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	for _, n := range d.Notes {
		if strings.HasPrefix(n, ingest.WarningNote) {
			t.Errorf("udhr en: %s", n)
		}
	}
}
