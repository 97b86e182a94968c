package ingest

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// A Budget is a number of blocks that the reads given it share
// (Options.Budget): each read takes from it what it may hold (its lines
// or units, counted before they are read) and keeps, once read, one for
// each item of its document, giving the rest back. A command that holds
// several documents at once reads them with one Budget, so that together
// they hold no more than one input at the limit may. A Budget is safe
// for reads at the same time.
type Budget struct {
	max    int
	shared bool
	left   atomic.Int64
}

// NewBudget returns a Budget of max blocks (DefaultMaxBlocks when max is
// not above 0) for reads that share it.
func NewBudget(max int) *Budget {
	b := newBudget(max)
	b.shared = true
	return b
}

func newBudget(max int) *Budget {
	if max <= 0 {
		max = DefaultMaxBlocks
	}
	b := &Budget{max: max}
	b.left.Store(int64(max))
	return b
}

// Max is the size of the budget, in blocks.
func (b *Budget) Max() int { return b.max }

// Left is what is left of the budget: blocks no read holds.
func (b *Budget) Left() int { return int(max(b.left.Load(), 0)) }

// take takes n blocks, or nothing when fewer are left.
func (b *Budget) take(n int) bool {
	if b.left.Add(int64(-n)) >= 0 {
		return true
	}
	b.left.Add(int64(n))
	return false
}

// give gives n blocks back.
func (b *Budget) give(n int) { b.left.Add(int64(n)) }

// budget is the Budget a read with o takes from: o.Budget, else one of
// its own of o.MaxBlocks.
func (o Options) budget() *Budget {
	if o.Budget != nil {
		return o.Budget
	}
	return newBudget(o.MaxBlocks)
}

// A share is one input's share of a Budget: the blocks it has taken.
// The readings of the same input (text read as Markdown and as text, to
// choose) share it: they are alternatives, of which one is kept.
type share struct {
	b     *Budget
	mu    sync.Mutex
	taken int
	kept  bool
}

// grow makes the reading's share n blocks, when it is less, taking the
// difference from the budget; when the budget has not enough left, it
// returns an ErrTooManyBlocks error that says n and what they are
// (what: "blocks (paragraphs, ...)"; a count of what may each be one
// reads "lines that are not blank, each of which may be a block").
func (r *share) grow(n int, what string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if n <= r.taken {
		return nil
	}
	if r.b.take(n - r.taken) {
		r.taken = n
		return nil
	}
	if !r.b.shared {
		return fmt.Errorf("%w: %d %s, more than the limit of %d blocks (--max-blocks)", ErrTooManyBlocks, n, what, r.b.max)
	}
	return fmt.Errorf("%w: %d %s, more than the %d blocks left of the limit of %d that the command's inputs share (--max-blocks)", ErrTooManyBlocks, n, what, r.taken+r.b.Left(), r.b.max)
}

// Take takes n more blocks for the reading (one for each item of a
// document JSON as it is decoded: corpusjson.Decoder.Budget).
func (r *share) Take(n int) error {
	r.mu.Lock()
	t := r.taken + n
	r.mu.Unlock()
	return r.grow(t, "items")
}

// Left is how many more blocks the reading may take.
func (r *share) Left() int { return r.b.Left() }

// keep settles the reading's share at n blocks, one for each item of the
// document it made: what it took beyond is given back, what it needs
// beyond is taken (an error when the budget has not enough). The share
// kept stays taken for as long as the command runs.
func (r *share) keep(n int) error {
	if err := r.grow(n, "items"); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.b.give(r.taken - n)
	r.taken, r.kept = n, true
	return nil
}

// release gives back the share of a reading that was not kept (its read
// failed): a failed read holds nothing.
func (r *share) release() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.kept {
		r.b.give(r.taken)
		r.taken = 0
	}
}

// Hold takes n blocks, one for each item of a document read otherwise
// (a cache's) that the command holds with those it reads, for as long as
// it runs: an error wrapping ErrTooManyBlocks when fewer are left (the
// caller names the document).
func (b *Budget) Hold(n int) error {
	r := &share{b: b}
	return r.keep(n)
}
