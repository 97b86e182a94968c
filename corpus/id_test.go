package corpus

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/internal/testgen"
)

// TestIDShortcut holds ID, which splits a number only where maySpace
// says it may hold white space, to the split on every number: random
// numbers of digits, letters, dots and every kind of white space
// strings.Fields knows (ASCII and beyond), with bytes that are no UTF-8;
// a number that makes no well-formed id gives none.
func TestIDShortcut(t *testing.T) {
	pieces := []string{"1", "36", "e", "A", "+", ".", "-", "(", ")", "Appendix", "大会",
		" ", "\t", "\n", "\v", "\f", "\r", "\x1c", "\x85", "\u0085", "\u00a0", "\u1680", "\u2000", "\u2028", "\u3000", "\ufeff", "\xff", "\xe3\x80"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		n := testgen.Text(rng, pieces, 8)
		k := []Kind{KindRule, KindSection, KindRegulation, Kind("other")}[rng.IntN(4)]
		want := ""
		if n != "" {
			p, ok := idPrefix[k]
			if !ok {
				p = "item"
			}
			want = p + ":" + strings.Join(strings.Fields(n), "-")
			if !WellFormedID(want) {
				want = ""
			}
		}
		if got := ID(k, n); got != want {
			t.Fatalf("ID(%q, %q) = %q, want %q", k, n, got, want)
		}
	}
}

// TestWellFormedIDShortcut holds WellFormedID, which reads ASCII letters
// and digits without the Unicode tables, to the tables on random ids of
// ASCII, letters, digits and marks beyond it, separators and bytes that
// are no UTF-8.
func TestWellFormedIDShortcut(t *testing.T) {
	plain := func(id string) bool {
		prefix, name, ok := strings.Cut(id, ":")
		if !ok || prefix == "" || name == "" {
			return false
		}
		for _, r := range prefix {
			if r < 'a' || r > 'z' {
				return false
			}
		}
		for i, r := range name {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
			case i > 0 && (r == '-' || r == '.' || r == '+' || r == '(' || r == ')'), r == '_':
			default:
				return false
			}
		}
		return true
	}
	pieces := []string{"rule", ":", "1", "z", "Z", "A", "@", "[", "`", "{", "^", "_", "-", ".", "+", "(", ")", " ", "\x00", "\x7f", "é", "大", "\u0301", "٣", "Ⅻ", "\xff"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		id := testgen.Text(rng, pieces, 8)
		if got, want := WellFormedID(id), plain(id); got != want {
			t.Fatalf("WellFormedID(%q) = %v, want %v", id, got, want)
		}
	}
}

// TestDuplicatesKeys holds Duplicates, which looks ids up by the sides
// of their colon, to a look-up of the ids joined, on random documents of
// items with numbers (some making no id, some with white space) and
// with ids given (some without a colon, some ending in one).
func TestDuplicatesKeys(t *testing.T) {
	joined := func(d *Document) []Duplicate {
		first := map[string]int{}
		var out []Duplicate
		for i := range d.Items {
			it := &d.Items[i]
			id := it.ID
			if id == "" {
				id = ID(it.Kind, it.Number)
			}
			if id == "" {
				continue
			}
			if j, ok := first[id]; ok {
				out = append(out, Duplicate{id, j, i})
				continue
			}
			first[id] = i
		}
		return out
	}
	numbers := []string{"", "1", "2", "1 a", "1-a", "x!", "Appendix C", "Appendix-C", " \t"}
	ids := []string{"", "", "", "rule:1", "rule:2", "rule", "rule:", "sec:1", "rule:1-a", "rule:Appendix-C", "item:1"}
	kinds := []Kind{KindRule, KindSection, KindRP, Kind("other")}
	rng := rand.New(rand.NewPCG(7, 8))
	dups := 0
	for range 5000 {
		d := &Document{}
		for range 1 + rng.IntN(8) {
			d.Items = append(d.Items, Item{ID: ids[rng.IntN(len(ids))], Kind: kinds[rng.IntN(len(kinds))], Number: numbers[rng.IntN(len(numbers))]})
		}
		got, want := Duplicates(d), joined(d)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%+v: Duplicates %v, want %v", d.Items, got, want)
		}
		dups += len(want)
	}
	if dups < 1000 {
		t.Fatalf("only %d duplicates: the test is too weak", dups)
	}
}
