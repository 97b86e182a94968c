package history

import (
	"context"

	"github.com/rulesync/rulesync/internal/sched"
)

// forEach calls do(k) for every k in [0, n), at most workers at a time
// (0: GOMAXPROCS), in the order of k, on sched.Each. Once ctx ends no
// further k is called, and forEach returns the context's error after
// the calls under way return.
func forEach(ctx context.Context, n, workers int, do func(k int)) error {
	sched.Each(n, workers, func(k int) {
		if ctx.Err() != nil {
			return
		}
		do(k)
	})
	return ctx.Err()
}
