package reports

import (
	"context"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestSeriesEvidence checks the Japanese Debian Constitution, made from
// 1.0, against 1.7 with 1.6 between: every stale item says which of the
// editions since 1.0 changed it, and they are those its history has,
// each with its change.
func TestSeriesEvidence(t *testing.T) {
	dir := "dev/debian-constitution/debian-constitution-"
	rels := []string{dir + "1.0-en.wml", dir + "1.6-en.wml", dir + "1.7-en.wml"}
	docs := make([]*corpus.Document, len(rels))
	for k, rel := range rels {
		docs[k] = testcorpus.Doc(t, rel)
	}
	tr := testcorpus.Doc(t, dir+"1.0-ja.wml")
	r := gaps.Options{}.Gaps(docs[2], tr, docs[0])
	h, err := history.Options{}.Build(context.Background(), history.FileEditions(rels, docs))
	if err != nil {
		t.Fatal(err)
	}
	stale := 0
	for _, f := range r.Findings {
		if f.Check == gaps.Stale {
			stale++
		}
	}
	if n := SeriesEvidence(r, h); n != stale || n == 0 {
		t.Fatalf("%d of %d stale findings annotated", n, stale)
	}
	for _, f := range r.Findings {
		if f.Check != gaps.Stale {
			continue
		}
		var l *history.Life
		for i, it := range docs[2].Items {
			if it.ID == f.SourceID {
				l = h.LifeOf(2, i)
			}
		}
		var names []string
		for _, ev := range l.Events {
			names = append(names, h.Editions[ev.Edition].Name)
		}
		joined := strings.Join(f.Evidence, "\n")
		if len(names) == 0 || !strings.Contains(joined, "since 1.0: "+strings.Join(names, ", ")) {
			t.Errorf("%s: evidence %q, history changes in %v", f.SourceID, f.Evidence, names)
		}
		for _, ev := range l.Events {
			if !strings.Contains(joined, h.Editions[ev.Edition].Name+" ("+string(ev.Change.Kind)+", "+string(ev.Change.Severity)+"): "+ev.Change.Reason) {
				t.Errorf("%s: no evidence of its change in %s", f.SourceID, h.Editions[ev.Edition].Name)
			}
		}
	}
	t.Logf("%d stale items, each with the editions that changed it", stale)
}
