package diff

import (
	"math/rand/v2"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

func randomChange(r *rand.Rand) jsonChange {
	text := func() string { return testgen.Text(r, testgen.JSONPieces, 10) }
	flag := func() bool { return r.IntN(2) == 0 }
	j := jsonChange{Kind: Kind(text()), Severity: Severity(text()), OldID: text(), NewID: text(), OldIDs: testgen.Strings(r, testgen.JSONPieces, 4), NewIDs: testgen.Strings(r, testgen.JSONPieces, 4),
		TitleChanged: flag(), TextChanged: flag(), Renumbered: flag(), Moved: flag(),
		Rule: text(), Reason: text(), OldTitle: text(), NewTitle: text(), Section: text()}
	if r.IntN(4) > 0 {
		j.Redline = []jsonEdit{}
		for range r.IntN(4) {
			j.Redline = append(j.Redline, jsonEdit{r.IntN(1<<20) - 10, r.Int() - r.Int(), text(), text()})
		}
	}
	return j
}

// TestJSONChangeAppend holds the AppendIndentedJSON of jsonChange,
// jsonMove and jsonStale to the encoder's JSON, on random values: strings
// of HTML and control characters, U+2028 and invalid UTF-8; old_ids and
// new_ids nil, empty and full; redlines nil, empty and full, with
// negative and large offsets.
func TestJSONChangeAppend(t *testing.T) {
	r := rand.New(rand.NewPCG(101965, 16))
	for i := range 10000 {
		j := randomChange(r)
		prefix := []string{"    ", "", "  ", "\t"}[i%4]
		testgen.CheckAppend(t, j, prefix)
		testgen.CheckAppend(t, jsonMove{j.Rule, j.OldID, j.NewID}, prefix)
		testgen.CheckAppend(t, jsonStale{j.OldTitle, j.NewTitle, j.Section, j.Reason}, prefix)
	}
}

// FuzzJSONChange holds jsonChange's, jsonMove's and jsonStale's
// AppendIndentedJSON to the encoder's JSON (as TestJSONChangeAppend
// does) on values made of a string, an offset and a shape (which lists
// are nil, empty or full, which flags set); seeded with
// TestJSONChangeAppend's first draws.
func FuzzJSONChange(f *testing.F) {
	r := rand.New(rand.NewPCG(101965, 16))
	for i := range 12 {
		j := randomChange(r)
		f.Add(j.Reason, r.IntN(1000)-10, uint8(i*23))
	}
	f.Fuzz(func(t *testing.T, s string, n int, shape uint8) {
		list := func(bit uint8) []string {
			switch shape >> bit & 3 {
			case 0:
				return nil
			case 1:
				return []string{}
			}
			return []string{s, s + "a"}
		}
		j := jsonChange{Kind: Kind(s), Severity: Severity(s), OldID: s, NewID: s, OldIDs: list(0), NewIDs: list(2),
			TitleChanged: shape&16 != 0, TextChanged: shape&32 != 0, Renumbered: shape&64 != 0, Moved: shape&128 != 0,
			Rule: s, Reason: s, OldTitle: s, NewTitle: s, Section: s}
		switch shape >> 4 & 3 {
		case 1:
			j.Redline = []jsonEdit{}
		case 2, 3:
			j.Redline = []jsonEdit{{n, -n, s, ""}, {0, n, "", s}}
		}
		testgen.CheckAppend(t, j, "    ")
		testgen.CheckAppend(t, jsonMove{s, s, s}, "    ")
		testgen.CheckAppend(t, jsonStale{s, s, s, s}, "    ")
	})
}
