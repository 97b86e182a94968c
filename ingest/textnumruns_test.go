package ingest_test

import (
	"os"
	"path/filepath"
	"slices"
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
		if got, want := numberedIDs(d), numberedIDs(orig); !slices.Equal(got, want) {
			t.Errorf("%s: numbered ids %.200q, want the Markdown file's %.200q", txt, strings.Join(got, " "), strings.Join(want, " "))
		}
		testcorpus.CheckDuplicates(t, txt, d)
	}
	if tried < 30 {
		t.Errorf("%d udhr files written with the number first; want 30 or more", tried)
	}
}
