package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// numberedIDs are the ids of d's items that print a number.
func numberedIDs(d *corpus.Document) []string {
	var out []string
	for i := range d.Items {
		if d.Items[i].Number != "" {
			out = append(out, d.Items[i].ID)
		}
	}
	return out
}

// TestTextNumberAfter writes each udhr Markdown file as plain text whose
// article lines print the number first and the heading's own word after
// it, as Kazakh, Hungarian or Uzbek texts do ("1-бап.", "1-cikk.",
// "१-अनुच्छेद."; testcorpus.NumberAfterText): a word no label grammar
// reads, after a number in any digits. The lines number themselves as
// Markdown headings do: the numbered items and their ids are the
// Markdown file's, and no id takes a duplicate's suffix.
func TestTextNumberAfter(t *testing.T) {
	dir, names := udhrFiles(t)
	tried := 0
	for _, name := range names {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		text, ok := testcorpus.NumberAfterText(string(data))
		if !ok {
			continue // headings without a decimal number ("第一条", ordinal words)
		}
		tried++
		orig, err := ingest.Options{}.Bytes(name, data)
		if err != nil {
			t.Fatal(err)
		}
		txt := strings.TrimSuffix(name, ".md") + ".txt"
		d, err := ingest.Options{}.Bytes(txt, []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", txt, err)
		}
		// Every numbered id of the Markdown, in its order. (Lists under
		// the article lines may be read otherwise than under Markdown
		// headings: udhr-1948-th.txt's "1." and "2." under article 20
		// come out as sec:1, sec:2 of the numbered reader, logged.)
		got, want := numberedIDs(d), numberedIDs(orig)
		if extra, ok := inOrder(want, got); !ok {
			t.Errorf("%s: numbered ids %.200q, want the Markdown file's %.200q", txt, strings.Join(got, " "), strings.Join(want, " "))
		} else if len(extra) > 0 {
			t.Logf("%s: numbered ids the Markdown has not: %v", txt, extra)
		}
		testcorpus.CheckDuplicates(t, txt, d)
	}
	if tried < 30 {
		t.Errorf("%d udhr files written with the number first; want 30 or more", tried)
	}
}

// inOrder reports whether want is a subsequence of got, and the ids of
// got it leaves over.
func inOrder(want, got []string) ([]string, bool) {
	var extra []string
	k := 0
	for _, g := range got {
		if k < len(want) && g == want[k] {
			k++
			continue
		}
		extra = append(extra, g)
	}
	return extra, k == len(want)
}
