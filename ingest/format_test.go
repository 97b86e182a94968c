package ingest_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/formats/*.txtar")

// summary renders a document in the compact form the golden files hold:
// a header line, then one line per item and one per part.
func summary(d *corpus.Document) string {
	var b strings.Builder
	fmt.Fprintf(&b, "format=%s edition=%s lang=%s title=%q version=%q date=%q\n", d.Source.Format, d.Edition, d.Lang, d.Title, d.Version, d.Date)
	for _, it := range d.Items {
		fmt.Fprintf(&b, "%s kind=%s number=%q title=%q flags=%v refs=%v section=%q\n  %q\n", it.ID, it.Kind, it.Number, it.Title, it.Flags, it.Refs, it.Section, it.Text)
		for _, p := range it.Parts {
			fmt.Fprintf(&b, "  part %s marker=%q title=%q %q\n", p.Label, p.Marker, p.Title, p.Text)
		}
	}
	return b.String()
}

// TestFormats ingests each testdata/formats/*.txtar "input" and compares
// the result with its "want" section; with -update it rewrites "want".
// Each result is also re-ingested from its JSON, which must give the same
// document (ingest is idempotent).
func TestFormats(t *testing.T) {
	files, _ := filepath.Glob("testdata/formats/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata/formats/*.txtar")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			wantAt := -1
			for i, f := range ar.Files {
				switch f.Name {
				case "input":
					input = f.Data
				case "want":
					wantAt = i
				}
			}
			d, err := ingest.Options{}.Bytes(name, input)
			if err != nil {
				t.Fatal(err)
			}
			// html-cards.txtar holds a page of format html.
			if want, _, _ := strings.Cut(name, "-"); d.Source.Format != want {
				t.Errorf("detected format %q, want %q", d.Source.Format, want)
			}
			got := summary(d)
			if *update {
				if wantAt < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantAt = len(ar.Files) - 1
				}
				ar.Files[wantAt].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if wantAt < 0 {
				t.Fatalf("no want section; run go test -run TestFormats -update")
			} else if want := string(ar.Files[wantAt].Data); got != want {
				t.Errorf("ingest differs from want:\n--- got\n%s\n--- want\n%s", got, want)
			}
			js, _ := corpusjson.Marshal(d)
			again, err := ingest.Options{}.Bytes(name+".json", js)
			if err != nil {
				t.Fatalf("re-ingesting the JSON: %v", err)
			}
			if js2, _ := corpusjson.Marshal(again); string(js2) != string(js) {
				t.Errorf("re-ingesting the JSON changed it")
			}
		})
	}
}
