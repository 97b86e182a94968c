package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestStrictOnRealPages: the warnings and --strict on real pages. An
// untranslated sentence on a line of its own inside the Japanese reader
// page's cards, and a Flesh and Blood rule deleted with its sub-rules
// (a hole in the numbering): without --strict each ingests with the
// warning on stderr and exit 0; with --strict each exits 2 and writes
// nothing. The published files pass --strict.
func TestStrictOnRealPages(t *testing.T) {
	page := testcorpus.Path(t, "seeds/tda-2024-ja-reader-page.txt")
	rules := testcorpus.Path(t, "dev/fab-cr/fab-cr-2.10.1-en.txt")
	dir := t.TempDir()
	perturb := func(src, name string, edit func([]string) []string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name)
		ls := edit(strings.Split(string(data), "\n"))
		if err := os.WriteFile(out, []byte(strings.Join(ls, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return out
	}
	sentence := perturb(page, "sentence.txt", func(ls []string) []string {
		for i := len(ls) / 4; i < len(ls); i++ {
			if strings.Contains(ls[i], "…") {
				return append(ls[:i+1], append([]string{"The dealer must announce the amount of the raise."}, ls[i+1:]...)...)
			}
		}
		t.Fatal("no card line")
		return nil
	})
	hole := perturb(rules, "hole.txt", func(ls []string) []string {
		var out []string
		for _, l := range ls {
			if !strings.HasPrefix(l, "1.1.2") {
				out = append(out, l)
			}
		}
		return out
	})
	for _, c := range []struct {
		in, warning string
	}{
		{sentence, "has no card title"},
		{hole, "numbering skips: 1.1.1a -> 1.1.3"},
	} {
		var stdout, stderr bytes.Buffer
		out := filepath.Join(dir, "out.json")
		if code := run([]string{"rulesync", "ingest", "-v", "-o", out, c.in}, nil, &stdout, &stderr); code != exitOK || !strings.Contains(stderr.String(), c.warning) {
			t.Errorf("ingest %s: exit %d, stderr %q; want 0 and a warning %q", filepath.Base(c.in), code, stderr.String(), c.warning)
		}
		os.Remove(out)
		stderr.Reset()
		if code := run([]string{"rulesync", "ingest", "--strict", "-o", out, c.in}, nil, &stdout, &stderr); code != exitBad || !strings.Contains(stderr.String(), "--strict") {
			t.Errorf("ingest --strict %s: exit %d, stderr %q; want 2 naming --strict", filepath.Base(c.in), code, stderr.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("ingest --strict %s wrote %s", filepath.Base(c.in), out)
		}
	}
	// (The WCA Regulations do not: regulations removed over the years
	// left holes in their numbering, which --strict reports.)
	for _, in := range []string{rules, testcorpus.Path(t, "dev/usau-rules/usau-rules-2024-2025-en.md"), testcorpus.Path(t, "dev/google-cppguide/google-cppguide-2024-02-12-en.html")} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"rulesync", "show", "--strict", in}, nil, &stdout, &stderr); code != exitOK {
			t.Errorf("show --strict %s: exit %d, stderr %q; want 0", filepath.Base(in), code, stderr.String())
		}
	}
}
