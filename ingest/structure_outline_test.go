package ingest_test

import (
	"bytes"
	"html"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// numberedHeadingLine is a numbered heading of the word-removed variant
// ("## 12. Title"), its number apart.
var numberedHeadingLine = regexp.MustCompile(`(?m)^## (\S+)\. `)

// TestUnnumberedOutlineHeading: a heading that prints no number, at a
// level where headings print numbers, is a division of the outline and
// an item with its outline place as id, whatever its words; the items
// around it keep their ids. Every dev file is written with numbered
// headings (the word-removed variant), then every third numbered heading
// loses its number ("## 12. Title" -> "## Title", as a translation that
// prints "Article 12" as a title alone): each such heading must give a
// section item with the title and an outline id ("sec:_2"), or the
// number its place gives it where the run of headings around it is a
// numbering (numberRuns); every other item keeps the id it had (outline
// places, which count the unnumbered headings, may move on).
func TestUnnumberedOutlineHeading(t *testing.T) {
	longtest.Skip(t)
	perturbed := 0
	eachDevDoc(t, func(t *testing.T, name, path string, d *corpus.Document) {
		file, src, _ := testcorpus.Write(d, testcorpus.WordRemoved)
		heads := numberedHeadingLine.FindAllSubmatchIndex(src, -1)
		if len(heads) < 3 {
			t.Skip("fewer than three numbered headings")
		}
		base, err := ingest.Options{Lang: d.Lang}.Read(file, bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		// The numbers taken off, and the copy without them.
		sections := map[string]bool{}
		for _, it := range base.Items {
			if it.Kind == corpus.KindSection && it.Number != "" {
				sections[it.Number] = true
			}
		}
		var out []byte
		stripped := map[string]bool{}
		last, k := 0, 0
		for _, h := range heads {
			if !sections[string(src[h[2]:h[3]])] {
				continue
			}
			if k++; k%3 != 2 {
				continue
			}
			out = append(out, src[last:h[0]+len("## ")]...)
			last = h[1]
			stripped[string(src[h[2]:h[3]])] = true
		}
		out = append(out, src[last:]...)
		got, err := ingest.Options{Lang: d.Lang}.Read(file, bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		perturbed++
		if len(got.Items) != len(base.Items) {
			t.Fatalf("%d items with %d heading numbers taken off, %d with them: %s", len(got.Items), len(stripped), len(base.Items), firstDiff(itemIDs(got), itemIDs(base)))
		}
		for i := range base.Items {
			b, g := &base.Items[i], &got.Items[i]
			if !stripped[b.Number] || b.Title == "" {
				// An outline place counts the unnumbered headings of
				// its level: one more before it moves it on.
				if g.ID != b.ID && !(outlineID(b.ID) && outlineID(g.ID)) {
					t.Errorf("item %d: id %s, %s with the numbers", i, g.ID, b.ID)
				}
				continue
			}
			// Its outline place, or the number its place in a run of
			// numbered headings gives it (numberRuns, said in a note).
			if g.Kind != corpus.KindSection || !outlineID(g.ID) && g.ID != b.ID || g.Title != b.Title {
				t.Errorf("heading %q without its number %s: %s %s %q, want a section with an outline id", b.Number, b.ID, g.Kind, g.ID, g.Title)
			}
		}
	})
	if perturbed == 0 {
		t.Error("no dev file has numbered headings")
	}
}

// outlineID reports whether id is a section's outline place ("sec:_2.1").
func outlineID(id string) bool { return strings.HasPrefix(id, "sec:_") }

// mdHeading and htmlHeading are a heading line of Markdown and an HTML
// heading element: its level and its text.
var (
	mdHeading   = regexp.MustCompile(`(?m)^(#{1,6})[ \t]+(.+?)[ \t#]*$`)
	htmlHeading = regexp.MustCompile(`(?is)<h([1-6])\b[^>]*>(.*?)</h[1-6]>`)
	tag         = regexp.MustCompile(`<[^>]*>`)
)

// TestOutlineHeadingsReal: in every real dev file, Markdown or HTML,
// each heading at a level where a heading before it, under the same
// headings, gave a numbered item (a level of the outline) gives an item
// whose title ends its text: a
// heading of that level that prints no number ("# РОЛЬ АРБИТРА" between
// "# Статья 11" and "# Приложение А") is a division as its neighbours
// are, not only the Section of the items under it. The document's title
// is no item.
func TestOutlineHeadingsReal(t *testing.T) {
	longtest.Skip(t)
	files := devFiles(t)
	checked := 0
	for _, name := range slices.Sorted(maps.Keys(files)) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(files[name])
			if err != nil {
				t.Fatal(err)
			}
			re := htmlHeading
			if strings.HasSuffix(name, ".md") {
				re = mdHeading
			}
			type head struct {
				level int
				text  string
			}
			var heads []head
			for _, m := range re.FindAllStringSubmatch(string(data), -1) {
				level := len(m[1])
				if re == htmlHeading {
					level = int(m[1][0] - '0')
				}
				text := corpus.CleanLine(html.UnescapeString(tag.ReplaceAllString(m[2], "")))
				text = strings.TrimSpace(strings.Trim(text, "*_ "))
				if text != "" {
					heads = append(heads, head{level, text})
				}
			}
			d, err := ingest.Options{}.File(files[name])
			if err != nil {
				t.Fatal(err)
			}
			// The item a heading gives: one whose title ends its text.
			gives := func(text string) (corpus.Item, bool) {
				for _, it := range d.Items {
					if title := corpus.CleanLine(it.Title); title != "" && strings.HasSuffix(text, title) {
						return it, true
					}
				}
				return corpus.Item{}, false
			}
			numbered := make([]bool, len(heads))
			for k, h := range heads {
				it, ok := gives(h.text)
				numbered[k] = ok && it.Number != ""
			}
			if !slices.Contains(numbered, true) {
				t.Skip("no heading gives a numbered item")
			}
			checked++
			// The levels at which a heading gave a numbered item so far,
			// under the same headings: a heading ends what the levels
			// below it printed.
			levels := map[int]bool{}
			for k, h := range heads {
				for l := range levels {
					if l > h.level {
						delete(levels, l)
					}
				}
				if numbered[k] {
					levels[h.level] = true
				}
				if !levels[h.level] || k == 0 && h.text == corpus.CleanLine(d.Title) {
					continue
				}
				if _, ok := gives(h.text); !ok {
					t.Errorf("heading %q (level %d, a level of the outline) gives no item", h.text, h.level)
				}
			}
		})
	}
	if checked == 0 {
		t.Error("no dev file has headings that give numbered items")
	}
}
