// Package gctune lets a process skip garbage collection while its heap is small.
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// Lazy turns the collector's proportional pacing off and lets the heap
// grow to small bytes before the first collection: a command on a
// rulebook of a few hundred items allocates less than that in all and is
// never paused, where the default pacing (GOGC=100) collected it from 4
// MiB on, again and again, a tenth of its time. After each collection
// while lazy, if more than small/2 bytes are live, the default comes
// back for the rest of the process: GOGC=100 and a soft limit of limit
// bytes (none when limit <= 0). While lazy a collection frees about as
// much as it keeps or more, so it collects about as often as the default
// would or less (not exactly: the soft limit counts all of the runtime's
// memory, not only the heap, so with small/2 live the heap may grow by a
// little less than it keeps); a large input pays one collection at small
// bytes and is paced as before from then on.
//
// The soft limit is never below half again the heap live after the last
// collection: a fixed limit under what a large input keeps live made the
// collector run again as soon as it ended (the align of a million items
// a side spent most of its time collecting); above limit, the heap may
// grow by half what is live instead of doubling.
//
// Lazy does nothing when GOGC or GOMEMLIMIT is set: the user's setting
// wins.
func Lazy(small, limit int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	if limit <= 0 {
		limit = maxLimit
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(small)
	arm(generation.Add(1), small, limit, true)
}

// generation is the number of calls of Lazy: the finalizers of an
// earlier call stop (a second call replaces the first).
var generation atomic.Int64

// maxLimit is debug.SetMemoryLimit's "no limit".
const maxLimit = 1<<63 - 1

// sentinel is garbage from birth: its finalizer runs after the first
// collection that finds it, and arms a new one. (It holds a pointer so
// that it is not a tiny allocation, whose finalizers may never run.)
type sentinel struct{ _ *int }

// arm sets a finalizer that runs after the next collection: while lazy,
// it stays lazy or brings the default pacing back; after, it keeps the
// soft limit above the live heap.
func arm(gen, small, limit int64, lazy bool) {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		if generation.Load() != gen {
			return
		}
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(limit)
			return // no reading: the default, and nothing more
		}
		live := int64(sample[0].Value.Uint64())
		switch {
		case lazy && live <= small/2:
		case lazy:
			debug.SetGCPercent(100)
			lazy = false
			fallthrough
		default:
			debug.SetMemoryLimit(max(limit, headroom(live)))
		}
		arm(gen, small, limit, lazy)
	})
}

// headroom is the soft limit for a live heap of live bytes: half again.
func headroom(live int64) int64 {
	if live > maxLimit/3*2 {
		return maxLimit
	}
	return live + live/2
}
