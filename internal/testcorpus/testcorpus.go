// Package testcorpus gives tests the real corpus that lies beside the
// repository (../shared/corpus), and skips them when it is absent.
package testcorpus

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// Dir returns the real corpus directory: ../shared/corpus beside the
// repository root, wherever the test runs from.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "corpus")
}

// Path returns the path of a file of the real corpus, skipping the test
// with a message when it is not there.
func Path(t testing.TB, rel string) string {
	t.Helper()
	path := filepath.Join(Dir(), rel)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("real corpus not available (%s): %v; lay ../shared/corpus beside the repository to run this test", path, err)
	}
	return path
}

// Doc ingests a file of the real corpus with default options, skipping
// the test when the corpus is absent and failing it when the file cannot
// be read. A file is ingested once per test binary (see ingested); each
// call returns a copy of its own.
func Doc(t testing.TB, rel string) *corpus.Document {
	t.Helper()
	path := Path(t, rel)
	d, err := ingested(path, "file", func() (*corpus.Document, error) { return ingest.Options{}.File(path) })
	if err != nil {
		t.Fatalf("ingest %s: %v", rel, err)
	}
	return d
}

// TextDoc reads a file of the real corpus and ingests its text with
// default options under its path: the text, for the tests that write
// drafts from it, and the document. It skips the test when the corpus
// is absent and fails it when the file cannot be read or ingested. A
// file is ingested once per test binary; each call returns a copy of its
// own.
func TextDoc(t testing.TB, rel string) (string, *corpus.Document) {
	t.Helper()
	path := Path(t, rel)
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ingested(path, "bytes", func() (*corpus.Document, error) { return ingest.Options{}.Bytes(path, text) })
	if err != nil {
		t.Fatalf("ingest %s: %v", rel, err)
	}
	return string(text), d
}
