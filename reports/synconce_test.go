package reports_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// dupIDRe is a duplicate's suffix on an id ("rule:1-2").
var dupIDRe = regexp.MustCompile(`-[0-9]+$`)

// checkOnce fails t unless the draft, read back as ingest reads it,
// gives each of the source's ids once: none missing twice over, none
// with a duplicate's suffix.
func checkOnce(t *testing.T, name string, src *corpus.Document, draft []byte, format string) {
	t.Helper()
	back, err := ingest.Options{}.Bytes("draft", draft)
	if err != nil {
		t.Fatalf("%s: read back: %v", name, err)
	}
	want := map[string]bool{}
	for i := range src.Items {
		want[src.Items[i].ID] = true
	}
	seen := map[string]int{}
	for i := range back.Items {
		id := back.Items[i].ID
		seen[id]++
		if loc := dupIDRe.FindStringIndex(id); loc != nil && !want[id] && want[id[:loc[0]]] {
			t.Errorf("%s: the draft writes %s twice (%s)", name, id[:loc[0]], id)
		}
	}
	for id, n := range seen {
		if n > 1 && want[id] {
			t.Errorf("%s: the draft writes %s %d times", name, id, n)
		}
	}
}

// writeSync writes the draft of tr synced to src (no base) as sync does:
// the translation read through its source (gaps), in format.
func writeSync(t *testing.T, src, tr *corpus.Document, srcText, trText, format string, edit func(*gaps.Draft)) []byte {
	t.Helper()
	d := gaps.Options{}.Gaps(src, tr, nil).Draft()
	if edit != nil {
		edit(d)
	}
	var b bytes.Buffer
	if _, err := reports.WriteDraft(&b, d, reports.DraftOptions{Format: format, SourceText: srcText, TranslationText: trText, Now: time.Unix(1700000000, 0)}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSyncWritesEachIDOnce: a sync draft gives each source id once,
// whatever the reading of the translation. The udhr translations are
// synced to the English as they are (Markdown) and written as plain text
// with their article lines "1-бап." (testcorpus.NumberAfterText), and
// once more with the reading of their first article's heading made one
// its line does not show (the draft cannot find that item in the
// translation's text): the lines of the translation around the items
// it finds then hold that item, which the draft writes as its entry,
// and must not write again. The quick suite syncs a quarter of them.
func TestSyncWritesEachIDOnce(t *testing.T) {
	_, names := testcorpus.UDHRFiles(t)
	enText, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	enTxt, _ := testcorpus.NumberAfterText(string(enText))
	enT, err := ingest.Options{}.Bytes("udhr-1948-en.txt", []byte(enTxt))
	if err != nil {
		t.Fatal(err)
	}
	// The first article's heading read as a title its line does not
	// print.
	unfound := func(d *gaps.Draft) {
		for i := range d.Entries {
			if tr := d.Entries[i].Target; tr != nil && d.Entries[i].Source.Number != "" {
				tr.Title = "zzz " + tr.Title
				return
			}
		}
	}
	tried := 0
	for k, name := range names {
		if !strings.HasSuffix(name, ".md") || name == "udhr-1948-en.md" {
			continue
		}
		if !longtest.On() && k%4 != 0 {
			continue // the quick suite: a quarter of them
		}
		data, tr := testcorpus.TextDoc(t, "udhr/"+name)
		checkOnce(t, name, en, writeSync(t, en, tr, string(enText), string(data), "md", nil), "md")
		checkOnce(t, name+" (unfound)", en, writeSync(t, en, tr, string(enText), string(data), "md", unfound), "md")
		text, ok := testcorpus.NumberAfterText(string(data))
		if !ok {
			continue
		}
		txt := strings.TrimSuffix(name, ".md") + ".txt"
		trT, err := ingest.Options{}.Bytes(txt, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		checkOnce(t, txt, enT, writeSync(t, enT, trT, enTxt, text, "text", nil), "txt")
		checkOnce(t, txt+" (unfound)", enT, writeSync(t, enT, trT, enTxt, text, "text", unfound), "txt")
		tried++
	}
	if longtest.On() && tried < 29 {
		t.Errorf("%d udhr translations written as text; want 29 (all but the English whose headings print a 1 first)", tried)
	}
}
