package ingest

import (
	"strings"
	"testing"
)

// TestDottedCounterLabels reads dotted numbers glued to the counter of a
// CJK or Korean article label, with its ordinal mark or without
// ("第2.1条", "2.1조"), as whole numbers are read ("第2条", "2조"); a
// counter that begins a word ("条件", "조정") makes no label.
func TestDottedCounterLabels(t *testing.T) {
	for _, c := range []struct{ in, want, title string }{
		{"第2.1条 総則", "2.1", "総則"},
		{"第２．１条　総則", "2.1", "総則"},
		{"第A.1条 提案", "A.1", "提案"},
		{"第1.0.1a条 規則", "1.0.1.a", "規則"},
		{"제2.1조 총칙", "2.1", "총칙"},
		{"2.1조 - 총칙", "2.1", "- 총칙"},
		{"1.0.1a조 text", "1.0.1.a", "text"},
		{"第2条 総則", "2", "総則"},
		{"3.5条件下で", "", ""},
		{"2.1조정 text", "", ""},
	} {
		t.Run(c.in, func(t *testing.T) {
			l, ok := readLabel(c.in)
			if !ok {
				if c.want != "" {
					t.Fatalf("no label, want %s", c.want)
				}
				return
			}
			var parts []string
			for _, p := range l.comps {
				parts = append(parts, p.s)
			}
			got := strings.Join(parts, ".")
			if got != c.want || strings.TrimSpace(c.in[l.end:]) != c.title {
				t.Errorf("label %s, title %q; want %s, %q", got, c.in[l.end:], c.want, c.title)
			}
		})
	}
}
