package sched

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestWeights: the weights running at once never pass the capacity, a
// weight over it runs alone, every call runs once, and nil or zero
// Weights bound nothing.
func TestWeights(t *testing.T) {
	weights := []int64{3, 5, 0, 12, 4, 4, 1, 7, 20, 2, 6, 6}
	const capacity = 10
	ws := NewWeights(capacity)
	var mu sync.Mutex
	var inFlight, most int64
	var alone atomic.Bool
	calls := make([]atomic.Int32, len(weights))
	Each(len(weights), 8, func(i int) {
		w := min(max(weights[i], 1), capacity)
		err := ws.Do(context.Background(), weights[i], func() {
			mu.Lock()
			inFlight += w
			most = max(most, inFlight)
			if weights[i] > capacity && inFlight != capacity {
				alone.Store(true)
			}
			mu.Unlock()
			calls[i].Add(1)
			time.Sleep(time.Millisecond) // let the calls overlap
			mu.Lock()
			inFlight -= w
			mu.Unlock()
		})
		if err != nil {
			t.Error(err)
		}
	})
	if most > capacity {
		t.Errorf("%d of weight ran at once, capacity %d", most, capacity)
	}
	if alone.Load() {
		t.Error("a weight over the capacity ran beside another call")
	}
	for i := range calls {
		if n := calls[i].Load(); n != 1 {
			t.Errorf("call %d ran %d times", i, n)
		}
	}
	for _, ws := range []*Weights{nil, {}, NewWeights(0)} {
		ran := false
		if err := ws.Do(context.Background(), 1<<40, func() { ran = true }); err != nil || !ran {
			t.Errorf("unbounded Weights: ran %v, err %v", ran, err)
		}
	}
}

// TestWeightsCancelled: a call waiting for its weight when the context
// ends does not run, and Do says why.
func TestWeightsCancelled(t *testing.T) {
	ws := NewWeights(2)
	hold, release := make(chan struct{}), make(chan struct{})
	go ws.Do(context.Background(), 2, func() { close(hold); <-release })
	<-hold
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran := false
	if err := ws.Do(ctx, 1, func() { ran = true }); err == nil || ran {
		t.Errorf("cancelled wait: ran %v, err %v", ran, err)
	}
	close(release)
}
