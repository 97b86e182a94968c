package reports_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/reports"
)

// copyWorkspace copies testdata/workspace into a temporary directory, so
// that a test may change its sources and keep its cache to itself.
func copyWorkspace(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir("testdata/workspace")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata/workspace", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// build runs a build and returns its summary and the steps it took from
// the cache, by "stage name".
func build(t *testing.T, dir, out string) (*reports.Summary, map[string]bool) {
	t.Helper()
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	// As a user who runs the build with --allow-private-urls where the
	// manifest asks for it (the tests' servers are on 127.0.0.1).
	ws.Granted.PrivateURLs = ws.AllowPrivateURLs
	cached := map[string]bool{}
	b := &reports.Build{Workspace: ws, Out: out, Now: func() time.Time { return time.Unix(1700000000, 0) },
		Progress: func(e reports.Event) {
			if e.Done && (e.Stage == "ingest" || e.Stage == "diff" || e.Stage == "gaps") {
				cached[e.Stage+" "+e.Name] = e.Cached
			}
		}}
	sum, err := b.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sum, cached
}

// TestBuild builds the test workspace: every output is written, a second
// build takes everything from the cache and writes the same bytes, and a
// changed source is read again with only what depends on it.
func TestBuild(t *testing.T) {
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	sum, cached := build(t, dir, out)
	for _, f := range []string{"index.html", "style.css", "search.js", "search-index.js",
		"changelog/en-2030..en-2031.md", "changelog/en-2030..en-2031.html", "changelog/en-2030..en-2031.json",
		"gaps/ja-2030.md", "gaps/ja-2030.json", "interchange/ja-2030.po", "interchange/ja-2030.xlf", "interchange/ja-2030.tmx",
		"interchange/glossary.tbx", "translations/ja-2030.html", "documents/en-2031.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing output %s", f)
		}
	}
	for k, c := range cached {
		if c {
			t.Errorf("%s came from the cache on a cold build", k)
		}
	}
	// Segments: rule 1's text is stale (30 -> 45), its title current;
	// rule 4's title and text are untranslated.
	if len(sum.Translations) != 1 || sum.Translations[0].Progress.Stale != 1 || sum.Translations[0].Progress.Untranslated != 2 {
		t.Errorf("translations %+v; want 1 stale segment (rule 1's 30 -> 45) and 2 untranslated (rule 4's title and text)", sum.Translations)
	}
	po, _ := os.ReadFile(filepath.Join(out, "interchange/ja-2030.po"))
	if !strings.Contains(string(po), "#, fuzzy\n#| msgctxt \"rule:1\"") {
		t.Errorf("the PO file does not mark rule:1 fuzzy:\n%s", po)
	}
	first, _ := os.ReadFile(filepath.Join(out, "gaps/ja-2030.md"))

	_, cached = build(t, dir, out)
	for k, c := range cached {
		if !c {
			t.Errorf("%s was redone on a warm build", k)
		}
	}
	if again, _ := os.ReadFile(filepath.Join(out, "gaps/ja-2030.md")); string(again) != string(first) {
		t.Error("a warm build wrote another worklist")
	}

	// Another build of rulesync takes nothing from this one's cache: its
	// parsers and reports may differ.
	restore := reports.SetProgram("another rulesync")
	_, cached = build(t, dir, out)
	restore()
	for k, c := range cached {
		if c {
			t.Errorf("%s came from the cache another rulesync filled", k)
		}
	}

	// Change the translation only: the edition diff stays cached.
	ja := filepath.Join(dir, "ja-2030.json")
	data, _ := os.ReadFile(ja)
	os.WriteFile(ja, []byte(strings.Replace(string(data), "15分", "20分", 1)), 0o644)
	_, cached = build(t, dir, out)
	want := map[string]bool{"ingest en-2030": true, "ingest en-2031": true, "ingest ja-2030": false, "diff en-2030..en-2031": true, "gaps ja-2030": false}
	for k, w := range want {
		if cached[k] != w {
			t.Errorf("after changing ja-2030: %s cached %v, want %v", k, cached[k], w)
		}
	}
}

// TestBuildBrokenSource checks that a source that cannot be read is
// reported and left out with what depends on it, and that everything
// else is written.
func TestBuildBrokenSource(t *testing.T) {
	dir := copyWorkspace(t)
	os.Remove(filepath.Join(dir, "ja-2030.json"))
	out := filepath.Join(dir, "out")
	sum, _ := build(t, dir, out)
	if len(sum.Failed) != 1 || sum.Failed[0].Name != "ja-2030" || !strings.Contains(sum.Failed[0].Err.Error(), "no such file") {
		t.Errorf("failed %+v; want ja-2030, no such file", sum.Failed)
	}
	if _, err := os.Stat(filepath.Join(out, "changelog/en-2030..en-2031.md")); err != nil {
		t.Error("the changelog, which needs no broken source, was not written")
	}
	if _, err := os.Stat(filepath.Join(out, "gaps/ja-2030.md")); err == nil {
		t.Error("a worklist was written for a translation that could not be read")
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !strings.Contains(string(index), "Sources that could not be read") || !strings.Contains(string(index), "ja-2030") {
		t.Error("the site does not report the broken source")
	}
}

// TestBuildURLSource builds with one edition read from a web server: a
// second build asks with the page's validators and, answered 304 Not
// Modified, takes the document and what depends on it from the cache; a
// server that gives no validators but the same bytes also costs no
// parsing; changed bytes are read again.
func TestBuildURLSource(t *testing.T) {
	dir := copyWorkspace(t)
	page, err := os.ReadFile(filepath.Join(dir, "en-2031.txt"))
	if err != nil {
		t.Fatal(err)
	}
	validators := true
	var conditional []bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		etag := fmt.Sprintf(`"%x"`, sha256.Sum256(page))
		conditional = append(conditional, r.Header.Get("If-None-Match") != "")
		if validators && r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if validators {
			w.Header().Set("ETag", etag)
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write(page)
	}))
	defer srv.Close()
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	// The server is on 127.0.0.1: the manifest must allow it.
	os.WriteFile(manifest, []byte("allow_private_urls = true\n"+strings.Replace(string(m), `path = "en-2031.txt"`, `url = "`+srv.URL+`/en-2031.txt"`, 1)), 0o644)
	out := filepath.Join(dir, "out")

	steps := []struct {
		name           string
		change         func()
		cached         bool // the edition read from the server, and the diff
		askedWithETags bool
	}{
		{"cold", func() {}, false, false},
		{"304 not modified", func() {}, true, true},
		{"same bytes, no validators", func() { validators = false }, true, true},
		{"changed page", func() { page = append(page, "\n\n5: Chip Race\nChips are raced off.\n"...) }, false, false},
	}
	for _, st := range steps {
		st.change()
		conditional = nil
		_, cached := build(t, dir, out)
		if cached["ingest en-2031"] != st.cached || cached["diff en-2030..en-2031"] != st.cached {
			t.Errorf("%s: ingest cached %v, diff cached %v; want %v", st.name, cached["ingest en-2031"], cached["diff en-2030..en-2031"], st.cached)
		}
		if len(conditional) != 1 || conditional[0] != st.askedWithETags {
			t.Errorf("%s: requests conditional %v; want one, conditional %v", st.name, conditional, st.askedWithETags)
		}
	}
	cl, _ := os.ReadFile(filepath.Join(out, "changelog/en-2030..en-2031.md"))
	if !strings.Contains(string(cl), "Chip Race") {
		t.Error("the changelog does not show the rule the changed page added")
	}
}

// TestBuildOutputGuard: a build replaces its output directory whole, so
// it refuses one that holds files no build wrote (the user's work stays),
// takes an empty one, and replaces its own.
func TestBuildOutputGuard(t *testing.T) {
	dir := copyWorkspace(t)
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(out string) error {
		_, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
		return err
	}
	mine := filepath.Join(t.TempDir(), "thesis")
	os.MkdirAll(mine, 0o755)
	os.WriteFile(filepath.Join(mine, "chapter1.txt"), []byte("years of work"), 0o644)
	if err := run(mine); err == nil || !strings.Contains(err.Error(), "holds files no build wrote") {
		t.Errorf("build into a directory of the user's files: %v; want a refusal", err)
	}
	if b, err := os.ReadFile(filepath.Join(mine, "chapter1.txt")); err != nil || string(b) != "years of work" {
		t.Errorf("the user's file is gone or changed: %q, %v", b, err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(mine)); len(entries) != 1 {
		t.Errorf("a refused build left %d entries beside the directory", len(entries)-1)
	}
	empty := filepath.Join(t.TempDir(), "empty")
	os.MkdirAll(empty, 0o755)
	if err := run(empty); err != nil {
		t.Errorf("build into an empty directory: %v", err)
	}
	if err := run(empty); err != nil {
		t.Errorf("build over its own output: %v", err)
	}
	if _, err := os.Stat(filepath.Join(empty, "index.html")); err != nil {
		t.Error("no site after building over the earlier output")
	}
	file := filepath.Join(t.TempDir(), "afile")
	os.WriteFile(file, []byte("x"), 0o644)
	if err := run(file); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("build into a file: %v", err)
	}
}

// TestBuildPrunesCache: entries no build used for a day leave the cache;
// the ones the build used stay, fresh, and entries younger than a day
// stay too (another manifest may share the cache).
func TestBuildPrunesCache(t *testing.T) {
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	cache := filepath.Join(dir, ".rulesync-cache")
	count := func() int {
		n := 0
		for _, k := range []string{"docs", "tasks"} {
			entries, _ := os.ReadDir(filepath.Join(cache, k))
			n += len(entries)
		}
		return n
	}
	before := count()
	// A new en-2031: its document, the diff and the worklist are made
	// again; the old ones are not used any more.
	en := filepath.Join(dir, "en-2031.txt")
	data, _ := os.ReadFile(en)
	os.WriteFile(en, append(data, "\n\n5: Chip Race\nChips are raced off.\n"...), 0o644)
	sum, _ := build(t, dir, out)
	if sum.Pruned != 0 || count() != before+3 {
		t.Fatalf("a day has not passed: pruned %d, %d entries (want %d)", sum.Pruned, count(), before+3)
	}
	old := time.Now().Add(-48 * time.Hour)
	for _, k := range []string{"docs", "tasks"} {
		entries, _ := os.ReadDir(filepath.Join(cache, k))
		for _, e := range entries {
			os.Chtimes(filepath.Join(cache, k, e.Name()), old, old)
		}
	}
	sum, cached := build(t, dir, out)
	if sum.Pruned != 3 || count() != before {
		t.Errorf("pruned %d, %d entries left; want the 3 stale ones gone and %d left", sum.Pruned, count(), before)
	}
	for k, c := range cached {
		if !c {
			t.Errorf("%s was redone: pruning took an entry in use", k)
		}
	}
}

// TestBuildInterrupted: a build whose context ends writes nothing, leaves
// the previous output as it was and no unfinished directory beside it.
func TestBuildInterrupted(t *testing.T) {
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	before, _ := os.ReadFile(filepath.Join(out, "gaps/ja-2030.md"))
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	os.Remove(filepath.Join(dir, "ja-2030.json")) // would change the output
	if _, err := (&reports.Build{Workspace: ws, Out: out}).Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted build: %v; want context.Canceled", err)
	}
	if after, _ := os.ReadFile(filepath.Join(out, "gaps/ja-2030.md")); string(after) != string(before) || len(before) == 0 {
		t.Error("the interrupted build changed the previous output")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".new-") {
			t.Errorf("the interrupted build left %s", e.Name())
		}
	}
}

// TestManifestErrors checks the messages for bad manifests.
func TestManifestErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ body, want string }{
		{"title = \"x\"\n[[source]\nname = 1\n", "rulesync.toml:2:10: expected end of table array name"},
		{"[[source]]\nname = \"a\"\n", `rulesync.toml:1:1: source "a" needs a path or a url`},
		{"[[source]]\nname = \"a\"\npath = \"a.txt\"\n[[diff]]\nold = \"a\"\nnew = \"b\"\n", `rulesync.toml:6:7: diff names source "b"`},
		{"[[source]]\nname = \"a\"\npath = \"a.txt\"\n[[source]]\n name = \"a\"\npath = \"b.txt\"\n", `rulesync.toml:5:9: source "a" is named twice`},
		{"[[source]]\npath = \"a.txt\"\n", `rulesync.toml:1:1: source 1 has no name`},
		// Two entries for one translation would write the same outputs.
		{"[[source]]\nname = \"en\"\npath = \"en.md\"\n[[source]]\nname = \"en2\"\npath = \"en2.md\"\n[[source]]\nname = \"ja\"\npath = \"ja.md\"\n" +
			"[[translation]]\nname = \"ja\"\nsource = \"en\"\n[[translation]]\nname = \"ja\"\nsource = \"en2\"\n", `rulesync.toml:14:8: translation "ja" is listed twice`},
		{"[[source]]\nname = \"en\"\npath = \"en.md\"\n[[translation]]\nname = \"en\"\nsource = \"en\"\nbase = \"old\"\n", `rulesync.toml:7:8: translation en names source "old"`},
		{"colour = \"red\"\n", `rulesync.toml:1:1: unknown key "colour"`},
		{"[[source]]\nname = \"a\"\npath = \"a.md\"\n[[series]]\nname = \"s\"\n  sources = [\"a\"]\n", `rulesync.toml:6:3: unknown key "series.sources"`},
		{"", "no [[source]]"},
		{"title = \"only a title\"\n", "no [[source]]"},
		{"[[source]]\nname = \"a\"\npath = \"a.pdf\"\npdf_engine = \"nosuch\"\n", `rulesync.toml:4:14: source "a": pdf_engine "nosuch": this build reads PDFs with auto, `},
	} {
		p := filepath.Join(dir, "rulesync.toml")
		os.WriteFile(p, []byte(c.body), 0o644)
		if _, err := reports.LoadWorkspace(p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.body, err, c.want)
		}
	}
}

// TestBuildFailedSourceNamesWhatItSkips builds the test workspace with
// one edition a .docx that is not a ZIP: the pair, the translation made
// from it and the series that holds it are named in the summary with the source that failed,
// the overview shows each as not built (never "No edition pairs"), and
// every local link of every page resolves.
func TestBuildFailedSourceNamesWhatItSkips(t *testing.T) {
	dir := copyWorkspace(t)
	manifest := filepath.Join(dir, "rulesync.toml")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), `path = "en-2030.txt"`, `path = "en-2030.docx"`, 1) +
		"\n[[series]]\nname = \"house\"\neditions = [\"en-2030\", \"en-2031\"]\n")
	os.WriteFile(manifest, data, 0o644)
	os.WriteFile(filepath.Join(dir, "en-2030.docx"), []byte("Rule 1. Not a ZIP archive.\n"), 0o644)
	out := filepath.Join(dir, "out")
	sum, _ := build(t, dir, out)
	if len(sum.Failed) != 1 || sum.Failed[0].Name != "en-2030" {
		t.Fatalf("failed %+v; want en-2030", sum.Failed)
	}
	want := []reports.Skipped{{Kind: "changelog", Name: "en-2030..en-2031", Because: []string{"en-2030"}},
		{Kind: "translation", Name: "ja-2030", Because: []string{"en-2030"}},
		{Kind: "series", Name: "house", Because: []string{"en-2030"}}}
	if fmt.Sprint(sum.Skipped) != fmt.Sprint(want) {
		t.Errorf("skipped %v\nwant    %v", sum.Skipped, want)
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	for _, s := range []string{"No edition pairs in this workspace", "No translations in this workspace"} {
		if strings.Contains(string(index), s) {
			t.Errorf("the overview says %q of a manifest that has one not built", s)
		}
	}
	for _, s := range []string{"<strong>en-2030..en-2031</strong>: not built, source en-2030 could not be read",
		"<strong>ja-2030</strong>: not built, source en-2030 could not be read",
		"<strong>series house</strong>: not built, source en-2030 could not be read"} {
		if !strings.Contains(string(index), s) {
			t.Errorf("the overview lacks %q", s)
		}
	}
	checkLocalLinks(t, out)
}

// localLink is a link or resource of a page: href or src.
var localLink = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// checkLocalLinks fails the test for each link of a page of the site in
// out to a file that is not there.
func checkLocalLinks(t *testing.T, out string) {
	t.Helper()
	pages := 0
	err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		pages++
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range localLink.FindAllStringSubmatch(string(data), -1) {
			u := html.UnescapeString(m[1])
			if u == "" || strings.HasPrefix(u, "#") || strings.Contains(u, "://") || strings.HasPrefix(u, "mailto:") || strings.HasPrefix(u, "data:") {
				continue
			}
			u, _, _ = strings.Cut(u, "#")
			u, _, _ = strings.Cut(u, "?")
			if p, err := url.PathUnescape(u); err == nil {
				u = p
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(path), filepath.FromSlash(u))); err != nil {
				rel, _ := filepath.Rel(out, path)
				t.Errorf("%s links %s, which is not written", rel, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages == 0 {
		t.Fatal("no page written")
	}
}

// TestBuildIngestWarnings builds a workspace with a source whose
// numbering skips: the summary carries ingest's warning, and the
// document's page lists it.
func TestBuildIngestWarnings(t *testing.T) {
	dir := copyWorkspace(t)
	f, err := os.OpenFile(filepath.Join(dir, "rulesync.toml"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n[[source]]\nname = \"skips\"\npath = \"skips.txt\"\n")
	f.Close()
	os.WriteFile(filepath.Join(dir, "skips.txt"), []byte("House rules 2031\n\nRule 1. Seats are drawn at random.\n\n"+
		"Rule 2. Late players join at the start of a level.\n\nRule 5. A player may change seats once.\n\nRule 6. Seats are kept for the day.\n"), 0o644)
	out := filepath.Join(dir, "out")
	for _, warm := range []bool{false, true} {
		sum, _ := build(t, dir, out)
		var got []string
		for _, d := range sum.Documents {
			if d.Name == "skips" {
				got = d.Warnings
				if !strings.HasSuffix(d.Input, "skips.txt") {
					t.Errorf("skips read from %q", d.Input)
				}
			} else if len(d.Warnings) > 0 {
				t.Errorf("%s warns %q", d.Name, d.Warnings)
			}
		}
		if len(got) != 1 || !strings.Contains(got[0], "numbering skips: 2 -> 5") {
			t.Errorf("warm %v: skips warns %q; want numbering skips: 2 -> 5", warm, got)
		}
	}
	page, _ := os.ReadFile(filepath.Join(out, "documents/skips.html"))
	if !strings.Contains(string(page), "Ingest warnings") || !strings.Contains(string(page), "<li>numbering skips: 2 -&gt; 5</li>") {
		t.Errorf("the page of skips does not list its warning:\n%s", page)
	}
	if other, _ := os.ReadFile(filepath.Join(out, "documents/en-2031.html")); strings.Contains(string(other), "Ingest warnings") {
		t.Error("the page of en-2031, which has no warning, lists warnings")
	}
}
