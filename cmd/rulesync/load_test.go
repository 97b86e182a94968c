package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
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
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
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

// TestLoadAllStopsAfterFailure checks that an input that fails stops the
// reading of those after it: a URL that never answers is not waited
// for (its server is released only when the command has returned, so a
// command that waited would never return and the test would time out),
// and the failure shown is the first input's.
func TestLoadAllStopsAfterFailure(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("{\"edition\": \"x\", \"items\": [\n {\"id\": 5}]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"rulesync", "diff", "--timeout", "1h", "--allow-private-urls", bad, srv.URL + "/rules.html"}, nil, &stdout, &stderr)
	if code != exitBad || !strings.Contains(stderr.String(), "bad.json:2:10: field items.id") || strings.Contains(stderr.String(), "rules.html") {
		t.Fatalf("exit %d, stderr:\n%s\nwant exit %d and only bad.json's error", code, stderr.String(), exitBad)
	}
}
