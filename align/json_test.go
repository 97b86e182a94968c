package align_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// TestWriteJSON holds WriteJSON, which writes an alignment a pair at a
// time, to the alignment's JSON by reflection (JSONReference) through a
// json.Encoder indenting by two spaces, and MarshalJSON to json.Marshal
// of the same. The cases have splits, merges and
// items left over on both sides, texts with <, > and &, and nothing at
// all on one side.
func TestWriteJSON(t *testing.T) {
	old := doc("en", append([]string{"0|Rules & <Terms>|The \"house\" rules > all others; see Rule 1."}, houseRules...)...)
	cur := doc("en",
		"1|Seat Draw|Seats are drawn at random by the floor before play starts; late players draw from the same pool of 40 seats.",
		"2|Bounties|A bounty chip worth 100 is awarded for each player a competitor knocks out of the event.",
		"3|Table Changes|Players may ask for a table change once per day;",
		"4|Table Change Order|requests are kept in order of arrival at the desk.",
		"5|Verbal Bets and Breaks|A verbal bet of 500 is binding; chips pushed out later must match the declared amount exactly. Play stops for a 15 minute break every two levels; the clock is paused until the tournament director restarts it.",
		"6|Electronic Devices|Phones may not rest on the table & players with <live> hands may not use them; see Rule 3.",
	)
	empty := &corpus.Document{Edition: "none", Lang: "en"}
	for _, c := range []struct {
		name     string
		src, tgt *corpus.Document
	}{{"editions", old, cur}, {"reversed", cur, old}, {"empty target", old, empty}, {"empty source", empty, cur}} {
		al := align.Options{}.Align(c.src, c.tgt)
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(align.JSONReference(al)); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := al.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: WriteJSON wrote\n%s\nwant\n%s", c.name, got.Bytes(), want.Bytes())
		}
		compact, err := al.MarshalJSON()
		ref, _ := json.Marshal(align.JSONReference(al))
		if err != nil || !bytes.Equal(compact, ref) {
			t.Errorf("%s: MarshalJSON wrote\n%s (%v)\nwant\n%s", c.name, compact, err, ref)
		}
	}
}
