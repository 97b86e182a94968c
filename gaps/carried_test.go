package gaps_test

import (
	"os"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestOrphanMarksItsPlace adds an article to real UDHR translations
// whose thirty article headings print one and the same word (their
// places name them): a heading like the others and, as its text, the
// longest paragraph of the translation's preamble, before the k-th
// article. The added item has the place id of the article it pushed on,
// whose text the aligner puts there; the added one has no place. Its
// orphaning says the item its id names holds another text, "marked for
// review": that entry must be marked, whatever else the draft finds
// on it.
func TestOrphanMarksItsPlace(t *testing.T) {
	enMD, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-en.md"))
	if err != nil {
		t.Fatal(err)
	}
	enBare, ok := testcorpus.BareHeadings(string(enMD), "Article", 30)
	if !ok {
		t.Fatal("the English has fewer than 30 headings")
	}
	en, err := ingest.Options{}.Bytes("en.md", []byte(enBare))
	if err != nil {
		t.Fatal(err)
	}
	said := 0
	for _, lang := range []string{"ja", "fr", "ru"} {
		md, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-"+lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		bare, ok := testcorpus.BareHeadings(string(md), "X", 30)
		if !ok {
			t.Fatalf("%s: fewer than 30 headings", lang)
		}
		lines := strings.Split(bare, "\n")
		var hs []int
		for i, l := range lines {
			if strings.HasPrefix(l, "## ") {
				hs = append(hs, i)
			}
		}
		articles := hs[len(hs)-30:]
		added := ""
		for _, l := range lines[:articles[0]] {
			if !strings.HasPrefix(l, "#") && len(l) > len(added) {
				added = l
			}
		}
		for _, k := range []int{3, 6, 12, 15, 18, 21, 24} {
			at := articles[k]
			out := append(append(append([]string(nil), lines[:at]...), "## X", "", added, ""), lines[at:]...)
			tr, err := ingest.Options{}.Bytes("tr.md", []byte(strings.Join(out, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			d := gaps.Options{}.Sync(en, tr, nil)
			for _, o := range d.Orphans {
				if !strings.Contains(o.Reason, "marked for review") {
					continue
				}
				said++
				for i := range d.Entries {
					if e := &d.Entries[i]; e.Source.ID == o.Target.ID && len(e.Review) == 0 {
						t.Errorf("%s, added before article %d: orphan %s: %q, but %s (holding %s) is not marked", lang, k+1, o.Target.ID, o.Reason, e.Source.ID, e.Target.ID)
					}
				}
			}
		}
	}
	if said == 0 {
		t.Error("no orphan said whose place its item lost")
	}
	t.Logf("%d orphans said whose place they lost", said)
}
