package corpus

import (
	"fmt"
	"testing"
)

// TestLabel checks that items and references are named as rulebooks
// print them, never by id.
func TestLabel(t *testing.T) {
	for _, c := range []struct {
		name string
		it   Item
		want string
	}{
		{"rule", Item{ID: "rule:7", Kind: KindRule, Number: "7", Title: "Seat Draw"}, "Rule 7"},
		{"rp", Item{ID: "rp:5", Kind: KindRP, Number: "5"}, "RP-5"},
		{"addendum", Item{ID: "add:40-A", Kind: KindAddendum, Number: "40-A"}, "Addendum 40-A"},
		{"regulation", Item{ID: "reg:1e2", Kind: KindRegulation, Number: "1e2"}, "Regulation 1e2"},
		{"guideline", Item{ID: "guide:1e2+", Kind: KindGuideline, Number: "1e2+"}, "Guideline 1e2+"},
		{"titled section", Item{ID: "sec:general", Kind: KindSection, Title: "General"}, "General"},
		{"preamble", Item{ID: "item:1", Kind: KindPreamble}, "Preamble"},
		{"unnumbered", Item{ID: "item:6", Kind: KindItem}, "Item 6"},
		{"unnumbered titled", Item{ID: "item:6", Kind: KindItem, Title: "席の抽選"}, "席の抽選"},
		{"printed word", Item{ID: "rule:12", Kind: KindRule, Number: "12", Printed: "Article 12"}, "Article 12"},
		{"printed counter", Item{ID: "rule:12", Kind: KindRule, Number: "12", Printed: "第十二条"}, "第十二条"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.it.Label(); got != c.want {
				t.Errorf("Label() = %q, want %q", got, c.want)
			}
		})
	}
	it := Item{ID: "rule:7", Kind: KindRule, Number: "7", Title: "Seat Draw"}
	if got := it.LabelTitle(); got != "Rule 7: Seat Draw" {
		t.Errorf("LabelTitle() = %q", got)
	}
	for ref, want := range map[string]string{"rule:71#B": "Rule 71-B", "rule:RP-22": "RP-22", "rule:9u": "Rule 9u",
		"sec:A": "Section A", "sec:_2.1": "_2.1", "rule:_3_1": "_3_1", "rp:22": "RP-22", "reg:9u": "Regulation 9u", "add:40-A": "Addendum 40-A"} {
		if got := RefLabel(ref); got != want {
			t.Errorf("RefLabel(%q) = %q, want %q", ref, got, want)
		}
	}
}

// TestCitations checks the spans of citations in the text as given
// (full-width digits, curly quotes and runs of spaces included), and
// that they cite what Refs says.
func TestCitations(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string // "words=ref"
	}{
		{"list", "See also Rules 2 and 42.", []string{"Rules 2=rule:2", "42=rule:42"}},
		{"part", "as in Rule 71-B, and RP-22", []string{"Rule 71-B=rule:71#B", "RP-22=rule:RP-22"}},
		{"spaces", "“Rule   36”", []string{"Rule   36=rule:36"}},
		{"japanese", "詳しくはルール第７１項-Bを参照。", []string{"ルール第７１項-B=rule:71#B"}},
		{"portuguese", "Regra 43Valores", []string{"Regra 43=rule:43"}},
		{"none", "No citation here.", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, ci := range Citations(c.text) {
				got = append(got, c.text[ci.Start:ci.End]+"="+ci.Ref)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("Citations(%q) = %q, want %q", c.text, got, c.want)
			}
			var refs []string
			for _, ci := range Citations(c.text) {
				refs = append(refs, ci.Ref)
			}
			if fmt.Sprint(refs) != fmt.Sprint(Refs(c.text)) {
				t.Errorf("Citations cite %v, Refs %v", refs, Refs(c.text))
			}
		})
	}
}
