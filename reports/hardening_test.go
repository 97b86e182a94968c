package reports_test

// Tests for issue 15 (hardening): the build writes and deletes only in its
// folders, and its cache and outputs cannot be turned against the user.

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/pdftest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestManifestNames: a source name is one path element of safe
// characters; anything else is a manifest error at the name's line and
// column, before anything is read or written.
func TestManifestNames(t *testing.T) {
	dir := t.TempDir()
	head := "title = \"x\"\n[[source]]\nname = \"ok\"\npath = \"a.txt\"\n\n[[source]]\npath = \"b.txt\"\n"
	for _, c := range []struct{ name, value, want string }{
		{"parent", `"../../../../elsewhere/ESCAPED"`, `rulesync.toml:8:8: source name "../../../../elsewhere/ESCAPED"`},
		{"absolute", `"/tmp/ESCAPED"`, `rulesync.toml:8:8: source name "/tmp/ESCAPED"`},
		{"slash", `"a/b"`, `rulesync.toml:8:8:`},
		{"backslash", `'a\b'`, `rulesync.toml:8:8:`},
		{"dot dot", `".."`, `rulesync.toml:8:8:`},
		{"hidden", `".rulesync-out"`, `rulesync.toml:8:8:`},
		{"space", `"a b"`, `rulesync.toml:8:8:`},
		{"control", `"a\nb"`, `rulesync.toml:8:8:`},
		{"too long", `"` + strings.Repeat("a", 101) + `"`, `rulesync.toml:8:8:`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, "rulesync.toml")
			os.WriteFile(p, []byte(head+"name = "+c.value+"\n"), 0o644)
			_, err := reports.LoadWorkspace(p)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	// Names of letters of any script, digits, '.', '_' and '-' are fine.
	p := filepath.Join(dir, "rulesync.toml")
	os.WriteFile(p, []byte(head+"name = \"tda-2024_ja.日本語\"\n"), 0o644)
	if _, err := reports.LoadWorkspace(p); err != nil {
		t.Errorf("a good name refused: %v", err)
	}
}

// TestBuildConfined: a workspace whose names escape (made in code, past
// LoadWorkspace's checks) writes nothing outside the output and the
// cache; the build is refused.
func TestBuildConfined(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "a", "b", "c")
	os.MkdirAll(dir, 0o755)
	src := copyWorkspace(t)
	entries, _ := os.ReadDir(src)
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(src, e.Name()))
		os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644)
	}
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	bad := "../../../ESCAPED"
	for i := range ws.Sources {
		if ws.Sources[i].Name == "ja-2030" {
			ws.Sources[i].Name = bad
		}
	}
	ws.Translations[0].Name = bad
	out := filepath.Join(dir, "out")
	_, err = (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
	if err == nil {
		t.Error("a build with a name that escapes was not refused")
	}
	filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), "ESCAPED") {
			t.Errorf("written outside the output and the cache: %s", p)
		}
		return nil
	})
}

// snapshot reads every file under dir, by path relative to dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// sameFiles reports the files that differ between two snapshots.
func sameFiles(t *testing.T, what string, want, got map[string]string) {
	t.Helper()
	for name, w := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: %s missing", what, name)
		} else if g != w {
			t.Errorf("%s: %s differs", what, name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: %s is extra", what, name)
		}
	}
}

// old sets the modification time of everything under dir to two days ago.
func old(dir string) {
	then := time.Now().Add(-48 * time.Hour)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		os.Chtimes(p, then, then)
		return nil
	})
}

// TestBuildPrunesOnlyItsOwn: pruning removes only entries rulesync wrote
// into a cache it marked. A cache directory of the user's own files
// (cache = "." in a folder with docs/ and tasks/) keeps them all.
func TestBuildPrunesOnlyItsOwn(t *testing.T) {
	dir := copyWorkspace(t)
	for _, f := range []string{"docs/chapter1.md", "tasks/todo.txt", "fetch/bookmarks.html", "docs/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.json"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("the user's "+f), 0o644)
	}
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	os.WriteFile(manifest, append([]byte("cache = \".\"\n"), m...), 0o644)
	old(dir)
	out := filepath.Join(t.TempDir(), "out")
	build(t, dir, out)
	sum, _ := build(t, dir, out)
	for _, f := range []string{"docs/chapter1.md", "tasks/todo.txt", "fetch/bookmarks.html", "docs/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.json", "en-2031.txt"} {
		if b, err := os.ReadFile(filepath.Join(dir, f)); err != nil || string(b) != "the user's "+f && f != "en-2031.txt" {
			t.Errorf("the user's %s is gone or changed (%v)", f, err)
		}
	}
	if sum.Pruned != 0 {
		t.Errorf("pruned %d entries of a directory rulesync does not own", sum.Pruned)
	}
	if _, err := os.Stat(filepath.Join(out, "gaps/ja-2030.md")); err != nil {
		t.Error("no worklist: a cache that cannot be used must not cost any output")
	}

	// In rulesync's own cache, a file the user put there stays too.
	dir = copyWorkspace(t)
	build(t, dir, out)
	stray := filepath.Join(dir, ".rulesync-cache", "docs", "notes.txt")
	os.WriteFile(stray, []byte("mine"), 0o644)
	old(filepath.Join(dir, ".rulesync-cache"))
	en := filepath.Join(dir, "en-2031.txt")
	data, _ := os.ReadFile(en)
	os.WriteFile(en, append(data, "\n\n5: Chip Race\nChips are raced off.\n"...), 0o644)
	if sum, _ := build(t, dir, out); sum.Pruned != 3 {
		t.Errorf("pruned %d entries; want the 3 the change left unused", sum.Pruned)
	}
	if _, err := os.Stat(stray); err != nil {
		t.Error("pruning removed a file rulesync did not write")
	}
}

// findCached returns the files under the cache whose contents hold s.
func findCached(t *testing.T, cache, s string) []string {
	t.Helper()
	var found []string
	filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), s) {
				found = append(found, p)
			}
		}
		return nil
	})
	if len(found) == 0 {
		t.Fatalf("no cached file holds %q", s)
	}
	return found
}

// TestBuildCacheVerified: the output is a copy of the cache, so editing
// it edits nothing else; a cache entry that was edited or cut short is
// not used: the build redoes it, says so, and writes what it would have
// written without a cache.
func TestBuildCacheVerified(t *testing.T) {
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	want := snapshot(t, out)
	cache := filepath.Join(dir, ".rulesync-cache")

	po := filepath.Join(out, "interchange", "ja-2030.po")
	os.WriteFile(po, []byte("edited by hand"), 0o644)
	if len(findCached(t, cache, "msgctxt")) == 0 {
		t.Error("editing the output edited the cache")
	}
	build(t, dir, out)
	sameFiles(t, "after editing the output", want, snapshot(t, out))

	// A cached document edited into another valid one.
	for _, p := range findCached(t, cache, `"title": "Verbal Bets"`) {
		b, _ := os.ReadFile(p)
		os.WriteFile(p, []byte(strings.ReplaceAll(string(b), `"title": "Verbal Bets"`, `"title": "TAMPERED"`)), 0o644)
	}
	// A cached changelog cut to nothing.
	for _, p := range findCached(t, cache, "# Changes from") {
		os.WriteFile(p, nil, 0o644)
	}
	sum, cached := build(t, dir, out)
	sameFiles(t, "after tampering with the cache", want, snapshot(t, out))
	if cached["ingest en-2031"] || cached["diff en-2030..en-2031"] {
		t.Errorf("a tampered entry was taken from the cache: %v", cached)
	}
	if !strings.Contains(strings.Join(sum.Notes, "\n"), "checksum") {
		t.Errorf("no note of the tampered entries: %q", sum.Notes)
	}
	// Redone, the entries are good again.
	_, cached = build(t, dir, out)
	for k, c := range cached {
		if !c {
			t.Errorf("%s was not cached after being redone", k)
		}
	}
}

// TestBuildCacheUnwritable: a cache that cannot be made or written
// (a file in the way, a read-only or full disk) costs only time: the
// build writes the same output as with a cache, and warns.
func TestBuildCacheUnwritable(t *testing.T) {
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	want := snapshot(t, out)
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, cache string) (restore func())
	}{
		{"a file in the way", func(t *testing.T, cache string) func() {
			os.WriteFile(cache, []byte("not a directory"), 0o644)
			return func() {}
		}},
		{"read-only", func(t *testing.T, cache string) func() {
			if os.Geteuid() == 0 {
				return reports.SetCacheFault(syscall.EROFS)
			}
			os.MkdirAll(cache, 0o755)
			os.Chmod(cache, 0o555)
			return func() { os.Chmod(cache, 0o755) }
		}},
		{"full", func(t *testing.T, cache string) func() { return reports.SetCacheFault(syscall.ENOSPC) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
			if err != nil {
				t.Fatal(err)
			}
			ws.Granted.Cache = filepath.Join(t.TempDir(), "cache")
			defer c.setup(t, ws.Granted.Cache)()
			sum, err := (&reports.Build{Workspace: ws, Out: out, Now: func() time.Time { return time.Unix(1700000000, 0) }}).Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(sum.Failed) > 0 {
				t.Errorf("sources failed: %v", sum.Failed)
			}
			sameFiles(t, c.name, want, snapshot(t, out))
			if !strings.Contains(strings.Join(sum.Notes, "\n"), "cache") {
				t.Errorf("no warning of the cache: %q", sum.Notes)
			}
		})
	}
}

// TestBuildKilledHelper is run by TestBuildKilled in a process of its
// own: a build that stops before its site, until it is killed.
func TestBuildKilledHelper(t *testing.T) {
	dir := os.Getenv("RULESYNC_TEST_KILLED_BUILD")
	if dir == "" {
		t.Skip("run by TestBuildKilled")
	}
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	(&reports.Build{Workspace: ws, Out: filepath.Join(dir, "out"), Workers: 1, Progress: func(e reports.Event) {
		if e.Stage == "site" {
			time.Sleep(time.Hour)
		}
	}}).Run(context.Background())
}

// TestBuildKilled: a build killed with SIGKILL leaves its unfinished
// directory beside the output; the next build removes it, and leaves
// the one of a build still running and anything else named alike.
func TestBuildKilled(t *testing.T) {
	dir := copyWorkspace(t)
	started := map[string]bool{}
	// hung starts a build that hangs before its site, and returns it
	// with the directory it writes into.
	hung := func() (*exec.Cmd, string) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBuildKilledHelper$")
		cmd.Env = append(os.Environ(), "RULESYNC_TEST_KILLED_BUILD="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			found, _ := filepath.Glob(filepath.Join(dir, ".out.new-*", "changelog", "*.md"))
			for _, f := range found {
				if d := filepath.Dir(filepath.Dir(f)); !started[d] {
					started[d] = true
					return cmd, d
				}
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("the build to kill wrote nothing within a minute")
		return nil, ""
	}
	running, its := hung()
	defer func() {
		running.Process.Kill()
		running.Wait()
	}()
	killed, left := hung()
	killed.Process.Kill() // SIGKILL: nothing runs after it
	killed.Wait()
	mine := filepath.Join(dir, ".out.new-mine")
	os.MkdirAll(mine, 0o755)
	os.WriteFile(filepath.Join(mine, "notes.txt"), []byte("mine"), 0o644)

	sum, _ := build(t, dir, filepath.Join(dir, "out"))
	if _, err := os.Stat(left); err == nil {
		t.Errorf("the killed build's %s is still there", filepath.Base(left))
	}
	if _, err := os.Stat(its); err != nil {
		t.Errorf("the running build's directory was removed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(mine, "notes.txt")); err != nil {
		t.Errorf("a directory rulesync did not write was removed: %v", err)
	}
	if !strings.Contains(strings.Join(sum.Notes, "\n"), filepath.Base(left)) {
		t.Errorf("the notes do not say what was removed: %q", sum.Notes)
	}
}

// TestBuildMaxBytes: a build reads its sources with the limit ingest has
// (max_bytes in the manifest, 32 MiB by default): a source over it is
// reported, not read whole; the documents it caches may be larger.
func TestBuildMaxBytes(t *testing.T) {
	dir := copyWorkspace(t)
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	en, _ := os.ReadFile(filepath.Join(dir, "en-2031.txt"))
	limit := 0
	for _, f := range []string{"en-2030.txt", "en-2031.txt", "ja-2030.json"} {
		b, _ := os.ReadFile(filepath.Join(dir, f))
		limit = max(limit, len(b)+10)
	}
	os.WriteFile(filepath.Join(dir, "en-2031.txt"), append(en, strings.Repeat(" ", limit-10-len(en))...), 0o644)
	os.WriteFile(manifest, append([]byte(fmt.Sprintf("max_bytes = %d\n", limit)), m...), 0o644)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	sum, cached := build(t, dir, out)
	if len(sum.Failed) != 0 || !cached["ingest en-2031"] {
		t.Errorf("failed %v, cached %v: a cached document larger than max_bytes must be read", sum.Failed, cached)
	}
	os.WriteFile(filepath.Join(dir, "en-2031.txt"), append(en, strings.Repeat(" ", limit)...), 0o644)
	sum, _ = build(t, dir, out)
	if len(sum.Failed) != 1 || !errors.Is(sum.Failed[0].Err, ingest.ErrTooLarge) || !strings.Contains(sum.Failed[0].Err.Error(), "en-2031.txt") {
		t.Errorf("a source over max_bytes: failed %v, want en-2031.txt too large", sum.Failed)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		os.WriteFile(manifest, append([]byte("max_bytes = 1048576\n"), strings.Replace(string(m), `path = "en-2031.txt"`, `path = "/dev/zero"`, 1)...), 0o644)
		sum, _ = build(t, dir, out)
		// Refused before it is opened: a device is never a source.
		if len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0].Err.Error(), "never a source") {
			t.Errorf("/dev/zero as a source: failed %v, want refused as a file of the system", sum.Failed)
		}
	}
	for _, c := range []struct{ body, want string }{
		{"max_bytes = -5\n", "rulesync.toml:1:13: max_bytes -5: want a number of bytes above 0"},
		{"max_bytes = \"lots\"\n", "rulesync.toml:1:"},
	} {
		os.WriteFile(manifest, append([]byte(c.body), m...), 0o644)
		if _, err := reports.LoadWorkspace(manifest); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.body, err, c.want)
		}
	}
}

// TestReproducibleBuild: two cold builds of the example workspace with
// SOURCE_DATE_EPOCH set, a minute apart by the clock they are given, are
// the same in every byte of every file: the PO and TMX dates and the
// documents' ingest times come from SOURCE_DATE_EPOCH.
func TestReproducibleBuild(t *testing.T) {
	longtest.Skip(t)
	testcorpus.Path(t, "tda/tda-2024-longform-en.pdf")
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	var outs []map[string]string
	for _, at := range []time.Time{time.Date(2031, 1, 2, 3, 4, 5, 0, time.UTC), time.Date(2031, 1, 2, 3, 5, 5, 0, time.UTC)} {
		ws, err := reports.LoadWorkspace("../workspace/rulesync.toml")
		if err != nil {
			t.Fatal(err)
		}
		ws.Granted.Cache = t.TempDir() // cold
		out := filepath.Join(t.TempDir(), "out")
		if _, err := (&reports.Build{Workspace: ws, Out: out, Now: func() time.Time { return at }}).Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, snapshot(t, out))
	}
	sameFiles(t, "a minute later", outs[0], outs[1])
	if po := outs[0]["interchange/tda-2024-ja.po"]; !strings.Contains(po, `"POT-Creation-Date: 2023-11-14 22:13+0000\n"`) || !strings.Contains(po, `"PO-Revision-Date: 2023-11-14 22:13+0000\n"`) {
		t.Errorf("the PO header does not carry SOURCE_DATE_EPOCH's date:\n%s", po[:min(len(po), 600)])
	}
}

// TestBadSourceDateEpoch: a SOURCE_DATE_EPOCH that is not a number of
// seconds is an error, not the clock's time in silence.
func TestBadSourceDateEpoch(t *testing.T) {
	dir := copyWorkspace(t)
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"abc", "1.5", "-1", " 1", "99999999999999999999"} {
		t.Setenv("SOURCE_DATE_EPOCH", v)
		_, err := (&reports.Build{Workspace: ws, Out: filepath.Join(dir, "out")}).Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), "SOURCE_DATE_EPOCH") {
			t.Errorf("SOURCE_DATE_EPOCH=%q: %v, want an error naming it", v, err)
		}
	}
}

// TestBuildURLCredentials: a password in a source's URL reaches the
// server and nowhere else: not the cache's fetch record, the documents,
// the output or the messages of a failed fetch.
func TestBuildURLCredentials(t *testing.T) {
	dir := copyWorkspace(t)
	page, _ := os.ReadFile(filepath.Join(dir, "en-2031.txt"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, p, _ := r.BasicAuth(); p != "s3cret" || r.URL.Path != "/en-2031.txt" {
			http.Error(w, "no", http.StatusNotFound)
			return
		}
		w.Header().Set("ETag", `"1"`)
		w.Write(page)
	}))
	defer srv.Close()
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	url := "http://alice:s3cret@" + strings.TrimPrefix(srv.URL, "http://")
	os.WriteFile(manifest, []byte("allow_private_urls = true\n"+strings.Replace(string(m), `path = "en-2031.txt"`, `url = "`+url+`/en-2031.txt"`, 1)), 0o644)
	out := filepath.Join(dir, "out")
	sum, _ := build(t, dir, out)
	if len(sum.Failed) > 0 {
		t.Fatalf("failed: %v", sum.Failed)
	}
	build(t, dir, out) // a conditional fetch, from the fetch record
	for name, data := range snapshot(t, dir) {
		if strings.Contains(data, "s3cret") && name != "rulesync.toml" {
			t.Errorf("%s holds the password", name)
		}
	}
	os.WriteFile(manifest, []byte(strings.Replace(string(m), `path = "en-2031.txt"`, `url = "`+url+`/gone.txt"`, 1)), 0o644)
	sum, _ = build(t, dir, out)
	if len(sum.Failed) != 1 || strings.Contains(sum.Failed[0].Err.Error(), "s3cret") || !strings.Contains(sum.Failed[0].Err.Error(), "***@") {
		t.Errorf("failed %v: want the fetch error with the password hidden", sum.Failed)
	}
}

// TestSiteCSP: every page of the site and every changelog page carries a
// Content-Security-Policy (a <meta>, which works from file://): the
// site's own script and styles work under it, with no violation logged,
// and a script injected into a page does not run.
func TestSiteCSP(t *testing.T) {
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	for name, data := range snapshot(t, out) {
		if strings.HasSuffix(name, ".html") && !strings.Contains(data, `<meta http-equiv="Content-Security-Policy" content="default-src 'none';`) {
			t.Errorf("%s has no Content-Security-Policy", name)
		}
	}
	run := chromium(t)
	dom, logs := run("--dump-dom", "file://"+filepath.Join(out, "index.html")+"?q=verbal")
	if !strings.Contains(dom, `documents/en-2031.html#rule:4`) {
		t.Errorf("the search does not work under the policy:\n%s", excerpt(dom, `id="results"`))
	}
	_, logs2 := run("--dump-dom", "file://"+filepath.Join(out, "changelog", "en-2030..en-2031.html"))
	for _, l := range strings.Split(logs+logs2, "\n") {
		if strings.Contains(l, "Content Security Policy") || strings.Contains(l, "Refused") {
			t.Errorf("a violation of the site's own policy: %s", l)
		}
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	bad := filepath.Join(out, "injected.html")
	os.WriteFile(bad, []byte(strings.Replace(string(index), "</main>", `<script>document.body.setAttribute("data-injected", "ran")</script></main>`, 1)), 0o644)
	if dom, _ := run("--dump-dom", "file://"+bad); strings.Contains(dom, `data-injected="ran"`) {
		t.Error("a script injected into a page ran")
	}
}

// TestBuildPDFEngine: a source's pdf_engine reaches the reading of its
// PDF. A PDF in a Type3 font, which the Go reader leaves to PDFium, is
// built with the default engine; with pdf_engine = "go" it fails,
// saying why, though the default's document is in the cache: the
// document cached for the one is not taken for the other.
func TestBuildPDFEngine(t *testing.T) {
	dir := copyWorkspace(t)
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	pdf := pdftest.Page("BT /F1 12 Tf 72 700 Td (1: Seats are drawn.) Tj 0 -16 Td (2: The button moves.) Tj ET", pdftest.Type3Font, pdftest.EmptyStream)
	os.WriteFile(filepath.Join(dir, "t3.pdf"), pdf, 0o644)
	write := func(engine string) {
		src := "[[source]]\nname = \"t3\"\npath = \"t3.pdf\"\n"
		if engine != "" {
			src += "pdf_engine = \"" + engine + "\"\n"
		}
		os.WriteFile(manifest, append(append([]byte{}, m...), "\n"+src...), 0o644)
	}
	out := filepath.Join(dir, "out")
	write("")
	if sum, _ := build(t, dir, out); len(sum.Failed) != 0 {
		t.Fatalf("failed %v", sum.Failed)
	}
	if page, _ := os.ReadFile(filepath.Join(out, "documents", "t3.html")); !strings.Contains(string(page), "The button moves.") {
		t.Errorf("documents/t3.html does not show rule 2:\n%s", page)
	}
	write("go")
	sum, _ := build(t, dir, out)
	if len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0].Err.Error(), "the Go PDF reader does not read this file with confidence: a Type3 font") {
		t.Errorf("pdf_engine = \"go\": failed %v, want t3 refused by the Go reader", sum.Failed)
	}
}
