package ingest_test

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// One document, two layouts: a real Markdown file rendered to HTML as a
// CommonMark renderer renders it, and a real HTML page written as
// Markdown block by block, read again, give the items of the original,
// with the same ids in the same order. The Markdown reader and the HTML
// reader say the same of the same layout: a heading, a paragraph's line,
// an ordered list's item and its place.

// maxOtherIDs is how many of the corpus's files may read otherwise in
// the other format today (22 of 83; 50 before an HTML ordered list whose
// items print no numbers, inside a numbered item of a document whose
// lists do not nest, was read as Markdown reads a list that prints them:
// the item's text and parts; 62 before the HTML reader read the anchors
// a site generator prints in a heading's text as the Markdown reader
// does, and an <ol> that shows no markers as a list without places).
// What still differs: where lists nest (Debian), an ordered list's items
// are numbered by their places in HTML (items "4.1(5)(2)") and are text
// of the item they are in in Markdown; the Markdown reader reads each
// line of a paragraph as a block, where a numbered rule may start
// ("1.B.1. text" lines one after another: FIDE hy and ru, USA Ultimate),
// and the HTML reader a paragraph as one block; the WCA dialect's tags
// are the Markdown reader's alone.
const maxOtherIDs = 22

// TestSameIDsMarkdownHTML converts every real Markdown and HTML file of
// the corpus (dev, wca, udhr) to the other format and reads both: the
// ids must be the same, in the same order, but for maxOtherIDs files.
// The quick suite reads 30 of the files (longtest.Sample), the long one
// all.
func TestSameIDsMarkdownHTML(t *testing.T) {
	files := sameFormatFiles(t)
	var other []string
	for _, name := range longtest.Sample(slices.Sorted(maps.Keys(files)), 30) {
		data, err := os.ReadFile(files[name])
		if err != nil {
			t.Fatal(err)
		}
		orig, err := ingest.Options{}.Bytes(name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var conv string
		var out []byte
		if strings.HasSuffix(name, ".md") {
			conv, out = name+".html", mdToHTML(t, data)
		} else {
			conv, out = name+".md", htmlToMD(t, data)
		}
		got, err := ingest.Options{}.Bytes(conv, out)
		if err != nil {
			t.Fatalf("%s: %v", conv, err)
		}
		if diff := idsDiff(orig, got); diff != "" {
			other = append(other, name)
			t.Logf("%s gives other ids than the original: %s", conv, diff)
		}
	}
	if len(other) > maxOtherIDs {
		t.Errorf("%d of %d files give other ids in the other format (%s), want at most %d", len(other), len(files), strings.Join(other, ", "), maxOtherIDs)
	}
}

// sameFormatFiles are the real Markdown and HTML files of the corpus, by
// name.
func sameFormatFiles(t *testing.T) map[string]string {
	files := map[string]string{}
	for _, sub := range []string{"dev", "wca", "udhr"} {
		root := testcorpus.Path(t, sub)
		filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() || strings.HasSuffix(p, "README.md") || strings.Contains(p, string(filepath.Separator)+"truth"+string(filepath.Separator)) {
				return nil
			}
			switch filepath.Ext(p) {
			case ".md", ".html", ".wml":
				files[e.Name()] = p
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Skip("no Markdown or HTML file in the corpus")
	}
	return files
}

// idsDiff says where the ids of got differ from want's: "" when they are
// the same in the same order.
func idsDiff(want, got *corpus.Document) string {
	a, b := itemIDs(want), itemIDs(got)
	if a == b {
		return ""
	}
	return firstDiff(b, a)
}

// mdToHTML renders Markdown as a CommonMark renderer does (goldmark, with
// the GitHub tables the reader reads, raw HTML kept), in a page.
func mdToHTML(t *testing.T, src []byte) []byte {
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		goldmark.WithParserOptions(parser.WithHeadingAttribute()),
		goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n")
	// Front matter is the page's metadata, which a site generator renders
	// as no text (the Markdown reader keeps it out of the text).
	if bytes.HasPrefix(src, []byte("---\n")) {
		if i := bytes.Index(src[4:], []byte("\n---\n")); i >= 0 {
			src = src[4+i+len("\n---\n"):]
		}
	}
	if err := md.Convert(src, &b); err != nil {
		t.Fatal(err)
	}
	b.WriteString("</body></html>\n")
	return b.Bytes()
}

// htmlToMD is ingest.HTMLAsMarkdown of page, failing t on an error.
func htmlToMD(t *testing.T, page []byte) []byte {
	out, err := ingest.HTMLAsMarkdown(string(page))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGluedListMarkers reads every udhr Markdown file again with the
// space after each ordered list marker taken out ("1.Everyone", as text
// in scripts written without spaces often prints it): the ids, kinds and
// numbers are the original's, the articles' from their headings and the
// paragraphs' from the list's numbers, in every script.
func TestGluedListMarkers(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	glue := regexp.MustCompile(`(?m)^([0-9]+\.) `)
	changed := 0
	for _, name := range names {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		glued := glue.ReplaceAll(data, []byte("$1"))
		if bytes.Equal(glued, data) {
			continue
		}
		changed++
		t.Run(name, func(t *testing.T) {
			orig, err := ingest.Options{}.Bytes(name, data)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ingest.Options{}.Bytes(name, glued)
			if err != nil {
				t.Fatal(err)
			}
			if diff := idsDiff(orig, got); diff != "" {
				t.Errorf("glued markers give other ids: %s", diff)
			}
			for i := range min(len(orig.Items), len(got.Items)) {
				a, b := orig.Items[i], got.Items[i]
				if a.Kind != b.Kind || a.Number != b.Number || len(a.Parts) != len(b.Parts) {
					t.Errorf("%s: kind %s number %q with %d parts, want %s %q with %d", a.ID, b.Kind, b.Number, len(b.Parts), a.Kind, a.Number, len(a.Parts))
				}
			}
		})
	}
	if changed < 20 {
		t.Errorf("%d udhr files print ordered lists, want the corpus's 24", changed)
	}
}
