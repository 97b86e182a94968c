package gaps_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// writeHeadings writes d as Markdown: each title a heading of the level
// its item's number gives (## for a number of one or no component, ###
// for two, #### for more), with the number in front where numbered is
// set and without it where it is not; each untitled item's text with
// its number in bold in front.
func writeHeadings(d *corpus.Document, numbered bool) []byte {
	var b strings.Builder
	for i := range d.Items {
		it := &d.Items[i]
		if it.Title != "" {
			h := it.Title
			if numbered && it.Number != "" {
				h = it.Number + " " + h
			}
			level := 2 + min(strings.Count(it.Number, "."), 2)
			b.WriteString(strings.Repeat("#", level) + " " + h + "\n\n")
		}
		for k, l := range strings.Split(strings.TrimSpace(it.Text), "\n") {
			if l = strings.TrimSpace(l); l == "" {
				continue
			}
			if k == 0 && it.Title == "" && it.Number != "" {
				l = "**" + it.Number + "** " + l
			}
			b.WriteString(l + "\n\n")
		}
	}
	return []byte(b.String())
}

// TestHeadingsLostNumbers: a translation whose headings print no number
// (every titled item, articles and the subheadings that hold a text,
// "### Требования к начальной позиции" where the source prints "## II.2
// Starting-position requirements") while its rules keep theirs (the
// real FIDE 2023 ru, re-written) has each heading between numbered
// items paired with the source's by its place: gaps reports missing
// what it reports on the same translation with its headings numbered.
// The headings before the first numbered item have no numbered item
// before them to place them, and are not held here.
func TestHeadingsLostNumbers(t *testing.T) {
	src := testcorpus.Doc(t, "dev/fide-laws/fide-laws-2023-en.md")
	front := map[string]bool{}
	for i := range src.Items {
		if src.Items[i].Number != "" {
			break
		}
		front[src.Items[i].ID] = true
	}
	for _, f := range []string{"dev/fide-laws/fide-laws-2023-ru.md"} {
		tr := testcorpus.Doc(t, f)
		var got [2][]string
		for k, numbered := range []bool{true, false} {
			d, err := ingest.Options{}.Bytes("headings.md", writeHeadings(tr, numbered))
			if err != nil {
				t.Fatal(err)
			}
			got[k] = missingIDs(gaps.Options{}.Gaps(src, d, nil))
		}
		for _, id := range got[1] {
			if !slices.Contains(got[0], id) && !front[id] {
				t.Errorf("%s, headings without numbers: %s missing, not with numbers (%d missing: %v)", f, id, len(got[0]), got[0])
			}
		}
	}
}
