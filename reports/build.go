package reports

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

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

// files is the output of a build, by path relative to Out.
type files map[string][]byte

// Run builds the workspace: ingests every source (concurrently, from the
// cache when its bytes are unchanged), compares the edition pairs, checks
// the translations, and writes changelog/, gaps/, interchange/ and the
// HTML site into a new directory that then replaces Out. Outputs whose
// inputs are unchanged come from the cache. A source that cannot be read
// is reported in the Summary and what depends on it is left out; the
// error returned is for a build that could not be written at all.
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
	sum := &Summary{}
	out := files{}

	// Ingest.
	docs := make([]*corpus.Document, len(ws.Sources))
	hashes := make([]string, len(ws.Sources))
	errs := make([]error, len(ws.Sources))
	cached := make([]bool, len(ws.Sources))
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i := range ws.Sources {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			s := ws.Sources[i]
			b.event(Event{Stage: "ingest", Name: s.Name})
			docs[i], hashes[i], cached[i], errs[i] = b.ingest(ctx, s, cache)
			b.event(Event{Stage: "ingest", Name: s.Name, Done: true, Cached: cached[i], Err: errs[i]})
		}()
	}
	wg.Wait()
	byName := map[string]int{}
	for i, s := range ws.Sources {
		byName[s.Name] = i
		if errs[i] != nil {
			sum.Failed = append(sum.Failed, SourceError{s.Name, errs[i]})
			continue
		}
		sum.Documents = append(sum.Documents, DocSummary{s.Name, docs[i].Edition, docs[i].Lang, len(docs[i].Items), cached[i]})
	}
	ok := func(name string) bool { return errs[byName[name]] == nil }

	// Compare and check, each task cached by the hashes of its inputs.
	type task struct {
		stage, name string
		key         string
		run         func() (files, any)
	}
	var tasks []task
	for _, d := range ws.Diffs {
		if !ok(d.Old) || !ok(d.New) {
			continue
		}
		o, n := docs[byName[d.Old]], docs[byName[d.New]]
		name := d.Old + ".." + d.New
		tasks = append(tasks, task{"diff", name, key("diff", name, hashes[byName[d.Old]], hashes[byName[d.New]]), func() (files, any) {
			return changelogFiles(name, diff.Options{}.Compare(o, n))
		}})
	}
	for _, t := range ws.Translations {
		if !ok(t.Name) || !ok(t.Source) || t.Base != "" && !ok(t.Base) {
			continue
		}
		src, tr := docs[byName[t.Source]], docs[byName[t.Name]]
		var base *corpus.Document
		baseHash := ""
		if t.Base != "" {
			base, baseHash = docs[byName[t.Base]], hashes[byName[t.Base]]
		}
		tt := t
		tasks = append(tasks, task{"gaps", t.Name, key("gaps", t.Name, t.Source, t.Base, hashes[byName[t.Source]], hashes[byName[t.Name]], baseHash), func() (files, any) {
			return b.translationFiles(tt, gaps.Options{}.Gaps(src, tr, base))
		}})
	}
	results := make([]files, len(tasks))
	summaries := make([]any, len(tasks))
	for i := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			t := tasks[i]
			b.event(Event{Stage: t.stage, Name: t.name})
			fs, s, hit := loadTask(cache, t.key)
			if !hit {
				fs, s = t.run()
				storeTask(cache, t.key, fs, s)
			}
			results[i], summaries[i] = fs, s
			b.event(Event{Stage: t.stage, Name: t.name, Done: true, Cached: hit})
		}()
	}
	wg.Wait()
	for i := range tasks {
		for k, v := range results[i] {
			out[k] = v
		}
		switch s := summaries[i].(type) {
		case *ChangelogSummary:
			sum.Changelogs = append(sum.Changelogs, *s)
		case *TranslationSummary:
			sum.Translations = append(sum.Translations, *s)
		}
	}

	// The glossary of everything read, and the site.
	b.event(Event{Stage: "site", Name: "site"})
	var read []*corpus.Document
	for i, d := range docs {
		if errs[i] == nil {
			read = append(read, d)
		}
	}
	var tbx bytes.Buffer
	if err := TBX(&tbx, align.DefaultGlossary(), read...); err != nil {
		return nil, err
	}
	out["interchange/glossary.tbx"] = tbx.Bytes()
	if err := site(out, ws, sum, docs, byName, errs); err != nil {
		return nil, err
	}
	b.event(Event{Stage: "site", Name: "site", Done: true})

	b.event(Event{Stage: "write", Name: b.Out})
	if err := replaceDir(b.Out, out); err != nil {
		return nil, err
	}
	sum.Files = len(out)
	b.event(Event{Stage: "write", Name: b.Out, Done: true})
	return sum, nil
}

// key is a cache key for a task: its kind, the hashes of its inputs and
// the cache version.
func key(parts ...string) string {
	h := sha256.Sum256([]byte(cacheVersion + "\x00" + strings.Join(parts, "\x00")))
	return hex.EncodeToString(h[:])
}

// ingest reads a source: from the cache when a document was already made
// from the same bytes with the same options.
func (b *Build) ingest(ctx context.Context, s Source, cache string) (*corpus.Document, string, bool, error) {
	opt := ingest.Options{Format: s.Format, Edition: s.Edition, Lang: s.Lang, Now: b.now}
	if s.URL != "" {
		// A page must be fetched to know whether it changed; its parse is
		// cached by the bytes like a file's.
		d, err := opt.URL(ctx, s.URL)
		if err != nil {
			return nil, "", false, err
		}
		js, err := corpus.Marshal(d)
		if err != nil {
			return nil, "", false, err
		}
		sum := sha256.Sum256(js)
		return d, hex.EncodeToString(sum[:]), false, nil
	}
	path := b.Workspace.resolve(s.Path)
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, "", false, &ingest.Error{Input: path, Err: err}
	}
	h := key("ingest", hex.EncodeToString(sha256Of(data)), s.Format, s.Edition, s.Lang)
	cached := filepath.Join(cache, "docs", h+".json")
	if js, err := os.ReadFile(cached); err == nil {
		if d, err := corpus.Unmarshal(js); err == nil {
			d.Source.Path = path
			return d, h, true, nil
		}
	}
	d, err := opt.Bytes(path, data)
	if err != nil {
		return nil, "", false, err
	}
	d.Source.Path = path
	if js, err := corpus.Marshal(d); err == nil {
		os.MkdirAll(filepath.Dir(cached), 0o755)
		corpus.WriteFileAtomic(cached, js)
	}
	return d, h, false, nil
}

func sha256Of(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}

// replaceDir writes the files into a new directory beside dir and then
// puts it in dir's place: the old contents stay whole until the new ones
// are complete, and are removed after.
func replaceDir(dir string, fs files) error {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	names := make([]string, 0, len(fs))
	for n := range fs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(tmp, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, fs[n], 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	var old string
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("moving the previous %s aside: %v", dir, err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			os.Rename(old, dir)
		}
		return fmt.Errorf("putting the new %s in place: %v", dir, err)
	}
	done = true
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
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

// taskRecord is a cached task: its summary and its files.
type taskRecord struct {
	Changelog   *ChangelogSummary   `json:"changelog,omitempty"`
	Translation *TranslationSummary `json:"translation,omitempty"`
	Files       map[string][]byte   `json:"files"`
}

// loadTask returns a task's cached outputs, if the cache has them.
func loadTask(cache, key string) (files, any, bool) {
	data, err := os.ReadFile(filepath.Join(cache, "tasks", key+".json"))
	if err != nil {
		return nil, nil, false
	}
	var rec taskRecord
	if json.Unmarshal(data, &rec) != nil {
		return nil, nil, false
	}
	switch {
	case rec.Changelog != nil:
		return rec.Files, rec.Changelog, true
	case rec.Translation != nil:
		return rec.Files, rec.Translation, true
	}
	return nil, nil, false
}

// storeTask caches a task's outputs; a cache that cannot be written only
// makes the next build slower.
func storeTask(cache, key string, fs files, summary any) {
	rec := taskRecord{Files: fs}
	switch s := summary.(type) {
	case *ChangelogSummary:
		rec.Changelog = s
	case *TranslationSummary:
		rec.Translation = s
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return
	}
	p := filepath.Join(cache, "tasks", key+".json")
	if os.MkdirAll(filepath.Dir(p), 0o755) == nil {
		corpus.WriteFileAtomic(p, data)
	}
}
