package sched

import (
	"context"

	"golang.org/x/sync/semaphore"
)

// Weights bounds the sum of the weights of the calls running at once:
// a build's steps weighed by the bytes or items they read, so that the
// memory of the steps in flight stays within what one step at the
// limit needs, however many workers there are. The zero value and nil
// bound nothing.
type Weights struct {
	sem      *semaphore.Weighted
	capacity int64
}

// NewWeights returns Weights of the given capacity (a capacity <= 0
// bounds nothing).
func NewWeights(capacity int64) *Weights {
	if capacity <= 0 {
		return &Weights{}
	}
	return &Weights{sem: semaphore.NewWeighted(capacity), capacity: capacity}
}

// Do calls fn once weight w is free and frees it when fn returns. A
// weight under 1 counts 1 and one over the capacity counts the capacity
// (the call runs alone). Waiting callers are served in the order they
// came. When ctx ends before w is free, fn is not called and Do returns
// ctx's error.
func (ws *Weights) Do(ctx context.Context, w int64, fn func()) error {
	if ws == nil || ws.sem == nil {
		fn()
		return nil
	}
	w = min(max(w, 1), ws.capacity)
	if err := ws.sem.Acquire(ctx, w); err != nil {
		return err
	}
	defer ws.sem.Release(w)
	fn()
	return nil
}
