package reports

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/sched"
)

// searchLimit is the most items a site's search index takes in from the
// translations as well as the sources.
const searchLimit = 100000

// Event is a step of a build, for a progress display.
type Event struct {
	Stage  string // "ingest", "diff", "gaps", "check", "site", "write"
	Name   string // the source, pair or translation
	Done   bool   // false when the step starts
	Cached bool   // the result came from the cache
	Err    error
}

// Build builds a workspace into an output directory.
type Build struct {
	Workspace *Workspace
	// Out is the output directory. It is replaced only when the new
	// build is complete.
	Out string
	// Progress, when set, is told of each step (from several goroutines,
	// one call at a time).
	Progress func(Event)
	// Now is the clock: it gives the time written into interchange
	// files and recorded as the documents' ingest time; nil means
	// time.Now. SOURCE_DATE_EPOCH, when set, fixes that time instead, for
	// output that is the same in every byte whenever it is built.
	Now func() time.Time
	// Workers bounds the concurrent steps; 0 means GOMAXPROCS.
	Workers int

	mu sync.Mutex
}

// Summary is what a build did.
type Summary struct {
	Documents    []DocSummary
	Changelogs   []ChangelogSummary
	Translations []TranslationSummary
	// Checks are the documents that are neither an edition compared nor
	// a translation or its source: the checks that need no source.
	Checks []CheckSummary
	// Histories are the workspace's series followed item by item.
	Histories []HistorySummary
	// Failed lists the sources that could not be read, with the reason;
	// what depends on them was left out, everything else was written.
	Failed []SourceError
	// Unplaced lists the translations that could not be put on their
	// source (fewer than half of the source's items they should cover
	// have a counterpart: see gaps.Report.Unplaceable), with the reason:
	// none of their files was written, everything else was.
	Unplaced []SourceError
	Files    int
	// Pruned is how many cache entries no build had used for a day were
	// removed.
	Pruned int
	// Notes are what the build has to tell beside the summary: a cache it
	// could not use or write (the build went on without it), cache
	// entries that failed their checksum and were redone, unfinished
	// output directories of killed builds it removed.
	Notes []string
}

// DocSummary describes an ingested source.
type DocSummary struct {
	Name, Edition, Lang string
	Items               int
	Cached              bool
}

// ChangelogSummary describes an edition pair.
type ChangelogSummary struct {
	// Name is the pair's name in the output: "old..new" by source names.
	Name string
	// Old and New are the editions; OldName and NewName the sources.
	Old, New, OldName, NewName      string
	Changes, Substantive, Editorial int
	// Added and Removed count the substantive changes that added or
	// removed an item.
	Added, Removed int
	// Scope holds the notes on kinds of item only one edition has.
	Scope []string
}

// count is the summary's counts as its changelog counts them.
func (c ChangelogSummary) count() changeCount {
	return changeCount{total: c.Changes, substantive: c.Substantive, editorial: c.Editorial, added: c.Added, removed: c.Removed}
}

// TranslationSummary describes a checked translation.
type TranslationSummary struct {
	Name, Source, Base string
	// Findings counts the report's findings and Errors those of error
	// severity.
	Findings, Errors int
	// Progress counts the translation's segments by state, as every
	// output counts them (gaps.Progress).
	Progress gaps.Progress
	// Labels gives the translation's items by printed number: an item
	// that prints none takes its source's ("item:6" is "Rule 7").
	Labels map[string]string
	// Draft is the sync draft's path in the output ("" when none).
	Draft string
}

// CheckSummary describes a document checked alone.
type CheckSummary struct {
	Name, Title, Edition, Lang string
	Items                      int
	Errors, Warnings, Info     int
}

// counts says the findings in words: "1 warning, 2 info" or "none".
func (c CheckSummary) counts() string {
	var parts []string
	for _, x := range []struct {
		n         int
		one, many string
	}{{c.Errors, "error", "errors"}, {c.Warnings, "warning", "warnings"}, {c.Info, "info", "info"}} {
		switch {
		case x.n == 1:
			parts = append(parts, "1 "+x.one)
		case x.n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", x.n, x.many))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// unplaceable is the error of a translation that could not be put on
// its source: the build goes on without its files (Summary.Unplaced).
type unplaceable struct{ error }

// SourceError is a source a build could not read, or a translation it
// could not put on its source.
type SourceError struct {
	Name string
	Err  error
}

func (b *Build) event(e Event) {
	if b.Progress == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.Progress(e)
}

// now is the time a build writes into its outputs: SOURCE_DATE_EPOCH
// when set (Run refuses a bad one), else the clock's.
func (b *Build) now() time.Time {
	if t, ok, _ := corpus.SourceDateEpoch(); ok {
		return t
	}
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// files is output by path relative to Out.
type files map[string][]byte

// source is an ingested source: where its document is cached, and what a
// summary says of it. Documents are read from the cache when a task needs
// them, so that a build holds only what it works on.
type source struct {
	Source
	hash    string           // the key of its document in the cache
	stored  bool             // the document is in the cache
	doc     *corpus.Document // kept for the documents other tasks share, and those the cache lacks
	summary DocSummary
	err     error
}

// Run builds the workspace: ingests every source (concurrently, from the
// cache when its bytes are unchanged), compares the edition pairs, checks
// the translations, and writes changelog/, gaps/, interchange/ and the
// HTML site into a new directory that then replaces Out. Outputs whose
// inputs are unchanged come from the cache. A source that cannot be read
// is reported in the Summary and what depends on it is left out; the
// error returned is for a build that could not be written at all, or
// whose context ended (then nothing is written and Out is as it was). Only
// the documents several steps share stay in memory; each step's output
// is written as it is made.
func (b *Build) Run(ctx context.Context) (*Summary, error) {
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
	notes := &notes{}
	cache := openCache(ws.cacheDir(), notes)
	if cache != nil {
		defer cache.close()
	}
	workers := b.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out, err := newOutput(b.Out, notes)
	if err != nil {
		return nil, err
	}
	defer out.Discard()
	sum := &Summary{}
	defer func() { sum.Notes = notes.list }()

	// The documents several steps use are kept once read; a document
	// no step uses is checked alone.
	shared, used := map[string]bool{}, map[string]bool{}
	for _, d := range ws.Diffs {
		shared[d.Old], shared[d.New] = true, true
	}
	for _, se := range ws.Series {
		for _, e := range se.Editions {
			shared[e] = true
		}
	}
	for _, t := range ws.Translations {
		shared[t.Source], shared[t.Base] = true, true
		used[t.Name] = true
	}
	for n := range shared {
		used[n] = true
	}

	// Ingest.
	srcs := make([]*source, len(ws.Sources))
	byName := map[string]*source{}
	for i, s := range ws.Sources {
		srcs[i] = &source{Source: s}
		byName[s.Name] = srcs[i]
	}
	sched.Each(len(srcs), workers, func(i int) {
		src := srcs[i]
		if src.err = ctx.Err(); src.err != nil {
			return
		}
		b.event(Event{Stage: "ingest", Name: src.Name})
		d, err := b.ingest(ctx, src, cache)
		src.err = err
		if err == nil && (shared[src.Name] || !src.stored) {
			src.doc = d
		}
		b.event(Event{Stage: "ingest", Name: src.Name, Done: true, Cached: src.summary.Cached, Err: err})
	})
	if err := b.interrupted(ctx); err != nil {
		return nil, err
	}
	for _, src := range srcs {
		if src.err != nil {
			sum.Failed = append(sum.Failed, SourceError{src.Name, src.err})
			continue
		}
		sum.Documents = append(sum.Documents, src.summary)
	}
	ok := func(name string) bool { return byName[name].err == nil }
	load := func(name string) (*corpus.Document, error) {
		src := byName[name]
		if src.doc != nil {
			return src.doc, nil
		}
		d := cache.loadDoc(src.hash, "the document of "+name)
		if d == nil {
			return nil, fmt.Errorf("the cached document of %s is gone", name)
		}
		return d, nil
	}

	// Compare and check, each task cached by the hashes of its inputs.
	type task struct {
		stage, name, key string
		run              func() (files, any, error)
	}
	var tasks []task
	settings := b.settingsKey()
	for _, d := range ws.Diffs {
		if !ok(d.Old) || !ok(d.New) {
			continue
		}
		d := d
		name := d.Old + ".." + d.New
		k := key("diff", settings, name, byName[d.Old].hash, byName[d.New].hash)
		if d.Title != "" {
			k = key("diff", settings, name, byName[d.Old].hash, byName[d.New].hash, "title", d.Title)
		}
		tasks = append(tasks, task{"diff", name, k, func() (files, any, error) {
			o, err := load(d.Old)
			if err != nil {
				return nil, nil, err
			}
			n, err := load(d.New)
			if err != nil {
				return nil, nil, err
			}
			cmp := diff.Options{Context: ctx}.Compare(o, n)
			if err := ctx.Err(); err != nil {
				return nil, nil, err // an incomplete comparison is not kept
			}
			return changelogFiles(d, cmp)
		}})
	}
	for _, t := range ws.Translations {
		if !ok(t.Name) || !ok(t.Source) || t.Base != "" && !ok(t.Base) {
			continue
		}
		t := t
		baseHash := ""
		if t.Base != "" {
			baseHash = byName[t.Base].hash
		}
		// The editions of a series from the base to the source: each
		// stale item's changes, edition by edition.
		var seriesKey []string
		between := ws.seriesBetween(t.Base, t.Source)
		for _, e := range between {
			if !ok(e) {
				between = nil
				break
			}
		}
		for _, e := range between {
			seriesKey = append(seriesKey, e, byName[e].hash)
		}
		tasks = append(tasks, task{"gaps", t.Name, key("gaps", settings, t.Name, t.Source, t.Base, byName[t.Source].hash, byName[t.Name].hash, baseHash, strings.Join(seriesKey, "\x00")), func() (files, any, error) {
			src, err := load(t.Source)
			if err != nil {
				return nil, nil, err
			}
			tr, err := load(t.Name)
			if err != nil {
				return nil, nil, err
			}
			var base *corpus.Document
			if t.Base != "" {
				if base, err = load(t.Base); err != nil {
					return nil, nil, err
				}
			}
			r := gaps.Options{Context: ctx}.Gaps(src, tr, base)
			if err := ctx.Err(); err != nil {
				return nil, nil, err // an incomplete report is not kept
			}
			if err := r.Unplaceable(); err != nil {
				return nil, nil, unplaceable{err}
			}
			var h *history.History
			if len(between) > 0 {
				var eds []history.Edition
				for _, e := range between {
					d, err := load(e)
					if err != nil {
						return nil, nil, err
					}
					eds = append(eds, history.Edition{Name: e, Doc: d})
				}
				if h, err = (history.Options{Diff: diff.Options{Context: ctx}}).Build(ctx, eds); err != nil {
					return nil, nil, err
				}
				SeriesEvidence(r, h)
			}
			texts := DraftOptions{SourceText: b.rawText(t.Source, src), TranslationText: b.rawText(t.Name, tr)}
			return b.translationFiles(t, r, h, texts)
		}})
	}
	for _, s := range ws.Sources {
		if used[s.Name] || !ok(s.Name) {
			continue
		}
		name := s.Name
		tasks = append(tasks, task{"check", name, key("check", settings, ws.Title, name, byName[name].hash), func() (files, any, error) {
			d, err := load(name)
			if err != nil {
				return nil, nil, err
			}
			r := gaps.Options{Context: ctx}.Check(d)
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			return checkFiles(namedDoc{name, d}, r, ws.Title)
		}})
	}
	summaries := make([]any, len(tasks))
	taskErrs := make([]error, len(tasks))
	pages := make([][]byte, len(tasks)) // the changelogs' site pages
	sched.Each(len(tasks), workers, func(i int) {
		t := tasks[i]
		if taskErrs[i] = ctx.Err(); taskErrs[i] != nil {
			return
		}
		b.event(Event{Stage: t.stage, Name: t.name})
		fs, s, hit := cache.loadTask(t.key, t.stage+" "+t.name)
		var err error
		if !hit {
			if fs, s, err = t.run(); err == nil {
				// A cache that cannot be written only makes the
				// next build slower.
				cache.storeTask(t.key, fs, s)
			}
		}
		if err == nil {
			// Copies, not links: editing the output never edits the
			// cache.
			err = out.writeAll(fs)
			if t.stage == "diff" {
				// Linked to the histories once they are made.
				pages[i] = fs["changelog/"+t.name+".html"]
			}
		}
		summaries[i], taskErrs[i] = s, err
		b.event(Event{Stage: t.stage, Name: t.name, Done: true, Cached: hit, Err: err})
	})
	if err := b.interrupted(ctx); err != nil {
		return nil, err
	}
	for i := range tasks {
		var u unplaceable
		if errors.As(taskErrs[i], &u) {
			sum.Unplaced = append(sum.Unplaced, SourceError{tasks[i].name, u.error})
			continue
		}
		if taskErrs[i] != nil {
			return nil, fmt.Errorf("%s %s: %v", tasks[i].stage, tasks[i].name, taskErrs[i])
		}
		switch s := summaries[i].(type) {
		case *ChangelogSummary:
			sum.Changelogs = append(sum.Changelogs, *s)
		case *TranslationSummary:
			sum.Translations = append(sum.Translations, *s)
		case *CheckSummary:
			sum.Checks = append(sum.Checks, *s)
		}
	}

	// The histories of the series.
	for _, se := range ws.Series {
		fs, hs, err := b.seriesFiles(ctx, se, ok, load)
		if err == nil {
			err = out.writeAll(fs)
		}
		if err := b.interrupted(ctx); err != nil {
			return nil, err
		}
		if se.Repo != "" && err != nil {
			// A repository that cannot be read is a source that cannot.
			sum.Failed = append(sum.Failed, SourceError{"series " + se.Name, err})
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("series %s: %v", se.Name, err)
		}
		if hs != nil {
			sum.Histories = append(sum.Histories, *hs)
		}
	}
	if err := b.interrupted(ctx); err != nil {
		return nil, err
	}
	// Each changelog entry of a series' editions links to its item's
	// history.
	for i := range tasks {
		if c, ok := summaries[i].(*ChangelogSummary); ok && pages[i] != nil && len(sum.Histories) > 0 {
			if p := linkHistories(pages[i], *c, sum.Histories); !bytes.Equal(p, pages[i]) {
				if err := out.write("changelog/"+c.Name+".html", p); err != nil {
					return nil, err
				}
			}
		}
	}

	// The glossary of the shared documents, and the site.
	b.event(Event{Stage: "site", Name: "site"})
	in := siteInput{ws: ws, sum: sum}
	var docs []*corpus.Document
	for _, src := range srcs {
		if src.doc != nil && shared[src.Name] {
			docs = append(docs, src.doc)
			in.docs = append(in.docs, namedDoc{src.Name, src.doc})
		}
	}
	// The glossary carries every language of the workspace: its
	// translations' too.
	all := append([]*corpus.Document(nil), docs...)
	for _, t := range ws.Translations {
		if ok(t.Name) {
			if d, err := load(t.Name); err == nil {
				all = append(all, d)
			}
		}
	}
	var tbx bytes.Buffer
	if err := TBX(&tbx, align.DefaultGlossary(), all...); err != nil {
		return nil, err
	}
	fs := files{"interchange/glossary.tbx": tbx.Bytes()}
	// A template per source edition translations are made from: a new
	// language starts from it.
	for _, t := range ws.Translations {
		if !ok(t.Source) || fs["interchange/"+t.Source+".pot"] != nil {
			continue
		}
		if d, err := load(t.Source); err == nil {
			var pot bytes.Buffer
			if err := POT(&pot, d, b.now()); err != nil {
				return nil, err
			}
			fs["interchange/"+t.Source+".pot"] = pot.Bytes()
		}
	}
	// The translations' and the other documents' items join the search
	// index of a workspace of up to searchLimit items; a bigger one
	// searches the compared editions and sources only.
	total := 0
	for _, d := range sum.Documents {
		total += d.Items
	}
	if total <= searchLimit {
		for _, t := range ws.Translations {
			if src := byName[t.Name]; src.err == nil {
				if d, err := load(t.Name); err == nil {
					in.translations = append(in.translations, namedDoc{t.Name, d})
				}
			}
		}
		for _, c := range sum.Checks {
			if d, err := load(c.Name); err == nil {
				in.others = append(in.others, namedDoc{c.Name, d})
			}
		}
	}
	if err := site(fs, in); err != nil {
		return nil, err
	}
	if err := out.writeAll(fs); err != nil {
		return nil, err
	}
	b.event(Event{Stage: "site", Name: "site", Done: true})

	if err := b.interrupted(ctx); err != nil {
		return nil, err
	}
	b.event(Event{Stage: "write", Name: b.Out})
	n, err := out.Commit()
	if err != nil {
		return nil, err
	}
	sum.Files = n
	b.event(Event{Stage: "write", Name: b.Out, Done: true})

	// What this build used stays in the cache; the rest goes once
	// nothing has used it for pruneAge.
	kept := map[string]bool{}
	for _, src := range srcs {
		if src.hash != "" {
			kept[docEntry(src.hash)] = true
		}
		if src.URL != "" {
			kept[fetchEntry(src.Source)] = true
		}
	}
	for _, t := range tasks {
		kept[taskEntry(t.key)] = true
	}
	sum.Pruned = cache.prune(kept, time.Now())
	return sum, nil
}

// interrupted is the error of a build whose context ended: nothing is
// written, and the output directory is as it was.
func (b *Build) interrupted(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted (%w): %s is as it was", err, b.Out)
	}
	return nil
}

// ingest reads a source: from the cache when a document was already made
// from the same bytes with the same options. A URL is fetched on every
// build, conditionally (If-None-Match, If-Modified-Since) when an earlier
// build kept the server's validators: a 304 answer takes the document
// made before, as do unchanged bytes from a server that gives none. It
// returns the document and fills in src: the key of its inputs (its name
// in the cache), whether the cache holds it, and its summary.
func (b *Build) ingest(ctx context.Context, src *source, cache *cache) (*corpus.Document, error) {
	s := src.Source
	opt := ingest.Options{Format: s.Format, Edition: s.Edition, Lang: s.Lang, PDFEngine: s.PDFEngine, MaxBytes: b.Workspace.MaxBytes, Now: b.now, Context: ctx, AllowPrivate: b.Workspace.AllowPrivateURLs}
	found := func(d *corpus.Document, h string, cached bool) (*corpus.Document, error) {
		src.hash, src.stored = h, cached
		src.summary = DocSummary{s.Name, d.Edition, d.Lang, len(d.Items), cached}
		return d, nil
	}
	what := "the document of " + s.Name
	var (
		input = s.URL
		data  []byte
		parse func() (*corpus.Document, error)
		page  *ingest.Page
	)
	if s.URL == "" {
		input = b.Workspace.resolve(s.Path)
		real, err := b.Workspace.sourceFile(s.Path)
		if err != nil {
			return nil, &ingest.Error{Input: input, Err: err}
		}
		if data, err = readSource(opt, input, real); err != nil {
			return nil, err
		}
		parse = func() (*corpus.Document, error) { return opt.Bytes(input, data) }
	} else {
		prev := cache.loadMemo(s)
		if prev != nil && prev.Settings != b.settingsKey() {
			prev = nil
		}
		var since *ingest.Page
		if prev != nil {
			since = &prev.Page
		}
		var err error
		if page, err = opt.Fetch(ctx, s.URL, since); err != nil {
			return nil, err
		}
		if page.NotModified {
			if d := cache.loadDoc(prev.Doc, what); d != nil {
				return found(d, prev.Doc, true)
			}
			// The document made before is gone: fetch it whole.
			if page, err = opt.Fetch(ctx, s.URL, nil); err != nil {
				return nil, err
			}
		}
		data = page.Data
		parse = func() (*corpus.Document, error) { return opt.FromPage(page) }
	}
	parts := []string{"ingest", b.settingsKey(), hex.EncodeToString(sha256Of(data)), s.Format, s.Edition, s.Lang}
	if s.PDFEngine != "" && s.PDFEngine != "auto" {
		// Another engine is another reading (the key of the default
		// stays what it was, so that no cache is made cold).
		parts = append(parts, "pdf_engine="+s.PDFEngine)
	}
	h := key(parts...)
	remember := func() {
		if page != nil {
			p := *page
			p.Data = nil
			cache.storeMemo(s, fetchMemo{p, h, b.settingsKey()})
		}
	}
	if d := cache.loadDoc(h, what); d != nil {
		remember()
		return found(d, h, true)
	}
	d, err := parse()
	if err != nil {
		return nil, err
	}
	if d.Source.Path == "" && d.Source.URL == "" {
		d.Source.Path = input
	}
	js, err := corpusjson.Marshal(d)
	if err != nil {
		return nil, err
	}
	// A document the cache cannot hold is kept in memory.
	stored := cache.storeDoc(h, js) == nil
	if stored {
		remember()
	}
	found(d, h, false)
	src.stored = stored
	return d, nil
}

func sha256Of(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}

// changelogFiles renders a comparison as changelog/<name>.{md,html,json}:
// the Markdown to publish, the site's page, the JSON.
func changelogFiles(pair Pair, c *diff.Comparison) (files, any, error) {
	name := pair.Old + ".." + pair.New
	fs := files{}
	var md bytes.Buffer
	ChangelogOptions{OldName: pair.Old, NewName: pair.New, Title: pair.Title}.Markdown(&md, c)
	fs["changelog/"+name+".md"] = md.Bytes()
	if data, err := c.MarshalJSON(); err == nil {
		fs["changelog/"+name+".json"] = indentJSON(data)
	}
	n := countChanges(c)
	s := &ChangelogSummary{Name: name, Old: c.Old.Edition, New: c.New.Edition, OldName: pair.Old, NewName: pair.New,
		Changes: n.total, Substantive: n.substantive, Editorial: n.editorial, Added: n.added, Removed: n.removed}
	for _, n := range c.Scope {
		s.Scope = append(s.Scope, n.Note)
	}
	page, err := changelogPage(pair, c, s)
	if err != nil {
		return nil, nil, err
	}
	fs["changelog/"+name+".html"] = page
	return fs, s, nil
}

// translationFiles renders a translation's report: gaps/<name>.{md,json,html}
// (the worklist; h, when not nil, is the source's history from the
// translation's base, whose changes the page shows edition by edition), interchange/<name>.{po,xlf,tmx}, the sync draft
// interchange/<name>.draft.<ext> (in the translation's format where
// rulesync writes it: see DraftFormat), and the side-by-side page.
func (b *Build) translationFiles(t Translation, r *gaps.Report, h *history.History, o DraftOptions) (files, any, error) {
	fs := files{}
	d := r.Draft()
	o.Format, _ = DraftFormat(d, "")
	o.Now = b.now()
	draft := "interchange/" + t.Name + ".draft." + draftExt[o.Format]
	var db bytes.Buffer
	if _, err := WriteDraft(&db, d, o); err == nil {
		fs[draft] = db.Bytes()
	} else {
		draft = ""
	}
	var md, po, xlf, tmx bytes.Buffer
	GapsMarkdown(&md, r)
	fs["gaps/"+t.Name+".md"] = md.Bytes()
	if data, err := r.MarshalJSON(); err == nil {
		fs["gaps/"+t.Name+".json"] = indentJSON(data)
	}
	now := b.now()
	PO(&po, r, now)
	XLIFF(&xlf, r)
	TMX(&tmx, r, now)
	fs["interchange/"+t.Name+".po"] = po.Bytes()
	fs["interchange/"+t.Name+".xlf"] = xlf.Bytes()
	fs["interchange/"+t.Name+".tmx"] = tmx.Bytes()
	s := &TranslationSummary{Name: t.Name, Source: t.Source, Base: t.Base, Findings: len(r.Findings), Progress: d.Progress(), Labels: targetNames(r), Draft: draft}
	for _, f := range r.Findings {
		if f.Severity == gaps.Error {
			s.Errors++
		}
	}
	side, err := sidePage(t, r, s)
	if err != nil {
		return nil, nil, err
	}
	fs["translations/"+t.Name+".html"] = side
	work, err := worklistPage(t, r, *s, h)
	if err != nil {
		return nil, nil, err
	}
	fs["gaps/"+t.Name+".html"] = work
	return fs, s, nil
}

// checkFiles renders the check of a document no edition pair or
// translation uses: its page with the findings.
func checkFiles(nd namedDoc, r *gaps.Report, site string) (files, any, error) {
	if site == "" {
		site = "rulesync"
	}
	page, err := documentPage(nd, r, site)
	if err != nil {
		return nil, nil, err
	}
	s := &CheckSummary{Name: nd.Name, Title: nd.Doc.Title, Edition: nd.Doc.Edition, Lang: nd.Doc.Lang, Items: len(nd.Doc.Items)}
	for _, f := range r.Findings {
		switch f.Severity {
		case gaps.Error:
			s.Errors++
		case gaps.Warning:
			s.Warnings++
		default:
			s.Info++
		}
	}
	return files{"documents/" + nd.Name + ".html": page}, s, nil
}

// draftExt is the file extension of a draft in each format.
var draftExt = map[string]string{"md": "md", "text": "txt", "csv": "csv", "tsv": "tsv", "po": "po", "xliff": "xlf", "json": "json"}

// rawText is the text a source was read from, for the layout of a
// Markdown or text draft and the inline markup of its items: the file again, when its bytes are still those
// the document was made from; "" for a URL, a binary format, or a file
// that changed.
func (b *Build) rawText(name string, d *corpus.Document) string {
	var path string
	for _, s := range b.Workspace.Sources {
		if s.Name == name {
			path = s.Path
		}
	}
	switch d.Source.Format {
	case "pdf", "docx":
		return ""
	}
	if path == "" {
		return ""
	}
	real, err := b.Workspace.sourceFile(path)
	if err != nil {
		return ""
	}
	data, err := readSource(ingest.Options{MaxBytes: b.Workspace.MaxBytes}, path, real)
	if err != nil || hex.EncodeToString(sha256Of(data)) != d.Source.SHA256 {
		return ""
	}
	text, _, err := corpus.DecodeText(data, d.Source.Encoding)
	if err != nil {
		return ""
	}
	return text
}

// indentJSON indents compact JSON for people reading the output.
func indentJSON(data []byte) []byte {
	var b bytes.Buffer
	if json.Indent(&b, data, "", "  ") != nil {
		return data
	}
	b.WriteByte('\n')
	return b.Bytes()
}
