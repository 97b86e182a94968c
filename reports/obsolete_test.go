package reports

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestObsoleteOrphans syncs the 2021 WCA translation to the 2024
// edition as a PO (its orphans obsolete "#~" entries), then syncs that
// PO again: the obsolete entries, read by ingest, are orphans again, the
// same ids with the same texts, and the PO written from it keeps them
// as they were. Reading the catalogue left them out: 33 orphans, then 0.
func TestObsoleteOrphans(t *testing.T) {
	src := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	tr := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")
	base := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	d := gaps.Options{}.Sync(src, tr, base)
	if len(d.Orphans) == 0 {
		t.Fatal("the first sync has no orphans")
	}
	o := DraftOptions{Format: "po", Now: time.Unix(1700000000, 0)}
	po := writeInterchange(t, d, o)
	back, err := ingest.Options{}.Bytes(filepath.Join(t.TempDir(), "ja.po"), []byte(po))
	if err != nil {
		t.Fatal(err)
	}
	d2 := gaps.Options{}.Sync(src, back, nil)
	texts := func(d *gaps.Draft) []string {
		var out []string
		for _, o := range d.Orphans {
			out = append(out, o.Target.ID+"\x00"+o.Target.Title+"\x00"+o.Target.Text)
		}
		slices.Sort(out)
		return out
	}
	if got, want := texts(d2), texts(d); !slices.Equal(got, want) {
		t.Errorf("from the PO, %d orphans, want the first sync's %d", len(got), len(want))
	}
	if got, want := obsoleteEntries(writeInterchange(t, d2, o)), obsoleteEntries(po); !slices.Equal(got, want) {
		t.Errorf("the PO written again has %d obsolete lines, the first %d (or others)", len(got), len(want))
	}
}

// obsoleteEntries are the obsolete ("#~") lines of a PO catalogue.
func obsoleteEntries(po string) []string {
	var out []string
	for _, l := range strings.Split(po, "\n") {
		if strings.HasPrefix(l, "#~") {
			out = append(out, l)
		}
	}
	return out
}
