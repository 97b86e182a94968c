package ingest_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// articleLinkRe is a WCA translation's link to an article
// ("[第4条](regulations:article:4)").
var articleLinkRe = regexp.MustCompile(`\[([^\]]*)\]\(regulations:article:[^)]*\)`)

// TestCounterCitesThePrintedLevel: the WCA ja translation with its links
// to articles turned into their text ("第4条", "第A条", as a copy of the
// rendered page gives it) cites the articles its headings print so
// (sec:4, sec:A), as the links did, not rules of those numbers: a
// citation in a form the document's labels print cites the item that
// prints it.
func TestCounterCitesThePrintedLevel(t *testing.T) {
	path := testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	orig := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")
	plain := articleLinkRe.ReplaceAllString(string(text), "$1")
	if plain == string(text) {
		t.Fatal("no article links to unlink")
	}
	d, err := ingest.Options{}.Bytes("ja.md", []byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*corpus.Item{}
	for i := range d.Items {
		byID[d.Items[i].ID] = &d.Items[i]
	}
	checked := 0
	for _, it := range orig.Items {
		for _, r := range it.Refs {
			ref := corpus.RefItem(r)
			if !strings.HasPrefix(ref, "sec:") {
				continue
			}
			checked++
			got := byID[it.ID]
			if got == nil {
				t.Errorf("%s: not read without the links", it.ID)
				continue
			}
			if !slices.ContainsFunc(got.Refs, func(g string) bool { return corpus.RefItem(g) == ref }) {
				t.Errorf("%s cites %s through a link; without it, %v", it.ID, ref, got.Refs)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("%d citations of articles checked, want 10 or more", checked)
	}
}
