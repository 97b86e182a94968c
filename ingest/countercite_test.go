package ingest_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// debianCites is how the Debian Constitution 1.0 ja cites a section:
// "4.2 節", "(4.2節)", "4.1(3) 節".
var debianCites = regexp.MustCompile(`(\d+\.\d+)((?:\(\d+\))*) ?節`)

// citeStyles rewrite a citation of the Japanese text (its number, its
// sub-numbers) in another form a CJK or Korean label takes.
var citeStyles = map[string]func(num, sub string) string{
	"original":    nil,
	"ordinal":     func(n, s string) string { return "第" + n + "条" + s },
	"ordinal-sp":  func(n, s string) string { return "第 " + n + " 条" + s },
	"glued":       func(n, s string) string { return n + s + "節" },
	"spaced":      func(n, s string) string { return n + s + " 節" },
	"after":       func(n, s string) string { return n + "節" + s },
	"fullwidth":   func(n, s string) string { return strings.ReplaceAll(fullWidth(n), ".", "．") + s + " 節" },
	"korean":      func(n, s string) string { return "제" + n + "조" + s },
	"korean-bare": func(n, s string) string { return n + s + "조" },
}

// itemRefs maps each item id of d to its refs.
func itemRefs(d *corpus.Document) map[string][]string {
	out := map[string][]string{}
	for _, it := range d.Items {
		if len(it.Refs) > 0 {
			out[it.ID] = it.Refs
		}
	}
	return out
}

// TestCounterCitations reads the Japanese Debian Constitution 1.0, and
// copies of it whose citations take the other forms of a CJK or Korean
// label, with the citations of the English: each item cites what the
// English item of its id cites, and the one item more it cites is one
// whose English text prints the number bare ("see 6.3(5)").
func TestCounterCitations(t *testing.T) {
	en := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.0-en.wml")
	path := testcorpus.Path(t, "dev/debian-constitution/debian-constitution-1.0-ja.wml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := itemRefs(en)
	if len(want) < 9 {
		t.Fatalf("the English cites in %d items, want 9 or more", len(want))
	}
	enText := map[string]string{}
	for _, it := range en.Items {
		enText[it.ID] = it.Text
	}
	for name, style := range citeStyles {
		t.Run(name, func(t *testing.T) {
			text := string(data)
			if style != nil {
				text = debianCites.ReplaceAllStringFunc(text, func(m string) string {
					g := debianCites.FindStringSubmatch(m)
					return style(g[1], g[2])
				})
			}
			d, err := ingest.Options{}.Bytes("ja-"+name+".wml", []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			got := itemRefs(d)
			for id, refs := range want {
				if !slices.Equal(got[id], refs) {
					t.Errorf("%s cites %v, want %v (as the English)", id, got[id], refs)
				}
			}
			for id, refs := range got {
				if _, ok := want[id]; ok {
					continue
				}
				for _, r := range refs {
					num := strings.TrimPrefix(r, "rule:")
					if !strings.Contains(enText[id], " "+num+"(") {
						t.Errorf("%s cites %s, which the English neither cites nor prints", id, r)
					}
				}
			}
		})
	}
}

// TestCounterCitationsAreNumbersOfItems keeps counts and ordinals that
// are no citations out: a number with a counter cites only where it
// names an item of the document, and a whole number only in a form the
// document's numbering prints (its labels, or its dotted citations).
func TestCounterCitationsAreNumbersOfItems(t *testing.T) {
	doc := func(body string) string {
		var b strings.Builder
		for k := 1; k <= 5; k++ {
			fmt.Fprintf(&b, "第%d条 見出し%d\n\n本文%d。\n\n", k, k, k)
		}
		fmt.Fprintf(&b, "第6条 見出し6\n\n本条は、%s\n", body)
		return b.String()
	}
	for _, c := range []struct {
		body string
		want []string
	}{
		{"第3条に従う。", []string{"rule:3"}},
		{"第３条及び第4条に従う。", []string{"rule:3", "rule:4"}},
		{"第三条に従う。", []string{"rule:3"}},
		{"競技者には 5 回の試技が認められる。", nil},               // a count
		{"第3回国連総会で採択。", nil},                       // an ordinal of another counter
		{"3章からなる。", nil},                           // the labels print 第 before 条
		{"第9条に従う。", nil},                           // no item 9
		{"第6条に従う。", nil},                           // the item itself
		{"v1.7 節、2016.8.14 条。", nil},               // a version and a date
		{"これは第2条による。2 条件がある。", []string{"rule:2"}}, // "2 条件" is no label form of the document
	} {
		t.Run(c.body, func(t *testing.T) {
			d, err := ingest.Options{}.Bytes("counts.txt", []byte(doc(c.body)))
			if err != nil {
				t.Fatal(err)
			}
			it := d.Items[len(d.Items)-1]
			if it.Number != "6" {
				t.Fatalf("last item %s %q, want article 6", it.ID, it.Text)
			}
			if !slices.Equal(it.Refs, c.want) && len(it.Refs)+len(c.want) > 0 {
				t.Errorf("refs %v, want %v", it.Refs, c.want)
			}
		})
	}
}

// TestCounterCitationsOfUnits: a PO, XLIFF or TMX translation names its
// items by the ids of its units and keeps no number for a section
// ("sec:4.2"); a citation "4.2 節" in a unit's text is still one, as in
// the page the catalogue was written from.
func TestCounterCitationsOfUnits(t *testing.T) {
	po := `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: ja\n"

msgctxt "sec:4.2/title"
msgid "Procedure"
msgstr "意思決定手順"

msgctxt "rule:4.2(1)"
msgid "Votes are counted."
msgstr "投票が数えられる。"

msgctxt "rule:3.2(2)"
msgid "See §4.2."
msgstr "4.2 節を見よ。"
`
	d, err := (ingest.Options{}).Bytes("t.po", []byte(po))
	if err != nil {
		t.Fatal(err)
	}
	got := itemRefs(d)["rule:3.2(2)"]
	if !slices.Contains(got, "rule:4.2") {
		t.Errorf("rule:3.2(2) cites %q, want rule:4.2 among them (its text: 4.2 節を見よ。)", got)
	}
}
