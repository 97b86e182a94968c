package reports_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestBuildWarnsDiffLanguages: a [[diff]] of two editions in different
// languages is warned of in the build's notes, as the diff command warns
// of it, and again when the build comes from the cache; a [[diff]] of
// one language is not. The changelog, in every form, and the overview
// carry the caution.
func TestBuildWarnsDiffLanguages(t *testing.T) {
	en := testcorpus.Path(t, "udhr/udhr-1948-en.md")
	fr := testcorpus.Path(t, "udhr/udhr-1948-fr.md")
	dir := t.TempDir()
	for _, p := range []string{en, fr} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	manifest := "[[source]]\nname = \"en\"\npath = \"udhr-1948-en.md\"\n\n" +
		"[[source]]\nname = \"en2\"\npath = \"udhr-1948-en.md\"\n\n" +
		"[[source]]\nname = \"fr\"\npath = \"udhr-1948-fr.md\"\n\n" +
		"[[diff]]\nold = \"en\"\nnew = \"fr\"\n\n[[diff]]\nold = \"en\"\nnew = \"en2\"\n"
	if err := os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	for run := range 2 {
		sum, _ := build(t, dir, filepath.Join(dir, "out"))
		if len(sum.Failed) > 0 {
			t.Fatalf("run %d: sources not read: %v", run, sum.Failed)
		}
		var warned []string
		for _, n := range sum.Notes {
			if strings.Contains(n, "diff compares two editions in one language") {
				warned = append(warned, n)
			}
		}
		if len(warned) != 1 || !strings.Contains(warned[0], "en..fr") {
			t.Errorf("run %d: notes on languages %q, want one on en..fr (all notes %q)", run, warned, sum.Notes)
		}
		// The changelog itself says so, in every form, and the
		// overview: a page read without the build's output.
		for _, f := range []string{"changelog/en..fr.md", "changelog/en..fr.html", "changelog/en..fr.json", "index.html"} {
			data, err := os.ReadFile(filepath.Join(dir, "out", f))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), "diff compares two editions in one language") {
				t.Errorf("run %d: %s says nothing of the languages", run, f)
			}
		}
		for _, c := range sum.Changelogs {
			if (c.Caution != "") != (c.Name == "en..fr") {
				t.Errorf("run %d: %s: caution %q", run, c.Name, c.Caution)
			}
		}
		if data, _ := os.ReadFile(filepath.Join(dir, "out", "changelog", "en..en2.md")); strings.Contains(string(data), "Caution") {
			t.Errorf("run %d: en..en2 has a caution", run)
		}
	}
}
