package reports_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulesync/rulesync/reports"
)

// buildWith builds the workspace of dir into out with the cache given,
// the clock at a fixed time, and the title, when not empty, set.
func buildWith(t *testing.T, dir, cache, out, title string) map[string]string {
	t.Helper()
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	ws.Granted.Cache = cache
	if title != "" {
		ws.Title = title
	}
	b := &reports.Build{Workspace: ws, Out: out, Now: func() time.Time { return time.Unix(1600000000, 0) }}
	if _, err := b.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return snapshot(t, out)
}

// TestWarmColdIdentical: a build that takes its work from a cache an
// earlier build filled under other settings writes the same bytes as a
// cold build: another SOURCE_DATE_EPOCH, another title, the workspace
// in another folder.
func TestWarmColdIdentical(t *testing.T) {
	for _, c := range []struct {
		name           string
		epoch1, epoch2 string
		title1, title2 string
		moveWorkspace  bool
	}{
		{"epoch", "1700000000", "1800000000", "", "", false},
		{"epoch set then unset", "1700000000", "", "", "", false},
		{"title", "1700000000", "1700000000", "One", "Two", false},
		{"moved", "1700000000", "1700000000", "", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyWorkspace(t)
			cache := filepath.Join(t.TempDir(), "cache")
			t.Setenv("SOURCE_DATE_EPOCH", c.epoch1)
			buildWith(t, dir, cache, filepath.Join(t.TempDir(), "out"), c.title1)
			if c.moveWorkspace {
				moved := filepath.Join(t.TempDir(), "elsewhere")
				if err := os.Rename(dir, moved); err != nil {
					t.Fatal(err)
				}
				dir = moved
			}
			t.Setenv("SOURCE_DATE_EPOCH", c.epoch2)
			warm := buildWith(t, dir, cache, filepath.Join(t.TempDir(), "out"), c.title2)
			cold := buildWith(t, dir, filepath.Join(t.TempDir(), "cold"), filepath.Join(t.TempDir(), "out"), c.title2)
			sameFiles(t, "warm against cold", cold, warm)
		})
	}
}

// TestBuildSourcesConfined: a manifest publishes no file outside its
// roots (by default its folder and the git repository it sits in),
// symlinks resolved; no FIFO, device or /proc entry is read (none
// hangs the build); a source outside is read once the manifest's roots
// name its folder.
func TestBuildSourcesConfined(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "ws")
	os.Rename(copyWorkspace(t), dir)
	secret := filepath.Join(top, "secret.txt")
	os.WriteFile(secret, []byte("1. the host passphrase\n2. more of it\n3. and more\n"), 0o600)
	os.Symlink(secret, filepath.Join(dir, "link.txt"))
	fifo := filepath.Join(dir, "pipe.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	for _, c := range []struct{ path, roots, want string }{
		{secret, "", "lies outside the manifest's folder and its git repository"},
		{"../secret.txt", "", "lies outside"},
		{"link.txt", "", "link.txt -> " + secret + " lies outside"},
		{"pipe.txt", "", "is a named pipe (FIFO), not a regular file"},
		{"/proc/self/status", `roots = ["/"]`, "a file of the system (/proc), never a source"},
		{"/dev/zero", `roots = ["/"]`, "never a source"},
		{"link.txt", `roots = ["."]`, "lies outside the manifest's roots"},
		// A manifest's roots do not widen what it may read beyond its
		// folder (no git repository here) unless the build grants it.
		{"link.txt", `roots = [".", ".."]`, "which a manifest's roots do not widen"},
		{"../secret.txt", `roots = ["/"]`, "which a manifest's roots do not widen"},
		{"link.txt", `roots = [".", ".."] # granted`, ""},
		{"../secret.txt", `roots = [".", ".."] # granted`, ""},
	} {
		body := strings.Replace(string(m), `path = "en-2031.txt"`, `path = "`+c.path+`"`, 1)
		os.WriteFile(manifest, []byte(c.roots+"\n"+body), 0o644)
		out := filepath.Join(t.TempDir(), "out")
		ws, err := reports.LoadWorkspace(manifest)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(c.roots, "# granted") {
			ws.Granted.Roots = []string{top}
		}
		sum, err := (&reports.Build{Workspace: ws, Out: out, Now: func() time.Time { return time.Unix(1600000000, 0) }}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if c.want == "" {
			if len(sum.Failed) != 0 {
				t.Errorf("%s with %s: failed %v", c.path, c.roots, sum.Failed)
			}
			continue
		}
		if len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0].Err.Error(), c.want) {
			t.Errorf("%s %s: failed %v, want %q", c.path, c.roots, sum.Failed, c.want)
		}
		for name, data := range snapshot(t, out) {
			if strings.Contains(data, "passphrase") || strings.Contains(data, "VmRSS") {
				t.Errorf("%s %s: %s publishes the file", c.path, c.roots, name)
			}
		}
	}
}

// TestBuildCacheConfined: a manifest's cache outside the folders its
// sources may lie in (absolute, up the tree, through a symlink) is not
// made: the build runs without a cache and says so; build --root or
// --cache grant it.
func TestBuildCacheConfined(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "ws")
	os.Rename(copyWorkspace(t), dir)
	os.Symlink(top, filepath.Join(dir, "up"))
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	for _, c := range []struct {
		cache, grant string
		made         bool
	}{
		{filepath.Join(top, "abs"), "", false},
		{"../rel", "", false},
		{"up/link", "", false},
		{"inside", "", true},
		{"../rel", "root", true},
		{filepath.Join(top, "abs"), "cache", true},
	} {
		os.WriteFile(manifest, []byte(fmt.Sprintf("cache = %q\n%s", c.cache, m)), 0o644)
		ws, err := reports.LoadWorkspace(manifest)
		if err != nil {
			t.Fatal(err)
		}
		switch c.grant {
		case "root":
			ws.Granted.Roots = []string{top}
		case "cache":
			ws.Granted.Cache = filepath.Join(top, "granted")
		}
		sum, err := (&reports.Build{Workspace: ws, Out: filepath.Join(t.TempDir(), "out")}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		made := filepath.Join(top, "granted")
		if c.grant != "cache" {
			made = ws.Dir + "/" + c.cache
			if filepath.IsAbs(c.cache) {
				made = c.cache
			}
		}
		_, statErr := os.Stat(filepath.Join(made, "CACHEDIR.TAG"))
		if (statErr == nil) != c.made {
			t.Errorf("cache %q granted %q: cache made %v, want %v (notes %q)", c.cache, c.grant, statErr == nil, c.made, sum.Notes)
		}
		noted := slices.ContainsFunc(sum.Notes, func(n string) bool {
			return strings.Contains(n, "lies outside") && strings.Contains(n, "building without a cache")
		})
		if noted == c.made {
			t.Errorf("cache %q granted %q: noted %v, notes %q", c.cache, c.grant, noted, sum.Notes)
		}
		os.RemoveAll(made)
	}
}

// TestBuildOutputHoldsSource: a build whose output directory holds one
// of its sources is refused (it would replace the source with its
// output).
func TestBuildOutputHoldsSource(t *testing.T) {
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	buildWith(t, dir, filepath.Join(t.TempDir(), "cache"), out, "")
	os.WriteFile(filepath.Join(out, "src.txt"), []byte("1. one\n2. two\n"), 0o644)
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	os.WriteFile(manifest, []byte(strings.Replace(string(m), `path = "en-2031.txt"`, `path = "out/src.txt"`, 1)), 0o644)
	ws, err := reports.LoadWorkspace(manifest)
	if err != nil {
		t.Fatal(err)
	}
	_, err = (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "holds source en-2031") {
		t.Errorf("error %v, want the output refused for holding a source", err)
	}
	if _, err := os.Stat(filepath.Join(out, "src.txt")); err != nil {
		t.Error("the source was removed")
	}
}

// TestPrivateURLsGranted: a manifest's allow_private_urls takes effect
// only where the build is run with --allow-private-urls (Granted): a
// manifest from a stranger cannot open the build's network to itself.
func TestPrivateURLsGranted(t *testing.T) {
	dir := copyWorkspace(t)
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	os.WriteFile(manifest, append([]byte("allow_private_urls = true\n"), m...), 0o644)
	ws, err := reports.LoadWorkspace(manifest)
	if err != nil {
		t.Fatal(err)
	}
	_, err = (&reports.Build{Workspace: ws, Out: filepath.Join(t.TempDir(), "out")}).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "--allow-private-urls") {
		t.Errorf("allow_private_urls without the grant: %v, want an error naming --allow-private-urls", err)
	}
	ws.Granted.PrivateURLs = true
	if _, err := (&reports.Build{Workspace: ws, Out: filepath.Join(t.TempDir(), "out")}).Run(context.Background()); err != nil {
		t.Errorf("granted: %v", err)
	}
}
