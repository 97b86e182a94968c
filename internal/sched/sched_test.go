package sched

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestEach: every index is called once, and never more than limit calls
// run at a time.
func TestEach(t *testing.T) {
	for _, c := range []struct {
		name     string
		n, limit int
	}{{"none", 0, 2}, {"one", 1, 0}, {"limited", 50, 3}, {"unlimited", 20, 0}, {"limit above n", 5, 100}} {
		t.Run(c.name, func(t *testing.T) {
			seen := make([]atomic.Int32, max(c.n, 0))
			var running, most atomic.Int32
			Each(c.n, c.limit, func(i int) {
				r := running.Add(1)
				for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
				}
				time.Sleep(time.Millisecond)
				seen[i].Add(1)
				running.Add(-1)
			})
			for i := range seen {
				if n := seen[i].Load(); n != 1 {
					t.Errorf("index %d called %d times", i, n)
				}
			}
			if c.limit > 0 && int(most.Load()) > c.limit {
				t.Errorf("%d calls ran at once; the limit is %d", most.Load(), c.limit)
			}
		})
	}
}

// TestStart: the wait returns only when every worker has returned, and
// each worker number is given once.
func TestStart(t *testing.T) {
	const n = 4
	var done atomic.Int32
	var ids [n]atomic.Int32
	release := make(chan struct{})
	wait := Start(n, func(w int) {
		<-release
		ids[w].Add(1)
		done.Add(1)
	})
	close(release)
	wait()
	if done.Load() != n {
		t.Fatalf("wait returned with %d of %d workers done", done.Load(), n)
	}
	for w := range ids {
		if ids[w].Load() != 1 {
			t.Errorf("worker %d ran %d times", w, ids[w].Load())
		}
	}
	Workers(0, func(int) { t.Error("a worker ran for n = 0") })
}
