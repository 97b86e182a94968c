package ingest_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestRestartAfterLapse prints the first five articles of every
// Markdown udhr page again at its end, its title line taken off: the
// articles' numbering starts again with no heading between, after the
// preamble's unnumbered heading at their level (which the numbered
// headings after it are under: builder.lapse). The 30 articles keep
// their ids, and the five printed again are one run, each qualified
// alike ("rule:_1_1" to "rule:_1_5"), no "-2" among them. Before, the
// first was "rule:_2_1" and the others "rule:2-2" to "rule:5-2" on
// all 28 pages whose articles printed again are read as a
// numbering that starts again. On the others (logged), a run of
// headings numbers them by their places (31 to 35: dz, fa, mn, pt, sw,
// bo), or they stay sections (fr, whose article 1 prints no number;
// uk); am has no heading before its articles.
func TestRestartAfterLapse(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	files, _ := filepath.Glob(filepath.Join(dir, "udhr-1948-*.md"))
	if len(files) == 0 {
		t.Fatal("no udhr page")
	}
	bad, pages, restarted := 0, 0, 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		md, ok := testcorpus.RestartArticles(string(raw), 5)
		if !ok {
			continue // no heading before the articles' (am)
		}
		pages++
		d, err := ingest.Options{}.Bytes(filepath.Base(f), []byte(md))
		if err != nil {
			t.Fatal(err)
		}
		var ids, nums []string
		for _, it := range d.Items {
			if it.Kind == corpus.KindRule && !strings.Contains(it.ID, "(") {
				ids, nums = append(ids, it.ID), append(nums, it.Number)
			}
		}
		if len(nums) != 35 || strings.Join(nums[30:], " ") != "1 2 3 4 5" {
			t.Logf("%s: not read as a numbering that starts again: %s", filepath.Base(f), strings.Join(ids[max(0, len(ids)-5):], " "))
			continue
		}
		restarted++
		if msg := restartFault(ids); msg != "" {
			bad++
			t.Errorf("%s: %s", filepath.Base(f), msg)
		}
	}
	t.Logf("%d of %d pages read as a numbering that starts again wrong (%d pages written)", bad, restarted, pages)
	if restarted < 25 {
		t.Errorf("%d pages read as a numbering that starts again, want 25 of the 40 at least", restarted)
	}
}

// restartFault says how ids, the articles' ids of a page whose first
// five are printed again at its end, are not rule:1 to rule:30 and then
// five ids qualified alike; "" where they are.
func restartFault(ids []string) string {
	if len(ids) != 35 {
		return "articles " + strings.Join(ids, " ")
	}
	for k, id := range ids[:30] {
		if id != "rule:"+strconv.Itoa(k+1) {
			return "article " + strconv.Itoa(k+1) + " is " + id
		}
	}
	q := ""
	for k, id := range ids[30:] {
		pre, ok := strings.CutSuffix(id, "_"+strconv.Itoa(k+1))
		if !ok || !strings.HasPrefix(pre, "rule:_") || q != "" && pre != q {
			return "printed again: " + strings.Join(ids[30:], " ")
		}
		q = pre
	}
	return ""
}
