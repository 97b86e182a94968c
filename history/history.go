// Package history follows every item of a rulebook through a series of
// editions: when it was added, each change to it (with its redline and
// severity), each renumbering, move, split or merge, and when it was
// removed. It chains the comparisons of consecutive editions (diff): an
// item renumbered twice, split, or merged has one history. Editions come
// from files, documents, or the versions of one file in a git
// repository (git.go).
package history

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// Edition is one edition of a series.
type Edition struct {
	// Name is how reports call the edition: a tag, a file name, the
	// edition the document states.
	Name string
	Doc  *corpus.Document
	// Key identifies the edition's content when it is known (the git
	// blob hash); editions with the same Key are the same text.
	Key string
	// Commit is the git commit the edition was read from, if any.
	Commit string
}

// Pair is an item of one edition and its counterpart in the next: one
// index each, or two on one side for a split or a merge.
type Pair struct {
	Old, New []int
}

// Step is what changed between two consecutive editions: the pairing of
// their items (unchanged pairs included) and the changes diff found.
type Step struct {
	Pairs     []Pair
	Changes   []diff.Change
	Moves     []diff.Move
	StaleRefs []diff.StaleRef
	Scope     []diff.ScopeNote
}

// StepOf keeps what a history needs of a comparison.
func StepOf(c *diff.Comparison) *Step {
	s := &Step{Changes: c.Changes, Moves: c.Moves, StaleRefs: c.StaleRefs, Scope: c.Scope}
	if c.Alignment != nil {
		s.Pairs = make([]Pair, len(c.Alignment.Pairs))
		for i, p := range c.Alignment.Pairs {
			s.Pairs[i] = Pair{Old: p.Source, New: p.Target}
		}
	}
	return s
}

// Event is one change to an item: the change diff found between edition
// Edition-1 and Edition (indexes into History.Editions).
type Event struct {
	Edition int
	Change  *diff.Change
}

// Life is the history of one item through the series. Its item in
// edition e is At[e]: no index where the edition lacks it, two where it
// had been split (or was about to be merged).
type Life struct {
	At     [][]int
	Events []Event
	// First and Last are the first and last editions that have it.
	First, Last int
}

// History is a series of editions, the steps between consecutive ones,
// and the life of every item.
type History struct {
	Editions []Edition
	Steps    []*Step // Steps[k] goes from Editions[k] to Editions[k+1]
	Lives    []*Life // those in the last edition first, in its order
	life     [][]int // life[e][i]: the index in Lives of item i of edition e
}

// Options configures Build.
type Options struct {
	// Diff compares consecutive editions.
	Diff diff.Options
	// Steps, when not nil, is asked first for the step between two
	// editions and told each one made (a cache); nil makes every step.
	Steps StepCache
	// Workers compare steps at once; 0 means GOMAXPROCS.
	Workers int
}

// StepCache keeps steps between editions known by Key.
type StepCache interface {
	Step(oldKey, newKey string) *Step
	PutStep(oldKey, newKey string, s *Step)
}

// SeriesCache is a StepCache that also keeps whole series: Build gives
// it the editions and all their steps once they are made (a *Cache
// writes them as one file, which Git.Editions reads back when the same
// versions are asked for again).
type SeriesCache interface {
	StepCache
	KeepSeries(eds []Edition, steps []*Step)
}

// Build compares each edition with the next and follows every item
// through the series. It needs two editions or more; a context that ends
// first stops it with the context's error.
func (o Options) Build(ctx context.Context, eds []Edition) (*History, error) {
	if len(eds) < 2 {
		return nil, fmt.Errorf("history: a series needs two editions or more, got %d", len(eds))
	}
	if ctx == nil {
		ctx = context.Background()
	}
	h := &History{Editions: eds, Steps: make([]*Step, len(eds)-1)}
	// The steps are independent: each worker takes the next one.
	if err := forEach(ctx, len(h.Steps), o.Workers, func(k int) { h.Steps[k] = o.step(ctx, eds[k], eds[k+1]) }); err != nil {
		return nil, err
	}
	if sc, ok := o.Steps.(SeriesCache); ok {
		sc.KeepSeries(eds, h.Steps)
	}
	h.follow()
	return h, nil
}

// step compares two consecutive editions, through the cache when both
// have keys.
func (o Options) step(ctx context.Context, a, b Edition) *Step {
	cached := o.Steps != nil && a.Key != "" && b.Key != ""
	if cached {
		if s := o.Steps.Step(a.Key, b.Key); s != nil {
			return s
		}
	}
	d := o.Diff
	if d.Context == nil {
		d.Context = ctx
	}
	s := quickStep(d, a.Doc, b.Doc)
	if s == nil {
		s = StepOf(d.Compare(a.Doc, b.Doc))
	}
	if cached && ctx.Err() == nil {
		o.Steps.PutStep(a.Key, b.Key, s)
	}
	return s
}

// follow joins the items of consecutive editions that the steps pair
// into lives (union-find over every item of every edition), and gives
// each change to the life of its items.
func (h *History) follow() {
	base := make([]int, len(h.Editions)+1) // node of item i of edition e: base[e]+i
	for e, ed := range h.Editions {
		base[e+1] = base[e] + len(ed.Doc.Items)
	}
	parent := make([]int, base[len(h.Editions)])
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b int) {
		if ra, rb := find(a), find(b); ra != rb {
			parent[rb] = ra
		}
	}
	for k, s := range h.Steps {
		for _, p := range s.Pairs {
			for _, i := range p.Old {
				for _, j := range p.New {
					union(base[k]+i, base[k+1]+j)
				}
			}
		}
	}
	// Lives numbered from the last edition back, each edition in its
	// order: those of the last edition first, in its order.
	index := map[int]int{}
	h.life = make([][]int, len(h.Editions))
	for e := range h.Editions {
		h.life[e] = make([]int, len(h.Editions[e].Doc.Items))
	}
	for e := len(h.Editions) - 1; e >= 0; e-- {
		for i := range h.Editions[e].Doc.Items {
			r := find(base[e] + i)
			l, ok := index[r]
			if !ok {
				l = len(h.Lives)
				index[r] = l
				h.Lives = append(h.Lives, &Life{At: make([][]int, len(h.Editions)), First: e, Last: e})
			}
			lf := h.Lives[l]
			lf.At[e] = append(lf.At[e], i)
			lf.First = e
			h.life[e][i] = l
		}
	}
	for k, s := range h.Steps {
		for c := range s.Changes {
			ch := &s.Changes[c]
			var l int
			if len(ch.New) > 0 {
				l = h.life[k+1][ch.New[0]]
			} else {
				l = h.life[k][ch.Old[0]]
			}
			h.Lives[l].Events = append(h.Lives[l].Events, Event{Edition: k + 1, Change: ch})
		}
	}
}

// LifeOf returns the life of item i of edition e.
func (h *History) LifeOf(e, i int) *Life { return h.Lives[h.life[e][i]] }

// Item returns the life's item in edition e (the first of two), or nil
// where the edition lacks it.
func (h *History) Item(l *Life, e int) *corpus.Item {
	if len(l.At[e]) == 0 {
		return nil
	}
	return &h.Editions[e].Doc.Items[l.At[e][0]]
}

// Latest returns the life's item in the last edition that has it.
func (h *History) Latest(l *Life) *corpus.Item { return h.Item(l, l.Last) }

// IDs returns the ids of the life's items in edition e.
func (h *History) IDs(l *Life, e int) []string {
	var ids []string
	for _, i := range l.At[e] {
		ids = append(ids, h.Editions[e].Doc.Items[i].ID)
	}
	return ids
}

// TextChangedIn returns the editions in which the life's text changed
// (a modification, a split or a merge that changed the words), in order.
func (l *Life) TextChangedIn() []int {
	var out []int
	for _, ev := range l.Events {
		if ev.Change.TextChanged && (len(out) == 0 || out[len(out)-1] != ev.Edition) {
			out = append(out, ev.Edition)
		}
	}
	return out
}

// Since returns the life's events after edition e.
func (l *Life) Since(e int) []Event {
	var out []Event
	for _, ev := range l.Events {
		if ev.Edition > e {
			out = append(out, ev)
		}
	}
	return out
}

// FileEditions makes a series of documents read from files, in order:
// each named by the edition it states when that names it alone in the
// series, else by its file's name.
func FileEditions(paths []string, docs []*corpus.Document) []Edition {
	count := map[string]int{}
	for _, d := range docs {
		count[d.Edition]++
	}
	eds := make([]Edition, len(docs))
	for k, d := range docs {
		name := d.Edition
		if name == "" || name == "unknown" || count[name] > 1 {
			name = filepath.Base(paths[k])
		}
		eds[k] = Edition{Name: name, Doc: d}
	}
	return eds
}
