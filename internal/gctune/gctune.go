// Package gctune lets a process skip garbage collection while its heap is small.
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Lazy turns the collector's proportional pacing off and lets the heap
// grow to small bytes before the first collection: a command on a
// rulebook of a few hundred items allocates less than that in all and is
// never paused, where the default pacing (GOGC=100) collected it from 4
// MiB on, again and again, a tenth of its time. After each collection
// while lazy, if more than small/2 bytes are live, the default comes
// back for the rest of the process: GOGC=100 and a soft limit of limit
// bytes (none when limit <= 0). While lazy a collection frees at least
// as much as it keeps, so it never collects more often than the default
// would; a large input pays one collection at small bytes and is paced
// as before from then on.
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
	arm(small, limit)
}

// maxLimit is debug.SetMemoryLimit's "no limit".
const maxLimit = 1<<63 - 1

// sentinel is garbage from birth: its finalizer runs after the first
// collection that finds it, and arms a new one. (It holds a pointer so
// that it is not a tiny allocation, whose finalizers may never run.)
type sentinel struct{ _ *int }

func arm(small, limit int64) {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(live)
		if live[0].Value.Kind() == metrics.KindUint64 && int64(live[0].Value.Uint64()) <= small/2 {
			arm(small, limit)
			return
		}
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(limit)
	})
}
