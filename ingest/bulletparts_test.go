package ingest_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// enclosedStyles rewrite the k-th (from 1) part label of a list the
// real Chinese page prints as "㈠": parenthesized ideographs (U+3220),
// circled numbers (U+2460), circled ideographs (U+3280), full-width
// parentheses around a CJK numeral, ASCII parentheses around digits.
var enclosedStyles = map[string]func(k int) string{
	"parenthesized":     func(k int) string { return string(rune(0x3220 + k - 1)) },
	"circled":           func(k int) string { return string(rune(0x2460 + k - 1)) },
	"circled-ideograph": func(k int) string { return string(rune(0x3280 + k - 1)) },
	"full-width":        func(k int) string { return "（" + string([]rune("一二三四五六七八九十")[k-1]) + "）" },
	"ascii":             func(k int) string { return fmt.Sprintf("(%d)", k) },
}

// partShapes are d's items' parts as id, label and text, one a line.
func partShapes(d *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		for _, p := range it.Parts {
			out = append(out, fmt.Sprintf("%s %s %q", it.ID, p.Label, p.Text))
		}
	}
	return out
}

// TestBulletedPartLabels reads the real Chinese page, whose articles
// list their paragraphs as bullets labelled "㈠", "㈡" ("- ㈠ text"),
// with the labels in five styles, as Markdown and as plain text (the
// headings' marks taken out): each gives the parts of the page itself,
// a part a bullet, the bullet no part of its label.
func TestBulletedPartLabels(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-zh.md"))
	if err != nil {
		t.Fatal(err)
	}
	orig, err := ingest.Options{}.Bytes("udhr-1948-zh.md", data)
	if err != nil {
		t.Fatal(err)
	}
	want := partShapes(orig)
	if len(want) < 20 {
		t.Fatalf("%d parts in the page, want 20 or more", len(want))
	}
	bullet := regexp.MustCompile(`(?m)^- ([\x{3220}-\x{3229}])`)
	heading := regexp.MustCompile(`(?m)^#+ `)
	for name, style := range enclosedStyles {
		page := bullet.ReplaceAllStringFunc(string(data), func(m string) string {
			r := []rune(m)[2]
			return "- " + style(int(r-0x3220)+1)
		})
		for _, f := range []struct{ name, text string }{{"udhr-1948-zh.md", page}, {"udhr-1948-zh.txt", heading.ReplaceAllString(page, "")}} {
			t.Run(name+"/"+f.name, func(t *testing.T) {
				d, err := ingest.Options{}.Bytes(f.name, []byte(f.text))
				if err != nil {
					t.Fatal(err)
				}
				if got := partShapes(d); strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("%d parts\n%s\nwant %d\n%s", len(got), strings.Join(got[:min(len(got), 4)], "\n"), len(want), strings.Join(want[:4], "\n"))
				}
			})
		}
	}
}
