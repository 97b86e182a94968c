package reports

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestFrameEdits takes the PO of the WCA Japanese regulations as a
// translator would edit it: a new document title, a new heading
// between items (a frame line), a new title of an item whose own lines
// the file keeps; and as a tool that drops extracted comments would
// (no draft notes). The draft from the edited file has each edit in its
// place and every other line as the draft straight from the
// translation; the draft from the file without notes reads back with
// every source id.
func TestFrameEdits(t *testing.T) {
	const srcPath, trPath = "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"
	src, tr := testcorpus.Doc(t, srcPath), testcorpus.Doc(t, trPath)
	read := func(rel string) string {
		b, err := os.ReadFile(testcorpus.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	srcText, trText := read(srcPath), read(trPath)
	d := gaps.Options{}.Sync(src, tr, nil)
	direct := writeInterchange(t, d, DraftOptions{Format: "md", SourceText: srcText, TranslationText: trText})
	po := writeInterchange(t, d, DraftOptions{Format: "po", SourceText: srcText, TranslationText: trText})
	back := func(file string) string {
		doc, err := ingest.Options{}.Bytes("edited.po", []byte(file))
		if err != nil {
			t.Fatal(err)
		}
		return writeInterchange(t, gaps.Options{}.Sync(src, doc, nil), DraftOptions{Format: "md", SourceText: srcText, TranslationText: file})
	}
	if got := back(po); got != direct {
		t.Fatalf("the draft from the unedited PO differs from the direct draft")
	}
	// The first frame line and the first item whose own lines the file
	// keeps (a draft note with lines on its title).
	frameLine := regexp.MustCompile(`(?m)^msgctxt "(document:front\.\d+|[^"/]+/after\.\d+)"\nmsgid "[^\n]*"\nmsgstr "[^\n]*"$`).FindStringSubmatch(po)
	kept := regexp.MustCompile(`(?m)^# rulesync draft: \{"lines".*\n(?:#.*\n)*msgctxt "([^"]+/title)"\nmsgid "[^\n]*"\nmsgstr "[^\n]*"$`).FindStringSubmatch(po)
	if frameLine == nil || kept == nil {
		t.Fatalf("the PO has no frame line (%v) or no item with its own lines (%v)", frameLine != nil, kept != nil)
	}
	edited := po
	for ctx, to := range map[string]string{"document:title": "編集した題", frameLine[1]: "編集した見出し", kept[1]: "編集した項目"} {
		re := regexp.MustCompile(`(?m)^(msgctxt "` + regexp.QuoteMeta(ctx) + `"\nmsgid "[^\n]*"\n)msgstr "[^\n]*"$`)
		if !re.MatchString(edited) {
			t.Fatalf("no entry %s", ctx)
		}
		edited = re.ReplaceAllString(edited, `${1}msgstr "`+to+`"`)
	}
	md := back(edited)
	a, b := strings.Split(direct, "\n"), strings.Split(md, "\n")
	for _, w := range []string{"編集した題", "編集した見出し", "編集した項目"} {
		if !strings.Contains(md, w) {
			t.Errorf("the edit %q is not in the draft", w)
		}
	}
	if strings.Contains(b[0], tr.Title) {
		t.Errorf("the title line still has the translation's title: %q", b[0])
	}
	// The title line, the frame line and the item's lines (the source's
	// label line with the new title, its text as paragraphs) change.
	if n := changedLines(a, b); n == 0 || n > 16 {
		t.Errorf("%d lines differ from the direct draft; want the three edits' (at most 16)\n%s", n, firstDiff(a, b))
	}
	t.Logf("%d lines differ from the direct draft for the three edits", changedLines(a, b))

	// A tool that drops rulesync's comments: no draft notes.
	bare := regexp.MustCompile(`(?m)^#\.? rulesync draft: .*\n`).ReplaceAllString(po, "")
	md = back(bare)
	doc, err := ingest.Options{}.Bytes("back.md", []byte(md))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range d.Entries {
		if doc.Item(e.Source.ID) == nil {
			t.Errorf("without notes, the draft reads back without %s", e.Source.ID)
		}
	}
	t.Logf("without notes: %d lines differ from the direct draft", changedLines(a, strings.Split(md, "\n")))
}
