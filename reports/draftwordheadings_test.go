package reports_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// mdDraft syncs the Markdown translation text (named name) to the
// English udhr Markdown and returns the draft without its notes.
func mdDraft(t *testing.T, name, text string) string {
	t.Helper()
	enText, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	tr, err := ingest.Options{}.Bytes(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	d := gaps.Options{}.Sync(en, tr, nil)
	var b bytes.Buffer
	if _, err := reports.WriteDraft(&b, d, reports.DraftOptions{Format: "md", SourceText: string(enText), TranslationText: text, Now: time.Unix(1700000000, 0)}); err != nil {
		t.Fatal(err)
	}
	return corpus.DropNotes(b.String())
}

// udhrMarkdown is every udhr Markdown translation, by name, with its
// text.
func udhrMarkdown(t *testing.T) map[string]string {
	dir, names := testcorpus.UDHRFiles(t)
	out := map[string]string{}
	for _, name := range names {
		if !strings.HasSuffix(name, ".md") || name == "udhr-1948-en.md" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = string(data)
	}
	return out
}

// subHeadings are the lines of text that are Markdown headings below
// the title ("## ...", any level from 2).
func subHeadings(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "##") {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

// TestSyncKeepsWordHeadings: the heading lines of every udhr Markdown
// translation are lines of its sync draft as the translator wrote them,
// also where they print the article's number in words or letters
// ("## Нэгдүгээр зүйл", "## Artigo I.", "## סעיף א.", "## አንቀጽ፡፩፤",
// "## Article premier"), not the source's "## Article N".
func TestSyncKeepsWordHeadings(t *testing.T) {
	kept, total := 0, 0
	for name, text := range udhrMarkdown(t) {
		lines := map[string]bool{}
		for _, l := range strings.Split(mdDraft(t, name, text), "\n") {
			s, _ := corpus.StripMarkers(l)
			lines[strings.TrimSpace(s)] = true
		}
		missed := 0
		for _, h := range subHeadings(text) {
			total++
			if s, _ := corpus.StripMarkers(h); lines[h] || lines[strings.TrimSpace(s)] {
				kept++
				continue
			}
			if missed++; missed <= 2 {
				t.Errorf("%s: the heading line %q is not in the draft", name, h)
			}
		}
		if missed > 2 {
			t.Errorf("%s: %d heading lines more not in the draft", name, missed-2)
		}
	}
	t.Logf("translator heading lines kept: %d of %d", kept, total)
}

// TestSyncDraftAfterContents: a udhr Markdown translation with a table
// of contents put before it (a list of its headings' words) syncs to a
// draft that keeps every line of the translation's text: the contents'
// entries are not taken for the items' lines. A heading named by its
// place in the outline ("## Preámbulo", sec:_1.1) may carry an id marker
// in the draft with the contents, whose heading shifts the places: the
// line is compared without it.
func TestSyncDraftAfterContents(t *testing.T) {
	idless := func(l string) string { return idMarkerRe.ReplaceAllString(l, "") }
	for name, text := range udhrMarkdown(t) {
		var toc strings.Builder
		toc.WriteString("# Contents\n\n")
		for _, h := range subHeadings(text) {
			toc.WriteString("- " + strings.TrimSpace(strings.TrimLeft(h, "#")) + "\n")
		}
		with := toc.String() + "\n" + text
		draft := mdDraft(t, name, with)
		plain, _ := mdDraft(t, name, text), 0
		// Every line the draft of the translation alone keeps, the
		// draft with the contents keeps too.
		got := map[string]bool{}
		for _, l := range strings.Split(draft, "\n") {
			got[idless(l)] = true
		}
		lost := 0
		for _, l := range strings.Split(plain, "\n") {
			if l != "" && !got[idless(l)] {
				if lost++; lost <= 2 {
					t.Errorf("%s with contents: the line %.60q is not in the draft", name, l)
				}
			}
		}
		if lost > 2 {
			t.Errorf("%s with contents: %d lines more lost", name, lost-2)
		}
	}
}
