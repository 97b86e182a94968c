package ingest_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// labelledLine is a Markdown list line that prints its item's label:
// "    - 1e2) text".
var labelledLine = regexp.MustCompile(`^\s*- ([0-9A-Z][0-9a-z+]*)\) (.*)$`)

// asTableRows writes each labelled list line of md as a table row, its
// label in a cell of its own ("| 1e2 | text |"), under a header row at
// the start of each run of them: a rulebook laid out as a table.
func asTableRows(md string) string {
	var out []string
	in := false
	for _, l := range strings.Split(md, "\n") {
		m := labelledLine.FindStringSubmatch(l)
		switch {
		case m != nil:
			if !in {
				out = append(out, "", "| rule | text |", "| --- | --- |")
				in = true
			}
			out = append(out, "| "+m[1]+" | "+strings.ReplaceAll(m[2], "|", `\|`)+" |")
		case in && strings.TrimSpace(l) == "":
		default:
			if in {
				out = append(out, "")
				in = false
			}
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestTableRowCitations lays the real WCA Regulations, English and
// Japanese, out as tables: every item cites what it cites as a list
// item, the links in its cells included.
func TestTableRowCitations(t *testing.T) {
	for _, rel := range []string{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"} {
		text, list := testcorpus.TextDoc(t, rel)
		table, err := ingest.Options{}.Bytes(rel, []byte(asTableRows(text)))
		if err != nil {
			t.Fatal(err)
		}
		refs := map[string][]string{}
		for _, it := range table.Items {
			refs[it.ID] = it.Refs
		}
		n, differ := 0, 0
		for _, it := range list.Items {
			n += len(it.Refs)
			got, ok := refs[it.ID]
			if ok && !slices.Equal(got, it.Refs) {
				differ++
				if differ <= 3 {
					t.Errorf("%s as a table: %s cites %v, want %v as a list item", rel, it.ID, got, it.Refs)
				}
			}
		}
		if n < 50 || differ > 0 {
			t.Errorf("%s as a table: %d items cite otherwise than as list items (%d citations in the list)", rel, differ, n)
		}
	}
}
