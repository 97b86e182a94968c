package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestTextDraftRunsOnLabelLines writes the text drafts whose items'
// texts hold lines that read as labels (an orphan's "3.9 Արքան «շախի
// տակ»" in FIDE hy, "Version 1.0 は…" in the Social Contract's front
// text, the "1. ..." and "Exemplo 1." lines of the TDA addendum's
// examples), as they are and with every blank line of the translation
// doubled (its paragraphs the same): each such line runs on after the
// line before it (DraftStats.RunOn), and the draft reads back with no
// fault (readBackFaults): each id once, no item no entry wrote, every
// word of each item. Before, plain text wrote them on lines of their
// own, and they read back as items (3, 3 and 22 faults).
func TestTextDraftRunsOnLabelLines(t *testing.T) {
	longtest.Skip(t)
	for _, p := range []devPair{
		{name: "fide-hy", src: "dev/fide-laws/fide-laws-2023-en.md", tr: "dev/fide-laws/fide-laws-2023-hy.md"},
		{name: "social-contract-ja", src: "dev/debian-social-contract/debian-social-contract-1.0-en.wml", tr: "dev/debian-social-contract/debian-social-contract-1.0-ja.wml"},
		{name: "tda-addendum-pt", src: "tda/tda-2024-longform-en.pdf", tr: "seeds/tda-2024-addendum-pt.txt"},
	} {
		srcText, src := corpusText(t, p.src)
		trText, _ := corpusText(t, p.tr)
		for _, spaced := range []bool{false, true} {
			text := trText
			if spaced {
				text = strings.ReplaceAll(trText, "\n\n", "\n\n\n")
			}
			tr, err := ingest.Options{}.Bytes(testcorpus.Path(t, p.tr), []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			d := gaps.Options{}.Sync(src, tr, nil)
			var b bytes.Buffer
			st, err := WriteDraft(&b, d, DraftOptions{Format: "text", SourceText: srcText, TranslationText: text, Now: time.Unix(1700000000, 0)})
			if err != nil {
				t.Fatal(err)
			}
			if st.RunOn == 0 {
				t.Errorf("%s (spaced %v): no line run on", p.name, spaced)
			}
			if f := readBackFaults(d, "text", b.Bytes()); len(f) > 0 || len(st.Unwritten) > 0 {
				t.Errorf("%s (spaced %v): read back with faults %q, unwritten %q", p.name, spaced, f, st.Unwritten)
			}
		}
	}
}
