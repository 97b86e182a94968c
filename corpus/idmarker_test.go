package corpus

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestIDMarker holds the id markers found by hand (findIDMarker, IDMarkers,
// dropIDMarkers) to idMarkRe's FindStringSubmatch and ReplaceAllString
// on random texts of markers, their parts, blanks, braces and letters.
func TestIDMarker(t *testing.T) {
	pieces := []string{"{{rulesync:id ", "{{rulesync:id rule:12}}", "{{rulesync:", "id", " ", "\t", "\n", "\r", "\f", "\v",
		"{{", "}}", "}", "{", "rule:RP-5", " rp", "a", "Z", "_", "1", "é", "\xff", "{{rulesync:note x}}", "{{rulesync:stale}}"}
	r := rand.New(rand.NewPCG(37, 5))
	found := 0
	for range 200000 {
		s := testgen.Text(r, pieces, 10)
		got, want := findIDMarker(s), idMarkRe.FindStringSubmatch(s)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("findIDMarker(%q) = %q, the expression %q", s, got, want)
		}
		if got != nil {
			found++
		}
		if got, want := dropIDMarkers(s), idMarkRe.ReplaceAllString(s, ""); got != want {
			t.Fatalf("dropIDMarkers(%q) = %q, the expression %q", s, got, want)
		}
		var ids []string
		for _, m := range idMarkRe.FindAllStringSubmatch(s, -1) {
			if _, ok := markedKind(m); ok {
				ids = append(ids, m[1])
			}
		}
		if got := IDMarkers(s); !reflect.DeepEqual(got, ids) {
			t.Fatalf("IDMarkers(%q) = %q, the expression's well-formed %q", s, got, ids)
		}
	}
	if found < 1000 {
		t.Fatalf("%d texts of 200000 with a marker: too few to tell", found)
	}
}
