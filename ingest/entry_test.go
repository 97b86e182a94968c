package ingest_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestLayoutCounts: the counts a layout prints are checked against the
// items found. A reader page whose list header says 4 entries where its
// line holds 3 previews, and whose reading counter says 12 rules where 4
// cards were found, ingests with a warning naming each; the same page
// with counts that hold has none.
func TestLayoutCounts(t *testing.T) {
	page := func(counter, listed string) string {
		return strings.Join([]string{
			"Pocket Reader",
			"Demo Rules 2030 · en",
			"Read · 0/" + counter,
			"Opening the Game",
			"The dealer opens each game by announcing the stakes and the seat of the button before any card is dealt…Seat Changes",
			"A player may ask for a seat change before the first hand of the day and the floor decides.Late Arrivals",
			"A late player is dealt in with a full stack once the current hand ends at the table.Forbidden Talk",
			"Players must not discuss a hand in progress, and a player who does may be warned.",
			"Recommended Procedures Open list Close list " + listed + " items",
			"Dealers announce the pot size only in pot-limit games. Floors keep a log of rulings. Dealers count the chips of a player who leaves the table for good and write the count on a slip, before anyone…",
		}, "\n")
	}
	for _, c := range []struct {
		name, counter, listed string
		want                  []string
	}{
		{"counts hold", "4", "3", nil},
		{"counts disagree", "12", "4", []string{`"Recommended Procedures" says 4 entries, 3 found`, "the page says the document has 12 rules, 4 found"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ingest.Options{}.Bytes("page.txt", []byte(page(c.counter, c.listed)))
			if err != nil {
				t.Fatal(err)
			}
			if d.Source.Format != "reader" || len(d.Items) != 7 {
				t.Fatalf("format %s, %d items; want reader, 4 rules and 3 procedures", d.Source.Format, len(d.Items))
			}
			_, warnings := ingest.Report(d)
			got := strings.Join(warnings, "\n")
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("warnings %q; want one saying %q", warnings, w)
				}
			}
			if c.want == nil && strings.Contains(got, "counts") {
				t.Errorf("warnings %q; want none about counts", warnings)
			}
		})
	}
}
