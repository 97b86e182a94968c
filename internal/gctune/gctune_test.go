package gctune

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent reads the collector's GOGC setting.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// settled runs collections until the pacing is what want says or a
// second has passed (finalizers run on a goroutine of their own, after
// the collection).
func settled(want func() bool) bool {
	for end := time.Now().Add(time.Second); time.Now().Before(end); {
		runtime.GC()
		time.Sleep(time.Millisecond)
		if want() {
			return true
		}
	}
	return false
}

var keep [][]byte

// TestLazy checks both ways a lazy process goes: with little live it
// stays lazy through collections; with more than half the small heap
// live, GOGC=100 comes back under a soft limit of small bytes above the
// live heap, not the limit given (which let the heap grow to twice what
// is live).
func TestLazy(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))

	const small = 64 << 20
	Lazy(small, 512<<20)
	if p := gcPercent(); p != -1 {
		t.Fatalf("after Lazy: GOGC %d, want off (-1)", p)
	}
	for range 5 {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != -1 || l != small {
		t.Fatalf("a small live heap: GOGC %d and limit %d after collections, want -1 and %d", p, l, small)
	}

	for range 48 { // 48 MiB live: more than half of small
		keep = append(keep, make([]byte, 1<<20))
	}
	if !settled(func() bool { return gcPercent() == 100 }) {
		t.Fatalf("48 MiB live: GOGC %d, want the default back (100)", gcPercent())
	}
	// 48 MiB and the test's own few MiB live, and small above them.
	if l := debug.SetMemoryLimit(-1); l < 112<<20 || l > 128<<20 {
		t.Errorf("48 MiB live: limit %d MiB, want 112 to 128 MiB (64 MiB above the live heap)", l>>20)
	}
	keep = nil
}

// TestLazyHeadroom checks that the soft limit rises above a live heap
// larger than it, by a quarter of it (not by half: the resident memory
// follows the limit), and comes back down under the limit given when the
// heap shrinks.
func TestLazyHeadroom(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))

	const limit = 16 << 20
	Lazy(8<<20, limit)
	for range 48 { // 48 MiB live: three times the limit
		keep = append(keep, make([]byte, 1<<20))
	}
	if !settled(func() bool { return debug.SetMemoryLimit(-1) >= 60<<20 }) {
		t.Fatalf("48 MiB live under a limit of 16 MiB: limit %d, want at least 60 MiB (a quarter again the live heap)", debug.SetMemoryLimit(-1))
	}
	if l := debug.SetMemoryLimit(-1); l >= 72<<20 {
		t.Errorf("48 MiB live: limit %d MiB, want under 72 MiB (a quarter again the live heap and the test's few MiB, not half again)", l>>20)
	}
	if p := gcPercent(); p != 100 {
		t.Errorf("GOGC %d, want 100", p)
	}
	keep = nil
	if !settled(func() bool { return debug.SetMemoryLimit(-1) <= limit }) {
		t.Errorf("nothing live any more: limit %d, want %d or less again", debug.SetMemoryLimit(-1), limit)
	}
}

// TestLazyUserSetting checks that GOGC set by the user is left alone.
func TestLazyUserSetting(t *testing.T) {
	t.Setenv("GOGC", "200")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	before := gcPercent()
	Lazy(64<<20, 0)
	if p := gcPercent(); p != before {
		t.Errorf("GOGC set: Lazy changed the percent from %d to %d", before, p)
	}
}
