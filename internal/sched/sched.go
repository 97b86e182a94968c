// Package sched is rulesync's one scheduler for concurrent work: every
// fan-out of the build, align and diff runs its goroutines through it,
// on golang.org/x/sync/errgroup, so that the limit on work in flight
// and the wait for it are written once.
//
// Work is indexed, and each call writes its result into its own slot
// (out[i] = …), so that the order of the results never depends on the
// order in which the goroutines ran.
package sched

import (
	"runtime"

	"golang.org/x/sync/errgroup"
)

// Each calls fn(i) for each i from 0 to n-1, at most limit calls at a
// time (limit <= 0 means GOMAXPROCS), starting them in the order of i,
// and returns when every call has returned. With n <= 0 it calls
// nothing.
func Each(n, limit int, fn func(i int)) {
	if n <= 0 {
		return
	}
	if limit <= 0 {
		limit = runtime.GOMAXPROCS(0)
	}
	var g errgroup.Group
	g.SetLimit(limit)
	for i := range n {
		g.Go(func() error {
			fn(i)
			return nil
		})
	}
	g.Wait()
}

// Start calls fn(w) for each w from 0 to n-1 (a worker's number, for
// scratch that a worker keeps between the pieces of work it takes),
// all at once, and returns a function that waits until every call has
// returned. It is for workers that take their work from a shared
// counter or channel while the caller consumes their results; Workers
// is Start and the wait.
func Start(n int, fn func(w int)) (wait func()) {
	var g errgroup.Group
	for w := range max(n, 0) {
		g.Go(func() error {
			fn(w)
			return nil
		})
	}
	return func() { g.Wait() }
}

// Workers calls fn(w) for each w from 0 to n-1, all at once, and
// returns when every call has returned.
func Workers(n int, fn func(w int)) { Start(n, fn)() }
