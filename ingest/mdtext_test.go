package ingest_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// TestMarkdownEscapes reads Markdown's backslash escapes and character
// references as the text CommonMark renders ("&amp;" is "&", "\*" is
// "*"), in a file whose name says Markdown even where its lines read as
// plain text just as well, and leaves them as printed in code spans and
// in a file of plain text.
func TestMarkdownEscapes(t *testing.T) {
	const page = "# Rules\n\n1. Salt &amp; pepper &lt;b&gt; &#169; \\* `a &amp; b`\n2. Second\\. rule\n"
	for _, c := range []struct{ name, want1, want2 string }{
		{"rules.md", "Salt & pepper <b> © * a &amp; b", "Second. rule"},
		{"rules.txt", "Salt &amp; pepper &lt;b&gt; &#169; \\* `a &amp; b`", "Second\\. rule"},
	} {
		d := ingestFile(t, c.name, page)
		got := map[string]string{}
		for _, it := range d.Items {
			got[it.ID] = it.Text
		}
		if got["rule:1"] != c.want1 || got["rule:2"] != c.want2 {
			t.Errorf("%s: rule:1 %q, rule:2 %q; want %q, %q", c.name, got["rule:1"], got["rule:2"], c.want1, c.want2)
		}
	}
}

// TestMarkdownPrintedNumbers reads an ordered list item's number as
// printed ("1. 2. 4." is 4, where a renderer shows 3), in a list of its
// own, in a quote, with either delimiter; a skip is a
// warning, never a silent renumbering.
func TestMarkdownPrintedNumbers(t *testing.T) {
	for _, c := range []struct {
		page string
		want []string
	}{
		{"# R\n\n1. a\n2. b\n4. c\n", []string{"rule:1", "rule:2", "rule:4"}},
		{"# R\n\n> 1. a\n> 2. b\n> 4. c\n", []string{"rule:1", "rule:2", "rule:4"}},
		{"# R\n\n1) a\n2) b\n5) c\n6) d\n", []string{"rule:1", "rule:2", "rule:5", "rule:6"}},
	} {
		d := ingestFile(t, "rules.md", c.page)
		var ids []string
		for _, it := range d.Items {
			if it.Number != "" {
				ids = append(ids, it.ID)
			}
		}
		if !slices.Equal(ids, c.want) || len(d.Warnings()) == 0 {
			t.Errorf("%q: ids %v, warnings %q; want %v and a warning", c.page, ids, d.Warnings(), c.want)
		}
	}
}

// TestMarkdownListParagraphs reads an ordered list item of several
// paragraphs as one item, its number on its first paragraph only, and a
// list that prints one number on every item ("1. 1. 1.") as counted.
func TestMarkdownListParagraphs(t *testing.T) {
	for _, c := range []struct {
		page string
		want map[string]string
	}{
		{"# R\n\n## Article 1\n\n1. Item one.\n\n   Para of one.\n\n2. Item two.\n\n   Para of two.\n\n3. Item three.\n",
			map[string]string{"rule:1": "Item one.\nPara of one.", "rule:2": "Item two.\nPara of two.", "rule:3": "Item three."}},
		{"# R\n\n## Article 1\n\n1. a\n1. b\n1. c\n",
			map[string]string{"rule:1": "a", "rule:2": "b", "rule:3": "c"}},
	} {
		d := ingestFile(t, "rules.md", c.page)
		got := map[string]string{}
		for _, it := range d.Items {
			if it.Number != "" {
				got[it.ID] = it.Text
			}
		}
		if !maps.Equal(got, c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.page, got, c.want)
		}
	}
}

// ingestFile ingests page as a file named name, as the command does.
func ingestFile(t *testing.T, name, page string) *corpus.Document {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := ingest.Options{}.File(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
