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
// live, the collector paces by the live heap, under a soft limit above
// it.
func TestLazy(t *testing.T) {
	defer setShare(1)()
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
	if !settled(func() bool { return gcPercent() == 50 }) {
		t.Fatalf("48 MiB live: GOGC %d, want pacing by the live heap, 50 below small", gcPercent())
	}
	// The collector takes most of this test's time: small bytes above
	// the 48 MiB and the test's own few MiB. (The finalizer sets the
	// percent first, then the limit: wait for the limit too.)
	if !settled(func() bool { l := debug.SetMemoryLimit(-1); return l >= 112<<20 && l <= 128<<20 }) {
		t.Errorf("48 MiB live: limit %d MiB, want 112 to 128 MiB (64 MiB above the live heap)", debug.SetMemoryLimit(-1)>>20)
	}
	for range 32 { // 80 MiB live: more than small
		keep = append(keep, make([]byte, 1<<20))
	}
	if !settled(func() bool { return gcPercent() == 100 }) {
		t.Fatalf("80 MiB live: GOGC %d, want the default (100) above small", gcPercent())
	}
	keep = nil
}

// TestLazyHeadroom checks that the soft limit rises above a live heap
// larger than it (half again what is live, the collector taking most of
// the time), and comes back down under the limit given when the heap
// shrinks (small bytes above what is still live).
func TestLazyHeadroom(t *testing.T) {
	defer setShare(1)()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))

	const limit = 16 << 20
	Lazy(8<<20, limit)
	for range 48 { // 48 MiB live: three times the limit
		keep = append(keep, make([]byte, 1<<20))
	}
	if !settled(func() bool { return debug.SetMemoryLimit(-1) >= 72<<20 }) {
		t.Fatalf("48 MiB live under a limit of 16 MiB: limit %d, want at least 72 MiB (half again the live heap)", debug.SetMemoryLimit(-1))
	}
	if p := gcPercent(); p != 100 {
		t.Errorf("GOGC %d, want 100", p)
	}
	keep = nil
	// The test's own few MiB live, small above them, at most limit.
	if !settled(func() bool { l := debug.SetMemoryLimit(-1); return l >= 8<<20 && l <= limit }) {
		t.Errorf("nothing live any more: limit %d MiB, want 8 to %d MiB again (small above the live heap, at most the limit)", debug.SetMemoryLimit(-1)>>20, limit>>20)
	}
}

// setShare makes gcShare return share, until the function it returns is
// called.
func setShare(share float64) func() {
	// Under the lock the finalizers read gcShare with.
	settings.Lock()
	defer settings.Unlock()
	old := gcShare
	gcShare = func() float64 { return share }
	return func() {
		settings.Lock()
		defer settings.Unlock()
		gcShare = old
	}
}

// TestLazyTight checks that while the collector takes little of the
// time, the soft limit follows the live heap closely: small bytes less a
// quarter of the live heap above it, not the limit given, which let a
// heap of 190 MB live grow to twice that.
func TestLazyTight(t *testing.T) {
	defer setShare(0.05)()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))

	const small = 64 << 20
	Lazy(small, 512<<20)
	for range 48 { // 48 MiB live: more than half of small
		keep = append(keep, make([]byte, 1<<20))
	}
	// 48 MiB and the test's own few MiB live, and small less a quarter
	// of them above them.
	if !settled(func() bool { l := debug.SetMemoryLimit(-1); return l >= 100<<20 && l <= 112<<20 }) {
		t.Errorf("48 MiB live: limit %d MiB, want 100 to 112 MiB (64 MiB less a quarter of the live heap above it)", debug.SetMemoryLimit(-1)>>20)
	}
	if p := gcPercent(); p != 50 {
		t.Errorf("GOGC %d, want 50 (less than small live)", p)
	}
	keep = nil
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

// TestHeadroom checks the soft limit for a live heap: while the
// collector takes little of the time, small bytes less a quarter of the
// live heap above it (at most limit) and at least a quarter again;
// once it takes 15% or more, small bytes above it (at most limit) or
// half again, whichever is more. The limit grows with the live heap
// either way. (TestLazy and TestLazyHeadroom collect again and again:
// the collector takes most of their time.)
func TestHeadroom(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		live, small, limit int64
		share              float64
		want               int64
	}{
		{0, 64 * mib, 512 * mib, 0.05, 64 * mib},             // small bytes above nothing live
		{48 * mib, 64 * mib, 512 * mib, 0.05, 100 * mib},     // small less a quarter of 48
		{96 * mib, 64 * mib, 768 * mib, 0.08, 136 * mib},     // small less a quarter of 96: 40 above
		{128 * mib, 64 * mib, 768 * mib, 0.08, 160 * mib},    // 2*small: the two rooms meet
		{200 * mib, 64 * mib, 768 * mib, 0.08, 250 * mib},    // a quarter again
		{400 * mib, 64 * mib, 768 * mib, 0.14, 500 * mib},    // a quarter again
		{48 * mib, 64 * mib, 32 * mib, 0.05, 60 * mib},       // limit under the live heap
		{90 * mib, 64 * mib, 768 * mib, 0.16, 154 * mib},     // 16%: small above it
		{200 * mib, 64 * mib, 768 * mib, 0.15, 300 * mib},    // 15%: half again
		{600 * mib, 64 * mib, 768 * mib, 0.35, 900 * mib},    // half again above limit
		{20 * mib, 64 * mib, 32 * mib, 0.35, 32 * mib},       // limit
		{maxLimit / 4 * 3, 64 * mib, 768 * mib, 0, maxLimit}, // no overflow
	} {
		if got := headroom(c.live, c.small, c.limit, c.share); got != c.want {
			t.Errorf("headroom(%d MiB live, small %d MiB, limit %d MiB, share %.2f) = %d MiB, want %d MiB",
				c.live/mib, c.small/mib, c.limit/mib, c.share, got/mib, c.want/mib)
		}
	}
	// The limit never falls as the live heap grows: a heap that grows
	// gets no less room in all than it had.
	for _, share := range []float64{0.05, 0.5} {
		prev := int64(0)
		for live := int64(0); live <= 1024*mib; live += mib / 2 {
			got := headroom(live, 64*mib, 768*mib, share)
			if got < prev {
				t.Fatalf("share %.2f: headroom(%d KiB live) = %d KiB, less than %d KiB a half MiB less live", share, live>>10, got>>10, prev>>10)
			}
			if got < live {
				t.Fatalf("share %.2f: headroom(%d KiB live) = %d KiB, under the live heap", share, live>>10, got>>10)
			}
			prev = got
		}
	}
}
