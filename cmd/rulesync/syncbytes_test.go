package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
)

// TestSyncKeepsNoDocumentBytes checks that sync's inputs (loadInput with
// their bytes kept) hold no bytes of a document JSON, which sync reads
// as a stream and never reads again: two documents of 245k items held
// 218 MB of JSON through the alignment, a fifth of sync's peak. A text
// input's bytes are kept (the draft is laid out on its text).
func TestSyncKeepsNoDocumentBytes(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(txt, []byte("1. One rule.\n2. Two rules.\n3. Three rules.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := ingest.Options{}.File(txt)
	if err != nil {
		t.Fatal(err)
	}
	js := filepath.Join(dir, "a.json")
	f, err := os.Create(js)
	if err != nil {
		t.Fatal(err)
	}
	if err := corpusjson.Encode(f, d); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct {
		name, path string
		bytes      bool
	}{{"text", txt, true}, {"document JSON", js, false}} {
		t.Run(tc.name, func(t *testing.T) {
			// sync's own flags, its action reading the one input.
			var got *corpus.Document
			var data []byte
			cmd := syncCommand()
			cmd.ErrWriter = io.Discard
			cmd.Action = act(func(c *call) error {
				var err error
				got, data, err = loadInput(c, c.Args().First(), true)
				return err
			})
			if err := cmd.Run(context.Background(), []string{"sync", tc.path}); err != nil {
				t.Fatal(err)
			}
			if len(got.Items) != len(d.Items) {
				t.Errorf("%d items, want %d", len(got.Items), len(d.Items))
			}
			if (data != nil) != tc.bytes {
				t.Errorf("%d bytes kept, want them kept: %v", len(data), tc.bytes)
			}
		})
	}
}
