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
// where its own id is not known: where several items of the translation
// print that text, the reading's items that print it take their numbers
// in order where they are as many, and none where they are not (the
// last of them was taken for every one, and a line printed under two
// numbers, FIDE's Armenian C.10.1.2 twice, was said to print the number
// of a later item with its text).
func TestPrintedNumbersRepeatedText(t *testing.T) {
	item := func(id, number, text string) corpus.Item {
		return corpus.Item{ID: id, Kind: corpus.KindRule, Number: number, Text: text}
	}
	// The reading's items have the source's ids (found by their own ids
	// where those are the translation's).
	for _, c := range []struct {
		name   string
		tr, rd []corpus.Item
		want   string
	}{
		{"as many", []corpus.Item{item("rule:1", "1", "Réservé."), item("rule:2", "2", "Le joueur paie 100 jetons."), item("rule:3", "3", "Réservé.")},
			[]corpus.Item{item("rule:A", "", "Réservé."), item("rule:B", "", "Le joueur paie 100 jetons."), item("rule:C", "", "Réservé.")},
			"map[rule:A:1 rule:B:2 rule:C:3]"},
		{"fewer", []corpus.Item{item("rule:1", "1", "Réservé."), item("rule:2", "2", "Le joueur paie 100 jetons."), item("rule:3", "3", "Réservé.")},
			[]corpus.Item{item("rule:A", "", "Réservé."), item("rule:B", "", "Le joueur paie 100 jetons."), item("rule:C", "", "Réservé. Le joueur")},
			"map[rule:B:2]"},
		{"one by its id", []corpus.Item{item("rule:1", "1", "Il joue."), item("rule:1-2", "1", "La case."), item("rule:3", "3", "La case.")},
			[]corpus.Item{item("rule:1", "", "Il joue."), item("rule:2", "", "La case."), item("rule:3", "", "La case.")},
			"map[rule:1:1 rule:2:1 rule:3:3]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := &corpus.Document{Edition: "fr", Lang: "fr", Items: c.tr}
			rd := &align.Reading{Doc: &corpus.Document{Edition: "fr", Lang: "fr", Items: c.rd}}
			rd.Alignment = &align.Alignment{Target: rd.Doc}
			if got := fmt.Sprint(gaps.PrintedNumbers(tr, rd)); got != c.want {
				t.Errorf("printed numbers %s, want %s", got, c.want)
			}
		})
	}
}
