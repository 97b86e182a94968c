package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// toReviewRe finds sync's count of the entries to review.
var toReviewRe = regexp.MustCompile(`\((\d+) to review\)`)

// syncSaying runs sync with args, the draft written to out, and returns
// the draft and what sync said of it ("(N to review)").
func syncSaying(t *testing.T, out string, args ...string) ([]byte, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	full := append([]string{"rulesync", "sync", "-o", out}, args...)
	if code := run(full, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("rulesync %s: exit %d: %s", strings.Join(full[1:], " "), code, stderr.String())
	}
	m := toReviewRe.FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("rulesync %s: no count to review in %q", strings.Join(full[1:], " "), stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data, m[1]
}

// readBack reads a draft as sync reads a translation: its items' refs
// and flags by id.
func readBack(t *testing.T, path string) map[string]*corpus.Item {
	t.Helper()
	d, err := ingest.Options{}.File(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*corpus.Item{}
	for i := range d.Items {
		out[d.Items[i].ID] = &d.Items[i]
	}
	return out
}

// TestSyncAgainEveryFormat writes the draft of WCA ja on the 2024
// source (--base 2021: 75 stale items, each with a note of what changed
// in the source) in every draft format, and syncs each draft again
// against that source: it must read back what it wrote. The notes of
// what changed are kept (as many as the first draft wrote); the count
// to review is the first's; the items read back from the second draft
// have the first's citations and markers; the citations the first
// draft reads back with are the Markdown draft's. Markdown, text,
// JSON, CSV and TSV drafts are written again byte for byte.
func TestSyncAgainEveryFormat(t *testing.T) {
	wca21, wca24 := testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md"), testcorpus.Path(t, "wca/wca-regulations-2024-01-01-en.md")
	ja := testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md")
	formats := []string{"md", "json", "csv"}
	if longtest.On() {
		formats = append(formats, "text", "tsv", "po", "xliff", "tmx")
	}
	const redline = "source wca-2021-05-01 -> wca-2024-01-01:"
	dir := t.TempDir()
	var mdRefs map[string]*corpus.Item
	for _, f := range formats {
		first, again := filepath.Join(dir, "d1."+f), filepath.Join(dir, "d2."+f)
		d1, n1 := syncSaying(t, first, "--to", f, "--base", wca21, wca24, ja)
		d2, n2 := syncSaying(t, again, "--to", f, wca24, first)
		if a, b := bytes.Count(d1, []byte(redline)), bytes.Count(d2, []byte(redline)); a != b {
			t.Errorf("--to %s: notes of what changed in the source: %d written, %d synced again", f, a, b)
		}
		if n1 != n2 {
			t.Errorf("--to %s: %s to review, %s synced again", f, n1, n2)
		}
		if f == "md" || f == "text" || f == "json" || f == "csv" || f == "tsv" {
			if n, line := changedLines(d1, d2); n > 0 {
				t.Errorf("--to %s: the draft synced again changes %d lines; first:\n%s", f, n, line)
			}
		}
		r1, r2 := readBack(t, first), readBack(t, again)
		if f == "md" {
			mdRefs = r1
		}
		cited := 0
		for id, it := range r1 {
			cited += len(it.Refs)
			if o := r2[id]; o != nil && (!slices.Equal(it.Refs, o.Refs) || !slices.Equal(it.Flags, o.Flags)) {
				t.Errorf("--to %s: %s reads back citing %v, flagged %v; synced again, %v, %v", f, id, it.Refs, it.Flags, o.Refs, o.Flags)
			}
			if m := mdRefs[id]; m != nil && !slices.Equal(it.Refs, m.Refs) {
				t.Errorf("--to %s: %s reads back citing %v; the Markdown draft, %v", f, id, it.Refs, m.Refs)
			}
		}
		t.Logf("--to %s: %d citations read back, %s to review", f, cited, n1)
	}
}
