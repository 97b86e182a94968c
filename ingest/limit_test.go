package ingest_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
)

// TestReadFileLimit: ReadFile, what a workspace build reads, stops at
// MaxBytes: a device that never ends is refused at the limit, and so is
// a file over it. File reads a document JSON (corpusjson.IsDocument) as a
// stream, whatever its size; any other input over the limit is refused.
func TestReadFileLimit(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := ingest.Options{MaxBytes: 1 << 20}.ReadFile("/dev/zero")
		if !errors.Is(err, ingest.ErrTooLarge) || !strings.HasPrefix(err.Error(), "/dev/zero: ") {
			t.Errorf("/dev/zero: %v, want ErrTooLarge naming it", err)
		}
	}
	dir := t.TempDir()
	text := filepath.Join(dir, "rules.txt")
	os.WriteFile(text, []byte("1 。 one rule.\n2 。 two rules.\n3 。 three rules.\n"), 0o644)
	d, err := ingest.Options{}.File(text)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := corpusjson.Marshal(d)
	doc := filepath.Join(dir, "rules.json")
	os.WriteFile(doc, js, 0o644)
	small := ingest.Options{MaxBytes: int64(len(js)) / 2}
	if _, err := small.File(text); err != nil {
		t.Errorf("a file under the limit: %v", err)
	}
	for _, max := range []int64{int64(len(js)) / 2, 10, 1} {
		got, err := ingest.Options{MaxBytes: max}.File(doc)
		if err != nil {
			t.Errorf("a document JSON rulesync wrote, over the limit %d: %v", max, err)
		} else if back, _ := corpusjson.Marshal(got); !bytes.Equal(back, js) {
			t.Errorf("a document JSON read as a stream does not round-trip:\n%s\n%s", js, back)
		}
	}
	// The same document with its members in another order is not in the
	// shape rulesync writes: it is read as any other input is.
	other := filepath.Join(dir, "other.json")
	os.WriteFile(other, bytes.Replace(js, []byte(`"edition"`), []byte(`"lang": "en", "edition"`), 1), 0o644)
	if _, err := small.File(other); !errors.Is(err, ingest.ErrTooLarge) {
		t.Errorf("JSON over the limit not in the shape of a document: %v, want ErrTooLarge", err)
	}
}

// TestTinyLimit: a limit smaller than the start of a document JSON, which
// is read all the same; other JSON is refused at the limit.
func TestTinyLimit(t *testing.T) {
	d, err := ingest.Options{MaxBytes: 3}.Read("x", strings.NewReader("{\n  \"edition\": \"x\", \"lang\": \"en\", \"items\": [{\"id\": \"rule:1\", \"kind\": \"rule\", \"number\": \"1\", \"text\": \"one\"}]}"))
	if err != nil || len(d.Items) != 1 {
		t.Errorf("a document under a tiny limit: %v", err)
	}
	_, err = ingest.Options{MaxBytes: 3}.Read("x", strings.NewReader("[{\"title\": \"a\"}]"))
	if !errors.Is(err, ingest.ErrTooLarge) {
		t.Errorf("%v, want ErrTooLarge", err)
	}
}

// TestBadSourceDateEpoch: an ingest that records its time refuses a
// SOURCE_DATE_EPOCH that is not a number of seconds; a good one fixes
// the time.
func TestBadSourceDateEpoch(t *testing.T) {
	text := []byte("1 。 one rule.\n2 。 two rules.\n3 。 three rules.\n")
	t.Setenv("SOURCE_DATE_EPOCH", "abc")
	if _, err := (ingest.Options{}).Bytes("a.txt", text); err == nil || !strings.Contains(err.Error(), `SOURCE_DATE_EPOCH "abc"`) {
		t.Errorf("SOURCE_DATE_EPOCH=abc: %v, want an error", err)
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	d, err := (ingest.Options{}).Bytes("a.txt", text)
	if err != nil || d.Source.Ingested != "2023-11-14T22:13:20Z" {
		t.Errorf("SOURCE_DATE_EPOCH=1700000000: ingested %q, %v", d.Source.Ingested, err)
	}
}
