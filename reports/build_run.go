package reports

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/sched"
)

// buildRun is one run of a build: what its stages share.
type buildRun struct {
	*Build
	ctx      context.Context
	ws       *Workspace
	notes    *notes
	cache    *cache
	out      *output
	sum      *Summary
	workers  int
	settings string // Build.settingsKey, in every task's key

	srcs   []*source
	byName map[string]*source
	// shared are the sources whose documents several steps use, kept
	// once read; used adds the translations: a source no step uses is
	// checked alone.
	shared, used map[string]bool
	// held is the budget of blocks the documents kept share (hold).
	held *ingest.Budget
	// bytes and items bound the work in flight: the sources read at
	// once weigh their bytes, within one source's limit (max_bytes), and
	// the steps run at once weigh their documents' items, within one
	// document's limit (max_blocks), so that the build's memory does not
	// grow with its workers (see weigh).
	bytes, items *sched.Weights

	tasks []task
	keys  []string // the tasks' keys
	// The tasks' summaries and errors.
	summaries []any
	errs      []error
}

// start checks the workspace and opens the cache and the new output
// directory; close closes them.
func (b *Build) start(ctx context.Context) (*buildRun, error) {
	ws := b.Workspace
	if err := ws.checkNames(); err != nil {
		return nil, err
	}
	if _, _, err := corpus.SourceDateEpoch(); err != nil {
		return nil, err
	}
	if err := ws.checkOutputHoldsNoSource(b.Out); err != nil {
		return nil, err
	}
	r := &buildRun{Build: b, ctx: ctx, ws: ws, notes: &notes{}, sum: &Summary{}, workers: b.Workers, settings: b.settingsKey()}
	if r.workers <= 0 {
		r.workers = runtime.GOMAXPROCS(0)
	}
	r.cache = ws.openCache(r.notes)
	out, err := newOutput(b.Out, r.notes)
	if err != nil {
		if r.cache != nil {
			r.cache.close()
		}
		return nil, err
	}
	r.out = out
	r.shared, r.used = map[string]bool{}, map[string]bool{}
	r.held = ingest.NewBudget(ws.MaxBlocks)
	r.bytes = sched.NewWeights(cmp.Or(ws.MaxBytes, ingest.DefaultMaxBytes))
	r.items = sched.NewWeights(int64(r.held.Max()))
	for _, d := range ws.Diffs {
		r.shared[d.Old], r.shared[d.New] = true, true
	}
	for _, se := range ws.Series {
		for _, e := range se.Editions {
			r.shared[e] = true
		}
	}
	for _, t := range ws.Translations {
		r.shared[t.Source], r.shared[t.Base] = true, true
		r.used[t.Name] = true
	}
	for n := range r.shared {
		r.used[n] = true
	}
	return r, nil
}

// close discards an output directory not committed and closes the cache.
func (r *buildRun) close() {
	r.sum.Notes = r.notes.list
	r.out.Discard()
	if r.cache != nil {
		r.cache.close()
	}
}

// ingestSources reads every source, concurrently, each from the cache
// when its bytes are unchanged; a source that cannot be read is in
// Summary.Failed.
func (r *buildRun) ingestSources() error {
	r.srcs = make([]*source, len(r.ws.Sources))
	r.byName = map[string]*source{}
	for i, s := range r.ws.Sources {
		r.srcs[i] = &source{Source: s}
		r.byName[s.Name] = r.srcs[i]
	}
	sched.Each(len(r.srcs), r.workers, func(i int) {
		src := r.srcs[i]
		if src.err = r.ctx.Err(); src.err != nil {
			return
		}
		if err := r.bytes.Do(r.ctx, r.sourceBytes(src), func() { r.ingestSource(src) }); err != nil {
			src.err = err // interrupted while waiting its turn
		}
	})
	if err := r.interrupted(r.ctx); err != nil {
		return err
	}
	for _, src := range r.srcs {
		if src.err != nil {
			r.sum.Failed = append(r.sum.Failed, SourceError{src.Name, src.err})
			continue
		}
		r.sum.Documents = append(r.sum.Documents, src.summary)
	}
	// Two editions of a [[diff]] in different languages, as the diff
	// command warns of them.
	for _, p := range r.ws.Diffs {
		o, n := r.byName[p.Old], r.byName[p.New]
		if o == nil || n == nil || o.err != nil || n.err != nil {
			continue
		}
		if msg := diff.LanguageMismatch(o.summary.Lang, n.summary.Lang, p.Old, p.New); msg != "" {
			r.notes.add("warning: [[diff]] %s..%s: %s", p.Old, p.New, msg)
		}
	}
	return nil
}

// ingestSource reads src for ingestSources (its weight taken), holding
// its document when steps share it or the cache could not store it.
func (r *buildRun) ingestSource(src *source) {
	r.event(Event{Stage: "ingest", Name: src.Name})
	d, err := r.ingest(r.ctx, src, r.cache)
	if err == nil && (r.shared[src.Name] || !src.stored) {
		err = r.hold(src, d)
	}
	src.err = err
	r.event(Event{Stage: "ingest", Name: src.Name, Done: true, Cached: src.summary.Cached, Err: err})
}

// hold keeps a source's document for the build's length (one that
// several steps share, or that the cache could not store), its items
// taken from the blocks that the documents held share (held): each
// source is read within the limit of blocks (max_blocks, --max-blocks),
// and those held together within it too, so that a build holds no more
// than one input at the limit may, and reads a source at a time on each
// worker. An error names the source's input and the limit. The
// documents not held (a translation the cache stores, read again by its
// step) are not counted: a build of 1.5 million items holds a few
// editions at once.
func (r *buildRun) hold(src *source, d *corpus.Document) error {
	if err := r.held.Hold(len(d.Items)); err != nil {
		input := src.URL
		if src.Path != "" {
			input = r.ws.resolve(src.Path)
		}
		return &ingest.Error{Input: input, Err: err}
	}
	src.doc = d
	return nil
}

// ok reports whether the source name was read.
func (r *buildRun) ok(name string) bool { return r.byName[name].err == nil }

// unread is those of the sources names (each once, "" skipped) that
// could not be read; nil when every one was.
func (r *buildRun) unread(names ...string) []string {
	var out []string
	for _, n := range names {
		if n != "" && !r.ok(n) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// load is the document of the source name: kept, or from the cache.
func (r *buildRun) load(name string) (*corpus.Document, error) {
	src := r.byName[name]
	if src.doc != nil {
		return src.doc, nil
	}
	d := r.cache.loadDoc(src.hash, "the document of "+name)
	if d == nil {
		return nil, fmt.Errorf("the cached document of %s is gone", name)
	}
	return d, nil
}

// runTasks runs the tasks, concurrently, each from the cache when its
// key is there, and writes their outputs; a translation that could not
// be put on its source is in Summary.Unplaced.
func (r *buildRun) runTasks() error {
	r.tasks = r.plan()
	n := len(r.tasks)
	r.summaries, r.errs = make([]any, n), make([]error, n)
	r.keys = make([]string, n)
	for i, t := range r.tasks {
		r.keys[i] = t.key(r)
	}
	sched.Each(n, r.workers, func(i int) {
		t := r.tasks[i]
		if r.errs[i] = r.ctx.Err(); r.errs[i] != nil {
			return
		}
		stage, name, k := t.stage(), t.name(), r.keys[i]
		r.event(Event{Stage: stage, Name: name})
		s, hit := r.cache.loadTaskInto(k, stage+" "+name, r.out.files)
		var err error
		if !hit {
			// The files go into the output as they are made, and the
			// cache copies them from there: a file of hundreds of
			// megabytes is never held whole.
			tf := newTaskFiles(r.out.files)
			if werr := r.items.Do(r.ctx, r.taskItems(t), func() { s, err = t.make(r, tf.put) }); werr != nil {
				err = werr
			}
			if err != nil {
				tf.remove()
			} else {
				// A cache that cannot be written only makes the
				// next build slower.
				r.cache.storeTaskFrom(k, tf, s)
			}
		}
		r.summaries[i], r.errs[i] = s, err
		r.event(Event{Stage: stage, Name: name, Done: true, Cached: hit, Err: err})
	})
	if err := r.interrupted(r.ctx); err != nil {
		return err
	}
	for i, t := range r.tasks {
		var u unplaceable
		if errors.As(r.errs[i], &u) {
			r.sum.Unplaced = append(r.sum.Unplaced, SourceError{t.name(), u.error})
			continue
		}
		if r.errs[i] != nil {
			return fmt.Errorf("%s %s: %v", t.stage(), t.name(), r.errs[i])
		}
		switch s := r.summaries[i].(type) {
		case *ChangelogSummary:
			r.sum.Changelogs = append(r.sum.Changelogs, *s)
		case *TranslationSummary:
			r.sum.Translations = append(r.sum.Translations, *s)
		case *CheckSummary:
			r.sum.Checks = append(r.sum.Checks, *s)
		}
	}
	return nil
}

// histories writes the histories of the series, and links each
// changelog entry of a series' editions to its item's history.
func (r *buildRun) histories() error {
	for _, se := range r.ws.Series {
		if bad := r.unread(se.Editions...); bad != nil {
			r.sum.Skipped = append(r.sum.Skipped, Skipped{"series", se.Name, bad})
			continue
		}
		fs, hs, err := r.seriesFiles(r.ctx, se, r.ok, r.load)
		if err == nil {
			err = r.out.writeAll(fs)
		}
		if err := r.interrupted(r.ctx); err != nil {
			return err
		}
		if se.Repo != "" && err != nil {
			// A repository that cannot be read is a source that cannot.
			r.sum.Failed = append(r.sum.Failed, SourceError{"series " + se.Name, err})
			continue
		}
		if err != nil {
			return fmt.Errorf("series %s: %v", se.Name, err)
		}
		if hs != nil {
			r.sum.Histories = append(r.sum.Histories, *hs)
		}
	}
	if err := r.interrupted(r.ctx); err != nil {
		return err
	}
	for i := range r.tasks {
		c, ok := r.summaries[i].(*ChangelogSummary)
		if !ok || len(r.sum.Histories) == 0 {
			continue
		}
		name := "changelog/" + c.Name + ".html"
		page, err := r.out.files.read(name)
		if err != nil {
			return err
		}
		if p := linkHistories(page, *c, r.sum.Histories); !bytes.Equal(p, page) {
			if err := r.out.write(name, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// site writes the glossary of the shared documents, the PO templates
// and the HTML site.
func (r *buildRun) site() error {
	r.event(Event{Stage: "site", Name: "site"})
	in := siteInput{ws: r.ws, sum: r.sum}
	var docs []*corpus.Document
	for _, src := range r.srcs {
		if src.doc != nil && r.shared[src.Name] {
			docs = append(docs, src.doc)
			in.docs = append(in.docs, namedDoc{src.Name, src.doc})
		}
	}
	// The glossary carries every language of the workspace: its
	// translations' too, each read in and let go in turn.
	u := newTermsUsed(align.DefaultGlossary())
	for _, d := range docs {
		u.add(d)
	}
	for _, t := range r.ws.Translations {
		if r.ok(t.Name) {
			if d, err := r.load(t.Name); err == nil {
				u.add(d)
			}
		}
	}
	// Each file is streamed into the output as it is made.
	p := newTaskFiles(r.out.files).put
	if err := p("interchange/glossary.tbx", u.write); err != nil {
		return err
	}
	// A template per source edition translations are made from: a new
	// language starts from it.
	pots := map[string]bool{}
	for _, t := range r.ws.Translations {
		if !r.ok(t.Source) || pots[t.Source] {
			continue
		}
		pots[t.Source] = true
		if d, err := r.load(t.Source); err == nil {
			o := DraftOptions{Now: r.now(), SourceText: r.rawText(t.Source, d)}
			if err := p("interchange/"+t.Source+".pot", func(w io.Writer) error { return POT(w, d, o) }); err != nil {
				return err
			}
		}
	}
	// The translations' and the other documents' items join the search
	// index of a workspace of up to searchLimit items; a bigger one
	// searches the compared editions and sources only.
	total := 0
	for _, d := range r.sum.Documents {
		total += d.Items
	}
	if total <= searchLimit {
		for _, t := range r.ws.Translations {
			if r.ok(t.Name) {
				if d, err := r.load(t.Name); err == nil {
					in.translations = append(in.translations, namedDoc{t.Name, d})
				}
			}
		}
		for _, c := range r.sum.Checks {
			if d, err := r.load(c.Name); err == nil {
				in.others = append(in.others, namedDoc{c.Name, d})
			}
		}
	}
	if err := site(p, in); err != nil {
		return err
	}
	r.event(Event{Stage: "site", Name: "site", Done: true})
	return r.interrupted(r.ctx)
}

// commit puts the new output directory in Out's place.
func (r *buildRun) commit() error {
	r.event(Event{Stage: "write", Name: r.Out})
	n, err := r.out.Commit()
	if err != nil {
		return err
	}
	r.sum.Files = n
	r.event(Event{Stage: "write", Name: r.Out, Done: true})
	return nil
}

// prune keeps in the cache what this build used; the rest goes once
// nothing has used it for pruneAge.
func (r *buildRun) prune() {
	kept := map[string]bool{}
	for _, src := range r.srcs {
		if src.hash != "" {
			kept[docEntry(src.hash)] = true
		}
		if src.URL != "" {
			kept[fetchEntry(src.Source)] = true
		}
	}
	for _, k := range r.keys {
		kept[taskEntry(k)] = true
	}
	r.sum.Pruned = r.cache.prune(kept, time.Now())
}

// sourceBytes weighs a source for the reading stage: its file's size, or
// a whole source's limit for a URL or a file that cannot be looked at
// (its reading says why).
func (r *buildRun) sourceBytes(src *source) int64 {
	if src.Path == "" {
		return cmp.Or(r.ws.MaxBytes, ingest.DefaultMaxBytes)
	}
	fi, err := os.Stat(r.ws.resolve(src.Path))
	if err != nil || !fi.Mode().IsRegular() {
		return cmp.Or(r.ws.MaxBytes, ingest.DefaultMaxBytes)
	}
	return fi.Size()
}

// taskItems weighs a step: the items of the documents it reads, each
// once.
func (r *buildRun) taskItems(t task) int64 {
	var n int64
	seen := map[string]bool{}
	for _, name := range t.inputs() {
		if name != "" && !seen[name] {
			seen[name] = true
			n += int64(r.byName[name].summary.Items)
		}
	}
	return n
}
