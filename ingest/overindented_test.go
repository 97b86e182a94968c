package ingest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestOverIndentedList deletes, in turn, the line of each parent item
// of a nested list of regulations ("- 2a)", "    - 2a1)", "        -
// 2a1a)"): the sub-items it leaves, indented four columns or more past
// the text they go under, which CommonMark reads as the paragraph's
// lines (under a list item) or as code (under a heading), are still
// items, each with its own id, and no item's text holds one.
func TestOverIndentedList(t *testing.T) {
	var lines []string
	lines = append(lines, "# Regulations", "")
	for a := 1; a <= 3; a++ {
		lines = append(lines, fmt.Sprintf("## Article %d", a), "")
		for _, l := range "abc" {
			lines = append(lines, fmt.Sprintf("- %d%c) The rule %d%c applies to every competitor.", a, l, a, l))
			for s := 1; s <= 2; s++ {
				lines = append(lines, fmt.Sprintf("    - %d%c%d) The sub-rule %d%c%d says what the judge does.", a, l, s, a, l, s))
				for _, x := range "ab" {
					lines = append(lines, fmt.Sprintf("        - %d%c%d%c) The case %d%c%d%c is noted.", a, l, s, x, a, l, s, x))
				}
			}
		}
		lines = append(lines, "")
	}
	for k, l := range lines {
		parent := strings.TrimSpace(l)
		if !strings.HasPrefix(parent, "- ") || k+1 >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[k+1]), "- ") ||
			len(lines[k+1])-len(strings.TrimLeft(lines[k+1], " ")) <= len(l)-len(strings.TrimLeft(l, " ")) {
			continue
		}
		label := strings.TrimSuffix(strings.Fields(parent)[1], ")")
		text := strings.Join(append(append([]string{}, lines[:k]...), lines[k+1:]...), "\n")
		d, err := ingest.Options{}.Bytes("regs.md", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]bool{}
		for _, it := range d.Items {
			ids[it.ID] = true
			if strings.Contains(it.Text, ") The") {
				t.Errorf("without %s: %s holds another item's line: %q", label, it.ID, it.Text)
			}
		}
		for _, other := range lines {
			f := strings.Fields(other)
			if len(f) < 2 || f[0] != "-" {
				continue
			}
			if n := strings.TrimSuffix(f[1], ")"); n != label && !ids["rule:"+n] {
				t.Errorf("without %s: no item rule:%s (%d items)", label, n, len(d.Items))
			}
		}
	}
}
