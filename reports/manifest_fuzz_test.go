package reports_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/reports"
)

// FuzzManifest fuzzes the manifest reader: any bytes give no panic and
// either a workspace whose names are all usable or an error of one line
// that names the manifest (`go test ./reports -run '^$' -fuzz
// '^FuzzManifest$' -fuzztime 10m`).
func FuzzManifest(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "workspace", "*.toml"))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"title = \"x\"\n[[source]\nname = 1\n",
		"[[source]]\nname = \"a\"\npath = \"a.md\"\n[[series]]\nname = \"s\"\n  sources = [\"a\"]\n",
		"cache = \"~/x\"\nmax_bytes = -1\n[[source]]\nname = \"a\"\nurl = \"http://x\"\npdf_engine = \"nosuch\"\n",
		"[[source]]\nname=\"a\"\npath=\"a\"\n[[source]]\nname=\"b\"\npath=\"b\"\n[[translation]]\nname=\"b\"\nsource=\"a\"\nbase=\"c\"\n",
		"[[series]]\nname = \"s\"\nrepo = \".\"\npath = \"a.md\"\ntags = true\n[source.x]\ny = 1\n",
		"roots = [\"..\", \"/\"]\nallow_private_urls = true\n[[diff]]\nold=\"a\"\nnew=\"a\"\n",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	path := filepath.Join(dir, "rulesync.toml")
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16<<10 {
			return
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ws, err := reports.LoadWorkspace(path)
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, path) {
				t.Fatalf("error is not one line naming the manifest: %q", msg)
			}
			return
		}
		if len(ws.Sources) == 0 && len(ws.Series) == 0 {
			t.Fatal("a workspace with no source and no series was accepted")
		}
		for _, s := range ws.Sources {
			if s.Name == "" || strings.ContainsAny(s.Name, "/\\") || strings.HasPrefix(s.Name, ".") {
				t.Fatalf("source name %q accepted", s.Name)
			}
		}
	})
}
