package ingest_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
)

// TestReadFileLimit: reading stops at MaxBytes: a stream that never
// ends is refused at the limit, and so is a file over it. A document
// JSON (corpusjson.IsDocument) may have 4 times MaxBytes, and is read as
// a stream; over that it is refused, from a file (by its size) or a
// stream (at the byte past it), as any other input over the limit is.
func TestReadFileLimit(t *testing.T) {
	if _, err := (ingest.Options{MaxBytes: 1 << 20}).ReadAll("zeros", endless{}); !errors.Is(err, ingest.ErrTooLarge) || !strings.HasPrefix(err.Error(), "zeros: ") {
		t.Errorf("a stream that never ends: %v, want ErrTooLarge naming it", err)
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
	quarter := (int64(len(js)) + 3) / 4
	for _, max := range []int64{int64(len(js)) / 2, quarter} {
		got, err := ingest.Options{MaxBytes: max}.File(doc)
		if err != nil {
			t.Errorf("a document JSON rulesync wrote, within 4 times the limit %d: %v", max, err)
		} else if back, _ := corpusjson.Marshal(got); !bytes.Equal(back, js) {
			t.Errorf("a document JSON read as a stream does not round-trip:\n%s\n%s", js, back)
		}
	}
	for _, max := range []int64{quarter - 1, 10, 1} {
		o := ingest.Options{MaxBytes: max}
		want := fmt.Sprintf("a document JSON of more than %d bytes (4 times the size limit, %d)", 4*max, max)
		if _, err := o.File(doc); !errors.Is(err, ingest.ErrTooLarge) || !strings.Contains(err.Error(), want) {
			t.Errorf("a document JSON of %d bytes, limit %d, from its file: %v, want %q", len(js), max, err, want)
		}
		if _, err := o.Read("stdin", bytes.NewReader(js)); !errors.Is(err, ingest.ErrTooLarge) || !strings.Contains(err.Error(), want) {
			t.Errorf("a document JSON of %d bytes, limit %d, as a stream: %v, want %q", len(js), max, err, want)
		}
		if _, err := o.ReadFile(doc); !errors.Is(err, ingest.ErrTooLarge) || !strings.Contains(err.Error(), want) {
			t.Errorf("a document JSON of %d bytes, limit %d, read whole: %v, want %q", len(js), max, err, want)
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

// TestTinyLimit: a limit smaller than the start of a document JSON: it
// is read within 4 times the limit, and refused past it; other JSON is
// refused at the limit.
func TestTinyLimit(t *testing.T) {
	js := "{\n  \"edition\": \"x\", \"lang\": \"en\", \"items\": [{\"id\": \"rule:1\", \"kind\": \"rule\", \"number\": \"1\", \"text\": \"one\"}]}"
	limit := int64(len(js)+3) / 4
	d, err := ingest.Options{MaxBytes: limit}.Read("x", strings.NewReader(js))
	if err != nil || len(d.Items) != 1 {
		t.Errorf("a document of %d bytes within 4 times the limit %d: %v", len(js), limit, err)
	}
	if _, err := (ingest.Options{MaxBytes: 3}).Read("x", strings.NewReader(js)); !errors.Is(err, ingest.ErrTooLarge) {
		t.Errorf("a document of %d bytes, limit 3: %v, want ErrTooLarge", len(js), err)
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

// endless is a reader that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestSpecialInputs: an input that is not a regular file is refused,
// named by its kind, before anything waits on it: a named pipe that no
// one writes (its open used to block for ever), a device (/dev/zero, a
// terminal); the process's own descriptors (/dev/fd/N, which a shell's
// process substitution <(cmd) gives: a pipe with its writer) are read.
func TestSpecialInputs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "rules.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	type result struct{ err error }
	for _, read := range []struct {
		name string
		f    func(string) error
	}{
		{"File", func(p string) error { _, err := ingest.Options{}.File(p); return err }},
		{"ReadFile", func(p string) error { _, err := ingest.Options{}.ReadFile(p); return err }},
	} {
		for _, c := range []struct{ path, want string }{
			{fifo, fifo + ": is a named pipe (FIFO), not a regular file: give its content as standard input (-), or as /dev/fd/N"},
			{"/dev/zero", "/dev/zero: is a device, not a regular file"},
			{dir, dir + ": is a directory"},
			// A file of the kernel's stats as a regular one; /proc/kmsg,
			// one of them, waits for ever on its read.
			{"/proc/self/status", "/proc/self/status: is /proc/"},
			{"/proc/kmsg", "/proc/kmsg: is /proc/kmsg, a file of the system (/proc), never an input"},
		} {
			if _, err := os.Stat(c.path); err != nil {
				continue
			}
			done := make(chan result, 1)
			go func() { done <- result{read.f(c.path)} }()
			select {
			case r := <-done:
				if r.err == nil || !strings.HasPrefix(r.err.Error(), c.want) {
					t.Errorf("%s(%s): %v, want %q", read.name, c.path, r.err, c.want)
				}
			case <-time.After(time.Minute):
				t.Fatalf("%s(%s): still waiting after a minute", read.name, c.path)
			}
		}
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			pw.WriteString("1 。 one rule.\n2 。 two rules.\n3 。 three rules.\n")
			pw.Close()
		}()
		path := fmt.Sprintf("/dev/fd/%d", pr.Fd())
		if _, err := os.Stat(path); err == nil {
			if err := read.f(path); err != nil {
				t.Errorf("%s(%s), a pipe with its writer: %v", read.name, path, err)
			}
		}
		pr.Close()
	}
}
