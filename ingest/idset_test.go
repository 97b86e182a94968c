package ingest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestIDSet checks idSet against a map of the same strings, through its
// growth: ids of digits, of letters, empty, and ids one a prefix of
// another.
func TestIDSet(t *testing.T) {
	var s idSet
	want := map[string]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	key := func() string {
		switch rng.IntN(4) {
		case 0:
			// Numbers, some past the bits, some written with a zero
			// before them (no number's id then).
			switch rng.IntN(4) {
			case 0:
				return strconv.Itoa(numberBits - 50 + rng.IntN(100))
			case 1:
				return "0" + strconv.Itoa(rng.IntN(100))
			}
			return strconv.Itoa(rng.IntN(5000))
		case 1:
			return fmt.Sprintf("_%d_%d", rng.IntN(30), rng.IntN(30))
		case 2:
			return "RP-" + strconv.Itoa(rng.IntN(100))
		}
		return string(rune('a' + rng.IntN(26)))[:rng.IntN(2)]
	}
	if s.has("") || s.has("1") {
		t.Fatal("an empty set holds an id")
	}
	for range 20000 {
		k := key()
		if got := s.has(k); got != want[k] {
			t.Fatalf("has(%q) = %v, want %v (%d ids)", k, got, want[k], len(want))
		}
		s.add(k)
		want[k] = true
	}
	for k := range want {
		if !s.has(k) {
			t.Errorf("%q lost", k)
		}
	}
}

// TestKeyIDs checks keyIDs against a map of the same keys: numbers below
// and above its bound, numbers with leading zeros or signs (which are no
// number as strconv.Itoa writes it), and keys of several components.
func TestKeyIDs(t *testing.T) {
	ids := newKeyIDs(make([]candidate, 10)) // numbers below 1044 by value
	want := map[string]int32{}
	var buf []byte
	for i, k := range []string{"1", "2", "01", "0", "00", "1043", "1044", "99999", "-1", "1.2", "A", "", "1234567890123"} {
		for _, s := range []string{k, k} {
			id, ok := ids.add(s, int32(i))
			w, wok := want[s]
			if !wok {
				want[s], w = int32(i), int32(i)
			}
			if id != w || ok != wok {
				t.Errorf("add(%q) = %d, %v; want %d, %v", s, id, ok, w, wok)
			}
		}
	}
	for _, k := range []string{"1", "3", "01", "0", "1043", "1044", "1045", "99999", "-1", "1.2", "1.3", "A", "B", "", "1234567890123"} {
		w, wok := want[k]
		if id, ok := ids.get(k); id != w && wok || ok != wok {
			t.Errorf("get(%q) = %d, %v; want %d, %v", k, id, ok, w, wok)
		}
		if id, ok := ids.getBytes([]byte(k)); id != w && wok || ok != wok {
			t.Errorf("getBytes(%q) = %d, %v; want %d, %v", k, id, ok, w, wok)
		}
		if n, err := strconv.Atoi(k); err == nil && strconv.Itoa(n) == k {
			if id, ok := ids.num(n, &buf); id != w && wok || ok != wok {
				t.Errorf("num(%d) = %d, %v; want %d, %v", n, id, ok, w, wok)
			}
		}
	}
}
