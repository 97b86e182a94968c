package ingest_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestMarkedHeadingHoldsItsList: a heading whose id marker gives it a
// numbered id is that item, and the list under it its parts, whatever
// the heading prints: sync writes the marker where the heading's
// printed number reads as none of the numbering (a misprinted word,
// "## 弟23条"). Every udhr Markdown page has the headings of its
// articles over numbered paragraphs ("1." to "4." under a heading)
// rewritten to print no number ("## §§"), each with the marker of the
// id the page gives it: the page must read with the same ids, each once,
// and each such article with its paragraphs as parts. The same with
// one of them marked only, the others as the page prints them. Before,
// the lists were read as numberings of their own (rule:1-2 ...), and
// the headings after them as their divisions (rule:_1_24).
func TestMarkedHeadingHoldsItsList(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	tried := 0
	for _, name := range names {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		orig, err := ingest.Options{}.Bytes(name, data)
		if err != nil {
			t.Fatal(err)
		}
		// The articles with parts, in order, and the heading lines over
		// a list, in order: paired one to one, or the page is passed
		// over.
		var held []*corpus.Item
		for i := range orig.Items {
			if it := &orig.Items[i]; corpus.NumberedKind(it.Kind) && len(it.Parts) > 0 {
				held = append(held, it)
			}
		}
		lines := strings.Split(string(data), "\n")
		var heads []int
		for i, l := range lines {
			if !strings.HasPrefix(l, "## ") {
				continue
			}
			for k := i + 1; k < len(lines); k++ {
				if s := strings.TrimSpace(lines[k]); s != "" {
					if strings.HasPrefix(s, "1.") {
						heads = append(heads, i)
					}
					break
				}
			}
		}
		if len(heads) != len(held) || len(held) < 2 {
			continue
		}
		tried++
		for _, only := range []int{-1, len(heads) / 2} {
			v := slices.Clone(lines)
			for k, i := range heads {
				if only < 0 || k == only {
					v[i] = "## §§ " + corpus.IDMarker(held[k].ID, held[k].Kind)
				}
			}
			got, err := ingest.Options{}.Bytes(name, []byte(strings.Join(v, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			var want, ids []string
			for i := range orig.Items {
				want = append(want, orig.Items[i].ID)
			}
			parts := map[string]int{}
			for i := range got.Items {
				ids = append(ids, got.Items[i].ID)
				parts[got.Items[i].ID] = len(got.Items[i].Parts)
			}
			if !slices.Equal(ids, want) {
				t.Errorf("%s (marked %d): ids\n%v\nwant\n%v", name, only, ids, want)
				continue
			}
			for _, it := range held {
				if parts[it.ID] != len(it.Parts) {
					t.Errorf("%s (marked %d): %s has %d parts, want %d", name, only, it.ID, parts[it.ID], len(it.Parts))
				}
			}
		}
	}
	if tried < 20 {
		t.Errorf("%d udhr pages with headings over lists tried; want 20 or more", tried)
	}
}

// TestEscapedFirstIsText: a Markdown line whose first character is
// written escaped (a character reference, a backslash escape), as a
// draft writes a line of text that would read as a label, is text of
// the item before it, never an item of its own; unescaped, the same
// lines are items.
func TestEscapedFirstIsText(t *testing.T) {
	doc := func(a, b string) string {
		return "# T\n\n## {{rulesync:id pre:1}}\n\n" + a + " は X。\n\n" + b + " は Y。\n\n## 1. Foo\n\nbar\n\n## 2. Foo\n\nbaz\n"
	}
	for _, c := range []struct {
		a, b string
		text bool
	}{
		{"Version 1.0", "Version 1.1", false},
		{"&#86;ersion 1.0", "[&#86;ersion 1.1](x)", true},
		{"&#49;.0", "&#49;.1", true},
	} {
		d, err := ingest.Options{}.Bytes("draft.md", []byte(doc(c.a, c.b)))
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, it := range d.Items {
			ids = append(ids, it.ID)
		}
		pre := d.Item("pre:1")
		text := pre != nil && strings.Contains(pre.Text, "X") && strings.Contains(pre.Text, "Y") && d.Item("rule:1.0") == nil
		if text != c.text {
			t.Errorf("%q, %q: items %v; the lines read as text: %v, want %v", c.a, c.b, ids, text, c.text)
		}
	}
}
