package reports

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// searchLimit is the most items a site's search index takes in from the
// translations as well as the sources.
const searchLimit = 100000

// cacheVersion names the shape of the cached documents and outputs; a
// new version of rulesync that writes them differently changes it.
const cacheVersion = "rulesync-build-1"

// Event is a step of a build, for a progress display.
type Event struct {
	Stage  string // "ingest", "diff", "gaps", "site", "write"
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
	// Now gives the time written into interchange files; nil means
	// time.Now.
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
	// Failed lists the sources that could not be read, with the reason;
	// what depends on them was left out, everything else was written.
	Failed []SourceError
	Files  int
	// Pruned is how many cache entries no build had used for a day were
	// removed.
	Pruned int
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
	Name                            string
	Old, New                        string
	Changes, Substantive, Editorial int
}

// TranslationSummary describes a checked translation.
type TranslationSummary struct {
	Name, Source, Base string
	Findings, Errors   int
	Stale, Missing     int
	Coverage           float64
}

// SourceError is a source a build could not read.
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

func (b *Build) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// files is output by path relative to Out.
type files map[string][]byte

// output writes a build's files into a new directory beside Out.
type output struct {
	dir string
}

// write writes one output file (distinct names may be written
// concurrently).
func (o *output) write(name string, data []byte) error {
	p := filepath.Join(o.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// writeAll writes a set of files.
func (o *output) writeAll(fs files) error {
	for n, d := range fs {
		if err := o.write(n, d); err != nil {
			return err
		}
	}
	return nil
}

// source is an ingested source: where its document is cached, and what a
// summary says of it. Documents are read from the cache when a task needs
// them, so that a build holds only what it works on.
type source struct {
	Source
	hash, path string
	doc        *corpus.Document // kept for the documents other tasks share
	summary    DocSummary
	err        error
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
	cache := ws.cacheDir()
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return nil, fmt.Errorf("cache %s: %v", cache, err)
	}
	workers := b.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out, commit, err := newOutput(b.Out)
	if err != nil {
		return nil, err
	}
	defer commit(false)
	sum := &Summary{}

	// The documents several steps use are kept once read.
	shared := map[string]bool{}
	for _, d := range ws.Diffs {
		shared[d.Old], shared[d.New] = true, true
	}
	for _, t := range ws.Translations {
		shared[t.Source], shared[t.Base] = true, true
	}

	// Ingest.
	srcs := make([]*source, len(ws.Sources))
	byName := map[string]*source{}
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i, s := range ws.Sources {
		srcs[i] = &source{Source: s}
		byName[s.Name] = srcs[i]
		wg.Add(1)
		go func(src *source) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if src.err = ctx.Err(); src.err != nil {
				return
			}
			b.event(Event{Stage: "ingest", Name: src.Name})
			d, hash, path, cached, err := b.ingest(ctx, src.Source, cache)
			src.hash, src.path, src.err = hash, path, err
			if err == nil {
				src.summary = DocSummary{src.Name, d.Edition, d.Lang, len(d.Items), cached}
				if shared[src.Name] {
					src.doc = d
				}
			}
			b.event(Event{Stage: "ingest", Name: src.Name, Done: true, Cached: cached, Err: err})
		}(srcs[i])
	}
	wg.Wait()
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
		data, err := os.ReadFile(src.path)
		if err != nil {
			return nil, err
		}
		return corpus.Unmarshal(data)
	}

	// Compare and check, each task cached by the hashes of its inputs.
	type task struct {
		stage, name, key string
		run              func() (files, any, error)
	}
	var tasks []task
	for _, d := range ws.Diffs {
		if !ok(d.Old) || !ok(d.New) {
			continue
		}
		d := d
		name := d.Old + ".." + d.New
		tasks = append(tasks, task{"diff", name, key("diff", name, byName[d.Old].hash, byName[d.New].hash), func() (files, any, error) {
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
			fs, s := changelogFiles(name, cmp)
			return fs, s, nil
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
		tasks = append(tasks, task{"gaps", t.Name, key("gaps", t.Name, t.Source, t.Base, byName[t.Source].hash, byName[t.Name].hash, baseHash), func() (files, any, error) {
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
			fs, s := b.translationFiles(t, r)
			return fs, s, nil
		}})
	}
	summaries := make([]any, len(tasks))
	taskErrs := make([]error, len(tasks))
	for i := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			t := tasks[i]
			if taskErrs[i] = ctx.Err(); taskErrs[i] != nil {
				return
			}
			b.event(Event{Stage: t.stage, Name: t.name})
			dir, s, hit := loadTask(cache, t.key)
			var err error
			if !hit {
				var fs files
				if fs, s, err = t.run(); err == nil {
					if dir, err = storeTask(cache, t.key, fs, s); err != nil {
						// A cache that cannot be written only makes the
						// next build slower.
						dir, err = "", out.writeAll(fs)
					}
				}
			}
			if err == nil && dir != "" {
				err = out.linkTree(dir)
			}
			summaries[i], taskErrs[i] = s, err
			b.event(Event{Stage: t.stage, Name: t.name, Done: true, Cached: hit, Err: err})
		}()
	}
	wg.Wait()
	if err := b.interrupted(ctx); err != nil {
		return nil, err
	}
	for i := range tasks {
		if taskErrs[i] != nil {
			return nil, fmt.Errorf("%s %s: %v", tasks[i].stage, tasks[i].name, taskErrs[i])
		}
		switch s := summaries[i].(type) {
		case *ChangelogSummary:
			sum.Changelogs = append(sum.Changelogs, *s)
		case *TranslationSummary:
			sum.Translations = append(sum.Translations, *s)
		}
	}

	// The glossary of the shared documents, and the site.
	b.event(Event{Stage: "site", Name: "site"})
	var docs []*corpus.Document
	var names []string
	for _, src := range srcs {
		if src.doc != nil {
			docs, names = append(docs, src.doc), append(names, src.Name)
		}
	}
	var tbx bytes.Buffer
	if err := TBX(&tbx, align.DefaultGlossary(), docs...); err != nil {
		return nil, err
	}
	fs := files{"interchange/glossary.tbx": tbx.Bytes()}
	// The translations' items join the search index of a workspace of up
	// to searchLimit items; a bigger one searches its sources only.
	extra := map[string]*corpus.Document{}
	total := 0
	for _, d := range sum.Documents {
		total += d.Items
	}
	if total <= searchLimit {
		for _, t := range ws.Translations {
			if src := byName[t.Name]; src.err == nil {
				if d, err := load(t.Name); err == nil {
					extra[t.Name] = d
				}
			}
		}
	}
	if err := site(fs, ws, sum, names, docs, extra); err != nil {
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
	n, err := commit(true)
	if err != nil {
		return nil, err
	}
	sum.Files = n
	b.event(Event{Stage: "write", Name: b.Out, Done: true})

	// What this build used stays in the cache; the rest goes once
	// nothing has used it for pruneAge.
	used := map[string]bool{}
	for _, src := range srcs {
		if src.path != "" {
			used[src.path] = true
		}
		if src.URL != "" {
			used[fetchMemoPath(cache, src.Source)] = true
		}
	}
	for _, t := range tasks {
		used[filepath.Join(cache, "tasks", t.key)] = true
	}
	sum.Pruned = prune(cache, used, time.Now())
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

// pruneAge is how long a cache entry no build uses is kept: a day, so
// that builds of other manifests sharing the cache directory, or running
// beside this one, keep theirs.
const pruneAge = 24 * time.Hour

// prune marks the used cache entries (documents, fetched pages' records,
// task outputs) as used now (the clock's time, not Build.Now) and removes
// the others that nothing has used for pruneAge. It returns how many it removed. Errors only leave an entry
// in place: a cache that cannot be cleaned is larger, not wrong.
func prune(cache string, used map[string]bool, now time.Time) int {
	removed := 0
	for _, kind := range []string{"docs", "fetch", "tasks"} {
		entries, err := os.ReadDir(filepath.Join(cache, kind))
		if err != nil {
			continue
		}
		for _, e := range entries {
			p := filepath.Join(cache, kind, e.Name())
			if used[p] {
				os.Chtimes(p, now, now)
				continue
			}
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > pruneAge && os.RemoveAll(p) == nil {
				removed++
			}
		}
	}
	return removed
}

// key is a cache key for a task: its kind, the hashes of its inputs, the
// cache version and the program that made it.
func key(parts ...string) string {
	h := sha256.Sum256([]byte(cacheVersion + "\x00" + program() + "\x00" + strings.Join(parts, "\x00")))
	return hex.EncodeToString(h[:])
}

// program names the running rulesync exactly: the sha256 of its
// executable, so that a cache filled by another build of rulesync (whose
// parsers or reports may differ) is not taken for this one's. When the
// executable cannot be read, its module version and VCS revision stand in.
//
// Hashing the executable takes some 30 ms, a third of a warm build, so the
// hash is kept in the user cache directory under the executable's path,
// size and modification time, and read from there while they are the same.
var program = sync.OnceValue(func() string {
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			stamp := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%d", exe, fi.Size(), fi.ModTime().UnixNano()))
			memo := ""
			if dir, err := os.UserCacheDir(); err == nil {
				memo = filepath.Join(dir, "rulesync", "program-"+hex.EncodeToString(stamp[:12]))
				if b, err := os.ReadFile(memo); err == nil && len(b) == 64 {
					return string(b)
				}
			}
			if f, err := os.Open(exe); err == nil {
				defer f.Close()
				h := sha256.New()
				if _, err := io.Copy(h, f); err == nil {
					sum := hex.EncodeToString(h.Sum(nil))
					if memo != "" && os.MkdirAll(filepath.Dir(memo), 0o755) == nil {
						corpus.WriteFileAtomic(memo, []byte(sum))
					}
					return sum
				}
			}
		}
	}
	id := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		id = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += " " + s.Value
			}
		}
	}
	return id
})

// fetchMemoPath is where a build keeps what it fetched of a URL source.
func fetchMemoPath(cache string, s Source) string {
	return filepath.Join(cache, "fetch", key("fetch", s.URL, s.Format, s.Edition, s.Lang)+".json")
}

// fetchMemo is what a build keeps of a URL source for the next: the page
// as fetched (its validators; no body) and the key of its document.
type fetchMemo struct {
	Page ingest.Page
	Doc  string
}

// ingest reads a source: from the cache when a document was already made
// from the same bytes with the same options. A URL is fetched on every
// build, conditionally (If-None-Match, If-Modified-Since) when an earlier
// build kept the server's validators: a 304 answer takes the document
// made before, as do unchanged bytes from a server that gives none. It
// returns the document, a hash of its inputs, the path of its cached
// JSON, and whether that was read from the cache.
func (b *Build) ingest(ctx context.Context, s Source, cache string) (*corpus.Document, string, string, bool, error) {
	opt := ingest.Options{Format: s.Format, Edition: s.Edition, Lang: s.Lang, Now: b.now, Context: ctx}
	docPath := func(h string) string { return filepath.Join(cache, "docs", h+".json") }
	fromCache := func(h string) *corpus.Document {
		js, err := os.ReadFile(docPath(h))
		if err != nil {
			return nil
		}
		d, err := corpus.Unmarshal(js)
		if err != nil {
			return nil
		}
		return d
	}
	var (
		input = s.URL
		data  []byte
		parse func() (*corpus.Document, error)
		memo  string // where a URL's validators are kept
		page  *ingest.Page
	)
	if s.URL == "" {
		input = b.Workspace.resolve(s.Path)
		var err error
		if data, err = os.ReadFile(input); err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, "", "", false, &ingest.Error{Input: input, Err: err}
		}
		parse = func() (*corpus.Document, error) { return opt.Bytes(input, data) }
	} else {
		memo = fetchMemoPath(cache, s)
		var prev fetchMemo
		var since *ingest.Page
		if js, err := os.ReadFile(memo); err == nil && json.Unmarshal(js, &prev) == nil && prev.Doc != "" {
			since = &prev.Page
		}
		var err error
		if page, err = opt.Fetch(ctx, s.URL, since); err != nil {
			return nil, "", "", false, err
		}
		if page.NotModified {
			if d := fromCache(prev.Doc); d != nil {
				return d, prev.Doc, docPath(prev.Doc), true, nil
			}
			// The document made before is gone: fetch it whole.
			if page, err = opt.Fetch(ctx, s.URL, nil); err != nil {
				return nil, "", "", false, err
			}
		}
		data = page.Data
		parse = func() (*corpus.Document, error) { return opt.FromPage(page) }
	}
	h := key("ingest", hex.EncodeToString(sha256Of(data)), s.Format, s.Edition, s.Lang)
	remember := func() {
		if memo == "" {
			return
		}
		p := *page
		p.Data = nil
		if js, err := json.Marshal(fetchMemo{p, h}); err == nil && os.MkdirAll(filepath.Dir(memo), 0o755) == nil {
			// Without the memo the next build only fetches the page whole.
			corpus.WriteFileAtomic(memo, js)
		}
	}
	if d := fromCache(h); d != nil {
		remember()
		return d, h, docPath(h), true, nil
	}
	d, err := parse()
	if err != nil {
		return nil, "", "", false, err
	}
	if d.Source.Path == "" && d.Source.URL == "" {
		d.Source.Path = input
	}
	js, err := corpus.Marshal(d)
	if err != nil {
		return nil, "", "", false, err
	}
	os.MkdirAll(filepath.Dir(docPath(h)), 0o755)
	if err := corpus.WriteFileAtomic(docPath(h), js); err != nil {
		return nil, "", "", false, err
	}
	remember()
	return d, h, docPath(h), false, nil
}

func sha256Of(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}

// outputMark is the file every build output holds: a directory without
// it that is not empty is not replaced, so that "-o ." or a mistyped path
// never deletes a user's files.
const outputMark = ".rulesync-out"

// newOutput makes a new directory beside dir for a build to write into.
// commit(true) puts it in dir's place, the old contents staying whole
// until then and removed after, and returns the number of files;
// commit(false) removes it, unless it was committed. An existing dir must
// be empty or an earlier build's output (it holds outputMark).
func newOutput(dir string) (*output, func(bool) (int, error), error) {
	dir = filepath.Clean(dir)
	if fi, err := os.Stat(dir); err == nil {
		if !fi.IsDir() {
			return nil, nil, fmt.Errorf("output %s is a file, not a directory", dir)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, nil, fmt.Errorf("output %s: %v", dir, err)
		}
		if _, err := os.Stat(filepath.Join(dir, outputMark)); len(entries) > 0 && err != nil {
			return nil, nil, fmt.Errorf("output %s holds files no build wrote (it has no %s); a build replaces its output directory whole, so choose a new or empty one", dir, outputMark)
		}
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return nil, nil, err
	}
	mark := "Written by rulesync build. The next build replaces this directory whole.\n"
	if err := os.WriteFile(filepath.Join(tmp, outputMark), []byte(mark), 0o644); err != nil {
		os.RemoveAll(tmp)
		return nil, nil, err
	}
	done := false
	commit := func(keep bool) (int, error) {
		if done {
			return 0, nil
		}
		if !keep {
			done = true
			return 0, os.RemoveAll(tmp)
		}
		n := 0
		filepath.WalkDir(tmp, func(_ string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() != outputMark {
				n++
			}
			return nil
		})
		if err := os.Chmod(tmp, 0o755); err != nil {
			return 0, err
		}
		var old string
		if _, err := os.Stat(dir); err == nil {
			old = tmp + ".old"
			if err := os.Rename(dir, old); err != nil {
				return 0, fmt.Errorf("moving the previous %s aside: %v", dir, err)
			}
		}
		if err := os.Rename(tmp, dir); err != nil {
			if old != "" {
				os.Rename(old, dir)
			}
			return 0, fmt.Errorf("putting the new %s in place: %v", dir, err)
		}
		done = true
		if old != "" {
			os.RemoveAll(old)
		}
		return n, nil
	}
	return &output{dir: tmp}, commit, nil
}

// changelogFiles renders a comparison as changelog/<name>.{md,html,json}.
func changelogFiles(name string, c *diff.Comparison) (files, any) {
	fs := files{}
	var md, h, js bytes.Buffer
	Markdown(&md, c)
	HTML(&h, c)
	if data, err := c.MarshalJSON(); err == nil {
		js.Write(indentJSON(data))
	}
	fs["changelog/"+name+".md"] = md.Bytes()
	fs["changelog/"+name+".html"] = h.Bytes()
	fs["changelog/"+name+".json"] = js.Bytes()
	return fs, &ChangelogSummary{Name: name, Old: c.Old.Edition, New: c.New.Edition, Changes: len(c.Changes), Substantive: c.Count(diff.Substantive), Editorial: c.Count(diff.Editorial)}
}

// translationFiles renders a translation's report: gaps/<name>.{md,json},
// interchange/<name>.{po,xlf,tmx}, and the side-by-side page.
func (b *Build) translationFiles(t Translation, r *gaps.Report) (files, any) {
	fs := files{}
	var md, po, xlf, tmx, page bytes.Buffer
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
	sidePage(&page, t, r)
	fs["translations/"+t.Name+".html"] = page.Bytes()
	s := &TranslationSummary{Name: t.Name, Source: t.Source, Base: t.Base, Findings: len(r.Findings), Coverage: r.Coverage}
	for _, f := range r.Findings {
		switch {
		case f.Severity == gaps.Error:
			s.Errors++
		}
		switch f.Check {
		case gaps.Stale:
			s.Stale++
		case gaps.Missing:
			s.Missing++
		}
	}
	return fs, s
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

// A cached task is a directory under the cache's tasks/: its files as
// they go into the output, and summary.json. The output links to them, so
// that a warm build copies nothing.
type taskSummary struct {
	Changelog   *ChangelogSummary   `json:"changelog,omitempty"`
	Translation *TranslationSummary `json:"translation,omitempty"`
}

// loadTask returns the directory of a task's cached outputs and its
// summary, if the cache has them.
func loadTask(cache, key string) (string, any, bool) {
	dir := filepath.Join(cache, "tasks", key)
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		return "", nil, false
	}
	var rec taskSummary
	if json.Unmarshal(data, &rec) != nil {
		return "", nil, false
	}
	switch {
	case rec.Changelog != nil:
		return filepath.Join(dir, "files"), rec.Changelog, true
	case rec.Translation != nil:
		return filepath.Join(dir, "files"), rec.Translation, true
	}
	return "", nil, false
}

// storeTask caches a task's outputs and returns the directory holding
// them; summary.json is written last, so that a task half stored is not
// found.
func storeTask(cache, key string, fs files, summary any) (string, error) {
	dir := filepath.Join(cache, "tasks", key)
	os.RemoveAll(dir)
	for n, d := range fs {
		p := filepath.Join(dir, "files", filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, d, 0o644); err != nil {
			return "", err
		}
	}
	var rec taskSummary
	switch s := summary.(type) {
	case *ChangelogSummary:
		rec.Changelog = s
	case *TranslationSummary:
		rec.Translation = s
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return "", err
	}
	if err := corpus.WriteFileAtomic(filepath.Join(dir, "summary.json"), data); err != nil {
		return "", err
	}
	return filepath.Join(dir, "files"), nil
}

// linkTree puts the files under dir into the output at the same relative
// paths: hard links where the file system allows, copies elsewhere.
func (o *output) linkTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(o.dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if os.Link(p, dst) == nil {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}
