package reports

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTreeConfines: a tree takes no name that leaves it, and follows no
// symbolic link out of it, for writes and deletes alike.
func TestTreeConfines(t *testing.T) {
	top := t.TempDir()
	inside := filepath.Join(top, "inside")
	os.MkdirAll(inside, 0o755)
	os.WriteFile(filepath.Join(top, "precious"), []byte("keep"), 0o644)
	os.Symlink(top, filepath.Join(inside, "link"))
	tr, err := openTree(inside)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.close()
	for _, name := range []string{"", ".", "..", "../precious", "/tmp/x", "a/../../precious", "a//b", `a\b`, "link/precious", "link/new"} {
		if err := tr.write(name, []byte("x")); err == nil {
			t.Errorf("write(%q) was allowed", name)
		}
		if err := tr.writeAtomic(name, []byte("x")); err == nil {
			t.Errorf("writeAtomic(%q) was allowed", name)
		}
		if name != "." && name != "" {
			if err := tr.removeAll(name); err == nil && name != "link/new" {
				t.Errorf("removeAll(%q) was allowed", name)
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(top, "precious")); err != nil || string(b) != "keep" {
		t.Errorf("the file outside was changed: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(top, "new")); err == nil {
		t.Error("a file was written through the link")
	}
	if err := tr.write("gaps/ja.md", []byte("ok")); err != nil {
		t.Errorf("a good name refused: %v", err)
	}
}
