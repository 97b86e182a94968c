package history

import (
	"context"
	"runtime"
	"sync"
)

// forEach calls do(k) for every k in [0, n), on workers goroutines (0:
// GOMAXPROCS), each taking the next k. Once ctx ends no further k is
// handed out, and forEach returns the context's error after the calls
// under way return.
func forEach(ctx context.Context, n, workers int, do func(k int)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for k := range next {
				do(k)
			}
		})
	}
feed:
	for k := range n {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return ctx.Err()
}
