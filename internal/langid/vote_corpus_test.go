package langid_test

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/langid"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestVotePassesOver holds the vote that passes over the texts of too
// few letters without cleaning them (fewLetters) to the vote that cleans
// every text it comes to, on every document of the real corpus that
// ingest reads: the same language, confidence and counts.
func TestVotePassesOver(t *testing.T) {
	longtest.Skip(t)
	dir := testcorpus.Path(t, ".")
	read := 0
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		d, err := ingest.Options{}.File(path)
		if err != nil {
			return nil // not a document (ids, truth, scripts)
		}
		read++
		text := func(i int) (string, string) { return d.Items[i].Title, d.Items[i].Text }
		got, want := langid.DocumentOf(d.Title, len(d.Items), text), langid.DocumentOfAll(d.Title, len(d.Items), text)
		if got != want {
			t.Errorf("%s: %v, cleaning every text %v", path, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 50 {
		t.Fatalf("only %d documents read", read)
	}
	t.Logf("%d documents", read)
}
