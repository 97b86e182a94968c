package diff

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// jsonPieces make the random strings of the JSON tests: HTML characters,
// quotes, control characters, U+2028 and U+2029, bytes that are no UTF-8
// and text in several scripts.
var jsonPieces = []string{"a", "rule:12", " ", "<", ">", "&", "\"", "\\", "\n", "\t", "\x00", "\x1f", "\x7f", "\u2028", "\u2029", "\xff", "\xe3\x83", "\xed\xa0\x80", "é", "ルール", "\U0001f0a1"}

// encoderJSON is what corpus.ObjectWriter wrote for a list element before
// IndentedJSON: a json.Encoder's bytes with SetIndent(prefix, "  "), by
// reflection, the newline at the end left out.
func encoderJSON(v any, prefix string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// checkAppend holds v's AppendIndentedJSON to encoderJSON at prefix: the
// same bytes after what b held, and no error (none of diff's elements
// has a value encoding/json refuses).
func checkAppend(t *testing.T, v interface {
	AppendIndentedJSON([]byte, string) ([]byte, error)
}, prefix string) {
	t.Helper()
	got, err := v.AppendIndentedJSON([]byte("x"), prefix)
	if err != nil {
		t.Fatalf("%+v: %v", v, err)
	}
	want, err := encoderJSON(v, prefix)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "x"+string(want) {
		t.Fatalf("%+v at %q:\n got %s\nwant %s", v, prefix, got[1:], want)
	}
}

// randomIDs is nil, empty or a few random ids.
func randomIDs(r *rand.Rand) []string {
	switch r.IntN(4) {
	case 0:
		return nil
	case 1:
		return []string{}
	}
	ids := make([]string, 1+r.IntN(3))
	for i := range ids {
		ids[i] = randomText(r, jsonPieces, 4)
	}
	return ids
}

func randomChange(r *rand.Rand) jsonChange {
	text := func() string { return randomText(r, jsonPieces, 10) }
	flag := func() bool { return r.IntN(2) == 0 }
	j := jsonChange{Kind: Kind(text()), Severity: Severity(text()), OldID: text(), NewID: text(), OldIDs: randomIDs(r), NewIDs: randomIDs(r),
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
		checkAppend(t, j, prefix)
		checkAppend(t, jsonMove{j.Rule, j.OldID, j.NewID}, prefix)
		checkAppend(t, jsonStale{j.OldTitle, j.NewTitle, j.Section, j.Reason}, prefix)
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
		checkAppend(t, j, "    ")
		checkAppend(t, jsonMove{s, s, s}, "    ")
		checkAppend(t, jsonStale{s, s, s, s}, "    ")
	})
}
