package gaps_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// joinedVariant writes the items of tr, read through its source (their
// ids the source's), as numbered Markdown: a heading for an item with a
// title, a paragraph "**LABEL** text" for the others, and every eighth
// of those glued onto the paragraph before it, its label gone (a
// translator's merge of two rules into one paragraph). It returns the
// text and, for each glued item's id, the id of the item it was glued
// onto.
func joinedVariant(tr *corpus.Document) (string, map[string]string) {
	var out []string
	glued := map[string]string{}
	prev, body := "", 0
	for _, it := range tr.Items {
		text := strings.Join(strings.Fields(it.Text), " ")
		label := it.Printed
		if label == "" {
			label = it.Number
		}
		if it.Kind == corpus.KindSection || it.Title != "" || it.Kind == corpus.KindPreamble {
			out = append(out, strings.TrimSpace("## "+strings.TrimSpace(label+" "+it.Title)), "")
			if text != "" {
				out = append(out, text, "")
			}
			prev = ""
			continue
		}
		if text == "" {
			continue
		}
		body++
		if body%8 == 0 && prev != "" && len(out) >= 2 {
			out[len(out)-2] += " " + text
			glued[it.ID] = prev
			prev = ""
			continue
		}
		out = append(out, fmt.Sprintf("**%s** %s", label, text), "")
		prev = it.ID
	}
	return strings.Join(out, "\n"), glued
}

// TestJoinedRulesFound glues every eighth rule of real translations
// onto the paragraph before it (joinedVariant) and checks gaps against
// the source: a glued rule gaps finds nowhere is "not found apart",
// naming the paragraph that holds it, for at least a third of them (by
// their lengths, a 2-1 bead), and that finding names no rule that was
// not glued.
func TestJoinedRulesFound(t *testing.T) {
	for _, p := range [][2]string{
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
	} {
		src, tr0 := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
		r0 := gaps.Options{}.Gaps(src, tr0, nil)
		text, glued := joinedVariant(r0.Translation)
		tr, err := ingest.Options{}.Bytes("joined.md", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		r := gaps.Options{}.Gaps(src, tr, nil)
		found := 0
		for _, f := range r.Findings {
			if f.Check != gaps.Missing || !strings.HasPrefix(f.Message, "not found apart") {
				continue
			}
			onto, ok := glued[f.SourceID]
			if !ok {
				t.Errorf("%s joined: %s, which was not glued: %s", p[1], f.SourceID, f.Message)
				continue
			}
			if onto == f.TargetID {
				found++
			} else {
				t.Logf("%s joined: %s, glued onto %s, found in %s", p[1], f.SourceID, onto, f.TargetID)
			}
		}
		t.Logf("%s: %d rules glued, %d found in the paragraph that holds them", p[1], len(glued), found)
		if 3*found < len(glued) {
			t.Errorf("%s: %d of %d glued rules found in the paragraph that holds them", p[1], found, len(glued))
		}
	}
}
