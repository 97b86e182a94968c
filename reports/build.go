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
	"strings"
	"sync"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/ingest"
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
	// Skipped lists the work of the manifest that was not built because
	// a source it needs could not be read: each [[diff]],
	// [[translation]] and [[series]] left out, with those sources.
	Skipped []Skipped
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
	// Input is the file (as the manifest's folder resolves it) or URL
	// the source was read from.
	Input string
	// Warnings are what ingest warned of in the document's structure
	// (ingest.Report), as ingest, gaps and sync print them.
	Warnings []string
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
	// Caution is the comparison's (diff.Comparison.Caution).
	Caution string `json:",omitempty"`
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
	// IDs gives the id each item of the translation's own reading has
	// read through its source ("item:6" is "rule:7"), where they differ.
	IDs map[string]string
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

// Skipped is a piece of the manifest's work a build left out because
// sources it needs could not be read (they are in Summary.Failed).
type Skipped struct {
	// Kind is "changelog" (a [[diff]]), "translation" or "series".
	Kind string
	// Name is the changelog's ("old..new"), the translation's or the
	// series' name.
	Name string
	// Because are the sources that could not be read, in the order the
	// manifest names them.
	Because []string
}

// Reason says why the work was left out: "source tda-2022-en could not
// be read", "sources a, b could not be read".
func (s Skipped) Reason() string {
	if len(s.Because) == 1 {
		return "source " + s.Because[0] + " could not be read"
	}
	return "sources " + strings.Join(s.Because, ", ") + " could not be read"
}

// String names the work and why it was left out: "changelog
// a..b not built: source a could not be read".
func (s Skipped) String() string {
	return s.Kind + " " + s.Name + " not built: " + s.Reason()
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
	if err := b.Workspace.checkGrants(); err != nil {
		return nil, err
	}
	r, err := b.start(ctx)
	if err != nil {
		return nil, err
	}
	defer r.close()
	// The graph: every source ingested; then the tasks on their
	// documents (diffTask, gapsTask, checkTask), each keyed by the hash
	// of its inputs; then the series' histories, which link the
	// changelogs the diffs wrote; then the glossary, the PO templates
	// and the site, over everything before; then the new directory in
	// Out's place. Each stage runs once the one before has ended, and a
	// stage's error (an ended context among them) ends the build.
	for _, stage := range []func() error{r.ingestSources, r.runTasks, r.histories, r.site, r.commit} {
		if err := stage(); err != nil {
			return nil, err
		}
	}
	r.prune()
	return r.sum, nil
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
	opt := ingest.Options{Format: s.Format, Edition: s.Edition, Lang: s.Lang, PDFEngine: s.PDFEngine, MaxBytes: b.Workspace.MaxBytes, MaxBlocks: b.Workspace.MaxBlocks, Now: b.now, Context: ctx, AllowPrivate: b.Workspace.AllowPrivateURLs}
	input := s.URL
	found := func(d *corpus.Document, h string, cached bool) (*corpus.Document, error) {
		src.hash, src.stored = h, cached
		_, warnings := ingest.Report(d)
		src.summary = DocSummary{s.Name, d.Edition, d.Lang, len(d.Items), cached, input, warnings}
		return d, nil
	}
	what := "the document of " + s.Name
	var (
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
		Changes: n.total, Substantive: n.substantive, Editorial: n.editorial, Added: n.added, Removed: n.removed, Caution: c.Caution}
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

// translationFiles writes a translation's report through p, one file at
// a time: gaps/<name>.{md,json,html}
// (the worklist; h, when not nil, is the source's history from the
// translation's base, whose changes the page shows edition by edition), interchange/<name>.{po,xlf,tmx}, the sync draft
// interchange/<name>.draft.<ext> (in the translation's format where
// rulesync writes it: see DraftFormat), and the side-by-side page.
func (b *Build) translationFiles(t Translation, r *gaps.Report, h *history.History, o DraftOptions, p put) (any, error) {
	d := r.Draft()
	o.Format, _ = DraftFormat(d, "")
	o.Now = b.now()
	// The draft's frame adopted, its inline markup and its interchange
	// files' segments found once for the draft and its three files
	// (prepared); the progress below is the report's (made once for the
	// report's text, its JSON and the summary). A Markdown or text draft
	// needs no segments: they are found once it is written, and let go
	// once the three files are.
	fd, fo := preparedMarkup(d, o)
	switch o.Format {
	case "po", "xliff", "tmx":
		fd, fo = prepared(fd, fo)
	}
	draft := "interchange/" + t.Name + ".draft." + draftExt[o.Format]
	err := p(draft, func(w io.Writer) error { _, err := WriteDraft(w, fd, fo); return err })
	if err != nil {
		if errors.As(err, new(writeError)) {
			return nil, err
		}
		draft = "" // a draft that cannot be written is left out
	}
	err = p("gaps/"+t.Name+".md", func(w io.Writer) error { return GapsMarkdown(w, r) })
	if err == nil {
		// The report's JSON as indentJSON writes it, one finding at a
		// time.
		err = p("gaps/"+t.Name+".json", r.WriteJSON)
	}
	// The interchange files are those sync --to po/xliff writes for the
	// pair (the draft's frame, notes and inline markup with them), so
	// that the draft written back from them is the draft above.
	if err == nil {
		fd, fo = prepared(fd, fo)
	}
	for _, f := range []struct {
		ext   string
		write func(io.Writer, *gaps.Draft, DraftOptions) error
	}{{"po", DraftPO}, {"xlf", DraftXLIFF}, {"tmx", DraftTMX}} {
		if err == nil {
			err = p("interchange/"+t.Name+"."+f.ext, func(w io.Writer) error { return f.write(w, fd, fo) })
		}
	}
	if err != nil {
		return nil, err
	}
	fd, fo = nil, DraftOptions{}
	s := &TranslationSummary{Name: t.Name, Source: t.Source, Base: t.Base, Findings: len(r.Findings), Progress: r.Progress(), Labels: targetNames(r), IDs: readingIDs(r), Draft: draft}
	for _, f := range r.Findings {
		if f.Severity == gaps.Error {
			s.Errors++
		}
	}
	if err := p("translations/"+t.Name+".html", func(w io.Writer) error { return sidePage(w, t, r, s) }); err != nil {
		return nil, err
	}
	if err := p("gaps/"+t.Name+".html", func(w io.Writer) error { return worklistPage(w, t, r, *s, h) }); err != nil {
		return nil, err
	}
	return s, nil
}

// checkFiles writes through p the check of a document no edition pair
// or translation uses: its page with the findings.
func checkFiles(nd namedDoc, r *gaps.Report, site string, p put) (any, error) {
	if site == "" {
		site = "rulesync"
	}
	if err := p("documents/"+nd.Name+".html", func(w io.Writer) error { return writeDocumentPage(w, nd, r, site) }); err != nil {
		return nil, err
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
	return s, nil
}

// draftExt is the file extension of a draft in each format.
var draftExt = map[string]string{"md": "md", "text": "txt", "csv": "csv", "tsv": "tsv", "po": "po", "xliff": "xlf", "tmx": "tmx", "json": "json"}

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
