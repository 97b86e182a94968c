package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// syncTo runs sync with args (SOURCE, TRANSLATION last), the draft
// written to out, and fails t unless it exits 0.
func syncTo(t *testing.T, out string, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	full := append([]string{"rulesync", "sync", "-q", "-o", out}, args...)
	if code := run(full, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("rulesync %s: exit %d: %s", strings.Join(full[1:], " "), code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// changedLines counts the lines of a and b that differ, line by line,
// and gives the first.
func changedLines(a, b []byte) (int, string) {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	n, first := 0, ""
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			if n++; n == 1 {
				first = x + "\n-> " + y
			}
		}
	}
	return n, first
}

// TestSyncAgainFixedPoint: a draft synced again against the source it
// was made for, nothing edited, is written as it was, byte for byte:
// its markers once each, its notes as they were, each item once, its
// headings (their words and levels), title, links and inline tags
// kept. Markdown drafts of the real pairs with and without --base;
// text drafts of Markdown pairs (whose lines keep their links, read
// back as citations); Markdown and text drafts made from the documents
// (Debian Constitution, a source read from HTML). The quick suite the
// WCA ja draft on 2024 in both formats.
func TestSyncAgainFixedPoint(t *testing.T) {
	wca21, wca24 := "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md"
	fide18, fide23 := "dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2023-en.md"
	udhr := "udhr/udhr-1948-en.md"
	deb, deb10 := "dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.0-en.wml"
	cases := []struct {
		name       string
		to         string
		base, src  string
		tr         string
		quickSuite bool
	}{
		{"wca-ja-on-2024", "md", wca21, wca24, "wca/wca-regulations-2021-05-01-ja.md", true},
		{"wca-ja-on-2024", "text", wca21, wca24, "wca/wca-regulations-2021-05-01-ja.md", true},
		{"wca-ja", "md", "", wca21, "wca/wca-regulations-2021-05-01-ja.md", false},
		{"wca-ja", "text", "", wca21, "wca/wca-regulations-2021-05-01-ja.md", false},
		{"wca-ja-2024-no-base", "md", "", wca24, "wca/wca-regulations-2021-05-01-ja.md", false},
		{"fide-ru", "md", "", fide23, "dev/fide-laws/fide-laws-2023-ru.md", false},
		{"fide-ru", "text", "", fide23, "dev/fide-laws/fide-laws-2023-ru.md", false},
		{"fide-ru-on-2023", "md", fide18, fide23, "dev/fide-laws/fide-laws-2018-ru.md", false},
		{"udhr-fr", "md", "", udhr, "udhr/udhr-1948-fr.md", false},
		{"udhr-ja", "md", "", udhr, "udhr/udhr-1948-ja.md", false},
		{"udhr-ar", "md", "", udhr, "udhr/udhr-1948-ar.md", false},
		{"debian-ja", "md", "", deb, "dev/debian-constitution/debian-constitution-1.7-ja.wml", false},
		{"debian-ja", "text", "", deb, "dev/debian-constitution/debian-constitution-1.7-ja.wml", false},
		{"debian-ko", "md", "", deb, "dev/debian-constitution/debian-constitution-1.7-ko.wml", false},
		{"debian-ko", "text", "", deb, "dev/debian-constitution/debian-constitution-1.7-ko.wml", false},
		{"debian-ru", "md", "", deb, "dev/debian-constitution/debian-constitution-1.7-ru.wml", false},
		{"debian-1.0-ja", "text", "", deb10, "dev/debian-constitution/debian-constitution-1.0-ja.wml", false},
	}
	dir := t.TempDir()
	for _, c := range cases {
		if !c.quickSuite && !longtest.On() {
			continue
		}
		src := testcorpus.Path(t, c.src)
		args := []string{"--to", c.to, src, testcorpus.Path(t, c.tr)}
		if c.base != "" {
			args = append([]string{"--base", testcorpus.Path(t, c.base)}, args...)
		}
		first := filepath.Join(dir, c.name+"-1."+c.to)
		d1 := syncTo(t, first, args...)
		d2 := syncTo(t, filepath.Join(dir, c.name+"-2."+c.to), "--to", c.to, src, first)
		if n, line := changedLines(d1, d2); n > 0 {
			t.Errorf("%s --to %s: the draft synced again changes %d lines; first:\n%s", c.name, c.to, n, line)
		}
		if bytes.Contains(d2, []byte("{{rulesync:stale}} {{rulesync:stale}}")) || bytes.Contains(d2, []byte("{{rulesync:review}} {{rulesync:review}}")) {
			t.Errorf("%s --to %s: a marker written twice", c.name, c.to)
		}
	}
}

// doubledNotes counts the notes of a draft written twice for one entry:
// two on a line, or on two lines one after the other (a text draft
// writes an entry's note on the line after its text).
func doubledNotes(draft []byte) int {
	n, before := 0, false
	for _, l := range strings.Split(string(draft), "\n") {
		c := strings.Count(l, "{{rulesync:note ")
		if c > 1 || c == 1 && before {
			n++
		}
		before = c == 1 && strings.HasPrefix(strings.TrimSpace(l), "{{rulesync:note ")
	}
	return n
}

// TestSyncAgainKeepsMarks: a text draft, and a Markdown draft made from
// the documents (of a source read from HTML), synced again against the
// source they were made for keep their markers and notes once each: no
// marker or note written twice, no item read back that no entry wrote.
func TestSyncAgainKeepsMarks(t *testing.T) {
	longtest.Skip(t)
	wca21, wca24 := "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md"
	deb := "dev/debian-constitution/debian-constitution-1.7-en.wml"
	cases := []struct {
		name, to, base, src, tr string
	}{
		{"wca-ja-on-2024", "text", wca21, wca24, "wca/wca-regulations-2021-05-01-ja.md"},
		{"wca-ja", "text", "", wca21, "wca/wca-regulations-2021-05-01-ja.md"},
		{"fide-ru", "text", "", "dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"debian-ja", "md", "", deb, "dev/debian-constitution/debian-constitution-1.7-ja.wml"},
		{"debian-ja", "text", "", deb, "dev/debian-constitution/debian-constitution-1.7-ja.wml"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		src := testcorpus.Path(t, c.src)
		args := []string{"--to", c.to, src, testcorpus.Path(t, c.tr)}
		if c.base != "" {
			args = append([]string{"--base", testcorpus.Path(t, c.base)}, args...)
		}
		first := filepath.Join(dir, c.name+"-1."+c.to)
		syncTo(t, first, args...)
		var stdout, stderr bytes.Buffer
		again := filepath.Join(dir, c.name+"-2."+c.to)
		if code := run([]string{"rulesync", "sync", "-o", again, "--to", c.to, src, first}, nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.name, code, stderr.String())
		}
		d2, err := os.ReadFile(again)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"stale", "review", "untranslated"} {
			m := "{{rulesync:" + f + "}}"
			if bytes.Contains(d2, []byte(m+" "+m)) {
				t.Errorf("%s --to %s: %s written twice", c.name, c.to, m)
			}
		}
		if n := doubledNotes(d2); n > 0 {
			t.Errorf("%s --to %s: %d notes written twice", c.name, c.to, n)
		}
		if strings.Contains(stderr.String(), "no entry wrote") {
			t.Errorf("%s --to %s: %s", c.name, c.to, stderr.String())
		}
	}
}
