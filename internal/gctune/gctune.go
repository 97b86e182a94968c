// Package gctune lets a process skip garbage collection while its heap is small.
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// Lazy turns the collector's proportional pacing off and lets the heap
// grow to small bytes before the first collection: a command on a
// rulebook of a few hundred items allocates less than that in all and is
// never paused, where the default pacing (GOGC=100) collected it from 4
// MiB on, again and again, a tenth of its time. After each collection
// while lazy, if more than small/2 bytes are live, the collector paces
// by the live heap for the rest of the process: GOGC=50 or 100 (see
// pacing) under a soft limit set after each collection (see headroom). While lazy a
// collection frees about as much as it keeps or more, so it collects
// about as often as the default would or less (not exactly: the soft
// limit counts all of the runtime's memory, not only the heap, so with
// small/2 live the heap may grow by a little less than it keeps); a
// large input pays one collection at small bytes and is paced as
// described from then on.
//
// The soft limit follows the live heap: while collecting is cheap, small
// bytes above it for a small heap, less as the heap grows, and from
// twice small live a quarter of the live heap (see headroom), where
// GOGC=100 under a fixed limit of 768 MiB let the heap of an align of
// 100k items a side grow to twice what was live before each collection,
// and the resident memory with it (420 MB when that was 190 MB); once
// the collector takes a larger share of the time, more room. A fixed
// limit under what a large input keeps live made the collector run again
// as soon as it ended (the align of a million items a side spent most of
// its time collecting): the limit is never below the live heap.
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
	settings.Lock()
	defer settings.Unlock()
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(small)
	arm(generation.Add(1), small, limit, true)
}

// generation is the number of calls of Lazy: the finalizers of an
// earlier call stop (a second call replaces the first).
var generation atomic.Int64

// settings is held while Lazy or a finalizer sets the collector: a
// finalizer of an earlier call that has found itself current does not
// set it after a later call has (the tests call Lazy again and again).
var settings sync.Mutex

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
		settings.Lock()
		defer settings.Unlock()
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
			lazy = false
			fallthrough
		default:
			debug.SetGCPercent(pacing(live, small))
			debug.SetMemoryLimit(headroom(live, small, limit, gcShare()))
		}
		arm(gen, small, limit, lazy)
	})
}

// pacing is the GOGC for a live heap of live bytes once the process is
// no longer lazy: 50 while less than small is live, 100 from there.
// Below small a collection is cheap (tens of milliseconds), and half the
// live heap of room is enough: an ingest of 100k rules keeps 42 MB live
// and made garbage to twice that (110 MB resident; 87 MB so, in the
// same time). Above, where an align or a diff holds its documents and
// features, every collection costs more, and the limit (headroom) keeps
// the heap near what is live in any case: GOGC=50 there took 7% more
// processor time for no less memory.
func pacing(live, small int64) int {
	if live < small {
		return 50
	}
	return 100
}

// headroom is the soft limit for a live heap of live bytes when the
// collector has taken share of the processor time the process used so
// far (its idle workers' not counted). While that share is under 15%,
// the room above the live heap is small bytes less a quarter of the live
// heap, and at least a quarter of it: small bytes above nothing live, a
// quarter from 2*small live on, and between the two a limit that still
// grows with the live heap. The proportional room bounds the resident
// memory at a quarter more than is live, so that an item costs the same
// at any size (an align and a diff of 100k items a side peaked at 220 MB
// with small bytes of room above their 150 MB live, under 200 MB with a
// quarter, for 3% more processor time); the fixed room keeps the
// collections of a small heap, which are cheap, rare. Otherwise the room
// is half the live heap, or small bytes if that is more. Either way the
// limit is at most limit, unless the proportional room makes it more.
// (An ingest of a million <p> elements makes garbage at such a rate that
// the tight limit took the collector from 19% to 35% of its time, 2 s
// more. The first collections of any large input, at small bytes while
// two documents are read, take a fifth of the time: the old way out, the
// whole limit, let the heap of a diff of 100k items grow to twice its
// live 90 MB there.)
func headroom(live, small, limit int64, share float64) int64 {
	if live > maxLimit/3*2 {
		return maxLimit
	}
	if share < 0.15 {
		return max(min(limit, live+small-live/4), live+live/4)
	}
	return max(min(limit, live+small), live+live/2)
}

// gcShare returns the share of the processor time the process used so
// far that the collector took, its idle workers' not counted; 1 when the
// runtime does not tell. (A variable: the tests set it.)
var gcShare = func() float64 {
	sample := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/cpu/classes/gc/mark/idle:cpu-seconds"},
		{Name: "/cpu/classes/total:cpu-seconds"}, {Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(sample)
	var v [4]float64
	for k, s := range sample {
		if s.Value.Kind() != metrics.KindFloat64 {
			return 1
		}
		v[k] = s.Value.Float64()
	}
	if v[2]-v[3] <= 0 {
		return 1
	}
	return (v[0] - v[1]) / (v[2] - v[3])
}
