package ingest_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/rulesync/rulesync/ingest"
)

// utf16Bytes is s in UTF-16 with a byte-order mark, little-endian or
// big-endian.
func utf16Bytes(s string, big bool) []byte {
	out := []byte{0xFF, 0xFE}
	if big {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// TestBudgetUnitsUTF16: XLIFF and TMX in UTF-16 are counted by their
// units before they are read, as in UTF-8 (TestBudgetUnits): the count
// of their tags in the bytes saw none, and the XML was read whole, to
// be refused by its items once made. At the limit each reads.
func TestBudgetUnitsUTF16(t *testing.T) {
	inputs := budgetInputs(t, 20)
	units := map[string]string{"rules.xlf": "trans-unit and unit elements", "rules.tmx": "tu elements"}
	for name, what := range units {
		for _, big := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s big-endian %v", name, big), func(t *testing.T) {
				text := strings.Replace(string(inputs[name]), `<?xml version="1.0"?>`, `<?xml version="1.0" encoding="UTF-16"?>`, 1)
				data := utf16Bytes(text, big)
				d, err := ingest.Options{MaxBlocks: 25}.Bytes(name, data)
				if err != nil {
					t.Fatalf("20 units, limit 25: %v", err)
				}
				if len(d.Items) != 20 {
					t.Fatalf("20 units read as %d items", len(d.Items))
				}
				_, err = ingest.Options{MaxBlocks: 15}.Bytes(name, data)
				if msg := fmt.Sprint(err); !strings.Contains(msg, "20 "+what) || !strings.Contains(msg, "limit of 15") {
					t.Errorf("20 units, limit 15: %v, want the units counted before the read (%q)", err, "20 "+what)
				}
			})
		}
	}
}
