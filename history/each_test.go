package history

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestForEachStopsWithContext: every k is called while the context
// lasts; once it ends, no further k is called and forEach says why.
func TestForEachStopsWithContext(t *testing.T) {
	var calls atomic.Int64
	if err := forEach(context.Background(), 50, 3, func(int) { calls.Add(1) }); err != nil || calls.Load() != 50 {
		t.Fatalf("forEach with a live context: %d calls of 50, error %v", calls.Load(), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls.Store(0)
	err := forEach(ctx, 1000, 1, func(k int) {
		calls.Add(1)
		if k == 4 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("forEach after cancel returned %v, want context.Canceled", err)
	}
	if n := calls.Load(); n != 5 {
		t.Errorf("forEach made %d calls with one worker cancelled at the fifth, want 5", n)
	}
}
