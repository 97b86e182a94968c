package align_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestShiftedMoved deletes the seventh article of real UDHR
// translations whose texts share next to nothing the scorer checks with
// the English (no number, no term) and gives each heading after it the
// one before (ingest reads the page written so): the printed numbers
// pair articles 7 to 29 of the English with the texts of 8 to 30. The
// alignment moves each of those texts to its own article (the text of
// each English article n is the original page's article n), says so
// in a "shift" evidence, and leaves article 7 unmatched; articles 1 to
// 6 keep their labels. On the original pages nothing moves.
func TestShiftedMoved(t *testing.T) {
	en := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	for _, lang := range []string{"ja", "hi", "de", "ru"} {
		t.Run(lang, func(t *testing.T) {
			raw, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-"+lang+".md"))
			if err != nil {
				t.Fatal(err)
			}
			orig := testcorpus.Doc(t, "udhr/udhr-1948-"+lang+".md")
			if n := shifts(align.Options{}.Align(en, orig)); n > 0 {
				t.Errorf("the original: %d pairs moved", n)
			}
			text := map[string]string{} // the original's text of each article
			for _, it := range orig.Items {
				text[it.ID] = it.Text
			}
			md, ok := testcorpus.DeleteArticle(string(raw), 7)
			if !ok {
				t.Fatal("the variant could not be written")
			}
			tr, err := ingest.Options{}.Bytes("udhr-"+lang+"-del7.md", []byte(md))
			if err != nil {
				t.Fatal(err)
			}
			al := align.Options{}.Align(en, tr)
			if n := shifts(al); n < 20 {
				t.Errorf("%d pairs moved, want the 23 from article 7 on", n)
			}
			got := map[string]*corpus.Item{}
			for _, p := range al.Pairs {
				if len(p.Source) == 1 && len(p.Target) == 1 {
					got[en.Items[p.Source[0]].ID] = &tr.Items[p.Target[0]]
				}
			}
			for n := 1; n <= 30; n++ {
				id := "rule:" + strconv.Itoa(n)
				switch t2 := got[id]; {
				case n == 7 && t2 != nil:
					t.Errorf("%s, deleted, paired with the text of %q", id, t2.Text)
				case n != 7 && t2 == nil:
					t.Errorf("%s: unmatched", id)
				case n != 7 && t2.Text != text[id]:
					t.Errorf("%s paired with another article's text (printed %s)", id, t2.Number)
				}
			}
		})
	}
}

// shifts counts the pairs of al that a shift moved.
func shifts(al *align.Alignment) int {
	n := 0
	for _, p := range al.Pairs {
		for _, e := range p.Evidence {
			if e.Signal == "shift" {
				n++
				break
			}
		}
	}
	return n
}

// TestShiftBoundary deletes the k-th article (k of 3, 5, 7, 10, 15) of
// every Markdown UDHR translation and renumbers the headings after it
// (195 pages): the one English article left unmatched, which gaps
// reports missing, must be the deleted one, and every other article
// must hold its own text. Where the shift starts the texts are short
// and fit either place by their lengths alone (articles 3 to 6), so
// not every page can be right; the bound is a quarter (47 of 195 are
// wrong; with the start's slack taking in every pair before the run
// that fits within it, 63 were, 39 of the 39 pages with article 5
// deleted naming article 4 or 3).
func TestShiftBoundary(t *testing.T) {
	longtest.Skip(t)
	en := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	files, err := filepath.Glob(filepath.Join(testcorpus.Path(t, "udhr"), "udhr-1948-*.md"))
	if err != nil {
		t.Fatal(err)
	}
	wrong, all := 0, 0
	for _, f := range files {
		name := filepath.Base(f)
		if name == "udhr-1948-en.md" {
			continue
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		orig := testcorpus.Doc(t, "udhr/"+name)
		text := map[string]string{}
		for _, it := range orig.Items {
			text[it.ID] = it.Text
		}
		for _, k := range []int{3, 5, 7, 10, 15} {
			md, ok := testcorpus.DeleteArticle(string(raw), k)
			if !ok {
				t.Fatalf("%s: article %d could not be deleted", name, k)
			}
			tr, err := ingest.Options{}.Bytes(name, []byte(md))
			if err != nil {
				t.Fatal(err)
			}
			all++
			rd := align.Options{}.Through(en, tr)
			if faults := shiftFaults(rd.Alignment, en, rd.Doc, text, k); len(faults) > 0 {
				wrong++
				t.Logf("%s, article %d deleted: %s", name, k, strings.Join(faults, ", "))
			}
		}
	}
	if all < 150 {
		t.Fatalf("%d pages; want the corpus's 40 translations, 5 each", all)
	}
	if 4*wrong > all {
		t.Errorf("%d of %d pages lose the wrong article or move a text; want a quarter at most", wrong, all)
	}
	t.Logf("%d of %d pages wrong", wrong, all)
}

// shiftFaults lists the articles 1 to 30 of al whose pairing is not
// that of a translation that lost its k-th: article k paired, another
// unmatched, or one paired with another's text.
func shiftFaults(al *align.Alignment, en, tr *corpus.Document, text map[string]string, k int) []string {
	got := map[string]*corpus.Item{}
	for _, p := range al.Pairs {
		if len(p.Source) == 1 && len(p.Target) == 1 {
			got[en.Items[p.Source[0]].ID] = &tr.Items[p.Target[0]]
		}
	}
	var faults []string
	for n := 1; n <= 30; n++ {
		id := "rule:" + strconv.Itoa(n)
		switch it := got[id]; {
		case n == k && it != nil:
			faults = append(faults, id+" (deleted) paired")
		case n != k && it == nil:
			faults = append(faults, id+" unmatched")
		case n != k && it.Text != text[id]:
			faults = append(faults, id+" holds another's text")
		}
	}
	return faults
}
