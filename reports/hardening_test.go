package reports_test

// Tests for issue 15 (hardening): the build writes and deletes only in its
// folders, and its cache and outputs cannot be turned against the user.

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
