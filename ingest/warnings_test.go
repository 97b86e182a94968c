package ingest

import (
	"fmt"
	"strings"
	"testing"
)

// TestShortWarning: a listing warning keeps every place in its note;
// Report shows five and how many more, a "; " inside a quoted text
// being no place's end.
func TestShortWarning(t *testing.T) {
	var places []string
	for i := range 9 {
		places = append(places, fmt.Sprintf("%q read as %d by its place", fmt.Sprintf("x; \"y\"; %d", i), i+1))
	}
	note := WarningNote + warningLists[6] + ": " + strings.Join(places, "; ")
	if got := splitPlaces(strings.TrimPrefix(note, WarningNote+warningLists[6]+": ")); len(got) != 9 || got[8] != places[8] {
		t.Fatalf("split into %d places: %q", len(got), got)
	}
	want := WarningNote + warningLists[6] + ": " + strings.Join(places[:5], "; ") + " and 4 more"
	if got := shortWarning(note); got != want {
		t.Errorf("shown as\n%s\nwant\n%s", got, want)
	}
	five := WarningNote + warningLists[0] + ": 1 -> 3; 3 -> 5; 5 -> 7; 7 -> 9; 9 -> 11"
	if got := shortWarning(five); got != five {
		t.Errorf("five places shown as %s", got)
	}
	other := WarningNote + "something else: a; b; c; d; e; f; g"
	if got := shortWarning(other); got != other {
		t.Errorf("a warning that lists no places shown as %s", got)
	}
	var drops []chromeDrop
	for i := range 7 {
		drops = append(drops, chromeDrop{name: "aside", runes: 50 + i, line: 10 + i})
	}
	chrome := chromeWarning(drops)
	want = WarningNote + "371 " + chromeListHead + ": line 10 <aside> (50); line 11 <aside> (51); line 12 <aside> (52); line 13 <aside> (53); line 14 <aside> (54) and 2 more"
	if got := shortWarning(chrome); got != want {
		t.Errorf("furniture warning shown as\n%s\nwant\n%s", got, want)
	}
	if few := chromeWarning(drops[:5]); shortWarning(few) != few {
		t.Errorf("five elements shown as %s", shortWarning(few))
	}
}
