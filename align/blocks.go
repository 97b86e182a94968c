package align

import (
	"runtime"
	"sync/atomic"

	"github.com/rulesync/rulesync/internal/sched"
)

// inBlocks shares the indexes 0 to n-1 out among the cores in blocks of
// block indexes, handed out in order as goroutines come free: on each of
// min(GOMAXPROCS, number of blocks) goroutines, numbered w from 0, it
// calls work(w) once for the function that does a block [lo, hi) with
// that goroutine's scratch. It returns when every block is done; with n
// at most 0 it starts nothing. The blocks must not depend on each other.
func inBlocks(n, block int, work func(w int) func(lo, hi int)) {
	var next atomic.Int64
	sched.Workers(min(runtime.GOMAXPROCS(0), (n+block-1)/block), func(w int) {
		do := work(w)
		for {
			lo := int(next.Add(1)-1) * block
			if lo >= n {
				return
			}
			do(lo, min(lo+block, n))
		}
	})
}
