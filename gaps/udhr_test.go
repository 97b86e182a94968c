package gaps_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestUDHRThroughEnglish reads every udhr file through the English of
// its format (align's Through, and gaps): the reading places every item
// of the English, gives every truth id of the file, and names the items
// with the English's ids in the English's order, the same in all 46
// files; gaps finds nothing missing. (Read alone, TestUDHRStructure in
// ingest holds the files to their truth.)
func TestUDHRThroughEnglish(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	// The English of each format is read once (testcorpus.Doc).
	read := func(t *testing.T, name string) *corpus.Document { return testcorpus.Doc(t, "udhr/"+name) }
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			enName := "udhr-1948-en" + filepath.Ext(name)
			if name == enName {
				t.Skip("the English itself")
			}
			en, tr := read(t, enName), read(t, name)
			want := placedIDs(en, nil)
			rd := align.Options{}.Through(en, tr)
			if rd.Placed != rd.Items {
				t.Errorf("align: %d of %d English items placed; not %v", rd.Placed, rd.Items, head(rd.Unplaced, 10))
			}
			ids := testcorpus.ReadIDs(t, filepath.Join(dir, "truth", name+".ids"))
			if missing := testcorpus.TruthMissing(rd.Doc, ids); len(missing) > 0 {
				t.Errorf("align: %d of %d truth ids, want all; missing %v", len(ids)-len(missing), len(ids), head(missing, 10))
			}
			if got := placedIDs(rd.Doc, en); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("align: the reading's ids\n%v\nwant the English's\n%v", head(got, 20), head(want, 20))
			}
			r := gaps.Options{}.Gaps(en, tr, nil)
			if err := r.Unplaceable(); err != nil || r.Placed != r.Placeable {
				t.Errorf("gaps: %d of %d placed (%v)", r.Placed, r.Placeable, err)
			}
			for _, f := range r.Findings {
				if f.Check == gaps.Missing {
					t.Errorf("gaps: %s missing: %s", f.SourceID, f.Message)
				}
			}
		})
	}
}

// placedIDs are the ids of d's items other than preambles, in order;
// with src, only those the reading named, which must be ids of src.
func placedIDs(d, src *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		if it.Kind == corpus.KindPreamble || src != nil && it.IDSource == "" {
			continue
		}
		out = append(out, it.ID)
	}
	return out
}

func head(s []string, n int) []string { return s[:min(n, len(s))] }
