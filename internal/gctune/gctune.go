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
// while lazy, if more than small/2 bytes are live, the collector paces
// by the live heap for the rest of the process: GOGC=100 under a soft
// limit (see headroom) of small bytes more than is live, at most limit
// bytes (none when limit <= 0), and never less than a quarter again what
// is live. While lazy a collection frees about as much as it keeps or
// more, so it collects about as often as the default would or less (not
// exactly: the soft limit counts all of the runtime's memory, not only
// the heap, so with small/2 live the heap may grow by a little less than
// it keeps); a large input pays one collection at small bytes and is
// paced as described from then on.
//
// The soft limit follows the live heap after every collection: GOGC=100
// alone let a heap of 190 MB live (an align of 100k items a side) grow
// to twice that before it was collected, and the resident memory with
// it (420 MB); with a quarter of the live heap, or small bytes, above
// it, the collector runs about as often as it did during the growth and
// the memory it frees is returned to the system as the limit nears. A
// fixed limit under what a large input keeps live made the collector run
// again as soon as it ended (the align of a million items a side spent
// most of its time collecting): the limit moves with the live heap.
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
			debug.SetMemoryLimit(headroom(live, small, limit))
		}
		arm(gen, small, limit, lazy)
	})
}

// headroom is the soft limit for a live heap of live bytes: small bytes
// more, at most limit, and at least a quarter again what is live.
func headroom(live, small, limit int64) int64 {
	if live > maxLimit/5*4 {
		return maxLimit
	}
	return max(min(limit, live+small), live+live/4)
}
