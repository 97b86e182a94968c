package reports

import (
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestDraftTextLineNoLabel syncs the Debian Social Contract 1.0 in
// Japanese onto 1.1 (its base 1.0), whose front text has lines that read
// as labels of a numbering of their own ("Version 1.0 は…", "[Version
// 1.1](…) は…"), and a copy whose lines say "Edition" and "Article"
// instead: the Markdown draft writes them so that they read back as
// the preamble's text, no item of their own, each id written read once
// with its kind, and the stale items alone need review.
func TestDraftTextLineNoLabel(t *testing.T) {
	dir := "dev/debian-social-contract/debian-social-contract-"
	srcText, src := corpusText(t, dir+"1.1-en.wml")
	trText, _ := corpusText(t, dir+"1.0-ja.wml")
	base := testcorpus.Doc(t, dir+"1.0-en.wml")
	for _, words := range [][2]string{{"Version", "Version"}, {"Version", "Edition"}, {"Version", "Article"}} {
		text := strings.ReplaceAll(trText, words[0]+" 1.", words[1]+" 1.")
		tr, err := ingest.Options{}.Bytes("ja.wml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		d := gaps.Options{}.Sync(src, tr, base)
		draft := writeInterchange(t, d, DraftOptions{Format: "md", SourceText: srcText, TranslationText: text, Now: time.Unix(1700000000, 0)})
		if faults := readBackFaults(d, "md", []byte(draft)); len(faults) > 0 {
			t.Errorf("%s: the draft reads back otherwise than written:\n\t%s", words[1], strings.Join(faults, "\n\t"))
		}
		back, err := ingest.Options{}.Bytes("draft.md", []byte(draft))
		if err != nil {
			t.Fatal(err)
		}
		r := gaps.Options{}.Gaps(src, back, nil)
		for _, f := range r.Findings {
			if f.Check == gaps.Review || f.Check == gaps.Extra {
				t.Errorf("%s: gaps on the draft: %s %s: %s", words[1], f.Check, f.SourceID, f.Message)
			}
		}
	}
}

// TestDraftPlainOnlyWhereItHelps syncs the WCA Japanese regulations onto
// the next edition from the documents alone (as from their JSON: every
// item written with an id marker), whose Markdown draft reads back with
// an item no entry wrote that escaping the lines of items' text that
// read as labels does not remove: no line is written so, and the
// draft's statistics count every id marker it writes.
func TestDraftPlainOnlyWhereItHelps(t *testing.T) {
	_, src := corpusText(t, "wca/wca-regulations-2024-01-01-en.md")
	trText, tr := corpusText(t, "wca/wca-regulations-2021-05-01-ja.md")
	base := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	d := gaps.Options{}.Sync(src, tr, base)
	var b strings.Builder
	st, err := WriteDraft(&b, d, DraftOptions{Format: "md", Now: time.Unix(1700000000, 0)})
	if err != nil {
		t.Fatal(err)
	}
	draft := b.String()
	if n, m := strings.Count(draft, "&#"), strings.Count(trText, "&#"); n > m {
		t.Errorf("the draft has %d character references, the translation %d: lines escaped where it reads back no better", n, m)
	}
	if n := strings.Count(draft, "{{rulesync:id "); st.IDMarkers != n {
		t.Errorf("the draft writes %d id markers, its statistics say %d", n, st.IDMarkers)
	}
}
