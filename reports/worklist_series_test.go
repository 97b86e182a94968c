package reports_test

import (
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestWorklistSeries builds the Japanese Debian Constitution, made from
// 1.0, against 1.7, in a workspace whose series has 1.6 between them:
// the worklist's entry for every stale item shows each change of the
// source since 1.0, edition by edition with its redline (those of the
// item's own history), and then the change of all editions at once
// where its text changed.
// Without the series, it shows only the latter.
func TestWorklistSeries(t *testing.T) {
	dir := t.TempDir()
	rels := map[string]string{"en-1.0": "1.0-en", "en-1.6": "1.6-en", "en-1.7": "1.7-en", "ja": "1.0-ja"}
	docs := map[string]*corpus.Document{}
	manifest := ""
	for name, rel := range rels {
		rel = "dev/debian-constitution/debian-constitution-" + rel + ".wml"
		data, err := os.ReadFile(testcorpus.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".wml"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		docs[name] = testcorpus.Doc(t, rel)
		manifest += "[[source]]\nname = \"" + name + "\"\npath = \"" + name + ".wml\"\n"
	}
	manifest += "[[translation]]\nname = \"ja\"\nsource = \"en-1.7\"\nbase = \"en-1.0\"\n"
	build := func(manifest string) (worklist, md string) {
		t.Helper()
		path := filepath.Join(dir, "rulesync.toml")
		if err := os.WriteFile(path, []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		ws, err := reports.LoadWorkspace(path)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		if _, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		w, err := os.ReadFile(filepath.Join(out, "gaps", "ja.html"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := os.ReadFile(filepath.Join(out, "gaps", "ja.md"))
		if err != nil {
			t.Fatal(err)
		}
		return string(w), string(m)
	}
	names := []string{"en-1.0", "en-1.6", "en-1.7"}
	eds := make([]history.Edition, len(names))
	for k, n := range names {
		eds[k] = history.Edition{Name: n, Doc: docs[n]}
	}
	h, err := history.Options{}.Build(context.Background(), eds)
	if err != nil {
		t.Fatal(err)
	}
	r := gaps.Options{}.Gaps(docs["en-1.7"], docs["ja"], docs["en-1.0"])
	plain, _ := build(manifest)
	page, md := build(manifest + "[[series]]\nname = \"debian\"\neditions = [\"en-1.0\", \"en-1.6\", \"en-1.7\"]\n")
	if strings.Contains(plain, "edition by edition") {
		t.Errorf("the worklist shows changes edition by edition with no series")
	}
	entry := func(page, id string) string {
		_, rest, ok := strings.Cut(page, `<h3 id="w-`+html.EscapeString(id)+`">`)
		if !ok {
			return ""
		}
		e, _, _ := strings.Cut(rest, "<h3 ")
		return e
	}
	stale, twice := 0, 0
	for _, f := range r.Findings {
		if f.Check != gaps.Stale {
			continue
		}
		stale++
		e := entry(page, f.SourceID)
		var l *history.Life
		for i := range docs["en-1.7"].Items {
			if docs["en-1.7"].Items[i].ID == f.SourceID {
				l = h.LifeOf(2, i)
			}
		}
		if l == nil || e == "" {
			t.Fatalf("stale %s: no history (%v) or no worklist entry", f.SourceID, l == nil)
		}
		if !strings.Contains(e, "since en-1.0, edition by edition") || strings.Contains(e, "The source's change:") {
			t.Errorf("stale %s: no changes edition by edition:\n%s", f.SourceID, e)
		}
		text := 0
		for _, ev := range l.Events {
			ch := ev.Change
			want := "<strong>" + h.Editions[ev.Edition].Name + "</strong> (" + string(ch.Kind) + ", " + string(ch.Severity) + "): " + html.EscapeString(ch.Reason)
			if !strings.Contains(e, want) {
				t.Errorf("stale %s: no %q", f.SourceID, want)
			}
			if ch.TextChanged {
				text++
			}
		}
		if text > 1 {
			twice++
		}
		if got := strings.Count(e, "<blockquote>"); got != text {
			t.Errorf("stale %s: %d redlines by edition, want %d", f.SourceID, got, text)
		}
		if !strings.Contains(md, fmt.Sprintf("changed in %d of the 2 editions since en-1.0", len(l.Events))) {
			t.Errorf("stale %s: the Markdown worklist does not say which editions changed it", f.SourceID)
		}
	}
	if stale == 0 || twice == 0 {
		t.Fatalf("%d stale items, %d with their text changed in both editions; the test needs some", stale, twice)
	}
}
