package align

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// randomScore is a three-decimal score, or a float of any magnitude or
// sign (NaN and infinities among them).
func randomScore(r *rand.Rand) float64 {
	switch r.IntN(4) {
	case 0:
		return math.Float64frombits(r.Uint64())
	case 1:
		return []float64{0, 1, 1e-7, 1e21, -2.5e-9, 123456.789, math.NaN(), math.Inf(-1)}[r.IntN(8)]
	}
	return round3(r.Float64())
}

func randomPair(r *rand.Rand) jsonPair {
	text := func() string { return testgen.Text(r, testgen.JSONPieces, 10) }
	p := jsonPair{SourceID: text(), TargetID: text(), SourceIDs: testgen.Strings(r, testgen.JSONPieces, 4), TargetIDs: testgen.Strings(r, testgen.JSONPieces, 4), Score: randomScore(r),
		Low: r.IntN(2) == 0, Anchor: r.IntN(2) == 0, SourceTitle: text(), TargetTitle: text(), TargetText: text()}
	if r.IntN(2) == 0 {
		p.NumberedID = text()
	}
	if r.IntN(2) == 0 {
		p.OwnID, p.IDSource, p.Confidence = text(), text(), float64(r.IntN(101))/100
	}
	if r.IntN(4) > 0 {
		p.Evidence = []Evidence{}
		for range r.IntN(4) {
			p.Evidence = append(p.Evidence, Evidence{text(), r.IntN(2) == 0, text()})
		}
	}
	return p
}

// TestJSONPairAppend holds the AppendIndentedJSON of jsonPair and
// jsonItem to the encoder's JSON, on random pairs and items: strings of
// HTML and control characters, U+2028 and invalid UTF-8; numbered_id,
// source_ids and target_ids present and left out; evidence nil, empty
// and full; scores of any magnitude, where a NaN or infinite one is
// encoding/json's error.
func TestJSONPairAppend(t *testing.T) {
	r := rand.New(rand.NewPCG(98055, 1945))
	failed := 0
	for i := range 10000 {
		p := randomPair(r)
		if math.IsNaN(p.Score) || math.IsInf(p.Score, 0) {
			failed++
		}
		prefix := []string{"    ", "", "  ", "\t"}[i%4]
		testgen.CheckAppend(t, p, prefix)
		testgen.CheckAppend(t, jsonItem{p.SourceID, p.TargetTitle, p.TargetText}, prefix)
	}
	if failed == 0 {
		t.Error("no pair had a NaN or infinite score: the test does not see the error")
	}
}

// FuzzJSONPair holds jsonPair's and jsonItem's AppendIndentedJSON to the
// encoder's JSON (as TestJSONPairAppend does) on pairs made of a string,
// a score and a shape (which lists are nil, empty or full, which flags
// set); seeded with TestJSONPairAppend's first draws.
func FuzzJSONPair(f *testing.F) {
	r := rand.New(rand.NewPCG(98055, 1945))
	for i := range 12 {
		p := randomPair(r)
		f.Add(p.TargetText, p.Score, uint8(i*23))
	}
	f.Fuzz(func(t *testing.T, s string, score float64, shape uint8) {
		list := func(bit uint8) []string {
			switch shape >> bit & 3 {
			case 0:
				return nil
			case 1:
				return []string{}
			}
			return []string{s, s + "a"}
		}
		p := jsonPair{SourceID: s, TargetID: s, SourceIDs: list(0), TargetIDs: list(2), Score: score, Low: shape&16 != 0, Anchor: shape&32 != 0,
			SourceTitle: s, TargetTitle: s, TargetText: s}
		if shape&64 != 0 {
			p.NumberedID = s
		}
		if shape&128 != 0 {
			p.Evidence = []Evidence{{s, true, s}, {s, false, ""}}
		} else if shape&1 != 0 {
			p.Evidence = []Evidence{}
		}
		testgen.CheckAppend(t, p, "    ")
		testgen.CheckAppend(t, jsonItem{s, s, s}, "    ")
	})
}
