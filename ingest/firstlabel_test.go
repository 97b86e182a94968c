package ingest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestFirstInWordsWarns: a plain text whose articles are "Article 2" to
// "Article 4" after "Article premier" (item 1, its number in words) read
// the first into the preamble, silently. Whatever the words, the line
// printed in the numbering's form right before its item 2 is named in a
// warning; with "Article 1" printed there, no warning.
func TestFirstInWordsWarns(t *testing.T) {
	for _, w := range [][2]string{{"Article", "premier"}, {"Artikel", "erste"}, {"Статья", "первая"}, {"Madde", "bir"}} {
		for _, first := range []string{w[1], "1"} {
			var b strings.Builder
			b.WriteString("Declaration\n\nThe preamble says why.\n\n")
			fmt.Fprintf(&b, "%s %s\n\nEveryone is born free.\n\n", w[0], first)
			for k := 2; k <= 4; k++ {
				fmt.Fprintf(&b, "%s %d\n\nThe text of this article number %d.\n\n", w[0], k, k)
			}
			d, err := ingest.Options{}.Bytes("decl.txt", []byte(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			warned := false
			for _, n := range d.Notes {
				warned = warned || strings.HasPrefix(n, ingest.WarningNote+"a numbering that starts at 2") && strings.Contains(n, w[0]+" "+first)
			}
			if want := first != "1"; warned != want {
				t.Errorf("%s %s: warned %v, want %v; notes %q", w[0], first, warned, want, d.Notes)
			}
		}
	}
}
