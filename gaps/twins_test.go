package gaps_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// TestPrintedTwiceListBounded: a translation that prints one number for
// n items has each of them reviewed, and the note names a few of them
// and counts the others: no note grows with the document (each naming
// all n, the notes were n² ids).
func TestPrintedTwiceListBounded(t *testing.T) {
	const n = 200
	var src, tr strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&src, "%d. The player at seat %d pays %d chips before level %d.\n", i, i, 100*i+7, i+40)
		fmt.Fprintf(&tr, "1. Le joueur du siège %d paie %d jetons avant le niveau %d.\n", i, 100*i+7, i+40)
	}
	en, err := ingest.Options{}.Bytes("en.txt", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	fr, err := ingest.Options{}.Bytes("fr.txt", []byte(tr.String()))
	if err != nil {
		t.Fatal(err)
	}
	d := gaps.Options{}.Sync(en, fr, nil)
	noted := 0
	for i := range d.Entries {
		for _, why := range d.Entries[i].Review {
			if !strings.Contains(why, fmt.Sprintf("prints 1 for %d items", n)) {
				continue
			}
			noted++
			if len(why) > 200 || !strings.Contains(why, fmt.Sprintf("and %d more", n-8)) {
				t.Fatalf("%s: review note of %d bytes: %.300s", d.Entries[i].Source.ID, len(why), why)
			}
		}
	}
	if noted < n/2 {
		t.Errorf("%d of %d entries noted as printing 1 with the others", noted, n)
	}
}

// TestPrintedNumbersRepeatedText: the number a translation prints for
// an item of its reading through its source, found by the item's text
// where its own id is not known, is left unknown where several items
// print that text: which of them the item is, is not known (the last of
// them was taken, and every item of a repeated text printed its number).
func TestPrintedNumbersRepeatedText(t *testing.T) {
	tr := &corpus.Document{Edition: "fr", Lang: "fr", Items: []corpus.Item{
		{ID: "rule:1", Kind: corpus.KindRule, Number: "1", Text: "Réservé."},
		{ID: "rule:2", Kind: corpus.KindRule, Number: "2", Text: "Le joueur paie 100 jetons."},
		{ID: "rule:3", Kind: corpus.KindRule, Number: "3", Text: "Réservé."},
	}}
	rd := &align.Reading{Doc: &corpus.Document{Edition: "fr", Lang: "fr", Items: []corpus.Item{
		{ID: "rule:A", Kind: corpus.KindRule, Text: "Réservé."},
		{ID: "rule:B", Kind: corpus.KindRule, Text: "Le joueur paie 100 jetons."},
		{ID: "rule:C", Kind: corpus.KindRule, Text: "Réservé."},
	}}}
	rd.Alignment = &align.Alignment{Target: rd.Doc}
	got := gaps.PrintedNumbers(tr, rd)
	want := map[string]string{"rule:B": "2"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("printed numbers %v, want %v", got, want)
	}
}
