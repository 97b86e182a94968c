package reports_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/reports"
)

// historyEditions are three editions of a small rulebook: a rule added
// in each of the later two (so the rules after them are renumbered
// twice), a number changed in the second, words in the third.
var historyEditions = map[string]string{
	"a.txt": "House rules 2030\n\nSeating\n\n1: Seat Draw\nSeats are drawn at random. A late player draws his or her seat from the same pool.\n\n2: Table Changes\nA player may ask for one table change per day.\n\n3: Breaks\nPlay stops for a 10 minute break every two levels.\n",
	"b.txt": "House rules 2031\n\nSeating\n\n1: Seat Draw\nSeats are drawn at random. A late player draws his or her seat from the same pool.\n\n2: Dealer Changes\nThe dealer changes every thirty minutes unless the floor decides otherwise.\n\n3: Table Changes\nA player may ask for one table change per day.\n\n4: Breaks\nPlay stops for a 15 minute break every two levels.\n",
	"c.txt": "House rules 2032\n\nSeating\n\n1: Seat Draw\nSeats are drawn at random. A late player draws their seat from the same pool.\n\n2: Dealer Changes\nThe dealer changes every thirty minutes unless the floor decides otherwise.\n\n3: Time Limits\nA player who takes too long may be put on a clock by the floor.\n\n4: Table Changes\nA player may ask for two table changes per day.\n\n5: Breaks\nPlay stops for a 15 minute break every two levels.\n",
}

// TestBuildSeries builds a workspace with a series: the overview lists
// it, its page links every item changed, and an item's page follows it
// through its two renumberings with each change and its redline.
func TestBuildSeries(t *testing.T) {
	dir := t.TempDir()
	for name, text := range historyEditions {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	manifest := `title = "Series"
[[source]]
name = "r-2030"
path = "a.txt"
[[source]]
name = "r-2031"
path = "b.txt"
[[source]]
name = "r-2032"
path = "c.txt"
[[series]]
name = "house"
editions = ["r-2030", "r-2031", "r-2032"]
`
	if err := os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	sum, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Histories) != 1 || sum.Histories[0].Changed != 5 || sum.Histories[0].Changes != 7 {
		t.Fatalf("histories %+v, want one of 5 items changed by 7 changes", sum.Histories)
	}
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(out, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if idx := read("index.html"); !strings.Contains(idx, `<a href="history/house.html">house</a>`) {
		t.Errorf("the overview does not link the series")
	}
	if p := read("history/house.html"); !strings.Contains(p, `<a href="house/rule_5.html">Rule 5: Breaks</a>`) {
		t.Errorf("the series page does not link Rule 5:\n%s", p)
	}
	p := read("history/house/rule_5.html")
	for _, want := range []string{"Known as rule:3 (r-2030), rule:4 (r-2031), rule:5 (r-2032).", "<del>10</del><ins>15</ins>", "<strong>r-2032</strong> (editorial) renumbered"} {
		if !strings.Contains(p, want) {
			t.Errorf("Rule 5's page lacks %q:\n%s", want, p)
		}
	}
	read("history/house.json")
	read("history/house.md")
	// A series naming a source the manifest lacks is refused.
	bad := strings.Replace(manifest, `"r-2032"]`, `"r-2033"]`, 1)
	os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(bad), 0o644)
	if _, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml")); err == nil || !strings.Contains(err.Error(), `series house names source "r-2033"`) {
		t.Errorf("error %v, want one naming the series and the source", err)
	}
}
