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

// TestStrictSharedNumbering: gaps and sync --strict on the real WCA
// pair. The English and its Japanese translation print the same holes
// (regulations removed over the years left their letters unused): a
// hole both print is the numbering they share, said once with the
// inputs that share it, and --strict passes. With one regulation's line
// deleted from the translation (a hole only it prints), --strict fails
// naming the translation and that place.
func TestStrictSharedNumbering(t *testing.T) {
	en := testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md")
	ja := testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md")
	data, err := os.ReadFile(ja)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "- 2k3)") {
			kept = append(kept, l)
		}
	}
	holed := filepath.Join(t.TempDir(), "ja-holed.md")
	if err := os.WriteFile(holed, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"gaps", "sync"} {
		var stdout, stderr bytes.Buffer
		args := []string{"rulesync", cmd, "--strict", en, ja}
		if cmd == "sync" {
			args = append(args, "-o", filepath.Join(t.TempDir(), "draft.md"))
		}
		if code := run(args, nil, &stdout, &stderr); code == exitBad || !strings.Contains(stderr.String(), "printed alike by "+ja) {
			t.Errorf("%s --strict en ja: exit %d, stderr %q; want no --strict failure and the shared places named", cmd, code, stderr.String())
		}
		stderr.Reset()
		args[4] = holed
		if code := run(args, nil, &stdout, &stderr); code != exitBad || !strings.Contains(stderr.String(), holed+": --strict") || !strings.Contains(stderr.String(), "2k2a -> 2k4") {
			t.Errorf("%s --strict en ja-holed: exit %d, stderr %q; want 2 naming the translation's own hole 2k2a -> 2k4", cmd, code, stderr.String())
		}
	}
}
