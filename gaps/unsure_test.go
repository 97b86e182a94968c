package gaps_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// withoutArticleHeadings is the UDHR page md with its 30 article heading
// lines (its last 30 "## " lines) deleted, the text under them kept as
// it is: what a conversion that drops headings gives. The paragraph
// numbers inside the articles stay, starting again in each of them.
func withoutArticleHeadings(md string) (string, bool) {
	lines := strings.Split(md, "\n")
	var hs []int
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			hs = append(hs, i)
		}
	}
	if len(hs) < 30 {
		return "", false
	}
	drop := map[int]bool{}
	for _, i := range hs[len(hs)-30:] {
		drop[i] = true
	}
	var out []string
	for i, l := range lines {
		if !drop[i] {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n"), true
}

// TestHeadingsLostNeverMissing reads each real UDHR page with its
// article headings deleted through the English. Every article's text is
// in the page, so no source item may be reported missing as an error:
// where the projection cannot place them (Ethiopic, Tibetan, Khmer
// pages, whose in-article paragraph numbers anchor other articles' texts
// on the source's), the report says its placement is unsure and its
// missing items are warnings.
func TestHeadingsLostNeverMissing(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	enMD, err := os.ReadFile(filepath.Join(dir, "udhr-1948-en.md"))
	if err != nil {
		t.Fatal(err)
	}
	en, err := ingest.Options{}.Bytes("udhr-1948-en.md", enMD)
	if err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "udhr-1948-*.md"))
	for _, p := range pages {
		name := filepath.Base(p)
		if name == "udhr-1948-en.md" {
			continue
		}
		md, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := withoutArticleHeadings(string(md))
		if !ok {
			t.Fatalf("%s: fewer than 30 headings", name)
		}
		tr, err := ingest.Options{}.Bytes(name, []byte(v))
		if err != nil {
			t.Fatal(err)
		}
		r := gaps.Options{}.Gaps(en, tr, nil)
		for _, f := range r.Findings {
			if f.Check == gaps.Missing && f.Severity == gaps.Error {
				t.Errorf("%s without its article headings: %s %s (unsure: %q)", name, f.SourceID, f.Message, r.Unsure)
			}
			if f.Check == gaps.Missing && r.Unsure == "" {
				t.Errorf("%s without its article headings: %s %s, and the report is sure of its placement", name, f.SourceID, f.Message)
			}
		}
	}
}
