package reports_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/reports"
)

// TestBuildRootWidens: build --root widens what a manifest may read: its
// sources beside it, its cache and the sources under the granted
// folder are all read, with or without roots in the manifest; a source
// outside every folder is refused with the remedy that lets it in.
func TestBuildRootWidens(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "ws")
	os.Rename(copyWorkspace(t), dir)
	for _, d := range []string{"granted", "elsewhere"} {
		os.Mkdir(filepath.Join(top, d), 0o755)
		data, _ := os.ReadFile(filepath.Join(dir, "en-2031.txt"))
		os.WriteFile(filepath.Join(top, d, "en.txt"), data, 0o644)
	}
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	const remedy = "run the build with --root DIR naming its folder"
	for _, c := range []struct{ path, roots, want string }{
		{"en-2031.txt", "", ""},
		{"../granted/en.txt", "", ""},
		{"../granted/en.txt", `roots = [".", "../granted"]`, ""},
		{"../elsewhere/en.txt", "", remedy},
		{"../elsewhere/en.txt", `roots = [".", "../elsewhere"]`, remedy},
		{"../granted/en.txt", `roots = ["."]`, "add its folder to roots in the manifest"},
	} {
		body := strings.Replace(string(m), `path = "en-2031.txt"`, `path = "`+c.path+`"`, 1)
		os.WriteFile(manifest, []byte(c.roots+"\ncache = \"cache\"\n"+body), 0o644)
		ws, err := reports.LoadWorkspace(manifest)
		if err != nil {
			t.Fatal(err)
		}
		ws.Granted.Roots = []string{filepath.Join(top, "granted")}
		sum, err := (&reports.Build{Workspace: ws, Out: filepath.Join(t.TempDir(), "out")}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(sum.Notes, func(n string) bool { return strings.Contains(n, "building without a cache") }) {
			t.Errorf("%s %s: the cache beside the manifest is refused: %q", c.path, c.roots, sum.Notes)
		}
		if c.want == "" {
			if len(sum.Failed) != 0 {
				t.Errorf("%s %s: failed %v", c.path, c.roots, sum.Failed)
			}
			continue
		}
		if len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0].Err.Error(), c.want) {
			t.Errorf("%s %s: failed %v, want %q", c.path, c.roots, sum.Failed, c.want)
		}
		os.RemoveAll(filepath.Join(dir, "cache"))
	}
}

// TestBuildRunFolderGrantsNothing: the folder a build runs in widens
// nothing: run from the folder above the manifest's (as from / or a
// home folder), a source there is still refused, and read with --root.
func TestBuildRunFolderGrantsNothing(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "ws")
	os.Rename(copyWorkspace(t), dir)
	data, _ := os.ReadFile(filepath.Join(dir, "en-2031.txt"))
	os.WriteFile(filepath.Join(top, "secret.txt"), data, 0o644)
	manifest := filepath.Join(dir, "rulesync.toml")
	m, _ := os.ReadFile(manifest)
	os.WriteFile(manifest, []byte(`roots = [".."]`+"\n"+strings.Replace(string(m), `path = "en-2031.txt"`, `path = "../secret.txt"`, 1)), 0o644)
	t.Chdir(top)
	for _, granted := range []bool{false, true} {
		ws, err := reports.LoadWorkspace(manifest)
		if err != nil {
			t.Fatal(err)
		}
		if granted {
			ws.Granted.Roots = []string{top}
		}
		sum, err := (&reports.Build{Workspace: ws, Out: filepath.Join(t.TempDir(), "out")}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if refused := len(sum.Failed) == 1 && strings.Contains(sum.Failed[0].Err.Error(), "secret.txt"); refused == granted {
			t.Errorf("run from the folder above the manifest's, --root given %v: failed %v", granted, sum.Failed)
		}
	}
}
