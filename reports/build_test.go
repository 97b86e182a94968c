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
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
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

// TestSiteInChromium loads every page of the built test workspace from
// file:// in headless Chromium (over the DevTools protocol): no page
// logs an error, nothing is missing for accessibility, every link
// resolves, no page shows an item id where a number belongs; the
// coverage and change bars show the reports' numbers; each filter of the
// translation page, clicked, leaves the rows the report counts; the
// search box finds a rule of a source and of the translation; the page
// of the document checked alone gives its finding; screenshots of every
// kind of page at desktop and phone width are written (to
// $RULESYNC_SCREENSHOTS, or a temporary directory named in the log).
func TestSiteInChromium(t *testing.T) {
	b := newBrowser(t)
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	tb := b.tab(t, 1200, 900, false)
	pages := checkPages(t, tb, out)
	for _, want := range []string{"index.html", "translations/ja-2030.html", "gaps/ja-2030.html", "changelog/en-2030..en-2031.html", "documents/en-2031.html", "documents/notes-ja.html"} {
		if !slices.Contains(pages, want) {
			t.Errorf("no page %s among %v", want, pages)
		}
	}
	checkNumbers(t, tb, out, pages)
	checkBars(t, tb, out, []string{"ja-2030"}, []string{"en-2030..en-2031"})
	checkFilters(t, tb, out, []string{"ja-2030"})

	if res := search(tb, out, "verbal"); !strings.Contains(res, `documents/en-2031.html#rule:4`) || !strings.Contains(res, "1 results") {
		t.Errorf("the search for \"verbal\" did not list rule 4:\n%s", res)
	}
	if res := search(tb, out, "抽選"); !strings.Contains(res, `translations/ja-2030.html#t-rule:1`) {
		t.Errorf("the search for 抽選 did not find the translated rule:\n%s", res)
	}
	tb.open("file://" + filepath.Join(out, "translations", "ja-2030.html"))
	if dom := tb.dom(); !strings.Contains(dom, "<del>30</del><ins>45</ins>") || !strings.Contains(dom, "not translated") {
		t.Error("the side-by-side page lacks the stale redline or the missing rule")
	}
	tb.open("file://" + filepath.Join(out, "gaps", "ja-2030.html"))
	if dom := tb.dom(); !strings.Contains(dom, "To translate (1)") || !strings.Contains(dom, "A verbal bet of 500 is binding") || !strings.Contains(dom, "The translation now:") {
		t.Error("the worklist lacks the source text of the missing rule or the translation of the stale one")
	}
	tb.open("file://" + filepath.Join(out, "documents", "notes-ja.html"))
	if dom := tb.dom(); !strings.Contains(dom, "the sequence skips b (a then c)") {
		t.Error("the page of the document checked alone lacks its finding")
	}
	tb.open("file://" + filepath.Join(out, "changelog", "en-2030..en-2031.html"))
	if dom := tb.dom(); !strings.Contains(dom, `href="../index.html#changelogs"`) || !strings.Contains(dom, `<caption>Changes by kind and severity</caption>`) {
		t.Error("the changelog page has no way back or no summary table")
	}
	shots := screenshots(t)
	takeScreenshots(t, b, shots, map[string]string{
		"overview":    "file://" + filepath.Join(out, "index.html"),
		"translation": "file://" + filepath.Join(out, "translations", "ja-2030.html"),
		"worklist":    "file://" + filepath.Join(out, "gaps", "ja-2030.html"),
		"changelog":   "file://" + filepath.Join(out, "changelog", "en-2030..en-2031.html"),
		"document":    "file://" + filepath.Join(out, "documents", "notes-ja.html"),
	})
	for _, name := range []string{"overview-desktop.png", "overview-phone.png", "translation-phone.png"} {
		if fi, err := os.Stat(filepath.Join(shots, name)); err != nil || fi.Size() < 5000 {
			t.Errorf("screenshot %s not written (%v)", name, err)
		}
	}
}

// chromium returns a function that runs headless Chromium with args and
// returns its standard output and log, skipping the test when Chromium is
// not installed.
func chromium(t *testing.T) func(args ...string) (string, string) {
	t.Helper()
	chrome := ""
	for _, c := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(c); err == nil {
			chrome = p
			break
		}
	}
	if chrome == "" {
		t.Skip("chromium not installed (Debian package chromium; .ci/run installs it)")
	}
	return func(args ...string) (string, string) {
		// Headless Chromium now and then dies of a signal in this
		// sandbox (one run in a dozen segfaulted); that is the browser's
		// crash, not a fault of the page, so such a run is tried again.
		for attempt := 1; ; attempt++ {
			profile := t.TempDir()
			base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
				"--disable-component-update", "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			cmd := exec.CommandContext(ctx, chrome, append(base, args...)...)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			cancel()
			if err == nil {
				return stdout.String(), stderr.String()
			}
			var ee *exec.ExitError
			// ExitCode is -1 for a process a signal ended.
			if errors.As(err, &ee) && ee.ExitCode() == -1 && ctx.Err() == nil && attempt < 3 {
				t.Logf("chromium %v crashed (%v); trying again", args, err)
				continue
			}
			t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
		}
	}
}

// screenshots is where the screenshots go: $RULESYNC_SCREENSHOTS, or a
// temporary directory.
func screenshots(t *testing.T) string {
	shots := os.Getenv("RULESYNC_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	return shots
}

// accessibility returns what a page, as the browser built it, lacks for
// readers with assistive technology or a keyboard: a language, one h1
// and headings that skip no level, a label for every input, a caption
// and header scopes for every table, a way to skip to the content of
// the site's pages, and links with a target and a text.
func accessibility(dom string) []string {
	doc, err := xhtml.Parse(strings.NewReader(dom))
	if err != nil {
		return []string{"the page does not parse: " + err.Error()}
	}
	var problems []string
	attr := func(n *xhtml.Node, key string) (string, bool) {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val, true
			}
		}
		return "", false
	}
	var text func(n *xhtml.Node) string
	text = func(n *xhtml.Node) string {
		if n.Type == xhtml.TextNode {
			return n.Data
		}
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			b.WriteString(text(c))
		}
		return b.String()
	}
	labels, ids := map[string]bool{}, map[string]bool{}
	var inputs []string
	h1, last := 0, 0
	skip := false
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode {
			if id, ok := attr(n, "id"); ok {
				ids[id] = true
			}
			switch n.DataAtom {
			case atom.Html:
				if l, _ := attr(n, "lang"); l == "" {
					problems = append(problems, "<html> has no lang")
				}
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				level := int(n.Data[1] - '0')
				if level == 1 {
					h1++
				}
				if level > last+1 {
					problems = append(problems, fmt.Sprintf("heading <%s> %q follows <h%d>", n.Data, strings.TrimSpace(text(n)), last))
				}
				last = level
			case atom.Label:
				if f, ok := attr(n, "for"); ok {
					labels[f] = true
				}
			case atom.Input:
				id, _ := attr(n, "id")
				inputs = append(inputs, id)
			case atom.Table:
				caption, scoped, headers := false, 0, 0
				var scan func(m *xhtml.Node)
				scan = func(m *xhtml.Node) {
					if m.DataAtom == atom.Caption {
						caption = true
					}
					if m.DataAtom == atom.Th {
						headers++
						if _, ok := attr(m, "scope"); ok {
							scoped++
						}
					}
					for c := m.FirstChild; c != nil; c = c.NextSibling {
						scan(c)
					}
				}
				scan(n)
				if !caption || headers == 0 || scoped != headers {
					problems = append(problems, fmt.Sprintf("a table with caption %v and %d of %d header cells scoped", caption, scoped, headers))
				}
			case atom.A:
				href, _ := attr(n, "href")
				if href == "" || strings.TrimSpace(text(n)) == "" {
					problems = append(problems, fmt.Sprintf("a link without a target or a text: href %q, text %q", href, text(n)))
				}
				if href == "#main" {
					skip = true
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if h1 != 1 {
		problems = append(problems, fmt.Sprintf("%d <h1> headings", h1))
	}
	for _, id := range inputs {
		if id == "" || !labels[id] {
			problems = append(problems, fmt.Sprintf("an input (id %q) without a label", id))
		}
	}
	if ids["main"] && !skip {
		problems = append(problems, "no link to skip to the content")
	}
	return problems
}

func excerpt(s, at string) string {
	i := strings.Index(s, at)
	if i < 0 {
		return s[:min(len(s), 500)]
	}
	return s[i:min(len(s), i+500)]
}

// TestRealSiteInChromium builds the example workspace on the real corpus
// and loads every page of its site in headless Chromium: no page logs an
// error, nothing is missing for accessibility, every link resolves, no
// page shows an item id where a printed number belongs (the Japanese
// reader page's unnumbered cards show their rules' numbers); the bars
// show the reports' numbers; the filters of each translation page leave
// the rows the report counts; the search finds a rule by words from the
// end of its text (the index holds whole texts) and shows them marked,
// and finds Japanese text in a translation under its rule's number;
// screenshots of every kind of page at desktop and phone width are
// written.
func TestRealSiteInChromium(t *testing.T) {
	longtest.Skip(t)
	b := newBrowser(t)
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	ws, err := reports.LoadWorkspace("../workspace/rulesync.toml")
	if err != nil {
		t.Fatal(err)
	}
	ws.Granted.Cache = t.TempDir()
	out := filepath.Join(t.TempDir(), "out")
	if _, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	tb := b.tab(t, 1200, 900, false)
	pages := checkPages(t, tb, out)
	t.Logf("%d pages checked", len(pages))
	checkNumbers(t, tb, out, pages)
	translations := []string{"tda-2024-ja", "tda-2024-pt-addendum", "wca-2021-ja"}
	checkBars(t, tb, out, translations, []string{"tda-2022-en..tda-2024-en", "tda-2024-en..tda-2024-en-docx", "wca-2021-en..wca-2024-en"})
	checkFilters(t, tb, out, translations)
	for _, p := range []string{"documents/wsop-2009-ja-page9.html", "documents/general-poker-rules-ja.html", "documents/holdem-basics-ja.html"} {
		if !slices.Contains(pages, p) {
			t.Errorf("no page %s for a document checked alone", p)
		}
	}
	tb.open("file://" + filepath.Join(out, "documents", "wsop-2009-ja-page9.html"))
	if dom := tb.dom(); !strings.Contains(dom, "the sequence skips d (c then e)") {
		t.Error("the WSOP page does not give rule 72's skipped d")
	}
	tb.open("file://" + filepath.Join(out, "documents", "general-poker-rules-ja.html"))
	if dom := tb.dom(); !strings.Contains(dom, "フォルド") {
		t.Error("the general rules page does not give the フォルド misspelling")
	}
	tb.open("file://" + filepath.Join(out, "changelog", "tda-2022-en..tda-2024-en.html"))
	if dom := tb.dom(); !strings.Contains(dom, "tda-2022 does not contain the Recommended Procedures (22 items) and the Illustration Addendum (14 items)") || strings.Contains(dom, "new in this edition") {
		t.Error("the TDA changelog has no scope note, or lists new items")
	}

	// The last words of the longest rule, far past the start of its text.
	var long *corpus.Item
	for i := range en.Items {
		if it := &en.Items[i]; it.Kind == corpus.KindRule && (long == nil || len(it.Text) > len(long.Text)) {
			long = it
		}
	}
	words := strings.FieldsFunc(long.Text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	query := strings.Join(words[len(words)-4:], " ")
	if strings.Index(strings.Join(strings.Fields(long.Text), " "), query) < 500 {
		t.Fatalf("query %q is not deep in %s", query, long.ID)
	}
	if res := search(tb, out, query); !strings.Contains(res, `documents/tda-2024-en.html#`+long.ID+`"`) || !strings.Contains(res, "<mark>"+html.EscapeString(query)+"</mark>") {
		t.Errorf("the search for %q (the end of %s) did not list it with the words marked:\n%s", query, long.ID, res)
	}
	if res := search(tb, out, "ボタン"); !strings.Contains(res, `translations/tda-2024-ja.html#t-`) || !strings.Contains(res, ">tda-2024-ja Rule ") || strings.Contains(res, ">tda-2024-ja item:") {
		t.Errorf("the search for ボタン did not find the Japanese translation under rule numbers:\n%s", res)
	}
	shots := screenshots(t)
	takeScreenshots(t, b, shots, map[string]string{
		"real-overview":    "file://" + filepath.Join(out, "index.html"),
		"real-translation": "file://" + filepath.Join(out, "translations", "tda-2024-ja.html"),
		"real-worklist":    "file://" + filepath.Join(out, "gaps", "wca-2021-ja.html"),
		"real-changelog":   "file://" + filepath.Join(out, "changelog", "tda-2022-en..tda-2024-en.html"),
		"real-document":    "file://" + filepath.Join(out, "documents", "wsop-2009-ja-page9.html"),
	})
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
